#include "LockCommands.h"
#include "StockUpdate.h"
#include "Strategies.h"

namespace lockstock {

namespace {
// The article's pseudo-code: a renewal thread started with the lock and
// never stopped. It does not ask whether anyone still holds the lock, let
// alone whether its client does: it renews whatever lock the key holds.
Task<void> renewForever(Client &c)
{
    for (;;) {
        co_await c.sleep(Step::Timer, c.config().leaseMs / 3);
        co_await c.redis(Step::Renew, "PEXPIRE", c.lockKey(), c.leasePx());
    }
}

Task<bool> placeOrder(Client &c)
{
    const bool acquired = co_await acquireWithRetry(c, trySetNxPx);
    if (!acquired)
        co_return false;
    c.startWatchdog(renewForever(c));
    const bool sold = co_await readCheckWrite(c);
    co_await releaseWithLua(c);
    // No stopWatchdog(): the thread lives on with the process.
    co_return sold;
}
} // namespace

extern const Strategy endlessWatchdogStrategy{
    .name = QStringLiteral("watchdog-never-stops"),
    .title = QT_TRANSLATE_NOOP("Strategy", "A renewal thread nobody stops"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "After the release the thread renews the next holder's lock, and after that one dies, a lock nobody holds."),
    .correct = false,
    .placeOrder = placeOrder,
    .scripts = {&compareAndDeleteScript},
    .sourceFile = __FILE__,
};

} // namespace lockstock
