#include "RunScenario.h"

#include "LiveRun.h"
#include "NodeSet.h"
#include "SteppedRun.h"

#include "../redis/RedisError.h"

namespace lockstock {

namespace {
template <class R, class Target>
QString drive(const RunConfig &config, const Strategy &strategy, Target &target, History &history)
{
    R run(config, strategy, target, history);
    try {
        run.prepare();
    } catch (const RedisError &err) {
        return QString::fromStdString(err.what());
    }
    run.runToEnd();
    return run.error();
}
} // namespace

ClockKind runClockFor(RunMode mode, const RunConfig &config, const RedisEndpoint &endpoint)
{
    const bool owned = config.needsPrivateServers() || endpoint.clock;
    // Sentinel's and a cluster's timers need the real clock (Run's possibleClock).
    return mode == RunMode::Stepped && owned && !config.nodes.ownTimers() ? ClockKind::Virtual : ClockKind::Real;
}

QString runToEnd(const RunConfig &config, const Strategy &strategy, const RedisEndpoint &endpoint,
                 History &history, RunMode mode)
{
    if (config.needsPrivateServers())
        return QStringLiteral("scenario '%1' starts and faults its own redis-servers; it cannot run on one given server")
            .arg(config.scenario);
    RedisEndpoint target = endpoint;
    return mode == RunMode::Live ? drive<LiveRun>(config, strategy, target, history)
                                 : drive<SteppedRun>(config, strategy, target, history);
}

QString runToEnd(const RunConfig &config, const Strategy &strategy, NodeSet &nodes, History &history, RunMode mode)
{
    return mode == RunMode::Live ? drive<LiveRun>(config, strategy, nodes, history)
                                 : drive<SteppedRun>(config, strategy, nodes, history);
}

QString runWithOwnServers(const RunConfig &config, const Strategy &strategy, History &history, RunMode mode)
{
    std::unique_ptr<NodeSet> nodes;
    try {
        nodes = std::make_unique<NodeSet>(config.nodes);
    } catch (const RedisError &err) {
        return QString::fromStdString(err.what());
    }
    return runToEnd(config, strategy, *nodes, history, mode);
}

} // namespace lockstock
