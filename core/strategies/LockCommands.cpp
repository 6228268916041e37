#include "LockCommands.h"

namespace lockstock {

const RedisScript compareAndDeleteScript(R"lua(
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
)lua");

Task<bool> trySetNxPx(Client &c)
{
    const QByteArray token = c.newToken();
    const RedisValue set = co_await c.redis(Step::Acquire, "SET", c.lockKey(), token, "NX", "PX", c.leasePx());
    if (!set.isStatus("OK"))
        co_return false;                       // nil: somebody else holds it
    c.believeHolding(token);
    co_return true;
}

Task<void> releaseWithLua(Client &c)
{
    co_await c.redis(Step::Release, "EVALSHA", compareAndDeleteScript.sha(), "1", c.lockKey(), c.token());
    c.believeReleased();
}

Task<void> releaseWithDel(Client &c)
{
    co_await c.redis(Step::Release, "DEL", c.lockKey());
    c.believeReleased();
}

} // namespace lockstock
