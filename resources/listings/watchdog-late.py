# A watchdog that renews when 1 s of the lease is left (redis-py 4.3)
import threading
import time
import uuid

import redis

r = redis.Redis(decode_responses=True)
LOCK_KEY = "lock:stock:10086"
STOCK_KEY = "stock:10086"
LEASE_MS = 10000                # the lock expires by itself this long after
MARGIN_MS = 1000                # renew when this much of the lease is left
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
# Extends the lock only while it is still ours.
RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('PEXPIRE', KEYS[1], ARGV[2])
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


class Watchdog(threading.Thread):
    def __init__(self, token):
        super().__init__(daemon=True)
        self.token = token
        self.stopped = threading.Event()

    def run(self):
        # As if the renewal ran the moment it is sent: when Redis stalls
        # longer than MARGIN_MS, it runs after the lease is over.
        while not self.stopped.wait((LEASE_MS - MARGIN_MS) / 1000):  #@ timer
            # 0 when the lock is gone: nobody looks, the work goes on.
            r.eval(RENEW, 1, LOCK_KEY, self.token, LEASE_MS)          #@ renew


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
    dog = Watchdog(token)
    dog.start()
    try:
        return deduct(units)
    finally:
        dog.stopped.set()            # cancel the timer before releasing
        r.eval(RELEASE, 1, LOCK_KEY, token)                  #@ release
