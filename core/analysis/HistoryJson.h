#pragma once
// A run's history and its analysis as JSON (lockstock run --json).

#include "RunAnalysis.h"

#include <QJsonObject>

namespace lockstock {

QJsonObject toJson(const RunAnalysis &analysis);
QJsonObject eventToJson(const RunInfo &info, const Event &e);

} // namespace lockstock
