// The schedules: interactive stepping, a scenario's script, seeded random
// picks, and the same strategy code running stepped and live.

#include "TestRedis.h"

#include "engine/SteppedRun.h"
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

private:
    std::unique_ptr<RedisServer> m_server;
};

QTEST_GUILESS_MAIN(TestSchedules)
#include "test_schedules.moc"
