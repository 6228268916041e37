// bench_explore: how fast the explorer runs schedules, against the bare
// Redis commands of those runs, and how much DPOR saves over naive
// enumeration as clients are added.
//
//   bench_explore [--rounds N] [--speed]
//
// (1) Schedules per second, paired: each round explores the space (one
// worker, then two) and then sends the commands every one of those runs sent,
// nothing else, one at a time by redisCommandArgv on one plain hiredis
// connection to a private redis-server (HiredisCommands): the least that
// work costs. A small space is explored (and its
// commands sent) several times over, so that each measurement spans a few
// hundred schedules; one worker and the bare commands are timed in five
// alternated tries, the quickest of each counting (others' work on the
// machine only adds time). One worker runs as the explorer places each of
// its workers, on one CPU with its server (CpuPlacement.h); the bare
// commands go from that CPU to a server on it too. Reported per point: the median of the
// rounds' schedules per second, and of the paired ratio bare time / explore
// time with one worker (1.00: the explorer costs nothing beyond its
// commands), with the spread (min-max).
// (2) DPOR's reduction factor: distinct executions against naive
// interleavings on lost-update's no-lock side (reads commute) and its lock
// side (every acquire depends on the clock), at 2, 3 and 4 clients.

#include "explore/CpuPlacement.h"
#include "explore/Explorer.h"
#include "explore/SystematicSearch.h"
#include "engine/History.h"
#include "redis/RedisError.h"
#include "redis/RedisScript.h"
#include "redis/RedisServer.h"
#include "strategies/Strategies.h"

#include "BenchOutput.h"
#include "HiredisLoop.h"
#include "Median.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>

#include <cstdio>
#include <optional>

using namespace lockstock;

namespace {
using bench::line;
using bench::loadAverage;

// Schedules a measurement of schedules per second spans at least.
constexpr qint64 kSchedulesPerMeasurement = 300;
// Tries per measurement, of which the quickest counts.
constexpr int kTries = 5;

struct Point {
    QString label;
    Scenario scenario;
    const Strategy *strategy = nullptr;
    int clients = 0;
};

Scenario withClients(Scenario s, int clients)
{
    while (s.config.clients.size() < clients)
        s.config.clients << ClientSpec{QString(QChar(u'A' + int(s.config.clients.size()))), 0};
    s.config.clients.resize(clients);
    return s;
}

// Every execution of `point`'s space, one worker, with `mode`; the commands
// they sent when `commands` is given.
qint64 searchAll(const Point &point, SystematicSearch::Mode mode, ScheduleRunner &runner, QList<Argv> *commands)
{
    RunConfig config = point.scenario.config;
    config.schedule = Schedule::Interactive;
    config.interleaving.clear();
    SystematicSearch search(mode, {});
    qint64 complete = 0;
    while (search.next([&](Chooser &c) {
        History history;
        Execution e = runner.run(config, *point.strategy, c, commands ? &history : nullptr);
        if (commands)
            for (const Event &ev : history.events())
                if (ev.kind == EventKind::Command)
                    *commands << ev.argv.toList();
        return e;
    }))
        complete += search.last().complete;
    return complete;
}

QString spreadText(QList<double> values, int decimals)
{
    std::sort(values.begin(), values.end());
    return QStringLiteral("%1 (%2-%3)").arg(bench::median(values), 0, 'f', decimals).arg(values.first(), 0, 'f', decimals)
        .arg(values.last(), 0, 'f', decimals);
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("The explorer's schedules per second against their bare commands, "
                                                    "and DPOR's reduction at 2, 3 and 4 clients."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("rounds"), QStringLiteral("Interleaved rounds (default 7)."), QStringLiteral("N"),
                      QStringLiteral("7")});
    parser.addOption({QStringLiteral("speed"), QStringLiteral("Measure schedules per second only, not DPOR's reduction.")});
    parser.process(app);
    const bool speedOnly = parser.isSet(QStringLiteral("speed"));
    const int rounds = std::max(3, parser.value(QStringLiteral("rounds")).toInt());

    ScenarioError error;
    const std::optional<Scenario> lostUpdate = findScenario(QStringLiteral("lost-update"), &error);
    if (!lostUpdate) {
        std::fprintf(stderr, "bench_explore: %s\n", qPrintable(error.display()));
        return 2;
    }
    const Strategy *noLock = findStrategy(lostUpdate->broken);
    const Strategy *lock = findStrategy(lostUpdate->correct);
    line(QStringLiteral("bench_explore · %1 cores · load %2").arg(QThread::idealThreadCount()).arg(loadAverage()));

    // Servers started from here on keep to this thread's CPU.
    const int cpu = usableCpus().value(0, -1);
    std::optional<OneCpu> placed(std::in_place, cpu);
    RedisServer server;
    try {
        server.start();
    } catch (const RedisError &err) {
        std::fprintf(stderr, "bench_explore: %s\n", err.what());
        return 1;
    }

