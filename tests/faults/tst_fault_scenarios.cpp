// Every fault scenario, broken and correct, against real servers, several
// times each: the broken strategy must show its race every time and the
// correct one never.

#include "TestRedis.h"

#include <QTest>

using namespace lockstock;

namespace {
enum class Expect {
    LostUpdate,   // two holders, one sale lost
    Unavailable,  // orders failed: the lock's Redis was down
    Exclusive,    // one holder at a time, every order sold
    Fenced,       // two holders, but the store refused the stale write
};
constexpr int kRepeats = 4;

// Scenarios with a topology start their own servers; the others run on one.
std::unique_ptr<test::ScenarioResult> run(const QString &scenario, const QString &strategy, RunMode mode)
{
    ScenarioError error;
    const std::optional<Scenario> s = findScenario(scenario, &error);
    if (!s)
        return nullptr;
    if (s->config.needsPrivateServers())
        return test::runScenarioOnOwnServers(scenario, strategy, mode);
    const auto server = test::startRedis();
    return server ? test::runScenario(scenario, strategy, server->endpoint(), mode) : nullptr;
}

// The run, one line per event, for the log when a check fails.
QString timeline(const test::ScenarioResult &r)
{
    QString text;
    for (const Event &e : r.analysis->events) {
        if (e.kind == EventKind::Sleep && e.step == Step::Backoff)
            continue;
        text += QStringLiteral("\n  %1 %2 %3 %4 n%5 %6 -> %7 %8")
                    .arg(qRound64(r.history.scenarioMs(e.tNs)), 6)
                    .arg(r.history.info().clients.value(e.client, QStringLiteral("-")))
                    .arg(QLatin1String(nameOf(e.kind)))
                    .arg(QLatin1String(nameOf(e.step)))
                    .arg(e.node + 1)
                    .arg(displayArgv(e.argv).left(40))
                    .arg(e.reply.display().left(40))
                    .arg(e.note.left(60));
    }
    return text;
}
} // namespace

class TestFaultScenarios : public QObject {
    Q_OBJECT

private:
    static void addColumns()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<int>("expect");
        QTest::addColumn<int>("unavailable");
    }

    // Runs the current row `times` times; each run must meet the expectation.
    void runRow(RunMode mode, int times)
    {
        QFETCH(QString, scenario);
        QFETCH(QString, strategy);
        QFETCH(int, expect);
        QFETCH(int, unavailable);
        for (int i = 0; i < times; ++i) {
            const auto r = run(scenario, strategy, mode);
            QVERIFY(r);
            verify(*r, Expect(expect), unavailable);
            if (QTest::currentTestFailed())
                return;
        }
    }

    void addRow(const char *scenario, const char *strategy, Expect expect, int unavailable = 0)
    {
        QTest::addRow("%s/%s", scenario, strategy) << QString::fromLatin1(scenario) << QString::fromLatin1(strategy)
                                                   << int(expect) << unavailable;
    }

    void verify(const test::ScenarioResult &r, Expect expect, int unavailable)
    {
        const RunAnalysis &a = *r.analysis;
        const RunCounts &n = a.counts;
        bool ok = r.error.isEmpty();
        switch (expect) {
        case Expect::LostUpdate:
            ok = ok && !a.clean() && n.lostUpdates == 1 && !a.overlaps.isEmpty() && n.staleWritesAccepted > 0;
            break;
        case Expect::Unavailable:
            ok = ok && !a.clean() && n.unavailableOrders == unavailable && a.overlaps.isEmpty();
            break;
        case Expect::Exclusive:
            ok = ok && a.verdict.severity() == Severity::Clean && a.overlaps.isEmpty() && n.ordersSucceeded == 2
                && a.finalStock == 98;
            break;
        case Expect::Fenced:
            // Two holders, said to be harmless, and nothing marked as lost.
            ok = ok && a.clean() && a.verdict.severity() == Severity::Harmless && n.fenced && n.staleWritesRefused == 1
                && n.staleWritesAccepted == 0 && n.lostUpdates == 0 && a.finalStock == n.expectedStock
                && test::marksOf(a, FindingKind::LostUpdates).isEmpty();
            break;
        }
        if (!ok)
            qWarning("%s", qPrintable(timeline(r)));
        QVERIFY2(ok, qPrintable(r.describe()));
    }

private slots:
    void stepped_data()
    {
        addColumns();
        addRow("lease-expired-during-pause", "broken", Expect::LostUpdate);
        addRow("lease-expired-during-pause", "correct", Expect::Fenced);
        addRow("restart-without-persistence", "broken", Expect::LostUpdate);
        addRow("restart-without-persistence", "correct", Expect::Fenced);
        addRow("failover-lost-lock", "broken", Expect::LostUpdate);
        addRow("failover-lost-lock", "correct", Expect::Exclusive);
        addRow("failover-wait-not-enough", "broken", Expect::LostUpdate);
        addRow("failover-wait-not-enough", "correct", Expect::Fenced);
        addRow("redlock-minority-down", "broken", Expect::Unavailable, 2);
        addRow("redlock-minority-down", "correct", Expect::Exclusive);
        addRow("redlock-restart-no-persistence", "broken", Expect::LostUpdate);
        addRow("redlock-restart-no-persistence", "correct", Expect::Fenced);
        addRow("redlock-delayed-restart", "broken", Expect::Unavailable, 1);
        addRow("redlock-delayed-restart", "correct", Expect::Exclusive);
        addRow("redlock-clock-jump", "broken", Expect::LostUpdate);
        addRow("redlock-clock-jump", "correct", Expect::Fenced);
    }

    void stepped() { runRow(RunMode::Stepped, kRepeats); }

    // The scenarios whose timing does not hang on a server restart, live:
    // a thread per client, faults from the control thread.
    void live_data()
    {
        addColumns();
        addRow("lease-expired-during-pause", "broken", Expect::LostUpdate);
        addRow("lease-expired-during-pause", "correct", Expect::Fenced);
        addRow("redlock-minority-down", "broken", Expect::Unavailable, 2);
        addRow("redlock-minority-down", "correct", Expect::Exclusive);
    }

    void live() { runRow(RunMode::Live, 2); }
};

QTEST_MAIN(TestFaultScenarios)
#include "tst_fault_scenarios.moc"
