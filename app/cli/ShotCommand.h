#pragma once

#include <QStringList>

namespace lockstock {

// lockstock shot SCENARIO [--strategy NAME] --out FILE.png [--width W] [--height H] [--theme light|dark]
// Runs the scenario headless and writes the finished timeline as a PNG (or
// SVG when FILE ends in .svg); prints the verdict. With --animate FILE.gif
// (.webm, .mp4, .apng) the run as it plays instead (cli/AnimateOptions.h).
int shotCommand(const QStringList &arguments);

} // namespace lockstock
