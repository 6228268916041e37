#include "LockCommands.h"
#include "StockUpdate.h"
#include "Strategies.h"

namespace lockstock {

namespace {
Task<void> renewWhileHeld(Client &c, QByteArray token)
{
    for (;;) {
        co_await c.sleep(Step::Timer, c.config().leaseMs / 3);
        const RedisValue renewed = co_await renewIfOwner(c, token);
        if (renewed.toInteger() != 1) {
            c.believeLost();                   // tell the work to stop before it writes
            co_return;
        }
    }
}

Task<bool> placeOrder(Client &c)
{
    const bool acquired = co_await acquireWithRetry(c, trySetNxPx);
    if (!acquired)
        co_return false;
    c.startWatchdog(renewWhileHeld(c, c.token()));
    const bool sold = co_await readCheckWrite(c);
    c.stopWatchdog();                          // cancel the timer before releasing
    co_await releaseWithLua(c);
    co_return sold;
}
} // namespace

extern const Strategy watchdogStrategy{
    .name = QStringLiteral("watchdog"),
    .title = QT_TRANSLATE_NOOP("Strategy", "Lease watchdog: renew every lease/3 while held (Redisson)"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "Long work keeps its lock: the owner-checked renewal stops on release."),
    .correct = true,
    .weakness = QT_TRANSLATE_NOOP("Strategy", "a process pause longer than the lease"),
    .placeOrder = placeOrder,
    .scripts = {&compareAndDeleteScript, &renewIfOwnerScript},
    .sourceFile = __FILE__,
};

} // namespace lockstock
