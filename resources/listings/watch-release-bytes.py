# The article's release_lock() as written: redis-py answers bytes, compared with str (redis-py 4.3)
import time
import uuid

import redis

r = redis.Redis()          # replies are bytes: b'A-1' == 'A-1' is False
LOCK_KEY = "lock:stock:10086"
STOCK_KEY = "stock:10086"
RETRY_SECONDS = 0.1
ACQUIRE_TIMEOUT = 5.0
WORK_SECONDS = 0.5


def acquire_lock():
    identifier = str(uuid.uuid4())
    deadline = time.monotonic() + ACQUIRE_TIMEOUT
    while True:
        if r.setnx(LOCK_KEY, identifier):                    #@ acquire
            return identifier
        if time.monotonic() >= deadline:
            return None              # "Failed to acquire lock": the order fails
        time.sleep(RETRY_SECONDS)                            #@ backoff


def deduct(units):
    stock = int(r.get(STOCK_KEY) or 0)                       #@ read
    if stock < units:
        return False                                         # sold out
    time.sleep(WORK_SECONDS)                                 #@ work
    r.set(STOCK_KEY, stock - units)                          #@ write
    return True


def release_lock(identifier):
    with r.pipeline() as pipe:
        while True:
            try:
                pipe.watch(LOCK_KEY)                         #@ watch
                if pipe.get(LOCK_KEY) == identifier:         #@ inspect<watch
                    # Never true here: b'A-1' == 'A-1' is False in Python 3.
                    pipe.multi()
                    pipe.delete(LOCK_KEY)
                    pipe.execute()
                    return True
                pipe.unwatch()                               #@ unwatch
                return False         # not ours (or so Python thinks): leave it
            except redis.WatchError:
                pass                 # the key changed after WATCH: try again


def place_order(order_id, units=1):
    identifier = acquire_lock()
    if identifier is None:
        return False
    try:
        return deduct(units)
    finally:
        release_lock(identifier)
