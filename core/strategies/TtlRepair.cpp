#include "LockCommands.h"
#include "StockUpdate.h"
#include "Strategies.h"

#include <cmath>

namespace lockstock {

namespace {
// EXPIRE takes whole seconds, as in the source material (math.ceil).
QByteArray leaseSeconds(Client &c)
{
    return QByteArray::number(std::max<qint64>(1, qint64(std::ceil(c.redisMs(c.config().leaseMs).toDouble() / 1000))));
}

// What `not conn.ttl(lockname)` is in Python. TTL answers whole seconds,
// rounded: 0 once less than half a second is left. For a key without expiry
// redis-py 3+ returns -1 (`not -1` is False); redis-py 2 returned None
// (`not None` is True).
bool pythonNotTtl(const RedisValue &ttl, bool ttlNoneForNoExpiry)
{
    const qint64 seconds = ttl.toInteger();
    if (seconds == -1)
        return ttlNoneForNoExpiry;
    return seconds == 0;
}

// acquire_lock_with_timeout():
//
//     if conn.setnx(lockname, identifier):
//         conn.expire(lockname, lock_timeout)
//         return identifier
//     elif not conn.ttl(lockname):
//         conn.expire(lockname, lock_timeout)
Task<bool> tryAcquire(Client &c, bool ttlNoneForNoExpiry)
{
    const QByteArray identifier = c.newToken();
    const RedisValue set = co_await c.redis(Step::Acquire, "SETNX", c.lockKey(), identifier);
    if (set.toInteger() == 1) {
        c.believeHolding(identifier);
        co_await c.redis(Step::Expire, "EXPIRE", c.lockKey(), leaseSeconds(c));
        co_return true;
    }
    // The repair of a lock left without TTL. It cannot tell a dead holder's
    // lock from a live holder's that has under half a second left.
    const RedisValue ttl = co_await c.redis(Step::Inspect, "TTL", c.lockKey());
    if (pythonNotTtl(ttl, ttlNoneForNoExpiry))
        co_await c.redis(Step::Expire, "EXPIRE", c.lockKey(), leaseSeconds(c));
    co_return false;
}

template <bool ttlNoneForNoExpiry>
Task<bool> tryOnce(Client &c)
{
    return tryAcquire(c, ttlNoneForNoExpiry);
}

template <bool ttlNoneForNoExpiry>
Task<bool> placeOrder(Client &c)
{
    const bool acquired = co_await acquireWithRetry(c, tryOnce<ttlNoneForNoExpiry>);
    if (!acquired)
        co_return false;
    const bool sold = co_await readCheckWrite(c);
    co_await releaseWatched(c, true);
    co_return sold;
}
} // namespace

extern const Strategy ttlRepairStrategy{
    .name = QStringLiteral("ttl-repair"),
    .title = QT_TRANSLATE_NOOP("Strategy", "SETNX, EXPIRE; repair when `not ttl` (TTL -1: never)"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "TTL answers -1 for no expiry and `not -1` is False: the repair never fixes a lock left without TTL."),
    .correct = false,
    .placeOrder = placeOrder<false>,
    .scripts = {},
    .sourceFile = __FILE__,
};

extern const Strategy ttlRepairNoneStrategy{
    .name = QStringLiteral("ttl-repair-none"),
    .title = QT_TRANSLATE_NOOP("Strategy", "SETNX, EXPIRE; repair when `not ttl` (TTL None, old redis-py)"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "The repair fires for a lock without TTL, and also when TTL reads 0: it extends a live holder's lock."),
    .correct = false,
    .placeOrder = placeOrder<true>,
    .scripts = {},
    .sourceFile = __FILE__,
};

} // namespace lockstock
