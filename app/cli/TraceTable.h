#pragma once
// The history as a terminal table, one line per event (lockstock run --trace).

#include "analysis/RunAnalysis.h"

namespace lockstock {

void printTrace(const RunAnalysis &analysis);
// The table's head, and its rows for events [from, to) (a lesson prints the
// rows between its frames).
void printTraceHeader();
void printTraceRows(const RunAnalysis &analysis, int from, int to);

} // namespace lockstock
