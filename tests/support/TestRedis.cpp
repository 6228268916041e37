#include "TestRedis.h"

#include "redis/RedisError.h"
#include "strategies/Strategies.h"

#include <QTest>

namespace lockstock::test {

QString ScenarioResult::describe() const
{
    return analysis->findings().join(QLatin1Char(' ')) + (error.isEmpty() ? QString() : QStringLiteral(" [error: %1]").arg(error));
}

QList<Mark> marksOf(const RunAnalysis &analysis, FindingKind kind)
{
    QList<Mark> out;
    for (const Mark &m : analysis.marks)
        if (m.kind == kind && analysis.markAt(m.event))
            out << m;
    return out;
}

std::unique_ptr<RedisServer> startRedis(RedisServer::Options options)
{
    auto server = std::make_unique<RedisServer>(std::move(options));
    try {
        server->start();
    } catch (const RedisError &err) {
        qWarning("cannot start redis-server: %s", err.what());
        return nullptr;
    }
    return server;
}

namespace {
// Runs `scenario` with `strategy` through `run`, which gets the config.
std::unique_ptr<ScenarioResult> runWith(const QString &scenario, const QString &strategy, RunMode mode,
                                        const std::function<void(RunConfig &)> &adjust,
                                        const std::function<QString(const RunConfig &, const Strategy &, History &)> &run)
{
    ScenarioError error;
    std::optional<Scenario> s = findScenario(scenario, &error);
    if (!s) {
        qWarning("%s", qPrintable(error.display()));
        return nullptr;
    }
    const QString name = strategy == QLatin1String("broken") ? s->broken
        : strategy == QLatin1String("correct")              ? s->correct
                                                            : strategy;
    const Strategy *chosen = findStrategy(name);
    if (!chosen) {
        qWarning("no strategy %s", qPrintable(name));
        return nullptr;
    }
    if (mode == RunMode::Live)
        s->config.probe = false;
    s->config.correctSide = s->correctHere(chosen->name, chosen->correct);
    // Tests run the scenarios at two thirds of their speed: every timing
    // margin grows by half, so a busy CI machine cannot flip an outcome.
    s->config.speed /= 1.5;
    if (adjust)
        adjust(s->config);
    auto result = std::make_unique<ScenarioResult>();
    result->error = run(s->config, *chosen, result->history);
    result->analysis = analyze(result->history);
    return result;
}
} // namespace

std::unique_ptr<ScenarioResult> runScenario(const QString &scenario, const QString &strategy,
                                            const RedisEndpoint &endpoint, RunMode mode,
                                            const std::function<void(RunConfig &)> &adjust)
{
    return runWith(scenario, strategy, mode, adjust,
                   [&](const RunConfig &config, const Strategy &chosen, History &history) {
                       return runToEnd(config, chosen, endpoint, history, mode);
                   });
}

std::unique_ptr<ScenarioResult> runScenarioOnOwnServers(const QString &scenario, const QString &strategy,
                                                        RunMode mode, const std::function<void(RunConfig &)> &adjust)
{
    return runWith(scenario, strategy, mode, adjust, [&](const RunConfig &config, const Strategy &chosen, History &history) {
        return runWithOwnServers(config, chosen, history, mode);
    });
}

} // namespace lockstock::test
