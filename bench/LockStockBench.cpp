// lockstock_bench: LockStock's engine against the physical limit, paired.
//
// The limit is a synchronous hiredis client loop (HiredisLoop.h): the same
// server, commands, keys, client count and failure path, nothing else. For
// every point (lock cycle or Lua decrement, at 1, 8 and 50 clients) each
// round runs the loop and LockStock back to back, in alternating order, and
// takes their ratio; rounds are interleaved across the points, so a busy
// moment of the machine hits one round of everything rather than one point.
// The median ratio is the figure, with its spread. redis-benchmark runs
// beside, for reference only: it is one event loop, not a client like ours.
//
// Then: recording cost on real varied events (CPU and heap per event, the
// way Run::step records), and memory per recorded event in a real stress run.

#include "HiredisLoop.h"
#include "Median.h"
#include "RecordingCost.h"
#include "RedisBenchmark.h"

#include "engine/History.h"
#include "engine/RunScenario.h"
#include "stress/StressRun.h"
#include "redis/RedisConnection.h"
#include "redis/RedisError.h"
#include "redis/RedisServer.h"
#include "strategies/LockCommands.h"
#include "strategies/StockUpdate.h"
#include "strategies/Strategies.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <sys/resource.h>

using namespace lockstock;
using bench::median;
using bench::Work;

