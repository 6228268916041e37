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
    co_await releaseWithLua(c);                // deletes only if the token is still ours
    co_return sold;
}
} // namespace

extern const Strategy setNxPxLuaStrategy{
    .name = QStringLiteral("set-nx-ex-lua"),
    .title = QT_TRANSLATE_NOOP("Strategy", "SET NX PX, release with Lua compare-and-delete"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "Atomic acquire and an owner-checked release: safe while the work fits in the lease."),
    .correct = true,
    .weakness = QT_TRANSLATE_NOOP("Strategy", "work that outlasts the lease, or a lock server that fails"),
    .placeOrder = placeOrder,
    .scripts = {&compareAndDeleteScript},
    .sourceFile = __FILE__,
};

} // namespace lockstock
