#pragma once

#include <QStringList>

namespace lockstock {

// lockstock [--redis HOST:PORT]: the simulator window. Needs a QGuiApplication.
int windowCommand(const QStringList &arguments);

} // namespace lockstock
