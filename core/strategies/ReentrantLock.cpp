#include "StockUpdate.h"
#include "Strategies.h"

#include "../redis/RedisScript.h"

namespace lockstock {

namespace {
// Redisson's RLock: the lock is a hash {owner: hold count}. The owner is the
// client's id and thread, the same on every call, so the thread that holds
// the lock may take it again (reentrant): each lock() adds a hold, each
// unlock() takes one away. Nil when we hold it now, else the other's PTTL.
const RedisScript reentrantAcquireScript(R"lua(
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HEXISTS', KEYS[1], ARGV[2]) == 1 then
    redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    return nil
end
return redis.call('PTTL', KEYS[1])
)lua");

// One hold less. The lock goes only when the count reaches 0; until then
// its lease starts again.
const RedisScript reentrantReleaseScript(R"lua(
if redis.call('HEXISTS', KEYS[1], ARGV[2]) == 0 then
    return nil
end
if redis.call('HINCRBY', KEYS[1], ARGV[2], -1) > 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    return 0
end
redis.call('DEL', KEYS[1])
return 1
)lua");

// Redisson's "UUID:threadId": one per client thread, not per attempt.
QByteArray ownerOf(Client &c)
{
    return c.name() + ":thread-1";
}

// The client library sends a command again when its reply does not come (a
// socket timeout), up to three times. The first one may well have run.
Task<bool> tryLock(Client &c, bool checkAfterTimeout)
{
    const QByteArray owner = ownerOf(c);
    for (int attempt = 0; attempt < 3; ++attempt) {
        const RedisValue acquired = co_await c.redis(Step::Acquire, "EVALSHA", reentrantAcquireScript.sha(), "1",
                                                     c.lockKey(), c.leasePx(), owner);
        if (acquired.isNil()) {
            c.believeHolding(owner);
            co_return true;
        }
        if (!acquired.isError())
            co_return false;                   // the PTTL of somebody else's lock
        if (!checkAfterTimeout)
            continue;                          // timed out: lock() again, a second hold if the first ran
        // Timed out: did it run? We held nothing before, so one hold means it did.
        const RedisValue holds = co_await c.redis(Step::Acquire, "HGET", c.lockKey(), owner);
        if (holds.isString() && holds.bytes() == "1") {
            c.believeHolding(owner);
            co_return true;
        }
    }
    co_return false;
}

Task<bool> tryLockRetrying(Client &c) { return tryLock(c, false); }
Task<bool> tryLockChecking(Client &c) { return tryLock(c, true); }

Task<bool> placeOrder(Client &c, Task<bool> (*lock)(Client &))
{
    const bool acquired = co_await acquireWithRetry(c, lock);
    if (!acquired)
        co_return false;
    const bool sold = co_await readCheckWrite(c);
    // One unlock() for the one lock() this code made.
    co_await c.redis(Step::Release, "EVALSHA", reentrantReleaseScript.sha(), "1", c.lockKey(), c.leasePx(), ownerOf(c));
    c.believeReleased();
    co_return sold;
}
} // namespace

extern const Strategy reentrantRetryStrategy{
    .name = QStringLiteral("reentrant-retry"),
    .title = QT_TRANSLATE_NOOP("Strategy", "Reentrant lock (hash of hold counts), lock() sent again when its reply is lost"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "The lost lock() ran: the retry makes the hold count 2, one unlock() leaves the lock held until its lease runs out."),
    .correct = false,
    .weakness = QT_TRANSLATE_NOOP("Strategy", "a lock() whose reply is lost and is sent again"),
    .placeOrder = [](Client &c) { return placeOrder(c, tryLockRetrying); },
    .scripts = {&reentrantAcquireScript, &reentrantReleaseScript},
    .sourceFile = __FILE__,
};

extern const Strategy reentrantCheckedStrategy{
    .name = QStringLiteral("reentrant-checked"),
    .title = QT_TRANSLATE_NOOP("Strategy", "Reentrant lock, its hold count read back after a lost reply"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "After a timeout the client reads its hold count instead of locking again: one lock(), one unlock()."),
    .correct = true,
    .placeOrder = [](Client &c) { return placeOrder(c, tryLockChecking); },
    .scripts = {&reentrantAcquireScript, &reentrantReleaseScript},
    .sourceFile = __FILE__,
};

} // namespace lockstock
