# Optimistic: WATCH / MULTI / DECRBY / EXEC, retry on conflict, no lock (redis-py 4.3)
import time

import redis

r = redis.Redis(decode_responses=True)
STOCK_KEY = "stock:10086"
ACQUIRE_TIMEOUT = 5.0


def place_order(order_id, units=1):
    deadline = time.monotonic() + ACQUIRE_TIMEOUT
    with r.pipeline() as pipe:
        while True:
            try:
                pipe.watch(STOCK_KEY)                        #@ watch
                stock = int(pipe.get(STOCK_KEY) or 0)        #@ read
                if stock < units:
                    pipe.unwatch()                           #@ unwatch
                    return False                             # sold out
                pipe.multi()                                 #@ multi
                pipe.decrby(STOCK_KEY, units)                #@ decrement
                pipe.execute()                               #@ exec
                return True          # nobody wrote the stock since WATCH
            except redis.WatchError:
                # EXEC answered nil: another client wrote first. Read again.
                if time.monotonic() >= deadline:
                    return False
