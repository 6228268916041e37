#pragma once
// One event as the inspector shows it: command, reply, the client's belief
// and what Redis held before → after. The window's inspector and the HTML
// report show the same rows, so they never say different things.

#include "analysis/RunAnalysis.h"

#include <QVariantMap>

namespace lockstock {

// Keys: index, timeMs, durationMs, client, clientName, kind, step, watchdog,
// command, reply, heldBefore, holds, token, note, what, race, source, line,
// and from the probes lockValueBefore, lockPttlBefore, stockBefore, lockValue,
// lockPttl, stock; and `rows`, the event in words as the inspector lays it
// out: a list of {label, text, role} (role: "who", "command", "reply",
// "belief", "race" or ""), translated in the "EventInspector" context.
// Empty for an index out of range.
QVariantMap eventDetails(const RunAnalysis &analysis, int sortedIndex);

} // namespace lockstock
