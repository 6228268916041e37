#pragma once
// The history as a terminal table, one line per event (lockstock run --trace).

#include "engine/Checker.h"

namespace lockstock {

void printTrace(const History &history, const QList<Event> &sorted, const Outcome &outcome);

} // namespace lockstock
