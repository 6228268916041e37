// libFuzzer target for the scenario loader: whatever the bytes, parseScenario
// either returns a scenario that keeps the loader's promises or an error that
// names where it went wrong. Crashes, hangs and sanitizer reports are bugs.

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
    for (const Fault &f : c.faults)
        require(f.action != Fault::Action::Pause || f.pauseMs > 0);
    // What the run derives from the config must be computable too.
    require(c.realMs(c.leaseMs) >= 1 && c.realNs(c.maxRunMs) > 0);
    return 0;
}
