#pragma once
// A scenario back as a file: every field the loader reads, written so that
// parseScenario(writeScenario(s)) gives s again (but for where it was read
// from), in the order the shipped files use, one item per line.

#include "Scenario.h"

namespace lockstock {

QByteArray writeScenario(const Scenario &scenario);
// Writes `scenario` to `path`; false with *error ("cannot write PATH: ...") when it cannot.
bool saveScenarioFile(const Scenario &scenario, const QString &path, QString *error);

} // namespace lockstock
