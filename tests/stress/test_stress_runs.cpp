// Stress runs against a real redis-server: 8 clients, 200 orders. Without a
// lock the read-modify-write races really happen (most runs lose updates or
// oversell); the correct strategies never break, whatever the interleaving.

#include "TestRedis.h"
#include "stress/StressRun.h"
#include "redis/RedisConnection.h"
#include "strategies/Strategies.h"

#include <QTest>

using namespace lockstock;

namespace {
StressWorkload smallWorkload()
{
    StressWorkload w;
    w.clients = 8;
    w.orders = 200;
    w.stock = 150;                 // some orders must fail: overselling is visible
    w.maxSeconds = 30;
    return w;
}
} // namespace

class TestStressRuns : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_redis = test::startRedis();
        QVERIFY(m_redis);
    }
    void cleanupTestCase() { m_redis.reset(); }

    void noLockBreaksInMostRuns()
    {
        constexpr int runs = 5;
        int broken = 0;
        for (int i = 0; i < runs; ++i) {
            const StressResult r = runStress(smallWorkload(), noLockStrategy, m_redis->endpoint());
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            QCOMPARE(r.ordersTried, 200);
            QCOMPARE(r.clients, 8);
            if (r.oversold > 0 || r.lostUpdates > 0)
                ++broken;
            QCOMPARE(r.broke(), r.oversold > 0 || r.lostUpdates > 0);
        }
        QVERIFY2(broken > runs / 2, qPrintable(QStringLiteral("only %1 of %2 runs broke").arg(broken).arg(runs)));
    }

    void correctStrategiesNeverBreak_data()
    {
        QTest::addColumn<QString>("strategy");
        QTest::newRow("lua-decrement") << QStringLiteral("lua-decrement");
        QTest::newRow("set-nx-ex-lua") << QStringLiteral("set-nx-ex-lua");
        QTest::newRow("watch-multi") << QStringLiteral("watch-multi");
    }
    void correctStrategiesNeverBreak()
    {
        QFETCH(QString, strategy);
        const Strategy *s = findStrategy(strategy);
        QVERIFY(s);
        for (int i = 0; i < 3; ++i) {
            const StressWorkload w = smallWorkload();
            const StressResult r = runStress(w, *s, m_redis->endpoint());
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            QCOMPARE(r.ordersTried, w.orders);
            QCOMPARE(r.ordersSucceeded, int(w.stock));   // sold out exactly, never beyond
            QCOMPARE(r.finalStock, 0);
            QCOMPARE(r.expectedStock, 0);
            QCOMPARE(r.oversold, 0);
            QCOMPARE(r.lostUpdates, 0);
            QCOMPARE(r.exclusionViolations, 0);
            QCOMPARE(r.foreignReleases, 0);
            QVERIFY(!r.broke());
            QVERIFY(r.ordersPerSecond > 0);
            QVERIFY(r.latencyP99Ms >= r.latencyP50Ms);
        }
    }

    // A broken strategy whose weakness this load never touches is not safe:
    // the verdict says it was not exercised.
    void untestedWeaknessIsNotCalledSafe()
    {
        for (const Strategy *s : {&setnxThenExpireStrategy, &setNxPxDelStrategy}) {
            const StressResult r = runStress(smallWorkload(), *s, m_redis->endpoint());
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            QCOMPARE(r.verdict.severity(), Severity::NotExercised);
            QVERIFY(!r.broke());
            QCOMPARE(toJson(r).value(QStringLiteral("severity")).toString(), QStringLiteral("not_exercised"));
        }
    }

    void progressIsReportedAndKeysRemoved()
    {
        int calls = 0;
        int lastDone = -1;
        int total = 0;
        StressWorkload w = smallWorkload();
        w.keyPrefix = "stress-test:";
        const StressResult r = runStress(w, setNxPxLuaStrategy, m_redis->endpoint(), [&](int done, int all) {
            ++calls;
            QVERIFY(done >= lastDone);
            lastDone = done;
            total = all;
        });
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(calls >= 1);
        QCOMPARE(lastDone, w.orders);
        QCOMPARE(total, w.orders);
        RedisConnection c(m_redis->endpoint());
        QCOMPARE(c.command({"KEYS", "stress-test:*"}).items().size(), 0);
    }

    // Never waits for more than --max-seconds: the run stops and says so.
    void timeLimitStopsTheRun()
    {
        StressWorkload w;
        w.clients = 2;
        w.orders = 1000;
        w.workMs = 50;                 // 500 orders x 50 ms per client: far beyond 1 s
        w.maxSeconds = 1;
        QElapsedTimer timer;
        timer.start();
        const StressResult r = runStress(w, noLockStrategy, m_redis->endpoint());
        QVERIFY(timer.elapsed() < 10'000);
        QVERIFY(!r.error.isEmpty());
        QVERIFY(r.ordersTried < w.orders);
    }

private:
    std::unique_ptr<RedisServer> m_redis;
};

QTEST_MAIN(TestStressRuns)
#include "test_stress_runs.moc"
