#include "FencedStore.h"
#include "LockCommands.h"
#include "Strategies.h"

namespace lockstock {

namespace {
Task<bool> placeOrder(Client &c)
{
    const bool acquired = co_await acquireWithRetry(c, trySetNxPx);
    if (!acquired)
        co_return false;
    // A stale holder's read or write is refused by the store, not by the lock.
    const bool sold = co_await fencedReadCheckWrite(c);
    co_await releaseWithLua(c);
    co_return sold;
}
} // namespace

extern const Strategy fencedLockStrategy{
    .name = QStringLiteral("fenced-lock"),
    .title = QT_TRANSLATE_NOOP("Strategy", "SET NX PX plus a fencing token the stock store checks"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "A client that paused past its lease wakes with an old token: the store refuses its write."),
    .correct = true,
    .placeOrder = placeOrder,
    .scripts = {&compareAndDeleteScript, &fencedStockScript},
    .sourceFile = __FILE__,
};

} // namespace lockstock
