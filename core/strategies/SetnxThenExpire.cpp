#include "StockUpdate.h"
#include "Strategies.h"

namespace lockstock {

namespace {
Task<bool> trySetnxThenExpire(Client &c)
{
    const QByteArray token = c.newToken();
    const RedisValue set = co_await c.redis(Step::Acquire, "SETNX", c.lockKey(), token);
    if (set.toInteger() != 1)
        co_return false;
    c.believeHolding(token);
    // Two commands, not one: a crash right here leaves a lock with no TTL
    // that nobody will ever release.
    co_await c.redis(Step::Expire, "PEXPIRE", c.lockKey(), c.leasePx());
    co_return true;
}

Task<bool> placeOrder(Client &c)
{
    const bool acquired = co_await acquireWithRetry(c, trySetnxThenExpire);
    if (!acquired)
        co_return false;
    const bool sold = co_await readCheckWrite(c);
    co_await c.redis(Step::Release, "DEL", c.lockKey());
    c.believeReleased();
    co_return sold;
}
} // namespace

extern const Strategy setnxThenExpireStrategy{
    .name = QStringLiteral("setnx-then-expire"),
    .title = QT_TRANSLATE_NOOP("Strategy", "SETNX, then EXPIRE as a second command"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "A crash between SETNX and EXPIRE leaves a lock that never expires."),
    .correct = false,
    .weakness = QT_TRANSLATE_NOOP("Strategy", "a crash between SETNX and EXPIRE"),
    .placeOrder = placeOrder,
    .scripts = {},
    .sourceFile = __FILE__,
};

} // namespace lockstock
