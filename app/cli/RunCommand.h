#pragma once

#include <QStringList>

namespace lockstock {

class RunAnalysis;
// The verdict's findings and the figures, as `run` prints them.
void printAnalysis(const RunAnalysis &analysis);

// lockstock run SCENARIO [--strategy NAME] [--speed X] [--seed N] [--json FILE]
int runCommand(const QStringList &arguments);
// lockstock list
int listCommand(const QStringList &arguments);

} // namespace lockstock
