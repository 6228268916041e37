#include "Strategies.h"

#include "../redis/RedisScript.h"

namespace lockstock {

namespace {
// Deducts once per order: the order's id goes into a set in the same script,
// so a retry of an order already applied changes nothing.
const RedisScript deductOnceScript(R"lua(
if redis.call('HSETNX', KEYS[2], ARGV[2], 1) == 0 then
    return tonumber(redis.call('GET', KEYS[1]))
end
return redis.call('DECRBY', KEYS[1], ARGV[1])
)lua");

// A client library's retry: a command whose reply did not come (a socket
// timeout) is sent again, up to three times. The first one may well have run.
Task<bool> placeOrder(Client &c, bool idempotent)
{
    for (int attempt = 0; attempt < 3; ++attempt) {
        RedisValue left;
        if (idempotent)
            left = co_await c.redis(Step::Decrement, "EVALSHA", deductOnceScript.sha(), "2", c.stockKey(),
                                    c.appliedOrdersKey(), c.quantity(), c.orderId());
        else
            left = co_await c.redis(Step::Decrement, "DECRBY", c.stockKey(), c.quantity());
        if (left.isError())
            continue;                          // timed out: try again
        if (left.toInteger() >= 0)
            co_return true;
        // Went below zero: give the units back.
        co_await c.redis(Step::Compensate, "INCRBY", c.stockKey(), c.quantity());
        co_return false;
    }
    co_return false;
}
} // namespace

extern const Strategy retriedDecrementStrategy{
    .name = QStringLiteral("decr-retry"),
    .title = QT_TRANSLATE_NOOP("Strategy", "DECRBY, sent again when its reply is lost"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "A reply lost after Redis ran the command: the retry deducts the order twice."),
    .correct = false,
    .placeOrder = [](Client &c) { return placeOrder(c, false); },
    .scripts = {},
    .sourceFile = __FILE__,
};

extern const Strategy idempotentDecrementStrategy{
    .name = QStringLiteral("decr-once"),
    .title = QT_TRANSLATE_NOOP("Strategy", "Deduct once per order id, retried safely"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "The order's id is recorded with the deduction in one script: a retry finds it and deducts nothing."),
    .correct = true,
    .placeOrder = [](Client &c) { return placeOrder(c, true); },
    .scripts = {&deductOnceScript},
    .sourceFile = __FILE__,
};

} // namespace lockstock
