#include "LockCommands.h"

#include <cmath>

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

Task<bool> tryRedlock(Client &c)
{
    const QByteArray token = c.newToken();
    const qint64 startMs = c.orderElapsedMs();
    const RedisValue replies = co_await c.redisAll(Step::Acquire, "SET", c.lockKey(), token, "NX", "PX", c.leasePx());
    int granted = 0;
    for (const RedisValue &r : replies.items())
        granted += r.isStatus("OK") ? 1 : 0;
    const qint64 leaseMs = c.config().leaseMs;
    // Clocks drift, and the 2 ms are on the run's clock: in scenario time
    // that is 2 ms (virtual) or 2 ms scaled by the speed (real).
    const qint64 driftMs = leaseMs / 100 + qint64(std::ceil(2 * c.speed()));
    const qint64 validityMs = leaseMs - (c.orderElapsedMs() - startMs) - driftMs;
    if (granted >= c.lockNodes() / 2 + 1 && validityMs > 0) {
        c.believeHolding(token);
        co_return true;
    }
    // No majority in time: free what we got, or it blocks others for a lease.
    co_await c.redisAll(Step::Release, "EVALSHA", compareAndDeleteScript.sha(), "1", c.lockKey(), token);
    co_return false;
}

Task<void> releaseRedlock(Client &c)
{
    co_await c.redisAll(Step::Release, "EVALSHA", compareAndDeleteScript.sha(), "1", c.lockKey(), c.token());
    c.believeReleased();
}

const RedisScript renewIfOwnerScript(R"lua(
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
)lua");

Task<RedisValue> renewIfOwner(Client &c, const QByteArray &token)
{
    const RedisValue renewed = co_await c.redis(Step::Renew, "EVALSHA", renewIfOwnerScript.sha(), "1", c.lockKey(), token, c.leasePx());
    co_return renewed;
}

} // namespace lockstock
