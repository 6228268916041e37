#include "LockCommands.h"
#include "StockUpdate.h"
#include "Strategies.h"

namespace lockstock {

namespace {
// The source material's RedisLock context manager:
//
//     def __enter__(self):
//         if not self.acquire():          # SET key value NX EX timeout
//             raise Exception("lock failed")
//
// One attempt, no retry: a busy lock refuses the order.
Task<bool> placeOrder(Client &c)
{
    const bool acquired = co_await trySetNxPx(c);
    if (!acquired)
        co_return false;                       // raised: the order is refused
    const bool sold = co_await readCheckWrite(c);
    co_await releaseWithLua(c);
    co_return sold;
}
} // namespace

extern const Strategy tryOnceStrategy{
    .name = QStringLiteral("try-once"),
    .title = QT_TRANSLATE_NOOP("Strategy", "SET NX PX once, refuse when busy"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "Safe, but under contention most orders are refused: a lock needs a wait policy too."),
    .correct = false,
    .placeOrder = placeOrder,
    .scripts = {&compareAndDeleteScript},
    .sourceFile = __FILE__,
};

} // namespace lockstock
