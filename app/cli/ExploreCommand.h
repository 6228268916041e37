#pragma once

#include <QStringList>

namespace lockstock {

// lockstock explore SCENARIO [--strategy broken|correct|NAME] [--json FILE]
//   [--save-counterexample FILE] [--faults K] [--budget SECONDS]
int exploreCommand(const QStringList &arguments);

} // namespace lockstock
