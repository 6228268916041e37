#include "StockUpdate.h"

namespace lockstock {

Task<bool> readCheckWrite(Client &c)
{
    long long stock = 0;
    const RedisValue read = co_await c.redis(Step::ReadStock, "GET", c.stockKey());
    if (!read.readInteger(stock) || stock < c.config().quantity)
        co_return false;                       // sold out
    if (c.config().workMs > 0)
        co_await c.sleep(Step::Work, c.config().workMs);
    if (c.lockLost())
        co_return false;                       // the watchdog said the lease is gone
    co_await c.redis(Step::WriteStock, "SET", c.stockKey(), QByteArray::number(stock - c.config().quantity));
    co_return true;
}

Task<bool> acquireWithRetry(Client &c, Task<bool> (*tryAcquire)(Client &))
{
    for (;;) {
        const bool acquired = co_await tryAcquire(c);
        if (acquired)
            co_return true;
        if (c.orderElapsedMs() >= c.config().acquireTimeoutMs)
            co_return false;                   // gave up: the order fails
        co_await c.sleep(Step::Backoff, c.config().retryMs);
    }
}

} // namespace lockstock
