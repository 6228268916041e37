# SET NX PX plus a fencing token the stock store checks (redis-py 4.3)
import time
import uuid

import redis

r = redis.Redis(decode_responses=True)
LOCK_KEY = "lock:stock:10086"
STOCK_KEY = "stock:10086"
FENCE_KEY = "fence:stock:10086"              # hands out tokens
SEEN_KEY = "fence:seen:stock:10086"          # the newest token the store saw
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
# The store refuses a token older than one it has seen. The read
# registers the token too: once a newer holder has read the stock,
# an older one can no longer act on what it read before.
FENCED_STOCK = """
local seen = tonumber(redis.call('GET', KEYS[2]) or '0')
local token = tonumber(ARGV[1])
if token < seen then
    return redis.error_reply('STALE token ' .. token .. ' is older than ' .. seen)
end
redis.call('SET', KEYS[2], token)
if ARGV[2] == '' then
    return redis.call('GET', KEYS[1])
end
return redis.call('SET', KEYS[1], ARGV[2])
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


def fenced_deduct(units):
    fence = r.incr(FENCE_KEY)                                #@ fence
    try:
        stock = int(r.eval(FENCED_STOCK, 2, STOCK_KEY, SEEN_KEY, fence, "") or 0)  #@ read
        if stock < units:
            return False                                     # sold out
        time.sleep(WORK_SECONDS)                             #@ work
        r.eval(FENCED_STOCK, 2, STOCK_KEY, SEEN_KEY, fence, stock - units)  #@ write
        return True
    except redis.ResponseError:
        return False                 # STALE: the store refused an old token


def place_order(order_id, units=1):
    token = acquire()
    if token is None:
        return False
    try:
        # A stale holder's read or write is refused by the store, not the lock.
        return fenced_deduct(units)
    finally:
        r.eval(RELEASE, 1, LOCK_KEY, token)                  #@ release
