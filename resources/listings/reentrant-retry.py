# A reentrant lock as Redisson keeps it, lock() sent again when its reply is lost (redis-py 4.3)
import threading
import time
import uuid

import redis

r = redis.Redis(socket_timeout=2.0, decode_responses=True)
LOCK_KEY = "lock:stock:10086"
STOCK_KEY = "stock:10086"
LEASE_MS = 30000                # Redisson's default: 30 000 ms
RETRY_SECONDS = 0.5
ACQUIRE_TIMEOUT = 10.0
WORK_SECONDS = 1.0
CLIENT_ID = str(uuid.uuid4())   # one per process; the owner adds the thread

# The lock is a hash {owner: hold count}: the owner may lock again.
LOCK = r.register_script("""
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HEXISTS', KEYS[1], ARGV[2]) == 1 then
    redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    return nil
end
return redis.call('PTTL', KEYS[1])
""")
# One hold less; the lock goes only when the count reaches 0.
UNLOCK = r.register_script("""
if redis.call('HEXISTS', KEYS[1], ARGV[2]) == 0 then
    return nil
end
if redis.call('HINCRBY', KEYS[1], ARGV[2], -1) > 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    return 0
end
redis.call('DEL', KEYS[1])
return 1
""")


def owner():
    return "%s:%d" % (CLIENT_ID, threading.get_ident())


def try_lock():
    for attempt in range(3):
        try:
            pttl = LOCK(keys=[LOCK_KEY], args=[LEASE_MS, owner()])      #@ acquire
        except redis.TimeoutError:
            # No reply in time, but Redis may well have run it: locking
            # again counts a second hold.
            continue
        return pttl is None                  # None: ours now; else the other's PTTL
    return False


def lock():
    deadline = time.monotonic() + ACQUIRE_TIMEOUT
    while not try_lock():
        if time.monotonic() >= deadline:
            return False                     # gave up: the order fails
        time.sleep(RETRY_SECONDS)                                       #@ backoff
    return True


def deduct(units):
    stock = int(r.get(STOCK_KEY) or 0)                                  #@ read
    if stock < units:
        return False                         # sold out
    time.sleep(WORK_SECONDS)                                            #@ work
    r.set(STOCK_KEY, stock - units)                                     #@ write
    return True


def place_order(order_id, units=1):
    if not lock():
        return False
    try:
        return deduct(units)
    finally:
        # One unlock() for the one lock() this code made.
        UNLOCK(keys=[LOCK_KEY], args=[LEASE_MS, owner()])               #@ release
