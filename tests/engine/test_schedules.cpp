// The schedules: interactive stepping, a scenario's script, seeded random
// picks, and the same strategy code running stepped and live.

#include "TestRedis.h"

#include "engine/SteppedRun.h"
#include "redis/RedisConnectionPool.h"
#include "strategies/Strategies.h"

#include <QTest>

using namespace lockstock;

namespace {
RunConfig twoClients()
{
    RunConfig c;
    c.clients = {{QStringLiteral("A"), 0}, {QStringLiteral("B"), 0}};
    c.stock = 100;
    c.speed = 10;
    return c;
}

// Sells by writing the stock with an expiry (no real strategy does), then
// reads it once the expiry has passed: the run must not take the stock for
// lasting.
Argv expiringStockWrite(const Client &c, long long stock)
{
    return {"SET", c.config().stockKey(), QByteArray::number(stock), "PX", "300"};
}
Task<bool> sellExpiringStock(Client &c)
{
    const RedisValue read = co_await c.redis(Step::ReadStock, "GET", c.config().stockKey());
    long long stock = 0;
    if (!read.readInteger(stock))
        co_return false;
    co_await c.stockWrite(Step::WriteStock, expiringStockWrite(c, stock - 1), stock - 1);
    co_await c.sleep(Step::Work, 400);
    co_await c.redis(Step::ReadStock, "GET", c.config().stockKey());
    co_return true;
}
const Strategy expiringStockStrategy{
    .name = QStringLiteral("test-expiring-stock"),
    .title = "SET stock PX",
    .placeOrder = sellExpiringStock,
    .sourceFile = __FILE__,
};

// Which client sent each command, in order: "ABAB".
QString commandOrder(const History &h)
{
    QString order;
    for (const Event &e : h.events())
        if (e.kind == EventKind::Command)
            order += h.info().clients.at(e.client);
    return order;
}
} // namespace

Q_DECLARE_METATYPE(const lockstock::Strategy *)

class TestSchedules : public QObject {
    Q_OBJECT

private slots:
    void init()
    {
        m_server = test::startRedis();
        QVERIFY(m_server);
    }
    void cleanup() { m_server.reset(); }

    void interactiveSteppingChoosesTheClient()
    {
        RunConfig config = twoClients();
        config.schedule = Schedule::Interactive;
        History history;
        SteppedRun run(config, noLockStrategy, m_server->endpoint(), history);
        run.prepare();
        QCOMPARE(run.activeClients(), (QList<int>{0, 1}));
        // The teacher picks: both read, then both write.
        QVERIFY(run.stepClient(0));
        QVERIFY(run.stepClient(1));
        QVERIFY(run.stepClient(0));
        QVERIFY(!run.stepClient(1)); // the last step ends the run
        QVERIFY(run.finished());
        run.close();
        QCOMPARE(commandOrder(history), QStringLiteral("ABAB"));
        const auto a = analyze(history);
        QCOMPARE(a->finalStock, 99);
        QCOMPARE(a->counts.lostUpdates, 1);

        // Stepping one client to the end first serialises them: no race.
        History serial;
        SteppedRun again(config, noLockStrategy, m_server->endpoint(), serial);
        again.prepare();
        again.stepClient(0);
        again.stepClient(0);
        again.stepClient(1);
        again.stepClient(1);
        again.close();
        QCOMPARE(commandOrder(serial), QStringLiteral("AABB"));
        QVERIFY(analyze(serial)->clean());
    }

    void eachEventNamesTheStrategyLine()
    {
        History history;
        SteppedRun run(twoClients(), setNxPxLuaStrategy, m_server->endpoint(), history);
        run.prepare();
        run.runToEnd();
        for (const Event &e : history.events()) {
            if (e.kind != EventKind::Command)
                continue;
            QVERIFY(e.sourceFile);
            QVERIFY(e.sourceLine > 0);
            const QString file = QString::fromUtf8(e.sourceFile);
            if (e.step == Step::Acquire || e.step == Step::Release)
                QVERIFY2(file.endsWith(QLatin1String("LockCommands.cpp")), e.sourceFile);
            if (e.step == Step::ReadStock)
                QVERIFY2(file.endsWith(QLatin1String("StockUpdate.cpp")), e.sourceFile);
            // The probe saw the truth after each step.
            QVERIFY(e.lock() && e.lock()->pttl != kUnknown);
            QVERIFY(e.probe->stock != kUnknown);
        }
    }

