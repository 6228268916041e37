// bench_proxy: what the recording proxy of `lockstock observe` costs, as
// paired ratios against the same private redis-server reached directly,
// measured in the same run in interleaved rounds (the order flips every
// round), each round with a fresh proxy recording everything:
//
//   latency     round trips of one client, one command at a time: the median
//               through the proxy minus the median direct, per round;
//   throughput  redis-benchmark -c 8 -P 1 through the proxy over direct, per
//               round.
//
// Each round also measures a bare forwarder (BareForwarder: copies bytes,
// parses and records nothing), the floor of any user-space hop here, so the
// cost of recording shows apart from the cost of the hop itself.
//
// Targets (issue 15): < 50 µs added per command, >= 80 % of the direct
// throughput. The medians of the per-round figures are judged; the spread
// (min..max over rounds) and the machine's load are printed beside them.

#include "BareForwarder.h"
#include "RedisBenchmark.h"

#include "proxy/RecordingProxy.h"
#include "redis/RedisConnection.h"
#include "redis/RedisServer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>

#include <algorithm>
#include <array>
#include <functional>
#include <cstdio>
#include <vector>

using namespace lockstock;

namespace {
constexpr double kAddedTargetUs = 50;
constexpr double kThroughputTarget = 0.80;

void line(const QString &text)
{
    std::puts(text.toUtf8().constData());
    std::fflush(stdout);
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll().trimmed()).section(QLatin1Char(' '), 0, 2)
                                       : QStringLiteral("?");
}

// A hop in front of `server` at `port`: the client logs in through it
// with the server's password, as neither hop logs in for it.
RedisEndpoint hopTo(int port, const RedisServer &server)
{
    RedisEndpoint e;
    e.port = port;
    e.password = server.endpoint().password;
    return e;
}

// Median round trip in µs of `count` sequential commands.
double medianRoundTripUs(const RedisEndpoint &endpoint, const Argv &command, int count)
{
    RedisConnection c(endpoint);
    for (int i = 0; i < 200; ++i)
        c.command(command);
    std::vector<double> us;
    us.reserve(size_t(count));
    QElapsedTimer t;
    for (int i = 0; i < count; ++i) {
        t.start();
        c.command(command);
        us.push_back(double(t.nsecsElapsed()) / 1000.0);
    }
    return median(us);
}

struct Spread {
    double median, min, max;
};
Spread spread(const std::vector<double> &v)
{
    return {median(v), *std::min_element(v.begin(), v.end()), *std::max_element(v.begin(), v.end())};
}

// The three ways to Redis, measured in a rotating order each round.
enum Route { Direct, Bare, Proxy, kRoutes };

// Runs `measure` on each route in this round's order; a fresh proxy (and
// recording) and forwarder per round. Returns the figure per route.
std::array<double, kRoutes> round(const RedisServer &server, int index, const QByteArray &lockPattern,
                                  const std::function<double(const RedisEndpoint &, Recording *)> &measure)
{
    Recording recording;
    RecordingProxy proxy({{QStringLiteral("redis"), server.endpoint()}}, {.lockPattern = lockPattern}, recording);
    proxy.start();
    bench::BareForwarder bare(server.endpoint());
    std::array<double, kRoutes> out{};
    for (int k = 0; k < kRoutes; ++k) {
        const int route = (index + k) % kRoutes;
        out[size_t(route)] = measure(route == Direct ? server.endpoint()
                                         : hopTo(route == Bare ? bare.port() : proxy.ports().first(), server),
                                     route == Proxy ? &recording : nullptr);
    }
    return out;
}

