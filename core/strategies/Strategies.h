#pragma once
// The strategies shipped with LockStock, one file each.

#include "../engine/Strategy.h"

namespace lockstock {

extern const Strategy noLockStrategy;
extern const Strategy setnxThenExpireStrategy;
extern const Strategy setNxPxDelStrategy;
extern const Strategy setNxPxLuaStrategy;
extern const Strategy watchdogStrategy;
extern const Strategy naiveWatchdogStrategy;
extern const Strategy lateWatchdogStrategy;
extern const Strategy watchMultiStrategy;
extern const Strategy luaDecrementStrategy;
extern const Strategy decrCompensateStrategy;
extern const Strategy fencedLockStrategy;
extern const Strategy setNxPxWaitStrategy;
extern const Strategy setNxPxMinReplicasStrategy;
extern const Strategy redlockStrategy;
extern const Strategy redlockFencedStrategy;
extern const Strategy constantLockStrategy;
extern const Strategy watchReleaseBytesStrategy;
extern const Strategy watchReleaseStrategy;
extern const Strategy ttlRepairStrategy;
extern const Strategy ttlRepairNoneStrategy;
extern const Strategy endlessWatchdogStrategy;
extern const Strategy tryOnceStrategy;
extern const Strategy incrbyReserveStrategy;
extern const Strategy incrbyReserveReturnStrategy;
extern const Strategy evalshaNoReloadStrategy;
extern const Strategy evalshaReloadStrategy;
extern const Strategy retriedDecrementStrategy;
extern const Strategy idempotentDecrementStrategy;
extern const Strategy reentrantRetryStrategy;
extern const Strategy reentrantCheckedStrategy;

const QList<const Strategy *> &allStrategies();
const Strategy *findStrategy(const QString &name);

} // namespace lockstock