    // The naive watchdog checks a flag, not the owner, and renews once more
    // after the release, but it stops with its own order: a client's later
    // locks do not keep earlier orders' watchdogs renewing.
    void naiveWatchdogEndsWithItsOrder()
    {
        RunConfig config;
        config.clients = {{QStringLiteral("A"), 0}};
        config.ordersPerClient = 4;
        config.leaseMs = 3000;     // a renewal every 1000 ms
        config.workMs = 2500;      // two renewals while it works, one after
        config.speed = 10;
        History history;
        SteppedRun run(config, naiveWatchdogStrategy, m_server->endpoint(), history);
        run.prepare();
        run.runToEnd();
        QVERIFY2(run.error().isEmpty(), qPrintable(run.error()));
        int renewals = 0;
        for (const Event &e : history.events())
            renewals += e.kind == EventKind::Command && e.step == Step::Renew;
        QVERIFY2(renewals <= 3 * 4, qPrintable(QString::number(renewals)));
        QVERIFY(renewals >= 2 * 4);
    }

    void seededRandomIsReproducible()
    {
        auto orderFor = [this](quint64 seed) {
            RunConfig config = twoClients();
            config.clients << ClientSpec{QStringLiteral("C"), 0} << ClientSpec{QStringLiteral("D"), 0};
            config.schedule = Schedule::Random;
            config.seed = seed;
            config.ordersPerClient = 3;
            History history;
            SteppedRun run(config, noLockStrategy, m_server->endpoint(), history);
            run.prepare();
            run.runToEnd();
            return commandOrder(history);
        };
        const QString first = orderFor(7);
        QCOMPARE(first.size(), 24); // 4 clients x 3 orders x (GET + SET)
        QCOMPARE(orderFor(7), first);
        QVERIFY(orderFor(8) != first || orderFor(9) != first);
    }

    void scriptedInterleavingIsFollowed()
    {
        RunConfig config = twoClients();
        config.schedule = Schedule::Scripted;
        config.interleaving = {QStringLiteral("B"), QStringLiteral("B"), QStringLiteral("A"), QStringLiteral("A")};
        History history;
        SteppedRun run(config, noLockStrategy, m_server->endpoint(), history);
        run.prepare();
        run.runToEnd();
        QCOMPARE(commandOrder(history), QStringLiteral("BBAA"));
        QVERIFY(analyze(history)->clean());
    }

    void failedRedisStopsTheRunAndKeepsTheHistory()
    {
        RunConfig config = twoClients();
        config.schedule = Schedule::Interactive;
        History history;
        SteppedRun run(config, noLockStrategy, m_server->endpoint(), history);
        run.prepare();
        QVERIFY(run.stepClient(0));
        m_server->kill();
        QVERIFY(!run.stepClient(1));
        QVERIFY(run.failed());
        QVERIFY2(run.error().contains(QStringLiteral("client B")), qPrintable(run.error()));
        QVERIFY(history.size() >= 2); // A's GET and the error
        QCOMPARE(history.events().last().kind, EventKind::Error);
    }

    // On the virtual clock a command costs its round trip: half to reach
    // Redis, half for the reply. B's link is slow: its commands take 40 ms,
    // and A reads and writes before B's read has even reached Redis.
    void roundTripsCostVirtualTime()
    {
        RunConfig config = twoClients();
        config.clients[1].rttMs = 40;
        History history;
        SteppedRun run(config, noLockStrategy, m_server->endpoint(), history);
        run.prepare();
        run.runToEnd();
        QCOMPARE(history.info().clock, ClockKind::Virtual);
        QCOMPARE(commandOrder(history), QStringLiteral("AABB"));
        const std::shared_ptr<const RunAnalysis> analysis = analyze(history);
        QVERIFY(analysis->clean());
        const QList<Event> events(analysis->events.begin(), analysis->events.end());
        for (const Event &e : events) {
            if (e.kind != EventKind::Command)
                continue;
            QCOMPARE(e.durationNs, e.client == 0 ? 1'000'000 : 40'000'000);
            // A sends at 0 and 1 ms; B at 0 and 40 ms.
            const qint64 second = e.client == 0 ? 1'000'000 : 40'000'000;
            QCOMPARE(e.tNs, e.step == Step::ReadStock ? 0 : second);
        }
        QCOMPARE(history.endNs(), 80'000'000);
    }

