// Every shipped scenario against a real redis-server: the broken strategy
// shows its race and the correct one shows none, run after run.

#include "TestRedis.h"

#include <QTest>

using namespace lockstock;

namespace {
int repeat()
{
    const int n = qEnvironmentVariableIntValue("LOCKSTOCK_TEST_REPEAT");
    return n > 0 ? n : 20;
}
QString describe(const test::ScenarioResult &r)
{
    return r.describe();
}
} // namespace

#define RUN(var, scenario, strategy)                                                                   \
    const auto var = test::runScenario(QStringLiteral(scenario), QStringLiteral(strategy), m_server->endpoint()); \
    QVERIFY(var);                                                                                      \
    QVERIFY2(var->error.isEmpty(), qPrintable(var->error))

class TestScenarios : public QObject {
    Q_OBJECT

private slots:
    void init()
    {
        m_server = test::startRedis();
        QVERIFY(m_server);
    }
    void cleanup() { m_server.reset(); }

    void lostUpdate()
    {
        for (int i = 0; i < repeat(); ++i) {
            RUN(broken, "lost-update", "broken");
            QCOMPARE(broken->analysis->finalStock, 99); // both wrote 99
            QCOMPARE(broken->counts().expectedStock, 98);
            QCOMPARE(broken->counts().lostUpdates, 1);
            QCOMPARE(broken->counts().clobberingWrites, 1);

            RUN(correct, "lost-update", "correct");
            QVERIFY2(correct->analysis->clean(), qPrintable(describe(*correct)));
            QCOMPARE(correct->analysis->finalStock, 98);
        }
    }

    void crashBetweenSetnxAndExpire()
    {
        for (int i = 0; i < repeat(); ++i) {
            RUN(broken, "crash-between-setnx-expire", "broken");
            const Finding *stuck = broken->analysis->verdict.find(FindingKind::StuckLock);
            QVERIFY2(stuck, qPrintable(describe(*broken)));
            QCOMPARE(stuck->actor, 0);
            // Stuck from A's crash (~0 s) until B gave up (1 s start + 8 s timeout).
            QVERIFY2(broken->history.scenarioMs(broken->counts().stuckNs) > 8000, qPrintable(describe(*broken)));
            QCOMPARE(broken->counts().ordersSucceeded, 0); // B never got the lock
            QCOMPARE(broken->analysis->finalStock, 100);

            RUN(correct, "crash-between-setnx-expire", "correct");
            QVERIFY2(correct->analysis->clean(), qPrintable(describe(*correct)));
            QCOMPARE(correct->counts().ordersSucceeded, 1); // B took the lapsed lock
            QCOMPARE(correct->counts().expiries, 1); // Redis expired A's lock, observed
            QCOMPARE(correct->analysis->finalStock, 99);
        }
    }

    // Live runs take no probes between steps, yet the lock left with no TTL
    // is found: every run reads every lock key once more at its end.
    void crashBetweenSetnxAndExpireLive()
    {
        for (int i = 0; i < std::max(1, repeat() / 4); ++i) {
            const auto broken = test::runScenario(QStringLiteral("crash-between-setnx-expire"), QStringLiteral("broken"),
                                                  m_server->endpoint(), RunMode::Live);
            QVERIFY(broken);
            QVERIFY2(broken->error.isEmpty(), qPrintable(broken->error));
            QVERIFY2(!broken->analysis->clean(), qPrintable(describe(*broken)));
            const Finding *stuck = broken->analysis->verdict.find(FindingKind::StuckLock);
            QVERIFY2(stuck, qPrintable(describe(*broken)));
            QCOMPARE(stuck->actor, 0);
            QVERIFY2(broken->history.scenarioMs(broken->counts().stuckNs) > 8000, qPrintable(describe(*broken)));
        }
    }

