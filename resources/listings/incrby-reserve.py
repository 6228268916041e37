# Reservation: INCRBY a counter of reserved units, fail past the stock (redis-py 4.3)
import redis

r = redis.Redis(decode_responses=True)
STOCK_KEY = "stock:10086"
RESERVED_KEY = "reserved:stock:10086"
TOTAL_STOCK = 100


def place_order(order_id, units=1):
    # No lock: INCRBY is atomic.
    reserved = r.incrby(RESERVED_KEY, units)                 #@ reserve
    if reserved > TOTAL_STOCK:
        # The failed order's units stay counted: the counter passes the
        # stock for good and refuses orders that would fit.
        return False
    r.decrby(STOCK_KEY, units)                               #@ decrement
    return True
