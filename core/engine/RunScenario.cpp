#include "RunScenario.h"

#include "LiveRun.h"
#include "SteppedRun.h"

#include "../redis/RedisError.h"

namespace lockstock {

namespace {
template <class R>
QString drive(const RunConfig &config, const Strategy &strategy, const RedisEndpoint &endpoint, History &history)
{
    R run(config, strategy, endpoint, history);
    try {
        run.prepare();
    } catch (const RedisError &err) {
        return QString::fromStdString(err.what());
    }
    run.runToEnd();
    return run.error();
}
} // namespace

QString runToEnd(const RunConfig &config, const Strategy &strategy, const RedisEndpoint &endpoint,
                 History &history, RunMode mode)
{
    return mode == RunMode::Live ? drive<LiveRun>(config, strategy, endpoint, history)
                                 : drive<SteppedRun>(config, strategy, endpoint, history);
}

} // namespace lockstock
