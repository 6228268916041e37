#pragma once
// The history as a terminal table, one line per event (lockstock run --trace).

#include "analysis/RunAnalysis.h"

namespace lockstock {

void printTrace(const RunAnalysis &analysis);

} // namespace lockstock
