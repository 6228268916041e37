#include "FencedStore.h"
#include "LockCommands.h"
#include "Strategies.h"

namespace lockstock {

namespace {
Task<bool> placeOrder(Client &c)
{
    const bool acquired = co_await acquireWithRetry(c, tryRedlock, c.config().retryMs / 2);
    if (!acquired)
        co_return false;
    // Even when two clients both won a majority, only the newer token writes.
    const bool sold = co_await fencedReadCheckWrite(c);
    co_await releaseRedlock(c);
    co_return sold;
}
} // namespace

extern const Strategy redlockFencedStrategy{
    .name = QStringLiteral("redlock-fenced"),
    .title = QT_TRANSLATE_NOOP("Strategy", "Redlock plus a fencing token the stock store checks"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "When a node forgets a lock and two clients win a majority, the store still refuses the older token."),
    .correct = true,
    .placeOrder = placeOrder,
    .scripts = {&compareAndDeleteScript, &fencedStockScript},
    .sourceFile = __FILE__,
};

} // namespace lockstock
