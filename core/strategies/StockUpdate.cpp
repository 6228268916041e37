#include "StockUpdate.h"

namespace lockstock {

extern const StockAccess plainStock{
    .read = [](Client &c) { return Argv{"GET", c.stockKey()}; },
    .write = [](Client &c, long long newStock) { return Argv{"SET", c.stockKey(), QByteArray::number(newStock)}; },
};

Task<bool> readCheckWrite(Client &c, const StockAccess &access)
{
    long long stock = 0;
    const RedisValue read = co_await c.command(Step::ReadStock, access.read(c));
    if (!read.readInteger(stock) || stock < c.units())
        co_return false;                       // sold out
    if (c.config().workMs > 0)
        co_await c.sleep(Step::Work, c.config().workMs);
    if (c.lockLost())
        co_return false;                       // the watchdog said the lease is gone
    const qint64 left = stock - c.units();
    const RedisValue written = co_await c.stockWrite(Step::WriteStock, access.write(c, left), left);
    co_return !written.isError();
}

Task<bool> acquireWithRetry(Client &c, Task<bool> (*tryAcquire)(Client &), qint64 jitterMs)
{
    for (;;) {
        const bool acquired = co_await tryAcquire(c);
        if (acquired)
            co_return true;
        if (c.orderElapsedMs() >= c.config().acquireTimeoutMs)
            co_return false;                   // gave up: the order fails
        const qint64 jitter = jitterMs > 0 ? qint64(c.random().bounded(quint32(jitterMs) + 1)) : 0;
        co_await c.sleep(Step::Backoff, c.config().retryMs + jitter);
    }
}

} // namespace lockstock
