#include "Strategies.h"

namespace lockstock {

const QList<const Strategy *> &allStrategies()
{
    static const QList<const Strategy *> list{
        &noLockStrategy,        &setnxThenExpireStrategy, &setNxPxDelStrategy,
        &setNxPxLuaStrategy,    &watchdogStrategy,        &naiveWatchdogStrategy,
        &watchMultiStrategy,    &luaDecrementStrategy,    &decrCompensateStrategy,
        &fencedLockStrategy,    &setNxPxWaitStrategy,     &redlockStrategy,
        &redlockFencedStrategy, &constantLockStrategy,    &watchReleaseBytesStrategy,
        &watchReleaseStrategy,  &ttlRepairStrategy,       &ttlRepairNoneStrategy,
        &endlessWatchdogStrategy, &tryOnceStrategy,       &incrbyReserveStrategy,
        &incrbyReserveReturnStrategy, &evalshaNoReloadStrategy, &evalshaReloadStrategy,
        &retriedDecrementStrategy, &idempotentDecrementStrategy, &reentrantRetryStrategy,
        &reentrantCheckedStrategy, &lateWatchdogStrategy, &setNxPxMinReplicasStrategy,
    };
    return list;
}

const Strategy *findStrategy(const QString &name)
{
    for (const Strategy *s : allStrategies())
        if (s->name == name)
            return s;
    return nullptr;
}

} // namespace lockstock
