#pragma once
// Test support: every test talks to a real redis-server that it starts on a
// free loopback port and stops. No test skips when Redis is missing: the
// test command installs it, and a missing binary is a failure.

#include "analysis/RunAnalysis.h"
#include "engine/History.h"
#include "engine/RunScenario.h"
#include "scenario/Scenario.h"
#include "redis/RedisServer.h"

#include <functional>
#include <map>
#include <memory>
#include <vector>

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

// A data-driven test's rows: every shipped scenario, broken and correct
// (columns "scenario" and "side").
void addEveryScenarioAndSide();

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

// The runs side by side, at most `atOnce` at a time, each on its own thread;
// the results in the runs' order. Runs on the real clock spend their time
// waiting on Sentinel's or a cluster's timers: side by side, a few take
// about as long as one.
using ScenarioRun = std::function<std::unique_ptr<ScenarioResult>()>;
std::vector<std::unique_ptr<ScenarioResult>> runSideBySide(const std::vector<ScenarioRun> &runs, int atOnce);

// How many runs of these scenarios on the real clock may go side by side
// (LOCKSTOCK_REAL_CLOCK_AT_ONCE, if set, says).
int realClockAtOnce(const QStringList &scenarios);

// The runs of a scenario on the real clock (RunConfig nodes with their own
// timers), both sides side by side: the side asked first starts `n` runs of
// each, the other side finds its runs ready. With `together`, the first
// scenario of it asked for starts them all, once.
class RealClockRuns {
public:
    explicit RealClockRuns(QStringList together = {}) : m_together(std::move(together)) {}
    std::vector<std::unique_ptr<ScenarioResult>> take(const QString &scenario, const QString &side, int n);
    // Every shipped scenario that runs on the real clock.
    static QStringList shipped();

private:
    QStringList m_together;
    std::map<QString, std::vector<std::unique_ptr<ScenarioResult>>> m_ready; // "scenario/side"
};

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
