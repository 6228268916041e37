#pragma once
// The simulator window.

#include "engine/RedisTarget.h"

#include <memory>

namespace lockstock {

// Shows the window until it closes; `target` is null when Redis could not be
// reached (the window says so, with `error`). Needs a QGuiApplication.
int runWindow(std::unique_ptr<RedisTarget> target, const QString &error);
// Makes the QML modules LockStock and LockStock.Native known; the tests call it too.
void registerQmlTypes();

} // namespace lockstock
