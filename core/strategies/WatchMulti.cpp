#include "Strategies.h"

namespace lockstock {

namespace {
Task<bool> placeOrder(Client &c)
{
    for (;;) {
        co_await c.redis(Step::Watch, "WATCH", c.stockKey());
        long long stock = 0;
        const RedisValue read = co_await c.redis(Step::ReadStock, "GET", c.stockKey());
        if (!read.readInteger(stock) || stock < c.units()) {
            co_await c.redis(Step::Unwatch, "UNWATCH");
            co_return false;                   // sold out
        }
        co_await c.redis(Step::Multi, "MULTI");
        co_await c.redis(Step::Decrement, "DECRBY", c.stockKey(), c.quantity());
        const RedisValue exec = co_await c.redis(Step::Exec, "EXEC");
        if (exec.isArray())
            co_return true;                    // nobody wrote the stock since WATCH
        // EXEC answered nil: another client wrote first. Read again.
        if (c.orderElapsedMs() >= c.config().acquireTimeoutMs)
            co_return false;
    }
}
} // namespace

extern const Strategy watchMultiStrategy{
    .name = QStringLiteral("watch-multi"),
    .title = QT_TRANSLATE_NOOP("Strategy", "WATCH / MULTI / DECRBY / EXEC, retry on conflict"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "Optimistic: no lock, EXEC fails when the stock changed, and the client retries."),
    .correct = true,
    .placeOrder = placeOrder,
    .scripts = {},
    .sourceFile = __FILE__,
};

} // namespace lockstock
