# Lua check-and-decrement, no lock (redis-py 4.3)
import redis

r = redis.Redis(decode_responses=True)
STOCK_KEY = "stock:10086"

# Check and decrement in one script: Redis runs it atomically.
CHECK_AND_DECREMENT = """
local stock = tonumber(redis.call('GET', KEYS[1]) or '0')
local n = tonumber(ARGV[1])
if stock < n then
    return -1
end
return redis.call('DECRBY', KEYS[1], n)
"""


def place_order(order_id, units=1):
    left = r.eval(CHECK_AND_DECREMENT, 1, STOCK_KEY, units)  #@ decrement
    return left >= 0
