#pragma once
// Stress mode: many real clients, each on its own thread and connection,
// placing orders through one strategy as fast as Redis answers (a LiveRun
// with probes off), bounded in orders and in time.

#include "StressStats.h"

#include "engine/Strategy.h"
#include "redis/RedisEndpoint.h"

#include <atomic>
#include <functional>

namespace lockstock {

struct StressWorkload {
    int clients = 8;
    int orders = 1600;             // in total, spread over the clients
    qint64 stock = 1600;
    qint64 leaseMs = 10000;        // long enough that load alone never expires a lock
    qint64 retryMs = 2;            // short back-off: contention, not sleep, sets the pace
    qint64 workMs = 0;
    qint64 acquireTimeoutMs = 10000;
    int maxSeconds = 60;           // a run still going by then is stopped
    QByteArray keyPrefix;          // for a shared server
    // When set to true the run stops ("interrupted") and a comparison skips the rest.
    const std::atomic<bool> *interrupt = nullptr;

    QJsonObject toJson() const;
};

// The run configuration: clients C1..Cn, orders spread as evenly as they go.
RunConfig stressConfig(const StressWorkload &workload);

// Called about ten times a second on the calling thread while a run goes.
using StressProgress = std::function<void(int ordersDone, int ordersTotal)>;

// Runs the workload to the end (or its time limit), checks the history and
// removes the run's keys. Redis failures end up in StressResult::error.
StressResult runStress(const StressWorkload &workload, const Strategy &strategy, const RedisEndpoint &endpoint,
                       const StressProgress &progress = {});

// The same workload through each strategy in turn, on one Redis: `stress --all`
// and the window's chart. `progress` also says which strategy runs; `finished`
// gets each result as it comes. Both are called on the calling thread.
using ComparisonProgress = std::function<void(int strategyIndex, int ordersDone, int ordersTotal)>;
using ComparisonFinished = std::function<void(int strategyIndex, const StressResult &result)>;
QList<StressResult> runStressComparison(const StressWorkload &workload, const QList<const Strategy *> &strategies,
                                        const RedisEndpoint &endpoint, const ComparisonProgress &progress = {},
                                        const ComparisonFinished &finished = {});

} // namespace lockstock
