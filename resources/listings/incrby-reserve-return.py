# Reservation: INCRBY a counter of reserved units, give it back on failure (redis-py 4.3)
import redis

r = redis.Redis(decode_responses=True)
STOCK_KEY = "stock:10086"
RESERVED_KEY = "reserved:stock:10086"
TOTAL_STOCK = 100


def place_order(order_id, units=1):
    # No lock: INCRBY is atomic.
    reserved = r.incrby(RESERVED_KEY, units)                 #@ reserve
    if reserved > TOTAL_STOCK:
        # Give the reservation back: every unit left can still be sold.
        r.decrby(RESERVED_KEY, units)                        #@ compensate
        return False
    r.decrby(STOCK_KEY, units)                               #@ decrement
    return True
