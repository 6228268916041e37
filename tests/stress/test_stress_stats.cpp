// The stress figures from hand-made histories: latency, retries, throughput,
// the order spread, and the checker on concurrent live events.

#include "stress/StressRun.h"

#include <QTest>

using namespace lockstock;

namespace {
constexpr qint64 kMs = 1'000'000;

Event command(int client, int order, Step step, qint64 tMs, qint64 durMs, bool holds, RedisValue reply = {})
{
    Event e;
    e.kind = EventKind::Command;
    e.client = client;
    e.order = order;
    e.step = step;
    e.tNs = tMs * kMs;
    e.durationNs = durMs * kMs;
    e.holds = holds;
    e.reply = std::move(reply);
    return e;
}

Event orderDone(int client, int order, qint64 tMs, bool success)
{
    Event e;
    e.kind = EventKind::Order;
    e.client = client;
    e.order = order;
    e.tNs = tMs * kMs;
    e.success = success;
    return e;
}

RunInfo twoClients(qint64 stock)
{
    RunInfo info;
    info.strategy = QStringLiteral("test");
    info.clients = {QStringLiteral("C1"), QStringLiteral("C2")};
    info.initialStock = stock;
    info.speed = 1.0;
    return info;
}
} // namespace

class TestStressStats : public QObject {
    Q_OBJECT
private slots:
    void percentileIsNearestRank()
    {
        QList<qint64> values{5, 1, 4, 2, 3, 10, 9, 8, 7, 6};
        QCOMPARE(percentile(values, 50), 5.0);
        QCOMPARE(percentile(values, 99), 10.0);
        QCOMPARE(percentile(values, 10), 1.0);
        QList<qint64> none;
        QCOMPARE(percentile(none, 50), 0.0);
    }

    void ordersSpreadEvenly()
    {
        StressWorkload w;
        w.clients = 3;
        w.orders = 10;
        const RunConfig c = stressConfig(w);
        QCOMPARE(c.clients.size(), 3);
        QCOMPARE(c.clients.at(0).name, QStringLiteral("C1"));
        QCOMPARE(c.clients.at(2).name, QStringLiteral("C3"));
        QCOMPARE(c.clients.at(0).orders, 4);
        QCOMPARE(c.clients.at(1).orders, 3);
        QCOMPARE(c.clients.at(2).orders, 3);
        QVERIFY(!c.probe);
        QCOMPARE(c.speed, 1.0);
        QCOMPARE(c.maxRunMs, qint64(w.maxSeconds) * 1000);
    }

    void latencyRetriesAndThroughput()
    {
        History h(twoClients(10));
        // C1: a failed acquire, a granted one, release; order 0 took 10..40 ms.
        h.append(command(0, 0, Step::Acquire, 10, 1, false));
        h.append(command(0, 0, Step::Acquire, 15, 1, true, RedisValue::status("OK")));
        h.append(command(0, 0, Step::Release, 30, 1, false, RedisValue::integer(1)));
        h.append(orderDone(0, 0, 40, true));
        // C2: an EXEC aborted by WATCH, then one that went through; 20..110 ms.
        h.append(command(1, 0, Step::Exec, 20, 1, false, RedisValue::nil()));
        h.append(command(1, 0, Step::Exec, 50, 1, false, RedisValue::array({RedisValue::integer(9)})));
        h.append(orderDone(1, 0, 110, true));
        h.finish(8, 120 * kMs);
        const StressResult r = summarize(*analyze(h));
        QCOMPARE(r.ordersTried, 2);
        QCOMPARE(r.ordersSucceeded, 2);
        QCOMPARE(r.finalStock, 8);
        QCOMPARE(r.expectedStock, 8);
        QCOMPARE(r.commands, 5);
        QCOMPARE(r.retries, 2);
        QCOMPARE(r.latencyP50Ms, 30.0);
        QCOMPARE(r.latencyP99Ms, 90.0);
        QCOMPARE(r.seconds, 0.1);                // first command at 10 ms, last order at 110 ms
        QCOMPARE(r.ordersPerSecond, 20.0);
        QVERIFY(!r.broke());
    }

    void lostUpdateBreaks()
    {
        History h(twoClients(10));
        h.append(orderDone(0, 0, 5, true));
        h.append(orderDone(1, 0, 6, true));
        h.finish(9, 10 * kMs);                   // two sold, one deducted
        const StressResult r = summarize(*analyze(h));
        QCOMPARE(r.lostUpdates, 1);
        QVERIFY(r.broke());
    }

    // C2's SET NX was sent before C1's release but granted after it ran:
    // C1 released its own lock, not C2's.
    void concurrentGrantIsNoForeignRelease()
    {
        History h(twoClients(10));
        h.append(command(0, 0, Step::Acquire, 0, 1, true, RedisValue::status("OK")));
        h.append(command(1, 0, Step::Acquire, 10, 5, true, RedisValue::status("OK")));  // reply at 15
        h.append(command(0, 0, Step::Release, 12, 1, false, RedisValue::integer(1)));
        h.append(command(1, 0, Step::Release, 20, 1, false, RedisValue::integer(1)));
        h.finish(10, 30 * kMs);
        const auto a = analyze(h);
        QCOMPARE(a->counts.foreignReleases, 0);
        QCOMPARE(a->overlaps.size(), 0);
    }

    // C2 was granted (reply at 11) before C1 sent its DEL at 12: that DEL was C2's lock.
    void grantedBeforeReleaseIsForeign()
    {
        History h(twoClients(10));
        h.append(command(0, 0, Step::Acquire, 0, 1, true, RedisValue::status("OK")));
        h.append(command(1, 0, Step::Acquire, 10, 1, true, RedisValue::status("OK")));
        h.append(command(0, 0, Step::Release, 12, 1, false, RedisValue::integer(1)));
        h.finish(10, 30 * kMs);
        const auto a = analyze(h);
        QCOMPARE(a->counts.foreignReleases, 1);
        const Finding *f = a->verdict.find(FindingKind::ForeignRelease);
        QVERIFY(f);
        QCOMPARE(f->actor, 0);
        QCOMPARE(f->other, 1);
        QCOMPARE(a->overlaps.size(), 1);          // 11 ms (C2 granted) to 12 ms (C1 let go)
        QCOMPARE(a->overlaps.first().span.startNs, 11 * kMs);
        QCOMPARE(a->overlaps.first().span.endNs, 12 * kMs);
    }

    // Three holders in a row, the first overlapping both others: the sweep
    // must find every pair, not only neighbours.
    void overlapsFoundAcrossNonNeighbours()
    {
        RunInfo info = twoClients(10);
        info.clients << QStringLiteral("C3");
        History h(info);
        h.append(command(0, 0, Step::Acquire, 0, 0, true));
        h.append(command(1, 0, Step::Acquire, 10, 0, true));
        h.append(command(1, 0, Step::Release, 20, 0, false));
        h.append(command(2, 0, Step::Acquire, 30, 0, true));
        h.append(command(2, 0, Step::Release, 40, 0, false));
        h.append(command(0, 0, Step::Release, 50, 0, false));
        h.finish(10, 60 * kMs);
        const auto a = analyze(h);
        QCOMPARE(a->overlaps.size(), 2);
        QCOMPARE(a->overlaps.at(0).second, 1);
        QCOMPARE(a->overlaps.at(0).span.startNs, 10 * kMs);
        QCOMPARE(a->overlaps.at(1).second, 2);
        QCOMPARE(a->overlaps.at(1).span.endNs, 40 * kMs);
    }
};

QTEST_MAIN(TestStressStats)
#include "test_stress_stats.moc"
