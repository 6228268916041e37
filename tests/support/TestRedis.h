#pragma once
// Test support: every test talks to a real redis-server that it starts on a
// free loopback port and stops. No test skips when Redis is missing: the
// test command installs it, and a missing binary is a failure.

#include "analysis/RunAnalysis.h"
#include "engine/History.h"
#include "engine/RunScenario.h"
#include "scenario/Scenario.h"
#include "redis/RedisServer.h"

#include <memory>

namespace lockstock::test {

// Starts a private server; QFAILs (via the returned null) when it cannot.
std::unique_ptr<RedisServer> startRedis(RedisServer::Options options = {});

struct ScenarioResult {
    History history;
    std::shared_ptr<const RunAnalysis> analysis;
    QString error;

    const RunCounts &counts() const { return analysis->counts; }
    // The verdict in words, and the error if the run stopped.
    QString describe() const;
};

// The marks of one kind of finding, in time order.
QList<Mark> marksOf(const RunAnalysis &analysis, FindingKind kind);

// Loads a built-in scenario, runs it with `strategy` ("broken", "correct" or a
// name) against `endpoint`, and checks the history.
std::unique_ptr<ScenarioResult> runScenario(const QString &scenario, const QString &strategy,
                                            const RedisEndpoint &endpoint, RunMode mode = RunMode::Stepped,
                                            const std::function<void(RunConfig &)> &adjust = {});

// The same for a scenario with "nodes" or "server_faults": it starts its own
// servers (RunConfig::needsPrivateServers()).
std::unique_ptr<ScenarioResult> runScenarioOnOwnServers(const QString &scenario, const QString &strategy,
                                                        RunMode mode = RunMode::Stepped,
                                                        const std::function<void(RunConfig &)> &adjust = {});

// The verdict and the error, for a failure message.
QString describe(const ScenarioResult &r);
// The run, one line per event, for the log when a check fails.
QString timeline(const ScenarioResult &r);

// What the fault scenarios show.
enum class Expect {
    LostUpdate,   // two holders, one sale lost
    Unavailable,  // orders failed: the lock's Redis was down
    Exclusive,    // one holder at a time, every order sold
    Fenced,       // two holders, but the store refused the stale write
};
// QVERIFYs the outcome (`unavailable`: orders that found no lock node);
// prints the run, one line per event, when it does not hold.
void expectOutcome(const ScenarioResult &r, Expect what, int unavailable = 0);

} // namespace lockstock::test
