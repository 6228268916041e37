# EVALSHA release that loads its script again on NOSCRIPT, as redis-py's Script does (redis-py 4.3)
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

RELEASE = """-- release: delete the lock only if it holds our token
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
release_sha = None


def start_up():
    global release_sha
    release_sha = r.script_load(RELEASE)                     #@ load


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


def release(token):
    try:
        r.evalsha(release_sha, 1, LOCK_KEY, token)           #@ release
    except redis.exceptions.NoScriptError:
        # A restart, a failover or SCRIPT FLUSH forgot the script: load it
        # again and retry.
        r.script_load(RELEASE)                               #@ load<release
        r.evalsha(release_sha, 1, LOCK_KEY, token)           #@ release<load


def place_order(order_id, units=1):
    if release_sha is None:
        start_up()
    token = acquire()
    if token is None:
        return False
    sold = deduct(units)
    release(token)
    return sold
