#include "Strategies.h"

namespace lockstock {

namespace {
// Reservation as the source material states it: INCRBY a counter of units
// reserved, and fail when it passes the stock. No lock: INCRBY is atomic.
Task<bool> placeOrder(Client &c, bool giveBack)
{
    const RedisValue reserved = co_await c.redis(Step::Reserve, "INCRBY", c.reservedKey(), c.quantity());
    if (!reserved.isInteger() || reserved.toInteger() > c.config().stock) {
        // Without this the failed order's units stay counted: the counter
        // passes the stock for good and refuses orders that would fit.
        if (giveBack)
            co_await c.redis(Step::Compensate, "DECRBY", c.reservedKey(), c.quantity());
        co_return false;
    }
    const RedisValue left = co_await c.redis(Step::Decrement, "DECRBY", c.stockKey(), c.quantity());
    co_return left.isInteger();
}
} // namespace

extern const Strategy incrbyReserveStrategy{
    .name = QStringLiteral("incrby-reserve"),
    .title = QT_TRANSLATE_NOOP("Strategy", "INCRBY a reservation counter, never give it back"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "No oversell, but a refused order's units stay reserved: later orders are refused while stock is left."),
    .correct = false,
    .placeOrder = [](Client &c) { return placeOrder(c, false); },
    .scripts = {},
    .sourceFile = __FILE__,
};

extern const Strategy incrbyReserveReturnStrategy{
    .name = QStringLiteral("incrby-reserve-return"),
    .title = QT_TRANSLATE_NOOP("Strategy", "INCRBY a reservation counter, DECRBY it back on failure"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "A refused order gives its reservation back: every unit that is left can be sold."),
    .correct = true,
    .placeOrder = [](Client &c) { return placeOrder(c, true); },
    .scripts = {},
    .sourceFile = __FILE__,
};

} // namespace lockstock
