# SETNX, then EXPIRE as a second command (redis-py 4.3)
import time
import uuid

import redis

r = redis.Redis(decode_responses=True)
LOCK_KEY = "lock:stock:10086"
STOCK_KEY = "stock:10086"
LEASE_MS = 10000
RETRY_SECONDS = 0.1
ACQUIRE_TIMEOUT = 5.0
WORK_SECONDS = 0.5


def try_acquire():
    token = str(uuid.uuid4())
    if not r.setnx(LOCK_KEY, token):                         #@ acquire
        return None
    # Two commands, not one: a crash right here leaves a lock with
    # no TTL that nobody will ever release.
    r.pexpire(LOCK_KEY, LEASE_MS)                            #@ expire
    return token


def acquire():
    deadline = time.monotonic() + ACQUIRE_TIMEOUT
    while True:
        token = try_acquire()
        if token:
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
    if acquire() is None:
        return False
    try:
        return deduct(units)
    finally:
        r.delete(LOCK_KEY)                                   #@ release
