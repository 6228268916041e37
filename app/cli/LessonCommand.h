#pragma once
// lockstock lesson NAME [--side broken|correct] [--language zh_CN]: a guided
// lesson in the terminal, for a teacher without a display. Each side's run,
// its frames as text with the trace rows that lead to them. With --poll
// [--listen HOST:PORT] the class votes from their phones (LessonPoll).

#include <QStringList>

namespace lockstock {

int lessonCommand(const QStringList &arguments);

} // namespace lockstock
