# SET NX PX and WAIT 1 on masters with min-replicas-to-write 1 (redis-py 4.3)
#
# The deployment, in every node's redis.conf (a promoted replica must refuse
# as its master did):
#     min-replicas-to-write 1
#     min-replicas-max-lag 10
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


def try_acquire():
    token = str(uuid.uuid4())
    try:
        if not r.set(LOCK_KEY, token, nx=True, px=LEASE_MS):  #@ acquire
            return None
    except redis.exceptions.ResponseError as e:
        # NOREPLICAS: no replica acknowledged within 10 s. The master
        # grants no lock it cannot hand on; ask again (a failover may
        # be under way).
        if not str(e).startswith("NOREPLICAS"):
            raise
        return None
    # Keep the lock only once a replica has it, so a failover now would
    # not forget it. (The replica that acknowledged is not necessarily
    # the one a failover promotes.)
    if r.execute_command("WAIT", 1, LEASE_MS // 10) >= 1:    #@ replicate
        return token
    release(token)                   # not replicated: give it back, try again
    return None


def release(token):
    r.eval(RELEASE, 1, LOCK_KEY, token)                      #@ release


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
    token = acquire()
    if token is None:
        return False
    try:
        return deduct(units)
    finally:
        release(token)
