# The RedisLock context manager: SET NX PX once, refuse when busy (redis-py 4.3)
import time
import uuid

import redis

r = redis.Redis(decode_responses=True)
LOCK_KEY = "lock:stock:10086"
STOCK_KEY = "stock:10086"
LEASE_MS = 10000                # the lock expires by itself this long after
WORK_SECONDS = 0.5              # the business work done under the lock

# Deletes the lock only if it still holds our token.
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""


class LockFailed(Exception):
    pass


class RedisLock:
    def __enter__(self):
        self.token = str(uuid.uuid4())
        # One attempt, no retry: a busy lock refuses the order.
        if not r.set(LOCK_KEY, self.token, nx=True, px=LEASE_MS):  #@ acquire
            raise LockFailed("lock failed")
        return self

    def __exit__(self, *exc):
        r.eval(RELEASE, 1, LOCK_KEY, self.token)             #@ release


def deduct(units):
    stock = int(r.get(STOCK_KEY) or 0)                       #@ read
    if stock < units:
        return False                                         # sold out
    time.sleep(WORK_SECONDS)                                 #@ work
    r.set(STOCK_KEY, stock - units)                          #@ write
    return True


def place_order(order_id, units=1):
    try:
        with RedisLock():
            return deduct(units)
    except LockFailed:
        return False                                         # "lock failed": refused
