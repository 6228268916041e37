# DECRBY, sent again when its reply is lost (redis-py 4.3)
import redis

r = redis.Redis(socket_timeout=1.0, decode_responses=True)
STOCK_KEY = "stock:10086"


def place_order(order_id, units=1):
    for attempt in range(3):
        try:
            left = r.decrby(STOCK_KEY, units)                #@ decrement
        except redis.TimeoutError:
            # No reply in time, but Redis may well have run it: the
            # retry deducts the order a second time.
            continue
        if left >= 0:
            return True
        # Went below zero: give the units back.
        r.incrby(STOCK_KEY, units)                           #@ compensate
        return False
    return False