    // WAIT 1 on a server without replicas cannot be met: the run lets Redis
    // block it and moves the clock past its deadline, and Redis answers 0.
    // The wait is 1 000 ms of the run's time, to the millisecond.
    void waitWithoutAReplicaEndsByTheServersClock()
    {
        RunConfig config = twoClients();
        config.clients.removeLast();
        config.acquireTimeoutMs = 1500;
        History history;
        SteppedRun run(config, setNxPxWaitStrategy, m_server->endpoint(), history);
        run.prepare();
        run.runToEnd();
        QVERIFY2(!run.failed(), qPrintable(run.error()));
        QList<Event> waits;
        for (const Event &e : history.events())
            if (e.kind == EventKind::Command && e.step == Step::Replicate)
                waits << e;
        QCOMPARE(waits.size(), 2); // at 0 s, and once more after the back-off
        for (const Event &e : waits) {
            QCOMPARE(e.argv, (Argv{"WAIT", "1", "1000"}));
            QCOMPARE(e.reply.toInteger(), 0);
            // Sent, executed half a round trip later, deadline 1 000 ms later
            // by Redis's millisecond, answered half a round trip after that.
            QVERIFY2(e.durationNs >= 1000'500'000 && e.durationNs <= 1002'000'000, qPrintable(QString::number(e.durationNs)));
        }
        QCOMPARE(analyze(history)->counts.ordersSucceeded, 0);
    }

    // Runs after runs on one server (the explorer) share their connections:
    // the second run opens none, and both happen as a run on its own does.
    void runsShareConnectionsAndHappenTheSame()
    {
        RunConfig config = twoClients();
        config.schedule = Schedule::Interactive;
        RedisConnection admin(m_server->endpoint());
        const auto connectionsOpened = [&admin] {
            const QByteArray info = admin.command({"INFO", "stats"}).bytes();
            const qsizetype at = info.indexOf("total_connections_received:");
            return info.mid(at).split('\r').first().split(':').last().toLongLong();
        };
        // Each command, its reply and what the step's probe read, in order.
        const auto story = [](const History &h) {
            QStringList out;
            for (const Event &e : h.events())
                out << QStringLiteral("%1 %2 %3 %4 | %5 %6").arg(e.tNs).arg(int(e.kind)).arg(displayArgv(e.argv), e.reply.display())
                            .arg(e.probe ? e.probe->stock : -1).arg(e.probe && !e.probe->locks.isEmpty() ? QString::fromUtf8(e.probe->locks.first().value) : QString());
            return out;
        };
        const auto play = [&](History &h, RedisConnectionPool *pool) {
            SteppedRun run(config, setNxPxLuaStrategy, m_server->endpoint(), h);
            if (pool)
                run.shareConnections(*pool);
            run.prepare();
            for (const int client : {0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1})
                run.stepClient(client);
            run.runToEnd();
        };
        History alone;
        play(alone, nullptr);
        RedisConnectionPool pool;
        History first, second;
        play(first, &pool);
        const qint64 opened = connectionsOpened();
        play(second, &pool);
        QCOMPARE(connectionsOpened(), opened);
        QVERIFY(alone.events().size() > 10);
        QCOMPARE(story(first), story(alone));
        QCOMPARE(story(second), story(alone));
        QCOMPARE(second.finalStock(), 98);
    }

