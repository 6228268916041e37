#include "LockCommands.h"
#include "StockUpdate.h"
#include "Strategies.h"

namespace lockstock {

namespace {
Task<bool> placeOrder(Client &c)
{
    const bool acquired = co_await acquireWithRetry(c, trySetNxPx);
    if (!acquired)
        co_return false;
    const bool sold = co_await readCheckWrite(c);
    // If our lease ran out during the work, this DEL removes the next owner's lock.
    co_await releaseWithDel(c);
    co_return sold;
}
} // namespace

extern const Strategy setNxPxDelStrategy{
    .name = QStringLiteral("set-nx-ex-del"),
    .title = QT_TRANSLATE_NOOP("Strategy", "SET NX PX, release with plain DEL"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "Acquire is atomic, but DEL after the lease expired deletes another client's lock."),
    .correct = false,
    .weakness = QT_TRANSLATE_NOOP("Strategy", "a lease that runs out while its holder still works"),
    .placeOrder = placeOrder,
    .scripts = {},
    .sourceFile = __FILE__,
};

} // namespace lockstock
