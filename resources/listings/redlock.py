# Redlock: SET NX PX on 5 independent masters, majority and validity (redis-py 4.3)
import random
import time
import uuid

import redis

# N = 5 independent masters; short timeouts, so a dead node costs little.
NODES = [redis.Redis(port=port, socket_timeout=0.05, decode_responses=True)
         for port in (7001, 7002, 7003, 7004, 7005)]
QUORUM = len(NODES) // 2 + 1
store = redis.Redis(port=6379, decode_responses=True)       # the stock lives here
LOCK_KEY = "lock:stock:10086"
STOCK_KEY = "stock:10086"
LEASE_MS = 10000
RETRY_SECONDS = 0.1
ACQUIRE_TIMEOUT = 5.0
WORK_SECONDS = 0.5

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""


def try_redlock():
    token = str(uuid.uuid4())
    start = time.monotonic()
    granted = 0
    for node in NODES:
        try:
            if node.set(LOCK_KEY, token, nx=True, px=LEASE_MS):  #@ acquire
                granted += 1
        except redis.RedisError:
            pass                     # a node that is down does not vote
    # Held when a majority granted it and time is left: validity =
    # lease - elapsed - drift (1% of the lease + 2 ms).
    elapsed_ms = (time.monotonic() - start) * 1000
    validity_ms = LEASE_MS - elapsed_ms - (LEASE_MS * 0.01 + 2)
    if granted >= QUORUM and validity_ms > 0:
        return token
    unlock_all(token)                # no majority in time: free what we got
    return None


def unlock_all(token):
    for node in NODES:
        try:
            node.eval(RELEASE, 1, LOCK_KEY, token)           #@ release
        except redis.RedisError:
            pass


def acquire():
    deadline = time.monotonic() + ACQUIRE_TIMEOUT
    while True:
        token = try_redlock()
        if token:
            return token
        if time.monotonic() >= deadline:
            return None                                      # gave up: the order fails
        # A random delay, so clients that failed together do not retry in lockstep.
        time.sleep(RETRY_SECONDS + random.uniform(0, RETRY_SECONDS / 2))  #@ backoff


def deduct(units):
    stock = int(store.get(STOCK_KEY) or 0)                       #@ read
    if stock < units:
        return False                                         # sold out
    time.sleep(WORK_SECONDS)                                 #@ work
    store.set(STOCK_KEY, stock - units)                          #@ write
    return True


def place_order(order_id, units=1):
    token = acquire()
    if token is None:
        return False
    try:
        return deduct(units)
    finally:
        unlock_all(token)
