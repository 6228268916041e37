#pragma once
// The history and the checker's figures as JSON (lockstock run --json).
// Written as it goes, one event at a time: a history of millions of events is
// never held a second time as one JSON document.

#include "Checker.h"

#include <QJsonObject>

class QIODevice;

namespace lockstock {

// The figures of a run, without its events.
QJsonObject figuresToJson(const History &history, const Outcome &outcome);
QJsonObject eventToJson(const History &history, const Event &e);
// Writes `figures` and then "events": every event of `sorted`, one per line.
// False when a write failed (the device says why).
bool writeHistoryJson(QIODevice &out, const History &history, const QList<Event> &sorted, const QJsonObject &figures);

} // namespace lockstock
