#include "LockCommands.h"
#include "StockUpdate.h"
#include "Strategies.h"

namespace lockstock {

namespace {
Task<void> renewBlindly(Client &c, QByteArray token)
{
    // Checks a flag, not the owner: it wakes once more after the release and
    // extends whatever lock the key holds by then, someone else's included.
    // (Nobody cancels it; it ends once this order's lock is gone.)
    while (c.holdsLock() && c.token() == token) {
        co_await c.sleep(Step::Timer, c.config().leaseMs / 3);
        co_await c.redis(Step::Renew, "PEXPIRE", c.lockKey(), c.leasePx());
    }
}

Task<bool> placeOrder(Client &c)
{
    const bool acquired = co_await acquireWithRetry(c, trySetNxPx);
    if (!acquired)
        co_return false;
    c.startWatchdog(renewBlindly(c, c.token()));
    const bool sold = co_await readCheckWrite(c);
    co_await releaseWithLua(c);
    co_return sold;
}
} // namespace

extern const Strategy naiveWatchdogStrategy{
    .name = QStringLiteral("watchdog-naive"),
    .title = QT_TRANSLATE_NOOP("Strategy", "Naive watchdog: plain PEXPIRE on a timer"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "Renewal without an owner check extends another client's lock."),
    .correct = false,
    .weakness = QT_TRANSLATE_NOOP("Strategy", "a renewal that fires after the release, while another client holds the lock"),
    .placeOrder = placeOrder,
    .scripts = {&compareAndDeleteScript},
    .sourceFile = __FILE__,
};

} // namespace lockstock
