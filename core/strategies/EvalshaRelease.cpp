#include "LockCommands.h"
#include "StockUpdate.h"
#include "Strategies.h"

#include <QCryptographicHash>

namespace lockstock {

namespace {
// The compare-and-delete release as this client ships it: loaded once with
// SCRIPT LOAD when the client starts, called by its SHA1 ever after. (It is
// the client's own text, not one of LockStock's registered scripts, so no
// connection reloads it behind the strategy's back.)
const QByteArray releaseSource =
    "-- release: delete the lock only if it holds our token\n"
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end\n"
    "return 0\n";
const QByteArray releaseSha = QCryptographicHash::hash(releaseSource, QCryptographicHash::Sha1).toHex();

// Releases by EVALSHA. A server that restarted, failed over to a replica
// that never loaded the script, or ran SCRIPT FLUSH answers NOSCRIPT: the
// careful client loads it again and retries; the other raises.
Task<bool> release(Client &c, bool reloadOnNoscript)
{
    RedisValue deleted = co_await c.redis(Step::Release, "EVALSHA", releaseSha, "1", c.lockKey(), c.token());
    if (deleted.isError() && deleted.bytes().startsWith("NOSCRIPT") && reloadOnNoscript) {
        co_await c.redis(Step::LoadScript, "SCRIPT", "LOAD", releaseSource);
        deleted = co_await c.redis(Step::Release, "EVALSHA", releaseSha, "1", c.lockKey(), c.token());
    }
    c.believeReleased();
    co_return !deleted.isError();
}

Task<bool> placeOrder(Client &c, bool reloadOnNoscript)
{
    if (c.order() == 0)                         // at start-up
        co_await c.redis(Step::LoadScript, "SCRIPT", "LOAD", releaseSource);
    const bool acquired = co_await acquireWithRetry(c, trySetNxPx);
    if (!acquired)
        co_return false;
    const bool sold = co_await readCheckWrite(c);
    const bool released = co_await release(c, reloadOnNoscript);
    // A NoScriptError raised by the release fails the order, sold or not,
    // and leaves the lock to its TTL.
    co_return sold && released;
}
} // namespace

extern const Strategy evalshaNoReloadStrategy{
    .name = QStringLiteral("evalsha-no-reload"),
    .title = QT_TRANSLATE_NOOP("Strategy", "EVALSHA release, NOSCRIPT not handled"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "After a restart, failover or SCRIPT FLUSH the release fails with NOSCRIPT: the lock stays until its TTL."),
    .correct = false,
    .placeOrder = [](Client &c) { return placeOrder(c, false); },
    .scripts = {},
    .sourceFile = __FILE__,
};

extern const Strategy evalshaReloadStrategy{
    .name = QStringLiteral("evalsha-reload"),
    .title = QT_TRANSLATE_NOOP("Strategy", "EVALSHA release, SCRIPT LOAD again on NOSCRIPT"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "On NOSCRIPT the client loads its script again and retries, as redis-py's Script and Redisson do."),
    .correct = true,
    .placeOrder = [](Client &c) { return placeOrder(c, true); },
    .scripts = {},
    .sourceFile = __FILE__,
};

} // namespace lockstock
