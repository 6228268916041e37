"""The unprotected read-modify-write of the lost-update lesson: read the
stock, work a little, write it back one lower. The loops start together:
each waits on stdin for the word to go. It logs in as REDIS_USERNAME with
REDIS_PASSWORD.

    stock_loop.py PORT ROUNDS
"""
import os
import sys
import time

import redis

port, rounds = int(sys.argv[1]), int(sys.argv[2])
r = redis.Redis(host="127.0.0.1", port=port, username=os.environ["REDIS_USERNAME"], password=os.environ["REDIS_PASSWORD"])
r.ping()
print("ready", flush=True)
sys.stdin.readline()
for _ in range(rounds):
    stock = int(r.get("stock:10086"))
    time.sleep(0.02)
    r.set("stock:10086", stock - 1)
