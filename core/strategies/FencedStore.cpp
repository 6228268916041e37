#include "FencedStore.h"

namespace lockstock {

// KEYS: stock, highest token seen. ARGV: token, new stock ('' to read).
// The read registers the token too: once a newer holder has read the stock,
// an older one can no longer act on what it read before.
const RedisScript fencedStockScript(R"lua(
local seen = tonumber(redis.call('GET', KEYS[2]) or '0')
local token = tonumber(ARGV[1])
if token < seen then
    return redis.error_reply('STALE token ' .. token .. ' is older than ' .. seen)
end
redis.call('SET', KEYS[2], token)
if ARGV[2] == '' then
    return redis.call('GET', KEYS[1])
end
return redis.call('SET', KEYS[1], ARGV[2])
)lua");

extern const StockAccess fencedStock{
    .read = [](Client &c) {
        return Argv{"EVALSHA", fencedStockScript.sha(), "2", c.stockKey(), c.config().fenceSeenKey(),
                    QByteArray::number(c.fencingToken()), QByteArray()};
    },
    .write = [](Client &c, long long newStock) {
        return Argv{"EVALSHA", fencedStockScript.sha(), "2", c.stockKey(), c.config().fenceSeenKey(),
                    QByteArray::number(c.fencingToken()), QByteArray::number(newStock)};
    },
};

Task<bool> fencedReadCheckWrite(Client &c)
{
    const RedisValue token = co_await c.redis(Step::Fence, "INCR", c.fenceKey());
    if (!token.isInteger())
        co_return false;
    c.setFencingToken(token.toInteger());
    const bool sold = co_await readCheckWrite(c, fencedStock);
    co_return sold;
}

} // namespace lockstock
