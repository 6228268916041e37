# The article's acquire_lock_with_timeout(): SETNX, EXPIRE, and repair when `not ttl` (redis-py 4.3)
import math
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
    identifier = str(uuid.uuid4())
    lock_timeout = int(math.ceil(LEASE_MS / 1000))         # EXPIRE takes whole seconds
    if r.setnx(LOCK_KEY, identifier):                        #@ acquire
        r.expire(LOCK_KEY, lock_timeout)                     #@ expire<acquire
        return identifier
    # The repair of a lock left without TTL. TTL answers -1 for no expiry
    # (redis-py 3+), and `not -1` is False: it never fires for that lock.
    # TTL reads 0 when under half a second is left, and `not 0` is True.
    elif not r.ttl(LOCK_KEY):                                #@ inspect
        r.expire(LOCK_KEY, lock_timeout)                     #@ expire<inspect
    return None


def acquire_lock_with_timeout():
    deadline = time.monotonic() + ACQUIRE_TIMEOUT
    while True:
        identifier = try_acquire()
        if identifier:
            return identifier
        if time.monotonic() >= deadline:
            return None
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
                    # Still ours: delete it so nobody takes it between GET and DEL.
                    pipe.multi()                             #@ multi
                    pipe.delete(LOCK_KEY)                    #@ release
                    pipe.execute()                           #@ exec
                    return True
                pipe.unwatch()                               #@ unwatch
                return False         # not ours (or so Python thinks): leave it
            except redis.WatchError:
                pass                 # the key changed after WATCH: try again


def place_order(order_id, units=1):
    identifier = acquire_lock_with_timeout()
    if identifier is None:
        return False
    try:
        return deduct(units)
    finally:
        release_lock(identifier)
