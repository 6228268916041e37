#include "LockCommands.h"
#include "StockUpdate.h"
#include "Strategies.h"

namespace lockstock {

namespace {
// The source material's first acquire_lock(): a unique identifier, and no
// TTL at all.
Task<bool> trySetnxIdentifier(Client &c)
{
    const QByteArray identifier = c.newToken();
    const RedisValue set = co_await c.redis(Step::Acquire, "SETNX", c.lockKey(), identifier);
    if (set.toInteger() != 1)
        co_return false;
    c.believeHolding(identifier);
    co_return true;
}

// What `pipe.get(lockname) == identifier` compares in Python 3. redis-py's
// default Redis() answers bytes, and b'A-1' == 'A-1' is False; with
// Redis(decode_responses=True) it answers str and the values compare.
bool pythonEquals(const RedisValue &reply, const QByteArray &identifier, bool decodeResponses)
{
    if (!reply.isString())
        return false;                          // None == 'A-1' is False
    const QByteArray asPython = decodeResponses ? reply.bytes() : "b'" + reply.bytes() + "'";
    return asPython == identifier;
}

Task<bool> placeOrder(Client &c, bool decodeResponses)
{
    const bool acquired = co_await acquireWithRetry(c, trySetnxIdentifier);
    if (!acquired)
        co_return false;                       // "Failed to acquire lock after 10 s"
    const bool sold = co_await readCheckWrite(c);
    co_await releaseWatched(c, decodeResponses);
    co_return sold;
}
} // namespace

// The source material's release_lock(): WATCH the lock, GET it, and if it is
// still ours delete it in MULTI/EXEC, so nobody takes it between GET and DEL.
Task<void> releaseWatched(Client &c, bool decodeResponses)
{
    for (;;) {
        co_await c.redis(Step::Watch, "WATCH", c.lockKey());
        const RedisValue value = co_await c.redis(Step::Inspect, "GET", c.lockKey());
        if (!pythonEquals(value, c.token(), decodeResponses)) {
            co_await c.redis(Step::Unwatch, "UNWATCH");
            break;                             // not ours (or so Python thinks): leave it
        }
        co_await c.redis(Step::Multi, "MULTI");
        co_await c.redis(Step::Release, "DEL", c.lockKey());
        const RedisValue done = co_await c.redis(Step::Exec, "EXEC");
        if (!done.isNil())
            break;                             // nil: the key changed after WATCH, try again
    }
    c.believeReleased();
}

extern const Strategy watchReleaseBytesStrategy{
    .name = QStringLiteral("watch-release-bytes"),
    .title = QT_TRANSLATE_NOOP("Strategy", "WATCH/MULTI/DEL release, comparing bytes with str"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "b'…' == '…' is never true: the lock is never released and, with no TTL, blocks every later order."),
    .correct = false,
    .neverReleases = true,
    .placeOrder = [](Client &c) { return placeOrder(c, false); },
    .scripts = {},
    .sourceFile = __FILE__,
};

extern const Strategy watchReleaseStrategy{
    .name = QStringLiteral("watch-release"),
    .title = QT_TRANSLATE_NOOP("Strategy", "WATCH/MULTI/DEL release with decoded replies"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "GET, compare and DEL under WATCH: only the owner deletes its lock."),
    .correct = true,
    .placeOrder = [](Client &c) { return placeOrder(c, true); },
    .scripts = {},
    .sourceFile = __FILE__,
};

} // namespace lockstock
