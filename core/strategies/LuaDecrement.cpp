#include "Strategies.h"
#include "../redis/RedisScript.h"

namespace lockstock {

namespace {
// Check and decrement in one script: Redis runs it atomically, no lock needed.
const RedisScript checkAndDecrementScript(R"lua(
local stock = tonumber(redis.call('GET', KEYS[1]) or '0')
local n = tonumber(ARGV[1])
if stock < n then
    return -1
end
return redis.call('DECRBY', KEYS[1], n)
)lua");

Task<bool> placeOrder(Client &c)
{
    const RedisValue left = co_await c.redis(Step::Decrement, "EVALSHA", checkAndDecrementScript.sha(), "1", c.stockKey(), c.quantity());
    co_return left.isInteger() && left.toInteger() >= 0;
}
} // namespace

extern const Strategy luaDecrementStrategy{
    .name = QStringLiteral("lua-decrement"),
    .title = QT_TRANSLATE_NOOP("Strategy", "Lua check-and-decrement, no lock"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "One atomic script checks and deducts: never oversells, nothing to release."),
    .correct = true,
    .placeOrder = placeOrder,
    .scripts = {&checkAndDecrementScript},
    .sourceFile = __FILE__,
};

} // namespace lockstock
