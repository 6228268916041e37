#pragma once

#include <QStringList>

namespace lockstock {

// lockstock stress --strategy NAME|--all [--clients C] [--orders N] [--stock S] [--json FILE]
int stressCommand(const QStringList &arguments);

} // namespace lockstock
