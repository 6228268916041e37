#include "Strategies.h"

namespace lockstock {

namespace {
Task<bool> placeOrder(Client &c)
{
    const RedisValue left = co_await c.redis(Step::Decrement, "DECRBY", c.stockKey(), c.quantity());
    if (left.isInteger() && left.toInteger() >= 0)
        co_return true;
    // Went below zero: give the units back. Others may briefly see a negative stock.
    co_await c.redis(Step::Compensate, "INCRBY", c.stockKey(), c.quantity());
    co_return false;
}
} // namespace

extern const Strategy decrCompensateStrategy{
    .name = QStringLiteral("decr-compensate"),
    .title = QT_TRANSLATE_NOOP("Strategy", "DECRBY, INCRBY back when it went negative"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "Reservation by atomic decrement: no oversell, at the cost of a brief negative stock."),
    .correct = true,
    .placeOrder = placeOrder,
    .scripts = {},
    .sourceFile = __FILE__,
};

} // namespace lockstock
