// The virtual clock on a real redis-server: Redis decides expiry, PTTL,
// TIME, Lua's time and WAIT's deadline by the clock the run writes, and
// nothing else moves it.

#include "TestRedis.h"

#include "engine/RunClock.h"
#include "redis/RedisConnection.h"
#include "redis/RedisError.h"
#include "redis/ServerClock.h"

#include <QProcess>
#include <QTest>

#include <atomic>
#include <thread>

using namespace lockstock;

namespace {
constexpr qint64 kMs = 1000000;
constexpr qint64 kSecond = 1000 * kMs;

qint64 timeUs(const RedisValue &time)
{
    return time.items().at(0).bytes().toLongLong() * 1000000 + time.items().at(1).bytes().toLongLong();
}
} // namespace

class TestVirtualClock : public QObject {
    Q_OBJECT

    std::unique_ptr<RedisServer> m_server;
    std::unique_ptr<RedisConnection> m_redis;
    quint64 m_claim = 0;
    qint64 m_start = 0;

    ServerClock &clock() { return m_server->clock(); }
    void advance(qint64 ns) { QVERIFY(clock().advanceTo(m_claim, m_start + ns)); }
    RedisValue redis(const Argv &argv) { return m_redis->command(argv); }

private slots:
    void init()
    {
        m_server = test::startRedis();
        QVERIFY(m_server);
        m_redis = std::make_unique<RedisConnection>(m_server->endpoint());
        m_claim = clock().freeze();
        m_start = clock().nowNs();
        QCOMPARE(m_start % kSecond, 0); // frozen on a whole second: the same milliseconds every run
    }
    void cleanup()
    {
        m_redis.reset();
        m_server.reset();
    }

    void frozenLeaseKeepsItsTtlThroughRealSeconds()
    {
        redis({"SET", "lock", "A", "PX", "10000"});
        QCOMPARE(redis({"PTTL", "lock"}).toInteger(), 10000);
        const qint64 before = timeUs(redis({"TIME"}));
        QTest::qSleep(1500);
        QCOMPARE(redis({"PTTL", "lock"}).toInteger(), 10000);
        QCOMPARE(timeUs(redis({"TIME"})), before);
    }

    void movedClockShortensTheLease()
    {
        redis({"SET", "lock", "A", "PX", "10000"});
        advance(9500 * kMs);
        QCOMPARE(redis({"PTTL", "lock"}).toInteger(), 500);
        advance(10000 * kMs);
        QCOMPARE(redis({"PTTL", "lock"}).toInteger(), 0); // still there at its last millisecond
        advance(10001 * kMs);
        QVERIFY(redis({"GET", "lock"}).isNil());
    }

    // Nobody reads the keys: Redis's own active expiry cycle (serverCron,
    // on the real monotonic clock) deletes them by the virtual clock.
    void pastExpiryActiveExpiryDeletesKeys()
    {
        QList<Argv> sets;
        for (int i = 0; i < 2000; ++i)
            sets << Argv{"SET", "key:" + QByteArray::number(i), "v", "PX", "10000"};
        m_redis->pipeline(sets);
        QCOMPARE(redis({"DBSIZE"}).toInteger(), 2000);
        QTest::qSleep(300);
        QCOMPARE(redis({"DBSIZE"}).toInteger(), 2000);
        advance(10001 * kMs);
        QTRY_COMPARE_WITH_TIMEOUT(redis({"DBSIZE"}).toInteger(), 0, 3000);
        QVERIFY(redis({"INFO", "stats"}).bytes().contains("expired_keys:2000\r\n"));
    }

    // WAIT's deadline is on the server's clock: with no replica it stays
    // blocked while the clock stands still, and answers once it moves past.
    void waitBlocksUntilTheClockMoves()
    {
        redis({"SET", "x", "1"});
        m_redis->post({"WAIT", "1", "100"});
        QVERIFY(!m_redis->replyArrived(500));
        advance(99 * kMs);
        QVERIFY(!m_redis->replyArrived(200));
        advance(101 * kMs);
        QVERIFY(m_redis->replyArrived(2000));
        QCOMPARE(m_redis->takeReply().toInteger(), 0);
    }

