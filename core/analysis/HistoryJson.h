#pragma once
// A run's history and its analysis as JSON (lockstock run --json). The CLI
// writes it as it goes, one event at a time: a history of millions of events
// is never held a second time as one JSON document.

#include "RunAnalysis.h"

#include <QJsonObject>

class QIODevice;

namespace lockstock {

// The figures and findings of a run, without its events.
QJsonObject figuresToJson(const RunAnalysis &analysis);
// The figures and "events": every event (small runs and tests).
QJsonObject toJson(const RunAnalysis &analysis);
QJsonObject eventToJson(const RunInfo &info, const Event &e);
// Writes `figures` and then "events": every event of `analysis`, one per
// line. False when a write failed (the device says why).
bool writeHistoryJson(QIODevice &out, const RunAnalysis &analysis, const QJsonObject &figures);

} // namespace lockstock
