#pragma once
// The options of a scenario run, shared by `run` and `shot`:
// SCENARIO [--strategy NAME|broken|correct] [--speed X] [--seed N] [--schedule S] [--live]

#include "engine/RunScenario.h"
#include "scenario/Scenario.h"

#include <QCommandLineParser>
#include <memory>

namespace lockstock {

struct RunRequest {
    Scenario scenario;
    const Strategy *strategy = nullptr;
    RunMode mode = RunMode::Stepped;
};

void addRunOptions(QCommandLineParser &parser);

class RedisTarget;
// The Redis a request runs on: the private server or --redis, or none when
// the scenario starts and faults servers of its own (then --redis is refused).
// Prints the problem and returns false on bad input or an unusable Redis.
bool openRunTarget(const QCommandLineParser &parser, RunRequest &request, std::unique_ptr<RedisTarget> *target);
// Runs the request to its end on `target`, or on servers of its own.
QString runRequest(const RunRequest &request, const RedisTarget *target, History &history);
// Reads the scenario and applies the options; prints the error and returns
// false on bad input.
bool readRunRequest(const QCommandLineParser &parser, RunRequest *out);
// The scenario named by the one positional argument; prints why not.
std::optional<Scenario> readScenarioArgument(const QCommandLineParser &parser);
// --strategy: a name, or "broken" / "correct" for the scenario's pair; prints why not.
const Strategy *readStrategyOption(const QCommandLineParser &parser, const Scenario &scenario);

} // namespace lockstock