    // A stepped run reads what Redis holds along its commands, and not at
    // all while no command has changed a key and nothing it read expires:
    // after every step, and at the end, what it recorded is what a reader of
    // its own finds.
    void probesAreWhatRedisHoldsAfterEachStep_data()
    {
        QTest::addColumn<const Strategy *>("strategy");
        QTest::addColumn<qint64>("finalStock");
        QTest::newRow("no lock") << &noLockStrategy << qint64(96);
        QTest::newRow("lease, Lua release") << &setNxPxLuaStrategy << qint64(96);
        QTest::newRow("lock without expiry") << &constantLockStrategy << qint64(96);
        QTest::newRow("WATCH/MULTI") << &watchMultiStrategy << qint64(96);
        QTest::newRow("reentrant hash") << &reentrantCheckedStrategy << qint64(96);
        QTest::newRow("stock with an expiry") << &expiringStockStrategy << kUnknown;
        // The stock as DECRBY and INCRBY answer it, and a write to another key (the reservation).
        QTest::newRow("DECRBY, INCRBY back") << &decrCompensateStrategy << qint64(96);
        QTest::newRow("INCRBY reservation") << &incrbyReserveReturnStrategy << qint64(96);
    }
    void probesAreWhatRedisHoldsAfterEachStep()
    {
        QFETCH(const Strategy *, strategy);
        QFETCH(qint64, finalStock);
        RunConfig config = twoClients();
        config.schedule = Schedule::Interactive;
        config.ordersPerClient = 2;
        RedisConnection reader(m_server->endpoint());
        const auto held = [&](const Probe &probe) {
            const QList<RedisValue> r = reader.pipeline({{"TYPE", config.lockKey()}, {"GET", config.lockKey()},
                                                         {"HKEYS", config.lockKey()}, {"PTTL", config.lockKey()},
                                                         {"GET", config.stockKey()}});
            const bool hash = r.at(0).bytes() == "hash";
            const QByteArray lock = hash ? r.at(2).items().value(0).bytes() : r.at(1).bytes();
            const qint64 pttl = r.at(3).toInteger();
            long long stock = 0;
            QCOMPARE(probe.stock, r.at(4).readInteger(stock) ? qint64(stock) : kUnknown);
            QCOMPARE(probe.locks.size(), 1);
            QCOMPARE(probe.locks.first().value, lock);
            // The servers' clock may be past the probe's instant (a reply on its way).
            if (pttl < 0 || probe.locks.first().pttl < 0)
                QCOMPARE(probe.locks.first().pttl, pttl);
        };
        // Left by someone before: the run's set-up, sent with its first command, clears it.
        reader.pipeline({{"SET", config.stockKey(), "5"}, {"SET", config.lockKey(), "someone"}});
        History h;
        SteppedRun run(config, *strategy, m_server->endpoint(), h);
        run.prepare();
        int looked = 0;
        for (int i = 0; !run.finished() && i < 200; ++i) {
            const QList<int> active = run.activeClients();
            const qsizetype before = h.size();
            run.stepClient(active.at((i / 2) % active.size()));
            const QList<Event> &events = h.events();
            for (qsizetype e = events.size() - 1; e >= before; --e)
                if (events.at(e).probe) {
                    held(*events.at(e).probe);
                    if (QTest::currentTestFailed())
                        QFAIL(qPrintable(QStringLiteral("after step %1").arg(i)));
                    ++looked;
                    break;
                }
        }
        run.close();
        QVERIFY(h.events().last().probe);
        held(*h.events().last().probe);
        QCOMPARE(h.finalStock(), finalStock);
        QVERIFY2(looked >= 4, qPrintable(QString::number(looked))); // a command an order at least
    }

    // The set-up goes with the first command: refused there, the run stops
    // with the server's own words, and no command of a client is recorded as refused.
    void refusedSetUpStopsTheRun()
    {
        RunConfig config = twoClients();
        config.schedule = Schedule::Interactive;
        History h;
        SteppedRun run(config, noLockStrategy, m_server->endpoint(), h);
        run.prepare();
        RedisConnection admin(m_server->endpoint());
        admin.pipeline({{"CONFIG", "SET", "maxmemory-policy", "noeviction"}, {"CONFIG", "SET", "maxmemory", "1"}});
        run.stepClient(0);
        admin.command({"CONFIG", "SET", "maxmemory", "0"});
        QVERIFY(run.failed());
        QVERIFY2(run.error().contains(QLatin1String("setting up the run")) && run.error().contains(QLatin1String("OOM")),
                 qPrintable(run.error()));
        for (const Event &e : h.events())
            QVERIFY(!(e.kind == EventKind::Command && e.reply.isError()));
    }

private:
    std::unique_ptr<RedisServer> m_server;
};

QTEST_GUILESS_MAIN(TestSchedules)
#include "test_schedules.moc"
