#pragma once

#include <QStringList>

namespace lockstock {

// lockstock report SCENARIO [--strategy NAME | --both] [--language LANG] --out FILE.html
// Runs the scenario headless (both sides with --both) and writes one
// self-contained HTML report; prints the verdict.
int reportCommand(const QStringList &arguments);

} // namespace lockstock
