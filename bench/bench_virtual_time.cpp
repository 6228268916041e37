// bench_virtual_time: how long a long scenario takes to compute on the
// virtual clock, against the time the same Redis commands take on their own.
//
//   bench_virtual_time [--scenario NAME] [--strategy broken|correct|NAME] [--rounds N]
//
// Each round, interleaved: (a) the scenario stepped on the virtual clock on a
// private redis-server, as `lockstock run` does (probes, clock moves and all);
// (b) the commands that run sent, replayed one by one on one connection to
// the same server, nothing else: the cost Redis itself puts on that work.
// Reported: median and spread (min-max) of both, the paired ratio a/b per
// round, and scenario seconds per real second (virtual/real).

#include "analysis/RunAnalysis.h"
#include "engine/SteppedRun.h"
#include "scenario/Scenario.h"
#include "strategies/Strategies.h"
#include "redis/RedisConnection.h"
#include "redis/RedisError.h"
#include "redis/RedisScript.h"
#include "redis/RedisServer.h"

#include "BenchOutput.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>

#include <algorithm>
#include <cstdio>

using namespace lockstock;

namespace {
using bench::line;
using bench::loadAverage;

struct Spread {
    double median = 0;
    double min = 0;
    double max = 0;
};

Spread spread(QList<double> values)
{
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return {n % 2 ? values.at(n / 2) : (values.at(n / 2 - 1) + values.at(n / 2)) / 2, values.first(), values.last()};
}

QString row(const QString &what, const Spread &s, int decimals, const QString &unit)
{
    return QStringLiteral("  %1 %2 %3 %4 %5").arg(what, -30)
        .arg(s.median, 10, 'f', decimals).arg(s.min, 10, 'f', decimals).arg(s.max, 10, 'f', decimals).arg(unit);
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("A long scenario on the virtual clock against its bare Redis commands."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("scenario"), QStringLiteral("Scenario (default: watchdog-long-work, 45 s of work)."),
                      QStringLiteral("NAME"), QStringLiteral("watchdog-long-work")});
    parser.addOption({QStringLiteral("strategy"), QStringLiteral("broken, correct or a strategy name (default: correct)."),
                      QStringLiteral("NAME"), QStringLiteral("correct")});
    parser.addOption({QStringLiteral("rounds"), QStringLiteral("Interleaved rounds (default 15)."), QStringLiteral("N"),
                      QStringLiteral("15")});
    parser.process(app);

    ScenarioError error;
    const std::optional<Scenario> scenario = findScenario(parser.value(QStringLiteral("scenario")), &error);
    if (!scenario) {
        std::fprintf(stderr, "bench_virtual_time: %s\n", qPrintable(error.display()));
        return 2;
    }
    QString name = parser.value(QStringLiteral("strategy"));
    if (name == QLatin1String("broken") || name == QLatin1String("correct"))
        name = name == QLatin1String("broken") ? scenario->broken : scenario->correct;
    const Strategy *strategy = findStrategy(name);
    if (!strategy || scenario->config.needsPrivateServers()) {
        std::fprintf(stderr, "bench_virtual_time: needs a known strategy and a scenario on one server\n");
        return 2;
    }
    const int rounds = std::max(3, parser.value(QStringLiteral("rounds")).toInt());

    RedisServer server;
    try {
        server.start();
    } catch (const RedisError &err) {
        std::fprintf(stderr, "bench_virtual_time: %s\n", err.what());
        return 1;
    }
    const RedisEndpoint endpoint = server.endpoint();
    line(QStringLiteral("bench_virtual_time · %1 (%2) · private redis-server %3 · %4 cores · load %5")
             .arg(scenario->name, strategy->name, endpoint.display()).arg(QThread::idealThreadCount()).arg(loadAverage()));

    QList<double> runMs, replayMs, ratio, virtualPerReal;
    double scenarioMs = 0;
    int commands = 0;
    try {
        RedisConnection replay(endpoint);
        for (const RedisScript *script : strategy->scripts)
            replay.command({"SCRIPT", "LOAD", script->source()});
        for (int round = 0; round < rounds; ++round) {
            History history;
            QElapsedTimer t;
            t.start();
            {
                SteppedRun run(scenario->config, *strategy, endpoint, history);
                run.prepare();
                run.runToEnd();
                if (run.failed())
                    throw RedisError(run.error().toStdString());
            }
            const double a = double(t.nsecsElapsed()) / 1e6;
            scenarioMs = history.scenarioMs(history.endNs());
            QList<Argv> sent;
            for (const Event &e : history.events())
                if (e.kind == EventKind::Command)
                    sent << e.argv.toList();
            commands = int(sent.size());
            t.restart();
            for (const Argv &argv : std::as_const(sent))
                replay.command(argv);
            const double b = double(t.nsecsElapsed()) / 1e6;
            runMs << a;
            replayMs << b;
            ratio << a / b;
            virtualPerReal << scenarioMs / a;
        }
    } catch (const RedisError &err) {
        std::fprintf(stderr, "bench_virtual_time: %s\n", err.what());
        return 1;
    }
    line(QStringLiteral("  %1 scenario ms, %2 commands a run, %3 rounds").arg(qRound64(scenarioMs)).arg(commands).arg(rounds));
    line(QString());
    line(QStringLiteral("  %1 %2 %3 %4").arg(QString(), -30).arg(QStringLiteral("median"), 10).arg(QStringLiteral("min"), 10)
             .arg(QStringLiteral("max"), 10));
    line(row(QStringLiteral("run, virtual clock"), spread(runMs), 1, QStringLiteral("real ms")));
    line(row(QStringLiteral("same commands, replayed"), spread(replayMs), 1, QStringLiteral("real ms")));
    line(row(QStringLiteral("run / replay (paired)"), spread(ratio), 2, QStringLiteral("x")));
    line(row(QStringLiteral("virtual / real"), spread(virtualPerReal), 0, QStringLiteral("scenario ms per real ms")));
    line(QStringLiteral("  load after: %1").arg(loadAverage()));
    return 0;
}