    void timeAndLuaFollowTheClock()
    {
        QCOMPARE(timeUs(redis({"TIME"})), m_start / 1000);
        advance(3250 * kMs);
        QCOMPARE(timeUs(redis({"TIME"})), (m_start + 3250 * kMs) / 1000);
        QCOMPARE(timeUs(redis({"EVAL", "return redis.call('TIME')", "0"})), (m_start + 3250 * kMs) / 1000);
    }

    // Back to real time the clock goes on from where the run left it, and ticks.
    void thawedClockNeverGoesBack()
    {
        advance(3600 * kSecond);
        const qint64 frozen = timeUs(redis({"TIME"}));
        clock().thaw();
        QVERIFY(!clock().isFrozen());
        const qint64 thawed = timeUs(redis({"TIME"}));
        QVERIFY(thawed >= frozen);
        QTest::qSleep(50);
        QVERIFY(timeUs(redis({"TIME"})) >= thawed + 40000);
    }

    // A run replaced by a newer one can no longer move the clock.
    void staleClaimCannotMoveTheClock()
    {
        const quint64 newer = clock().freeze();
        const qint64 now = clock().nowNs();
        QVERIFY(!clock().advanceTo(m_claim, now + kSecond));
        QCOMPARE(clock().nowNs(), now);
        QVERIFY(clock().advanceTo(newer, now + kSecond));
        clock().release(m_claim); // stale: nothing happens
        QVERIFY(clock().isFrozen());
        clock().release(newer);
        QVERIFY(!clock().isFrozen());
    }

    // setRate() rewrites a node's offset, anchor and rate together so that
    // its clock shows the same time: a reader that mixed old and new fields
    // would see it jump. The sequence lock must never let that happen.
    void readersNeverSeeAHalfWrittenPage()
    {
        clock().setRate(0, 2.0);
        advance(kSecond);
        const qint64 shown = clock().nodeNs(0);
        QCOMPARE(shown, m_start + 2 * kSecond);
        std::atomic<bool> done{false};
        std::atomic<qint64> torn{0};
        std::thread reader([&] {
            while (!done)
                if (clock().nodeNs(0) != shown)
                    ++torn;
        });
        for (int i = 0; i < 200000; ++i)
            clock().setRate(0, i % 2 ? 0.5 : 3.0);
        done = true;
        reader.join();
        QCOMPARE(torn.load(), 0);
        QCOMPARE(timeUs(redis({"TIME"})), shown / 1000); // and the server agrees
    }

    // The run's expiry instant on a drifting node: 25 % fast, a 10 s PTTL
    // runs out after 8 s of the run (plus the millisecond Redis waits past it).
    void runClockFindsTheExpiryOnADriftingNode()
    {
        RunClock run(ClockKind::Virtual, m_server->endpoint().clock);
        run.start();
        QCOMPARE(run.expiryNs(0, 10000), 10001 * kMs);
        m_server->clock().setRate(0, 1.25);
        QCOMPARE(run.expiryNs(0, 10000), 10001 * kMs * 4 / 5);
    }

    void serverWithoutTheLibraryDoesNotStart()
    {
        RedisServer s(RedisServer::Options{.launchPrefix = {QStringLiteral("env"), QStringLiteral("-u"), QStringLiteral("LD_PRELOAD")}});
        try {
            s.start();
            QFAIL("a server without the clock library started");
        } catch (const RedisServerError &err) {
            QVERIFY2(QString::fromUtf8(err.what()).contains(QStringLiteral("without LockStock's clock library")), err.what());
        }
        QVERIFY(!s.isRunning());
    }

    void unreadablePageStopsTheServer()
    {
        QProcess redis;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LD_PRELOAD"), RedisServer::clockShiftLibrary());
        env.insert(QStringLiteral("LOCKSTOCK_CLOCK_FILE"), QStringLiteral("/nonexistent/clock"));
        redis.setProcessEnvironment(env);
        redis.start(RedisServer::executable(), {QStringLiteral("--port"), QStringLiteral("0")});
        QVERIFY(redis.waitForFinished(5000));
        QCOMPARE(redis.exitCode(), 111);
        QVERIFY(redis.readAllStandardError().contains("cannot open the clock page: /nonexistent/clock"));
    }
};

QTEST_GUILESS_MAIN(TestVirtualClock)
#include "test_virtual_clock.moc"