    void leaseExpiredWrongDelete()
    {
        for (int i = 0; i < repeat(); ++i) {
            RUN(broken, "lease-expired-wrong-delete", "broken");
            // A deletes B's lock, then B, whose lease also ran out, deletes C's.
            const QList<Mark> deleted = test::marksOf(*broken->analysis, FindingKind::ForeignRelease);
            QCOMPARE(deleted.size(), 2);
            QCOMPARE(deleted.at(0).actor, 0);
            QCOMPARE(deleted.at(0).other, 1);
            QCOMPARE(deleted.at(1).actor, 1);
            QCOMPARE(deleted.at(1).other, 2);
            QCOMPARE(broken->analysis->overlaps.size(), 2); // A with B, then B with C
            QVERIFY2(broken->counts().lostUpdates >= 1, qPrintable(describe(*broken)));

            RUN(correct, "lease-expired-wrong-delete", "correct");
            QVERIFY2(correct->analysis->clean(), qPrintable(describe(*correct)));
            QCOMPARE(correct->analysis->finalStock, 97);
        }
    }

    void leaseShorterThanWork()
    {
        for (int i = 0; i < repeat(); ++i) {
            RUN(broken, "lease-shorter-than-work", "broken");
            QCOMPARE(broken->analysis->overlaps.size(), 1);
            // A held from 0 to 30 s, B from ~10 s: about 20 s together.
            const double together = broken->history.scenarioMs(broken->counts().overlapNs);
            QVERIFY2(together > 15000 && together < 25000, qPrintable(describe(*broken)));
            QCOMPARE(broken->counts().lostUpdates, 1);
            QVERIFY(broken->counts().foreignReleases == 0); // the Lua release refused A

            RUN(correct, "lease-shorter-than-work", "correct");
            QVERIFY2(correct->analysis->clean(), qPrintable(describe(*correct)));
            QVERIFY(correct->counts().expiries == 0); // the watchdog kept the lease alive
        }
    }

    void watchdogLongWork()
    {
        for (int i = 0; i < repeat(); ++i) {
            RUN(broken, "watchdog-long-work", "broken");
            const QList<Mark> extended = test::marksOf(*broken->analysis, FindingKind::ForeignRenewal);
            QCOMPARE(extended.size(), 1);
            QCOMPARE(extended.first().actor, 0);
            QCOMPARE(extended.first().other, 1);

            RUN(correct, "watchdog-long-work", "correct");
            QVERIFY2(correct->analysis->clean(), qPrintable(describe(*correct)));
            QCOMPARE(correct->analysis->finalStock, 98);
            // 45 s of work under a 30 s lease survived only because of renewals.
            int renewals = 0;
            for (const Event &e : correct->analysis->events)
                renewals += e.step == Step::Renew && e.kind == EventKind::Command && e.reply.toInteger() == 1;
            QVERIFY(renewals >= 6);
        }
    }

    void flashSale()
    {
        for (int i = 0; i < repeat(); ++i) {
            RUN(broken, "flash-sale", "broken");
            QCOMPARE(broken->counts().ordersSucceeded, 20);
            QCOMPARE(broken->counts().oversold, 15);
            QVERIFY(broken->counts().lostUpdates > 0);

            RUN(correct, "flash-sale", "correct");
            QVERIFY2(correct->analysis->clean(), qPrintable(describe(*correct)));
            QCOMPARE(correct->counts().ordersSucceeded, 5);
            QCOMPARE(correct->analysis->finalStock, 0);
        }
    }

    // Live: a thread per client at full speed. Correct strategies never break.
    void everyStrategyRunsLive()
    {
        for (const char *name : {"set-nx-ex-lua", "watchdog", "watch-multi", "lua-decrement", "decr-compensate"}) {
            const auto r = test::runScenario(QStringLiteral("flash-sale"), QLatin1String(name), m_server->endpoint(),
                                             RunMode::Live, [](RunConfig &c) {
                                                 c.stock = 30;
                                                 c.ordersPerClient = 3;
                                                 c.acquireTimeoutMs = 60000;
                                                 c.retryMs = 10;
                                             });
            QVERIFY(r);
            QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
            QVERIFY2(r->analysis->clean(), qPrintable(QLatin1String(name) + QLatin1String(": ") + describe(*r)));
            QCOMPARE(r->counts().ordersTried, 60);
            QCOMPARE(r->counts().ordersSucceeded, 30);
            QCOMPARE(r->analysis->finalStock, 0);
        }
    }

private:
    std::unique_ptr<RedisServer> m_server;
};

QTEST_GUILESS_MAIN(TestScenarios)
#include "test_scenarios.moc"
