#pragma once
// The history and the checker's figures as JSON (lockstock run --json).

#include "Checker.h"

#include <QJsonObject>

namespace lockstock {

QJsonObject toJson(const History &history, const QList<Event> &sorted, const Outcome &outcome);
QJsonObject eventToJson(const History &history, const Event &e);

} // namespace lockstock
