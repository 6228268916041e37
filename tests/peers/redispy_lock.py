"""One worker of the lease-shorter-than-work lesson, written the way the
articles write it, with redis-py's own Lock: take the lock, read the stock,
work, write the stock back, release. It says "holding" once it has the lock
and has read the stock. WORK_S is the work in seconds, or "stdin": the work
lasts until a line arrives, so a test can end it once the other worker is
done, however slowly the machine runs. It logs in as REDIS_USERNAME with
REDIS_PASSWORD.

    redispy_lock.py PORT NAME LEASE_S WORK_S|stdin
"""
import os
import sys
import time

import redis

port, name = int(sys.argv[1]), sys.argv[2]
lease, work = float(sys.argv[3]), sys.argv[4]

r = redis.Redis(host="127.0.0.1", port=port, username=os.environ["REDIS_USERNAME"], password=os.environ["REDIS_PASSWORD"])
r.client_setname(name)
lock = r.lock("lock:10086", timeout=lease, blocking_timeout=30)
if not lock.acquire():
    sys.exit(3)
stock = int(r.get("stock:10086"))
print(f"{name}: holding, stock {stock}", flush=True)
if work == "stdin":
    sys.stdin.readline()
else:
    time.sleep(float(work))
r.set("stock:10086", stock - 1)
try:
    lock.release()
except redis.exceptions.LockNotOwnedError:
    print(f"{name}: the lock had expired and was someone else's", flush=True)
