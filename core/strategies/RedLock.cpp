#include "LockCommands.h"
#include "StockUpdate.h"
#include "Strategies.h"

namespace lockstock {

namespace {
Task<bool> placeOrder(Client &c)
{
    const bool acquired = co_await acquireWithRetry(c, tryRedlock, c.config().retryMs / 2);
    if (!acquired)
        co_return false;
    const bool sold = co_await readCheckWrite(c);
    co_await releaseRedlock(c);
    co_return sold;
}
} // namespace

extern const Strategy redlockStrategy{
    .name = QStringLiteral("redlock"),
    .title = QT_TRANSLATE_NOOP("Strategy", "Redlock: SET NX PX on N independent masters, majority and validity"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "Survives a minority of dead nodes; a node that forgets its locks can still give two majorities."),
    .correct = true,
    .weakness = QT_TRANSLATE_NOOP("Strategy", "a node that forgets a lock, or a clock that jumps"),
    .placeOrder = placeOrder,
    .scripts = {&compareAndDeleteScript},
    .sourceFile = __FILE__,
};

} // namespace lockstock
