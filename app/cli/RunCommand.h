#pragma once

#include <QStringList>

namespace lockstock {

class RunAnalysis;
// The verdict's findings and the figures, as `run` prints them.
// A stopped run (an error cut it short) has figures but no verdict.
void printAnalysis(const RunAnalysis &analysis, bool stopped = false);

// lockstock run SCENARIO [--strategy NAME] [--speed X] [--seed N] [--json FILE]
int runCommand(const QStringList &arguments);
// lockstock list
int listCommand(const QStringList &arguments);

} // namespace lockstock