namespace {
// One acquire+release cycle per order, the shared lock commands unchanged.
Task<bool> lockCycle(Client &c)
{
    const bool acquired = co_await acquireWithRetry(c, trySetNxPx);
    if (!acquired)
        co_return false;
    co_await releaseWithLua(c);
    co_return true;
}

const Strategy lockCycleStrategy{
    .name = QStringLiteral("lock-cycle"),
    .title = "SET NX PX, then Lua compare-and-delete",
    .lesson = "Benchmark only: the cost of taking and giving back a lock.",
    .correct = true,
    .placeOrder = lockCycle,
    .scripts = {&compareAndDeleteScript},
    .sourceFile = __FILE__,
};

constexpr double kThroughputTarget = 0.90;
constexpr double kBytesTarget = 300;
const QByteArray kPrefix = "bench:";

void line(const QString &text)
{
    std::puts(text.toUtf8().constData());
    std::fflush(stdout);
}

QString percent(double ratio)
{
    return QStringLiteral("%1%").arg(ratio * 100, 0, 'f', 0);
}

// The loop's and the engine's keys: the ones a stress run with kPrefix uses.
bench::Keys benchKeys()
{
    StressWorkload w;
    w.keyPrefix = kPrefix;
    const RunConfig c = stressConfig(w);
    return {c.lockKey(), c.stockKey(), compareAndDeleteScript.sha(), luaDecrementStrategy.scripts.first()->sha()};
}

const Strategy &strategyFor(Work work)
{
    return work == Work::LockCycle ? lockCycleStrategy : luaDecrementStrategy;
}

// CPU time of this process, every thread (not the redis-server child).
qint64 processCpuNs()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

struct Measured {
    double perSecond = 0;
    double cpuUsPerOp = 0;    // this process's CPU per operation: load-proof where rates are not
    qint64 failed = 0;        // SET NX answered nil
};

// The hiredis loop.
Measured loopRun(const RedisEndpoint &endpoint, const bench::Keys &keys, Work work, int clients, int operations)
{
    const qint64 cpu = processCpuNs();
    const bench::LoopRun r = bench::hiredisLoop(endpoint, keys, work, clients, operations);
    return {r.perSecond(), double(processCpuNs() - cpu) / 1e3 / operations, r.failedAttempts};
}

// The whole engine: a stress run (LiveRun, every event recorded, failed
// acquires tallied), timed from its first command to its last order.
Measured engineRun(const RedisEndpoint &endpoint, Work work, int clients, int operations)
{
    StressWorkload w;
    w.clients = clients;
    w.orders = operations;
    w.stock = 1'000'000'000'000;      // never sells out: every order does the full work
    w.retryMs = 0;                    // a failed SET NX is sent again at once, as the loop does
    w.maxSeconds = 120;
    w.keyPrefix = kPrefix;
    History history;
    history.setTallyRetries(true);
    const qint64 cpu = processCpuNs();
    const QString error = runToEnd(stressConfig(w), strategyFor(work), endpoint, history, RunMode::Live);
    const double cpuUs = double(processCpuNs() - cpu) / 1e3;
    if (!error.isEmpty())
        throw RedisError(error.toStdString());
    const StressResult r = summarize(*analyze(history), history.retryTallies());
    return {r.ordersPerSecond, cpuUs / operations, r.retries};
}

struct Point {
    Work work;
    int clients;
    int operations = 0;            // per measurement, sized to about `seconds` of the loop
    QList<double> loop, engine, ratio, loopCpu, engineCpu;
    qint64 loopFailed = 0, engineFailed = 0;
    double redisBenchmark = 0;     // reference: ops/s redis-benchmark gets for the same commands
    QString name() const
    {
        return work == Work::LockCycle ? QStringLiteral("lock cycle (SET NX PX + EVALSHA)")
                                       : QStringLiteral("Lua decrement (EVALSHA)");
    }
};

void prepareServer(const RedisEndpoint &endpoint, const bench::Keys &keys)
{
    RedisConnection c(endpoint);
    c.command({"SCRIPT", "LOAD", compareAndDeleteScript.source()});
    c.command({"SCRIPT", "LOAD", luaDecrementStrategy.scripts.first()->source()});
    c.command({"SET", keys.stock, "1000000000000"});
    c.command({"DEL", keys.lock});
}

// redis-benchmark's figure for the same commands: a cycle costs its SET and
// its EVALSHA (a held lock answers SET NX with nil, which redis-benchmark
// cannot retry: it is a reference, not a limit).
double redisBenchmarkRate(const RedisEndpoint &endpoint, const bench::Keys &keys, Work work, int clients, int requests)
{
    if (work == Work::LuaDecrement)
        return bench::redisBenchmarkRps(endpoint, {"EVALSHA", keys.decrementSha, "1", keys.stock, "1"}, clients, requests);
    const double set = bench::redisBenchmarkRps(endpoint, {"SET", keys.lock, "C1-1-a1b2", "NX", "PX", "10000"}, clients, requests);
    const double release = bench::redisBenchmarkRps(endpoint, {"EVALSHA", keys.releaseSha, "1", keys.lock, "C1-1-a1b2"}, clients, requests);
    RedisConnection(endpoint).command({"DEL", keys.lock});
    return 1.0 / (1.0 / set + 1.0 / release);
}

// Real events of several strategies, for the recording cost.
QList<Event> realEvents(const RedisEndpoint &endpoint)
{
    QList<Event> events;
    for (const Strategy *s : {&setNxPxLuaStrategy, &watchdogStrategy, &watchMultiStrategy, &luaDecrementStrategy,
                              &decrCompensateStrategy, &fencedLockStrategy}) {
        StressWorkload w;
        w.clients = 8;
        w.orders = 400;
        w.keyPrefix = kPrefix;
        History history;
        runToEnd(stressConfig(w), *s, endpoint, history, RunMode::Live);
        events += history.events();
    }
    return events;
}

qint64 peakRssKb()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

struct StressMemory {
    qint64 events = 0;
    double heapBytesPerEvent = 0;
    double peakRssGrowthMb = 0;
    qint64 tallied = 0;
};

// `stress --strategy set-nx-ex-lua --clients C --orders N`, as runStress does
// it: what its history holds per event, and how much the process grew.
StressMemory stressMemory(const RedisEndpoint &endpoint, int clients, int orders)
{
    StressWorkload w;
    w.clients = clients;
    w.orders = orders;
    w.stock = orders;
    w.keyPrefix = kPrefix;
    const qint64 rssBefore = peakRssKb();
    const qint64 heapBefore = bench::heapInUse();
    StressMemory m;
    History history;
    history.setTallyRetries(true);
    const QString error = runToEnd(stressConfig(w), setNxPxLuaStrategy, endpoint, history, RunMode::Live);
    if (!error.isEmpty())
        throw RedisError(error.toStdString());
    // The run and its threads are gone: what is left on the heap is the history.
    m.events = history.size();
    m.heapBytesPerEvent = double(bench::heapInUse() - heapBefore) / double(std::max<qint64>(1, m.events));
    m.peakRssGrowthMb = double(peakRssKb() - rssBefore) / 1024.0;
    for (const RetryTally &t : history.retryTallies())
        m.tallied += t.count;
    return m;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("LockStock's throughput against a hiredis loop, paired; recording cost and memory."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("quick"), QStringLiteral("Three short rounds: a smoke run, not a measurement.")});
    parser.addOption({QStringLiteral("rounds"), QStringLiteral("Rounds (default 7)."), QStringLiteral("N")});
    parser.process(app);
    const bool quick = parser.isSet(QStringLiteral("quick"));
    const int rounds = parser.isSet(QStringLiteral("rounds")) ? std::max(1, parser.value(QStringLiteral("rounds")).toInt()) : quick ? 3 : 7;
    const double seconds = quick ? 0.15 : 1.0;

