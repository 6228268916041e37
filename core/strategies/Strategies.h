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
extern const Strategy watchMultiStrategy;
extern const Strategy luaDecrementStrategy;
extern const Strategy decrCompensateStrategy;
extern const Strategy fencedLockStrategy;
extern const Strategy setNxPxWaitStrategy;
extern const Strategy redlockStrategy;
extern const Strategy redlockFencedStrategy;

const QList<const Strategy *> &allStrategies();
const Strategy *findStrategy(const QString &name);

} // namespace lockstock
