"""Lost reply, then retry: take the lock with redis-py, give up when the
reply does not come (the proxy drops it), and try again with the same value.
Redis granted the first attempt, so the retry is refused and the client
believes it has no lock while its lock sits in Redis until the TTL. It
says "ready", then waits on stdin until the fault is armed. It logs in as
REDIS_USERNAME with REDIS_PASSWORD.

    lost_reply.py PORT
"""
import os
import sys

import redis

login = {"username": os.environ["REDIS_USERNAME"], "password": os.environ["REDIS_PASSWORD"]}
r = redis.Redis(host="127.0.0.1", port=int(sys.argv[1]), socket_timeout=0.5, client_name="victim", **login)
r.ping()
print("ready", flush=True)
sys.stdin.readline()  # the test arms `drop victim` meanwhile
try:
    r.set("lock:10086", "token-1", nx=True, px=10000)
    print("first: answered", flush=True)
except redis.exceptions.TimeoutError:
    print("first: timed out", flush=True)
# The retry waits longer, as a retry loop that backs off does; a slow
# machine must not turn it into a second lost reply.
r = redis.Redis(host="127.0.0.1", port=int(sys.argv[1]), socket_timeout=30, client_name="victim", **login)
print("retry:", r.set("lock:10086", "token-1", nx=True, px=10000), flush=True)
