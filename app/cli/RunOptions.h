#pragma once
// The options of a scenario run, shared by `run` and `shot`:
// SCENARIO [--strategy NAME|broken|correct] [--speed X] [--seed N] [--schedule S] [--live]

#include "engine/RunScenario.h"
#include "engine/Scenario.h"

#include <QCommandLineParser>

namespace lockstock {

struct RunRequest {
    Scenario scenario;
    const Strategy *strategy = nullptr;
    RunMode mode = RunMode::Stepped;
};

void addRunOptions(QCommandLineParser &parser);
// Reads the scenario and applies the options; prints the error and returns
// false on bad input.
bool readRunRequest(const QCommandLineParser &parser, RunRequest *out);

} // namespace lockstock
