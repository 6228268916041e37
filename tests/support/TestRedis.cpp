#include "TestRedis.h"

#include "redis/RedisError.h"
#include "strategies/Strategies.h"

#include <QTest>

#include <atomic>
#include <thread>
#include <utility>

namespace lockstock::test {

QString ScenarioResult::describe() const
{
    return analysis->findings().join(QLatin1Char(' ')) + (error.isEmpty() ? QString() : QStringLiteral(" [error: %1]").arg(error));
}

void addEveryScenarioAndSide()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("side");
    for (const QString &name : builtinScenarioNames())
        for (const char *side : {"broken", "correct"})
            QTest::addRow("%s/%s", qPrintable(name), side) << name << QString::fromLatin1(side);
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
    // On the real clock (live runs) tests run the scenarios at two thirds of
    // their speed: every timing margin grows by half, so a busy CI machine
    // cannot flip an outcome. (The virtual clock has no margins to grow.)
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

std::vector<std::unique_ptr<ScenarioResult>> runSideBySide(const std::vector<ScenarioRun> &runs, int atOnce)
{
    std::vector<std::unique_ptr<ScenarioResult>> results(runs.size());
    if (atOnce <= 1) { // in order, on this thread
        for (size_t i = 0; i < runs.size(); ++i)
            results[i] = runs[i]();
        return results;
    }
    std::atomic<size_t> next{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < std::min<int>(atOnce, int(runs.size())); ++t)
        threads.emplace_back([&] {
            for (size_t i = next++; i < runs.size(); i = next++)
                results[i] = runs[i]();
        });
    for (std::thread &t : threads)
        t.join();
    return results;
}

int realClockAtOnce(const QStringList &scenarios)
{
    // Servers on two cores keep their timers while a few topologies run:
    // ten clusters failing over at once (70 servers) made one's failover
    // outlast a client's timeout; six at once (42) did not.
    if (const int n = qEnvironmentVariableIntValue("LOCKSTOCK_REAL_CLOCK_AT_ONCE"); n > 0)
        return n;
    int servers = 1;
    for (const QString &name : scenarios) {
        ScenarioError error;
        const NodeSpec nodes = findScenario(name, &error)->config.nodes;
        servers = std::max(servers, nodes.count + nodes.sentinels + 1); // and the store
    }
    return std::max(1, 42 / servers);
}

std::vector<std::unique_ptr<ScenarioResult>> RealClockRuns::take(const QString &scenario, const QString &side, int n)
{
    const QString key = scenario + QLatin1Char('/') + side;
    if (!m_ready.count(key)) {
        std::vector<QString> keys;
        std::vector<ScenarioRun> runs;
        const QStringList names = m_together.contains(scenario) ? std::exchange(m_together, {}) : QStringList{scenario};
        for (const QString &name : names)
            for (const QString &which : {QStringLiteral("broken"), QStringLiteral("correct")})
                for (int i = 0; i < n; ++i) {
                    keys.push_back(name + QLatin1Char('/') + which);
                    runs.push_back([name, which] { return runScenarioOnOwnServers(name, which); });
                }
        std::vector<std::unique_ptr<ScenarioResult>> results = runSideBySide(runs, realClockAtOnce(names));
        for (size_t i = 0; i < results.size(); ++i)
            m_ready[keys[i]].push_back(std::move(results[i]));
    }
    return std::move(m_ready.extract(key).mapped());
}

QStringList RealClockRuns::shipped()
{
    QStringList names;
    for (const QString &name : builtinScenarioNames()) {
        ScenarioError error;
        if (findScenario(name, &error)->config.nodes.ownTimers())
            names << name;
    }
    return names;
}

QString describe(const ScenarioResult &r)
{
    return r.describe();
}

QString timeline(const ScenarioResult &r)
{
    QString text;
    for (const Event &e : r.analysis->events) {
        if (e.kind == EventKind::Sleep && e.step == Step::Backoff)
            continue;
        text += QStringLiteral("\n  %1 %2 %3 %4 n%5 %6 -> %7 %8")
                    .arg(qRound64(r.history.scenarioMs(e.tNs)), 6)
                    .arg(r.history.info().clients.value(e.client, QStringLiteral("-")))
                    .arg(QLatin1String(nameOf(e.kind)))
                    .arg(QLatin1String(nameOf(e.step)))
                    .arg(e.node + 1)
                    .arg(displayArgv(e.argv).left(40))
                    .arg(e.reply.display().left(40))
                    .arg(e.note.left(60));
    }
    return text;
}

void expectOutcome(const ScenarioResult &r, Expect what, int unavailable)
{
    const RunAnalysis &a = *r.analysis;
    const RunCounts &n = a.counts;
    bool ok = r.error.isEmpty();
    switch (what) {
    case Expect::LostUpdate:
        ok = ok && !a.clean() && n.lostUpdates == 1 && !a.overlaps.isEmpty() && n.staleWritesAccepted > 0;
        break;
    case Expect::Unavailable:
        ok = ok && !a.clean() && n.unavailableOrders == unavailable && a.overlaps.isEmpty();
        break;
    case Expect::Exclusive:
        ok = ok && a.verdict.severity() == Severity::Clean && a.overlaps.isEmpty() && n.ordersSucceeded == 2
            && a.finalStock == 98;
        break;
    case Expect::Fenced:
        // Two holders, said to be harmless, and nothing marked as lost.
        ok = ok && a.clean() && a.verdict.severity() == Severity::Harmless && n.fenced && n.staleWritesRefused == 1
            && n.staleWritesAccepted == 0 && n.lostUpdates == 0 && a.finalStock == n.expectedStock
            && marksOf(a, FindingKind::LostUpdates).isEmpty();
        break;
    }
    if (!ok)
        qWarning("%s", qPrintable(timeline(r)));
    QVERIFY2(ok, qPrintable(r.describe()));
}

} // namespace lockstock::test
