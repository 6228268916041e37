// libFuzzer target for the scenario loader: whatever the bytes, parseScenario
// either returns a scenario that keeps the loader's promises or an error that
// names where it went wrong. Crashes, hangs and sanitizer reports are bugs.

#include "engine/Run.h"
#include "scenario/Scenario.h"
#include "strategies/Strategies.h"

#include <cstddef>
#include <cstdint>

using namespace lockstock;

namespace {
void require(bool ok)
{
    if (!ok)
        __builtin_trap();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray json = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    ScenarioError error;
    const std::optional<Scenario> s = parseScenario(json, QStringLiteral("fuzz.json"), &error);
    if (!s) {
        require(!error.message.isEmpty());
        require(error.line >= 0 && error.line <= json.count('\n') + 1);
        require(!error.display().isEmpty());
        return 0;
    }
    const RunConfig &c = s->config;
    require(!c.clients.isEmpty() && c.clients.size() <= 1000);
    require(c.stock >= 0 && c.quantity >= 1 && c.ordersPerClient >= 1);
    require(c.leaseMs >= 1 && c.retryMs >= 1 && c.maxRunMs >= 1);
    require(c.speed >= 0.01 && c.speed <= 10000);
    require(findStrategy(s->broken) && findStrategy(s->correct));
    require(c.playbackSpeed > 0 && c.rttMs >= 0 && c.nodeTimeoutMs >= 1);
    for (const Fault &f : c.faults)
        require(f.action != Fault::Action::Pause || f.pauseMs > 0);
    for (const ServerFault &f : c.serverFaults)
        require(f.action != ServerFault::Action::ClockDrift || (f.rate >= 0.01 && f.rate <= 100));
    // What a run derives from the config must be computable too, on either clock.
    for (const ClockKind clock : {ClockKind::Virtual, ClockKind::Real}) {
        const RunInfo info = makeRunInfo(c, *findStrategy(s->broken), clock);
        require(info.redisMs(c.leaseMs) >= 1 && info.clockNs(double(c.maxRunMs)) > 0);
    }
    return 0;
}
