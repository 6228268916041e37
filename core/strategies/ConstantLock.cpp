#include "StockUpdate.h"
#include "Strategies.h"

namespace lockstock {

namespace {
// The source material's lock_stock():
//
//     if conn.setnx(key, "1"):
//         conn.expire(key, timeout)
//         ...
//     conn.expire(key, timeout)      # every attempt, won or not
//
// The value is the same for everyone, so it identifies nobody.
Task<bool> trySetnxConstant(Client &c)
{
    const RedisValue set = co_await c.redis(Step::Acquire, "SETNX", c.lockKey(), "1");
    const bool won = set.toInteger() == 1;
    if (won)
        c.believeHolding("1");
    // Whether SETNX won or not: a waiter's EXPIRE resets the holder's TTL,
    // so waiters that retry faster than the timeout keep any lock alive.
    co_await c.redis(Step::Expire, "PEXPIRE", c.lockKey(), c.leasePx());
    co_return won;
}

Task<bool> placeOrder(Client &c)
{
    const bool acquired = co_await acquireWithRetry(c, trySetnxConstant);
    if (!acquired)
        co_return false;
    const bool sold = co_await readCheckWrite(c);
    // Deletes whatever lock is there: "1" is everybody's value.
    co_await c.redis(Step::Release, "DEL", c.lockKey());
    c.believeReleased();
    co_return sold;
}
} // namespace

extern const Strategy constantLockStrategy{
    .name = QStringLiteral("setnx-constant-expire"),
    .title = QT_TRANSLATE_NOOP("Strategy", "SETNX key \"1\", EXPIRE on every attempt, DEL"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "Every waiter's EXPIRE renews the holder's lock, dead or alive; anyone's DEL frees it."),
    .correct = false,
    .placeOrder = placeOrder,
    .scripts = {},
    .sourceFile = __FILE__,
};

} // namespace lockstock
