# DECRBY, INCRBY back when it went negative (redis-py 4.3)
import redis

r = redis.Redis(decode_responses=True)
STOCK_KEY = "stock:10086"


def place_order(order_id, units=1):
    left = r.decrby(STOCK_KEY, units)                        #@ decrement
    if left >= 0:
        return True
    # Went below zero: give the units back. Others may briefly see a
    # negative stock.
    r.incrby(STOCK_KEY, units)                               #@ compensate
    return False
