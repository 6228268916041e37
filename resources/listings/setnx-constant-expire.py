# The article's lock_stock(): SETNX key "1", EXPIRE on every attempt, DEL (redis-py 4.3)
import time

import redis

r = redis.Redis(decode_responses=True)
LOCK_KEY = "lock:stock:10086"
STOCK_KEY = "stock:10086"
LEASE_MS = 10000
RETRY_SECONDS = 0.1
ACQUIRE_TIMEOUT = 5.0
WORK_SECONDS = 0.5


def try_acquire():
    # The value is the same for everyone, so it identifies nobody.
    won = r.setnx(LOCK_KEY, "1")                             #@ acquire
    # Won or not: a waiter's EXPIRE resets the holder's TTL, so waiters
    # that retry faster than the lease keep any lock alive.
    r.pexpire(LOCK_KEY, LEASE_MS)                            #@ expire
    return won


def acquire():
    deadline = time.monotonic() + ACQUIRE_TIMEOUT
    while True:
        if try_acquire():
            return True
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
    if not acquire():
        return False
    try:
        return deduct(units)
    finally:
        # Deletes whatever lock is there: "1" is everybody's value.
        r.delete(LOCK_KEY)                                   #@ release
