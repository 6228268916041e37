# Deduct once per order id, retried safely (redis-py 4.3)
import redis

r = redis.Redis(socket_timeout=1.0, decode_responses=True)
STOCK_KEY = "stock:10086"
APPLIED_KEY = "applied:stock:10086"         # order ids already deducted

# The order's id goes into a hash in the same script as the deduction,
# so a retry of an order already applied changes nothing.
DEDUCT_ONCE = """
if redis.call('HSETNX', KEYS[2], ARGV[2], 1) == 0 then
    return tonumber(redis.call('GET', KEYS[1]))
end
return redis.call('DECRBY', KEYS[1], ARGV[1])
"""


def place_order(order_id, units=1):
    for attempt in range(3):
        try:
            left = r.eval(DEDUCT_ONCE, 2, STOCK_KEY, APPLIED_KEY, units, order_id)  #@ decrement
        except redis.TimeoutError:
            continue                 # the retry finds the order id: no second deduction
        if left >= 0:
            return True
        # Went below zero: give the units back.
        r.incrby(STOCK_KEY, units)                           #@ compensate
        return False
    return False
