# A Redisson-style lease watchdog: renew every lease/3 while held (redis-py 4.3)
import threading
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
# Redisson's renewal: extend only while the lock is still ours.
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
        self.lost = False

    def run(self):
        while not self.stopped.wait(LEASE_MS / 3 / 1000):    #@ timer
            renewed = r.eval(RENEW, 1, LOCK_KEY, self.token, LEASE_MS)  #@ renew
            if renewed != 1:
                self.lost = True     # tell the work to stop before it writes
                return


def deduct(units, dog):
    stock = int(r.get(STOCK_KEY) or 0)                       #@ read
    if stock < units:
        return False                                         # sold out
    time.sleep(WORK_SECONDS)                                 #@ work
    if dog.lost:
        return False                 # the watchdog said the lease is gone
    r.set(STOCK_KEY, stock - units)                          #@ write
    return True


def place_order(order_id, units=1):
    token = acquire()
    if token is None:
        return False
    dog = Watchdog(token)
    dog.start()
    try:
        return deduct(units, dog)
    finally:
        dog.stopped.set()            # cancel the timer before releasing
        r.eval(RELEASE, 1, LOCK_KEY, token)                  #@ release
