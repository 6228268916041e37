#include "LockCommands.h"
#include "StockUpdate.h"
#include "Strategies.h"

namespace lockstock {

namespace {
// Renews when a second of the lease is left, as if a command took no time.
// A stall of Redis longer than that margin (CLIENT PAUSE, a fork, a slow
// script) runs the renewal after the lease is over: the lock is gone.
constexpr qint64 kMarginMs = 1000;

Task<void> renewJustInTime(Client &c, QByteArray token)
{
    // Stopped only by the release: a renewal that found no lock tells nobody.
    for (;;) {
        co_await c.sleep(Step::Timer, c.config().leaseMs - kMarginMs);
        co_await renewIfOwner(c, token);
    }
}

Task<bool> placeOrder(Client &c)
{
    const bool acquired = co_await acquireWithRetry(c, trySetNxPx);
    if (!acquired)
        co_return false;
    c.startWatchdog(renewJustInTime(c, c.token()));
    const bool sold = co_await readCheckWrite(c);
    c.stopWatchdog();
    co_await releaseWithLua(c);
    co_return sold;
}
} // namespace

extern const Strategy lateWatchdogStrategy{
    .name = QStringLiteral("watchdog-late"),
    .title = QT_TRANSLATE_NOOP("Strategy", "Watchdog renewing 1 s before the lease ends"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "A renewal sent with a thin margin runs too late when Redis stalls, and nobody is told."),
    .correct = false,
    .weakness = QT_TRANSLATE_NOOP("Strategy", "Redis stalling longer than the renewal's margin"),
    .placeOrder = placeOrder,
    .scripts = {&compareAndDeleteScript, &renewIfOwnerScript},
    .sourceFile = __FILE__,
};

} // namespace lockstock
