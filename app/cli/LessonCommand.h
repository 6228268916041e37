#pragma once
// lockstock lesson NAME [--side broken|correct] [--language zh_CN]: a guided
// lesson in the terminal, for a teacher without a display. Each side's run,
// its frames as text with the trace rows that lead to them.

#include <QStringList>

namespace lockstock {

int lessonCommand(const QStringList &arguments);

} // namespace lockstock
