# SET NX PX to acquire, Lua compare-and-delete to release (redis-py 4.3)
import time
import uuid

import redis

r = redis.Redis(decode_responses=True)
LOCK_KEY = "lock:stock:10086"
STOCK_KEY = "stock:10086"
LEASE_MS = 10000                # the lock expires by itself this long after
RETRY_SECONDS = 0.1
ACQUIRE_TIMEOUT = 5.0
WORK_SECONDS = 0.5              # the business work done under the lock

# Deletes the lock only if it still holds our token.
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""


def acquire():
    token = str(uuid.uuid4())
    deadline = time.monotonic() + ACQUIRE_TIMEOUT
    while True:
        # Acquire and expiry in one atomic command.
        if r.set(LOCK_KEY, token, nx=True, px=LEASE_MS):     #@ acquire
            return token
        if time.monotonic() >= deadline:
            return None                                      # gave up: the order fails
        time.sleep(RETRY_SECONDS)                            #@ backoff


def deduct(units):
    stock = int(r.get(STOCK_KEY) or 0)                       #@ read
    if stock < units:
        return False                                         # sold out
    time.sleep(WORK_SECONDS)                                 #@ work
    r.set(STOCK_KEY, stock - units)                          #@ write
    return True


def place_order(order_id, units=1):
    token = acquire()
    if token is None:
        return False
    try:
        return deduct(units)
    finally:
        # Deletes only if the token is still ours.
        r.eval(RELEASE, 1, LOCK_KEY, token)                  #@ release
