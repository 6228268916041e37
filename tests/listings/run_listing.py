"""Runs one resources/listings/*.py against a private redis-server.

    /usr/bin/python3 run_listing.py LISTING PORT PASSWORD [REPLICA_PORT]

The listing's own connections (redis.Redis(port=7001) for a Redlock node,
the default port for the rest) all go to 127.0.0.1:PORT, one database per
port, so five Redlock nodes are five databases of one server. Four threads
place three orders each against a stock of 10 (5 for the sold-out run).
Prints one JSON line: initial stock, orders sold, final stock, errors.
"""
import json
import sys
import threading

import redis

listing, port, password = sys.argv[1], int(sys.argv[2]), sys.argv[3]


class LocalRedis(redis.Redis):
    def __init__(self, *args, **kwargs):
        wanted = kwargs.pop("port", 6379)
        kwargs.update(host="127.0.0.1", port=port, password=password,
                      db=wanted - 7000 if 7000 < wanted < 7016 else 0)
        kwargs.pop("socket_timeout", None)   # a loaded CI machine is slow
        super().__init__(*args, **kwargs)


redis.Redis = LocalRedis
code = compile(open(listing, encoding="utf-8").read(), listing, "exec")
module = {"__name__": "listing"}
exec(code, module)
# The lesson's pace, sped up: short work, short waits.
for name, value in {"WORK_SECONDS": 0.02, "RETRY_SECONDS": 0.01, "ACQUIRE_TIMEOUT": 4.0}.items():
    if name in module:
        module[name] = value

admin = LocalRedis(decode_responses=True)
out = {}
for stock in (10, 5):
    for db in range(6):
        LocalRedis(port=7000 + db if db else 6379).flushdb()
    if "TOTAL_STOCK" in module:
        module["TOTAL_STOCK"] = stock
    admin.set(module["STOCK_KEY"], stock)
    sold, errors = [], []

    def client(name):
        for n in range(3):
            try:
                if module["place_order"]("%s-%d" % (name, n)):
                    sold.append(name)
            except Exception as e:        # noqa: BLE001 - reported, not hidden
                errors.append("%s: %r" % (name, e))

    threads = [threading.Thread(target=client, args=(c,)) for c in "ABCD"]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    out["stock%d" % stock] = {"initial": stock, "sold": len(sold),
                              "final": int(admin.get(module["STOCK_KEY"])),
                              "errors": errors, "hung": any(t.is_alive() for t in threads)}
print(json.dumps(out))
sys.stdout.flush()
