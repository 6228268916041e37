// Fault scenarios live: a thread per client on the real clock, faults from
// the control thread, against real servers. The broken strategy must show
// its race every time and the correct one never. (Stepped, on the virtual
// clock, every fault scenario is in tests/engine/test_scenarios.)

#include "TestRedis.h"

#include <QTest>

using namespace lockstock;
using test::Expect;

class TestFaultScenarios : public QObject {
    Q_OBJECT

private slots:
    // The scenarios whose timing does not hang on a server restart.
    void live_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<int>("expect");
        QTest::addColumn<int>("unavailable");
        QTest::addRow("lease-expired-during-pause/broken") << QStringLiteral("lease-expired-during-pause") << QStringLiteral("broken") << int(Expect::LostUpdate) << 0;
        QTest::addRow("lease-expired-during-pause/correct") << QStringLiteral("lease-expired-during-pause") << QStringLiteral("correct") << int(Expect::Fenced) << 0;
        QTest::addRow("redlock-minority-down/broken") << QStringLiteral("redlock-minority-down") << QStringLiteral("broken") << int(Expect::Unavailable) << 2;
        QTest::addRow("redlock-minority-down/correct") << QStringLiteral("redlock-minority-down") << QStringLiteral("correct") << int(Expect::Exclusive) << 0;
    }

    void live()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, strategy);
        QFETCH(int, expect);
        QFETCH(int, unavailable);
        ScenarioError error;
        const std::optional<Scenario> s = findScenario(scenario, &error);
        QVERIFY2(s, qPrintable(error.display()));
        for (int i = 0; i < 2; ++i) {
            std::unique_ptr<test::ScenarioResult> r;
            std::unique_ptr<RedisServer> server;
            if (s->config.needsPrivateServers()) {
                r = test::runScenarioOnOwnServers(scenario, strategy, RunMode::Live);
            } else {
                server = test::startRedis();
                QVERIFY(server);
                r = test::runScenario(scenario, strategy, server->endpoint(), RunMode::Live);
            }
            QVERIFY(r);
            QCOMPARE(r->history.info().clock, ClockKind::Real);
            test::expectOutcome(*r, Expect(expect), unavailable);
            if (QTest::currentTestFailed())
                return;
        }
    }
};

QTEST_MAIN(TestFaultScenarios)
#include "tst_fault_scenarios.moc"