QString range(const Spread &s, double factor, int decimals, const QString &unit)
{
    return QStringLiteral("%1%4 (%2..%3)").arg(s.median * factor, 0, 'f', decimals).arg(s.min * factor, 0, 'f', decimals)
        .arg(s.max * factor, 0, 'f', decimals).arg(unit);
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("The recording proxy's cost against direct Redis, paired in one run."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("quick"), QStringLiteral("A tenth of the work: a smoke run, not a measurement.")});
    parser.addOption({QStringLiteral("rounds"), QStringLiteral("Interleaved rounds (default 9)."), QStringLiteral("N"), QStringLiteral("9")});
    parser.process(app);
    const bool quick = parser.isSet(QStringLiteral("quick"));
    const int rounds = std::max(1, parser.value(QStringLiteral("rounds")).toInt());
    const int roundTrips = quick ? 500 : 5000;
    const int requests = quick ? 10000 : 100000;

    try {
        RedisServer server;
        server.start();
        line(QStringLiteral("bench_proxy: %1 cores, load %2 at start; redis-server %3; %4 rounds, order rotating")
                 .arg(QThread::idealThreadCount())
                 .arg(loadAverage(), server.endpoint().display())
                 .arg(rounds));
        bool pass = true;

        // One client, one command at a time: what each hop adds to it.
        struct LatencyCase {
            QString name;
            Argv command;
            QByteArray lockPattern;
        };
        line(QString());
        line(QStringLiteral("%1 %2 %3 %4 %5")
                 .arg(QStringLiteral("latency, 1 client, µs"), -26)
                 .arg(QStringLiteral("direct"), 8)
                 .arg(QStringLiteral("bare hop adds"), 22)
                 .arg(QStringLiteral("proxy adds"), 22)
                 .arg(QStringLiteral("target")));
        for (const LatencyCase &c : {LatencyCase{QStringLiteral("PING"), {"PING"}, {}},
                                     LatencyCase{QStringLiteral("SET lock NX PX, probed"),
                                                 {"SET", "lock:bench", "token", "NX", "PX", "10000"}, "lock:*"}}) {
            std::vector<double> direct, bare, proxy;
            for (int r = 0; r < rounds; ++r) {
                const auto us = round(server, r, c.lockPattern, [&](const RedisEndpoint &e, Recording *) {
                    return medianRoundTripUs(e, c.command, roundTrips);
                });
                direct.push_back(us[Direct]);
                bare.push_back(us[Bare] - us[Direct]);
                proxy.push_back(us[Proxy] - us[Direct]);
            }
            const Spread added = spread(proxy);
            const bool judged = c.lockPattern.isEmpty();
            const bool ok = added.median < kAddedTargetUs;
            pass = pass && (ok || !judged);
            line(QStringLiteral("%1 %2 %3 %4 %5")
                     .arg(c.name, -26)
                     .arg(median(direct), 8, 'f', 1)
                     .arg(range(spread(bare), 1, 1, QString()), 22)
                     .arg(range(added, 1, 1, QString()), 22)
                     .arg(!judged ? QStringLiteral("info") : ok ? QStringLiteral("< 50: PASS") : QStringLiteral("< 50: MISS")));
        }

        // redis-benchmark at 8 clients: how much of its throughput passes.
        line(QString());
        line(QStringLiteral("%1 %2 %3 %4 %5")
                 .arg(QStringLiteral("redis-benchmark -c 8 -P 1"), -26)
                 .arg(QStringLiteral("direct/s"), 8)
                 .arg(QStringLiteral("bare hop / direct"), 22)
                 .arg(QStringLiteral("proxy / direct"), 22)
                 .arg(QStringLiteral("target")));
        for (const Argv &command : {Argv{"SET", "bench:key", "value"}, Argv{"GET", "bench:key"}}) {
            std::vector<double> direct, bare, proxy, proxyOverBare;
            for (int r = 0; r < rounds; ++r) {
                const auto rps = round(server, r, {}, [&](const RedisEndpoint &e, Recording *recording) {
                    const double v = bench::redisBenchmarkRps(e, command, 8, requests);
                    if (recording && recording->commandCount() < requests)
                        throw std::runtime_error("the proxy recorded fewer commands than redis-benchmark sent");
                    return v;
                });
                direct.push_back(rps[Direct]);
                bare.push_back(rps[Bare] / rps[Direct]);
                proxy.push_back(rps[Proxy] / rps[Direct]);
                proxyOverBare.push_back(rps[Proxy] / rps[Bare]);
            }
            const Spread ratio = spread(proxy);
            const bool ok = ratio.median >= kThroughputTarget;
            pass = pass && ok;
            line(QStringLiteral("%1 %2 %3 %4 %5")
                     .arg(QString::fromUtf8(command.first()), -26)
                     .arg(qRound64(median(direct)), 8)
                     .arg(range(spread(bare), 100, 0, QStringLiteral("%")), 22)
                     .arg(range(ratio, 100, 0, QStringLiteral("%")), 22)
                     .arg(ok ? QStringLiteral(">= 80%: PASS") : QStringLiteral(">= 80%: MISS")));
            line(QStringLiteral("%1 proxy / bare hop: %2").arg(QString(), -26).arg(range(spread(proxyOverBare), 100, 0, QStringLiteral("%"))));
        }
        line(QString());
        line(QStringLiteral("load %1 at the end").arg(loadAverage()));
        return pass ? 0 : 1;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "bench_proxy: %s\n", e.what());
        return 2;
    }
}
