#pragma once
// The simulator window.

#include "engine/RedisTarget.h"
#include "scenario/Scenario.h"

#include <functional>
#include <memory>
#include <optional>

class QQmlApplicationEngine;
class QQuickWindow;

namespace lockstock {

class RunController;

// Shows the window until it closes. `target` gives the Redis target, called
// once the QML engine is made (a private server comes up meanwhile); null
// when Redis could not be reached (the window says so, with `error`);
// `opened`, a scenario file to show instead of the one last shown. Needs a
// QGuiApplication.
int runWindow(const std::function<std::unique_ptr<RedisTarget>()> &target, const QString &error,
              const std::optional<Scenario> &opened = {});
// Loads the window into `engine` for `controller`, `opened` (if any) opened
// first so the window keeps it rather than the last session's scenario; null
// if the QML failed. runWindow() and the tests show the window this way.
QQuickWindow *loadWindow(QQmlApplicationEngine &engine, RunController &controller, const std::optional<Scenario> &opened);
// Makes the QML modules LockStock and LockStock.Native known; the tests call it too.
void registerQmlTypes();

} // namespace lockstock
