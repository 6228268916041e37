#include "TestRedis.h"

#include "redis/RedisError.h"

#include <QTest>

namespace lockstock::test {

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
    // On the real clock (live runs) tests run the scenarios at two thirds of
    // their speed: every timing margin grows by half, so a busy CI machine
    // cannot flip an outcome. (The virtual clock has no margins to grow.)
    s->config.speed /= 1.5;
    if (adjust)
        adjust(s->config);
    auto result = std::make_unique<ScenarioResult>();
    result->error = run(s->config, *chosen, result->history);
    result->events = sortedEvents(result->history);
    result->outcome = check(result->history, result->events);
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

QString describe(const ScenarioResult &r)
{
    return r.outcome.findings(r.history.info()).join(QLatin1Char(' '))
        + (r.error.isEmpty() ? QString() : QStringLiteral(" [error: %1]").arg(r.error));
}

QString timeline(const ScenarioResult &r)
{
    QString text;
    for (const Event &e : r.events) {
        if (e.kind == EventKind::Sleep && e.step == Step::Backoff)
            continue;
        text += QStringLiteral("\n  %1 %2 %3 %4 n%5 %6 -> %7 %8")
                    .arg(qRound64(r.history.scenarioMs(e.tNs)), 6)
                    .arg(r.history.info().clients.value(e.client, QStringLiteral("-")))
                    .arg(QLatin1String(eventKindName(e.kind)))
                    .arg(QLatin1String(stepName(e.step)))
                    .arg(e.node + 1)
                    .arg(displayArgv(e.argv).left(40))
                    .arg(e.reply.display().left(40))
                    .arg(e.note.left(60));
    }
    return text;
}

void expectOutcome(const ScenarioResult &r, Expect what, int unavailable)
{
    const Outcome &o = r.outcome;
    bool ok = r.error.isEmpty();
    switch (what) {
    case Expect::LostUpdate:
        ok = ok && !o.clean() && o.lostUpdates == 1 && !o.overlaps.isEmpty() && !o.staleWritesAccepted.isEmpty();
        break;
    case Expect::Unavailable:
        ok = ok && !o.clean() && o.unavailableOrders == unavailable && o.overlaps.isEmpty();
        break;
    case Expect::Exclusive:
        ok = ok && o.clean() && o.overlaps.isEmpty() && o.ordersSucceeded == 2 && o.finalStock == 98;
        break;
    case Expect::Fenced:
        ok = ok && o.clean() && o.fenced && o.staleWritesRefused.size() == 1 && o.staleWritesAccepted.isEmpty()
            && o.lostUpdates == 0 && o.finalStock == o.expectedStock;
        break;
    }
    if (!ok)
        qWarning("%s", qPrintable(timeline(r)));
    QVERIFY2(ok, qPrintable(describe(r)));
}

} // namespace lockstock::test
