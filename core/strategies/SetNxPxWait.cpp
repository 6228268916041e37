#include "LockCommands.h"
#include "StockUpdate.h"
#include "Strategies.h"

namespace lockstock {

namespace {
// SET NX PX, then WAIT 1: keep the lock only once a replica has it, so a
// failover right now would not forget it. WAIT does not make Redis strongly
// consistent: the acknowledging replica is not necessarily the one promoted.
Task<bool> trySetNxPxReplicated(Client &c)
{
    const bool acquired = co_await trySetNxPx(c);
    if (!acquired)
        co_return false;
    // A tenth of the lease: long enough for a healthy replica on a busy
    // machine, short enough to leave most of the lease for the work (and
    // shorter than the run's command timeout towards a lock node).
    const RedisValue acked = co_await c.redis(Step::Replicate, "WAIT", "1", c.redisMs(c.config().leaseMs / 10));
    if (acked.isInteger() && acked.toInteger() >= 1)
        co_return true;
    co_await releaseWithLua(c);                // not replicated: give it back, try again
    co_return false;
}

Task<bool> placeOrder(Client &c)
{
    const bool acquired = co_await acquireWithRetry(c, trySetNxPxReplicated);
    if (!acquired)
        co_return false;
    const bool sold = co_await readCheckWrite(c);
    co_await releaseWithLua(c);
    co_return sold;
}
} // namespace

extern const Strategy setNxPxWaitStrategy{
    .name = QStringLiteral("set-nx-px-wait"),
    .title = QT_TRANSLATE_NOOP("Strategy", "SET NX PX, then WAIT 1 for a replica before using the lock"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "A lock no replica has is not used; an acknowledged one can still be lost if another replica is promoted."),
    .correct = true,
    .weakness = QT_TRANSLATE_NOOP("Strategy", "a failover to a replica that never got the lock"),
    .needsReplica = true,
    .placeOrder = placeOrder,
    .scripts = {&compareAndDeleteScript},
    .sourceFile = __FILE__,
};

// The same client on masters that refuse a write no replica can take
// (redis.conf: min-replicas-to-write 1, min-replicas-max-lag 10): a master
// cut off from its replicas answers NOREPLICAS at once, so the lock is
// never granted there, where WAIT would find out a second later. Neither
// makes replication synchronous.
extern const Strategy setNxPxMinReplicasStrategy{
    .name = QStringLiteral("set-nx-px-min-replicas"),
    .title = QT_TRANSLATE_NOOP("Strategy", "SET NX PX and WAIT 1 on masters with min-replicas-to-write 1"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "A master cut off from its replicas refuses the lock (NOREPLICAS) instead of granting one a failover forgets."),
    .correct = true,
    .weakness = QT_TRANSLATE_NOOP("Strategy", "a failover to a replica that never got the lock"),
    .needsReplica = true,
    .minReplicasToWrite = 1,
    .placeOrder = placeOrder,
    .scripts = {&compareAndDeleteScript},
    .sourceFile = __FILE__,
};

} // namespace lockstock