    QElapsedTimer total;
    total.start();
    RedisServer server;
    try {
        server.start();
    } catch (const RedisError &err) {
        std::fprintf(stderr, "lockstock_bench: %s\n", err.what());
        return 1;
    }
    const RedisEndpoint endpoint = server.endpoint();
    const bench::Keys keys = benchKeys();
    QFile loadavg(QStringLiteral("/proc/loadavg"));
    loadavg.open(QIODevice::ReadOnly);
    line(QStringLiteral("LockStock bench · private redis-server %1 · %2 cores · load %3 · %4 rounds")
             .arg(endpoint.display()).arg(QThread::idealThreadCount())
             .arg(QString::fromLatin1(loadavg.readAll().split(' ').mid(0, 3).join(' '))).arg(rounds));
    int misses = 0;
    try {
        prepareServer(endpoint, keys);

        // Memory first, while the process is fresh: the peak RSS is the run's.
        const StressMemory mem = stressMemory(endpoint, quick ? 50 : 200, quick ? 400 : 2000);
        line(QString());
        line(QStringLiteral("stress set-nx-ex-lua, %1 clients, %2 orders: %3 events recorded, %4 failed acquires tallied")
                 .arg(quick ? 50 : 200).arg(quick ? 400 : 2000).arg(mem.events).arg(mem.tallied));
        line(QStringLiteral("  history heap per recorded event   %1 bytes (target <= %2: %3)")
                 .arg(mem.heapBytesPerEvent, 0, 'f', 0).arg(kBytesTarget)
                 .arg(mem.heapBytesPerEvent <= kBytesTarget ? QStringLiteral("PASS") : QStringLiteral("MISS")));
        line(QStringLiteral("  peak RSS growth during the run     %1 MB (threads, connections and history)")
                 .arg(mem.peakRssGrowthMb, 0, 'f', 1));
        misses += mem.heapBytesPerEvent > kBytesTarget;

        QList<Point> points;
        for (const int clients : {1, 8, 50})
            for (const Work work : {Work::LockCycle, Work::LuaDecrement})
                points.append({work, clients});
        // Size each measurement to about `seconds` of the loop.
        for (Point &p : points) {
            const int probe = p.clients * (p.work == Work::LockCycle ? 100 : 300);
            const bench::LoopRun warm = bench::hiredisLoop(endpoint, keys, p.work, p.clients, probe);
            p.operations = std::max(p.clients * 20, int(warm.perSecond() * seconds));
        }
        for (int round = 0; round < rounds; ++round) {
            for (Point &p : points) {
                // Who goes first alternates, so neither side always gets the warmer server.
                Measured loop, engine;
                auto runLoop = [&] { loop = loopRun(endpoint, keys, p.work, p.clients, p.operations); };
                auto runEngine = [&] { engine = engineRun(endpoint, p.work, p.clients, p.operations); };
                if (round % 2) {
                    runEngine();
                    runLoop();
                } else {
                    runLoop();
                    runEngine();
                }
                p.loop << loop.perSecond;
                p.engine << engine.perSecond;
                p.ratio << engine.perSecond / loop.perSecond;
                p.loopCpu << loop.cpuUsPerOp;
                p.engineCpu << engine.cpuUsPerOp;
                p.loopFailed += loop.failed;
                p.engineFailed += engine.failed;
            }
        }
        for (Point &p : points)
            p.redisBenchmark = redisBenchmarkRate(endpoint, keys, p.work, p.clients, std::max(2000, p.operations));

        line(QString());
        line(QStringLiteral("%1 %2 %3 %4 %5 %6 %7  %8")
                 .arg(QStringLiteral("measure"), -34).arg(QStringLiteral("clients"), 7).arg(QStringLiteral("hiredis"), 10)
                 .arg(QStringLiteral("LockStock"), 10).arg(QStringLiteral("ratio"), 6).arg(QStringLiteral("spread"), 11)
                 .arg(QStringLiteral("redis-bm"), 10).arg(QStringLiteral("result (target >= 90%)")));
        line(QString(112, QLatin1Char('-')));
        for (const Point &p : points) {
            const double ratio = median(p.ratio);
            const auto [lo, hi] = std::minmax_element(p.ratio.begin(), p.ratio.end());
            misses += ratio < kThroughputTarget;
            QString result = ratio >= kThroughputTarget
                ? QStringLiteral("PASS")
                : QStringLiteral("MISS by %1 points").arg((kThroughputTarget - ratio) * 100, 0, 'f', 1);
            if (p.work == Work::LockCycle && p.clients > 1)
                result += QStringLiteral(" · failed SET NX per cycle: loop %1, LockStock %2")
                              .arg(double(p.loopFailed) / (double(p.operations) * rounds), 0, 'f', 2)
                              .arg(double(p.engineFailed) / (double(p.operations) * rounds), 0, 'f', 2);
            line(QStringLiteral("%1 %2 %3 %4 %5 %6 %7  %8")
                     .arg(p.name(), -34).arg(p.clients, 7)
                     .arg(QStringLiteral("%1/s").arg(qRound64(median(p.loop))), 10)
                     .arg(QStringLiteral("%1/s").arg(qRound64(median(p.engine))), 10)
                     .arg(percent(ratio), 6).arg(percent(*lo) + QLatin1Char('-') + percent(*hi), 11)
                     .arg(QStringLiteral("%1/s").arg(qRound64(p.redisBenchmark)), 10).arg(result));
        }
        line(QString());
        line(QStringLiteral("client CPU per operation (this process, all threads; medians):"));
        for (const Point &p : points)
            line(QStringLiteral("  %1 %2  hiredis loop %3 us, LockStock %4 us")
                     .arg(p.name(), -34).arg(p.clients, 3)
                     .arg(median(p.loopCpu), 0, 'f', 1).arg(median(p.engineCpu), 0, 'f', 1));

        const QList<Event> source = realEvents(endpoint);
        const bench::RecordingCost cost = bench::measureRecording(source, quick ? 100'000 : 1'000'000);
        line(QString());
        line(QStringLiteral("recording, replayed from %1 real events of 6 strategies: %2 ns CPU and %3 bytes of heap per event")
                 .arg(source.size()).arg(cost.nsPerEvent, 0, 'f', 0).arg(cost.bytesPerEvent, 0, 'f', 0));
    } catch (const std::exception &err) {
        std::fprintf(stderr, "lockstock_bench: %s\n", err.what());
        return 1;
    }
    line(QString());
    line(QStringLiteral("%1 target(s) missed · %2 s").arg(misses).arg(total.elapsed() / 1000.0, 0, 'f', 1));
    return 0;
}
