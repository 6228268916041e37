#pragma once

#include <QStringList>

namespace lockstock {

class History;
struct Outcome;
// The checker's findings and figures, as `run` prints them.
void printOutcome(const History &history, const Outcome &outcome);

// lockstock run SCENARIO [--strategy NAME] [--speed X] [--seed N] [--json FILE]
int runCommand(const QStringList &arguments);
// lockstock list
int listCommand(const QStringList &arguments);

} // namespace lockstock
