# GET, compute, SET with no lock (redis-py 4.3)
import time

import redis

r = redis.Redis(decode_responses=True)
STOCK_KEY = "stock:10086"
WORK_SECONDS = 0.5              # the business work between read and write


def place_order(order_id, units=1):
    # Nothing stops two clients reading 100 and both writing 99.
    stock = int(r.get(STOCK_KEY) or 0)                       #@ read
    if stock < units:
        return False                                         # sold out
    time.sleep(WORK_SECONDS)                                 #@ work
    r.set(STOCK_KEY, stock - units)                          #@ write
    return True
