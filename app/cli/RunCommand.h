#pragma once

#include <QStringList>

namespace lockstock {

// lockstock run SCENARIO [--strategy NAME] [--speed X] [--seed N] [--json FILE]
int runCommand(const QStringList &arguments);
// lockstock list
int listCommand(const QStringList &arguments);

} // namespace lockstock