    // (1) Schedules per second against the bare commands.
    const QList<Point> speed{{QStringLiteral("lost-update, no lock, 2 clients"), *lostUpdate, noLock, 2},
                             {QStringLiteral("lost-update, lock, 3 clients"), withClients(*lostUpdate, 3), lock, 3}};
    struct Figures {
        qint64 executions = 0;
        qint64 commands = 0;
        QList<double> oneWorker, twoWorkers, ratio;
    };
    QList<Figures> figures(speed.size());
    QList<int> repeats;
    try {
        bench::HiredisCommands bare(server.endpoint());
        for (const Point &p : speed)
            for (const RedisScript *script : p.strategy->scripts)
                bare.send({{"SCRIPT", "LOAD", script->source()}}, 1);
        ScheduleRunner runner(speed.first().scenario.config);
        for (const Point &p : speed)
            repeats << int(std::max<qint64>(1, kSchedulesPerMeasurement / searchAll(p, SystematicSearch::Mode::Reduced, runner, nullptr)));
        for (int round = 0; round < rounds; ++round)
            for (qsizetype i = 0; i < speed.size(); ++i) {
                const Point &p = speed.at(i);
                QList<Argv> commands;
                searchAll(p, SystematicSearch::Mode::Reduced, runner, &commands);
                // The quickest of a few tries each, alternated: other work on
                // the machine only ever adds to a try.
                QElapsedTimer t;
                qint64 executions = 0;
                double exploreMs = 0;
                double bareMs = 0;
                for (int attempt = 0; attempt < kTries; ++attempt) {
                    t.start();
                    for (int r = 0; r < repeats.at(i); ++r)
                        executions = searchAll(p, SystematicSearch::Mode::Reduced, runner, nullptr);
                    const double ms = double(t.nsecsElapsed()) / 1e6;
                    exploreMs = attempt == 0 ? ms : std::min(exploreMs, ms);
                    t.restart();
                    bare.send(commands, repeats.at(i));
                    const double bms = double(t.nsecsElapsed()) / 1e6;
                    bareMs = attempt == 0 ? bms : std::min(bareMs, bms);
                }
                ExploreOptions two;
                two.method = ExploreMethod::Reduced;
                two.workers = 2;
                // The workers take CPUs of their own.
                placed.reset();
                t.restart();
                const ExploreResult r = Explorer(p.scenario, *p.strategy, two).run();
                const double twoMs = double(t.nsecsElapsed()) / 1e6;
                placed.emplace(cpu);
                Figures &f = figures[i];
                f.executions = executions;
                f.commands = commands.size();
                f.oneWorker << double(executions) * repeats.at(i) / (exploreMs / 1000);
                f.twoWorkers << double(r.executions) / (twoMs / 1000);
                f.ratio << bareMs / exploreMs;
            }
    } catch (const std::runtime_error &err) { // RedisError, or the hiredis loop's
        std::fprintf(stderr, "bench_explore: %s\n", err.what());
        return 1;
    }
    line(QStringLiteral("(1) schedules per second, %1 rounds; median (min-max)").arg(rounds));
    for (qsizetype i = 0; i < speed.size(); ++i) {
        const Figures &f = figures.at(i);
        line(QStringLiteral("  %1: %2 distinct executions, %3 commands in all, explored %4 time(s) per measurement")
                 .arg(speed.at(i).label).arg(f.executions).arg(f.commands).arg(repeats.at(i)));
        line(QStringLiteral("    one worker        %1 schedules/s").arg(spreadText(f.oneWorker, 0)));
        line(QStringLiteral("    two workers       %1 schedules/s (the whole command, estimate included)").arg(spreadText(f.twoWorkers, 0)));
        line(QStringLiteral("    bare / explore    %1 (paired, one worker; 1.00 = the cost of the commands alone)").arg(spreadText(f.ratio, 3)));
    }

    if (speedOnly)
        return 0;
    // (2) Reduction: naive interleavings against DPOR's distinct executions.
    line(QString());
    line(QStringLiteral("(2) DPOR's reduction: naive interleavings / distinct executions"));
    try {
        ScheduleRunner runner(lostUpdate->config);
        for (const Strategy *s : {noLock, lock})
            for (int clients = 2; clients <= 4; ++clients) {
                const Point p{QString(), withClients(*lostUpdate, clients), s, clients};
                QElapsedTimer t;
                t.start();
                const qint64 naive = searchAll(p, SystematicSearch::Mode::Naive, runner, nullptr);
                const double naiveS = double(t.nsecsElapsed()) / 1e9;
                t.restart();
                const qint64 reduced = searchAll(p, SystematicSearch::Mode::Reduced, runner, nullptr);
                const double reducedS = double(t.nsecsElapsed()) / 1e9;
                line(QStringLiteral("  lost-update, %1, %2 clients: %3 / %4 = %5x (%6 s / %7 s)")
                         .arg(s->name).arg(clients).arg(naive).arg(reduced).arg(double(naive) / double(reduced), 0, 'f', 2)
                         .arg(naiveS, 0, 'f', 1).arg(reducedS, 0, 'f', 1));
            }
    } catch (const RedisError &err) {
        std::fprintf(stderr, "bench_explore: %s\n", err.what());
        return 1;
    }
    line(QStringLiteral("  load after: %1").arg(loadAverage()));
    return 0;
}
