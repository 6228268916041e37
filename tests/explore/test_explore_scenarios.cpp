// Every shipped scenario on the virtual clock, explored: its correct side
// shows no finding in any schedule (complete, or sampled where the space is
// too large, and said so), and its broken side yields a shortest
// counterexample whose scenario file, run as `lockstock run` runs it,
// shows that finding again.
//
// One CTest entry per scenario (function:NAME), so they run side by side.

#include "TestRedis.h"

#include "explore/Explorer.h"
#include "scenario/ScenarioWriter.h"
#include "strategies/Strategies.h"

#include <QTemporaryDir>
#include <QTest>

using namespace lockstock;

namespace {
// Spaces too large to explore completely (20 buyers; 3 clients x 15 orders
// retrying): sampled for this long instead. The others must complete.
const QHash<QString, int> kSampledSeconds{{QStringLiteral("flash-sale"), 4}, {QStringLiteral("try-once-refused"), 4}};
constexpr int kCompleteWithinSeconds = 120;

ExploreResult exploreSide(const Scenario &s, const Strategy &strategy)
{
    ExploreOptions options;
    options.budgetSeconds = kSampledSeconds.value(s.name, kCompleteWithinSeconds);
    return Explorer(s, strategy, options).run();
}

// The shipped scenario `name`, explored with the strategy of `side`.
ExploreResult exploreShipped(const QString &name, bool correct, Scenario *scenario)
{
    ScenarioError error;
    const std::optional<Scenario> s = findScenario(name, &error);
    if (!s)
        qFatal("%s", qPrintable(error.display()));
    *scenario = *s;
    return exploreSide(*s, *findStrategy(correct ? s->correct : s->broken));
}

QString summary(const ExploreResult &r)
{
    QStringList out{r.spaceText()};
    for (const OutcomeCount &c : r.outcomes)
        out << QStringLiteral("  %1 x%2").arg(c.outcome.key()).arg(c.count);
    return out.join(QLatin1Char('\n'));
}
} // namespace

class TestExploreScenarios : public QObject {
    Q_OBJECT

private slots:
    void correctSideHasNoFinding_data() { scenarios(); }
    void correctSideHasNoFinding()
    {
        QFETCH(QString, name);
        Scenario s;
        const ExploreResult r = exploreShipped(name, true, &s);
        qInfo("%s", qPrintable(summary(r)));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.divergences, 0);
        QVERIFY(r.executions > 0);
        QCOMPARE(r.coverage, kSampledSeconds.contains(name) ? Coverage::Sampled : Coverage::Complete);
        for (const Counterexample &c : r.counterexamples)
            QFAIL(qPrintable(QStringLiteral("%1 in %2").arg(QLatin1String(nameOf(c.kind)), c.interleaving.join(QLatin1Char(' ')))));
    }

    void brokenSideCounterexampleReproduces_data() { scenarios(); }
    void brokenSideCounterexampleReproduces()
    {
        QFETCH(QString, name);
        Scenario s;
        const ExploreResult r = exploreShipped(name, false, &s);
        const Strategy &broken = *findStrategy(s.broken);
        qInfo("%s", qPrintable(summary(r)));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(!r.counterexamples.isEmpty(), "the broken side showed no failure in any schedule");

        QTemporaryDir dir;
        for (const Counterexample &c : r.counterexamples) {
            // Written, read back as `run` reads it, and run as `run` runs it.
            const QString path = dir.filePath(QStringLiteral("%1-%2.json").arg(name, QLatin1String(nameOf(c.kind))));
            QString why;
            QVERIFY2(saveScenarioFile(Explorer::counterexampleScenario(s, broken, c), path, &why), qPrintable(why));
            ScenarioError error;
            const std::optional<Scenario> saved = findScenario(path, &error);
            QVERIFY2(saved, qPrintable(error.display()));
            QCOMPARE(saved->broken, broken.name);
            RunConfig config = saved->config;
            config.correctSide = saved->correctHere(broken.name, broken.correct);
            History history;
            QString stopped;
            if (config.needsPrivateServers()) {
                stopped = runWithOwnServers(config, broken, history, RunMode::Stepped);
            } else {
                const std::unique_ptr<RedisServer> server = test::startRedis();
                QVERIFY(server);
                stopped = runToEnd(config, broken, server->endpoint(), history, RunMode::Stepped);
            }
            QVERIFY2(stopped.isEmpty(), qPrintable(stopped));
            const Outcome again = outcomeOf(history, stopped);
            QVERIFY2(again.failures().contains(c.kind),
                     qPrintable(QStringLiteral("%1 expected, the file's run gave: %2").arg(QLatin1String(nameOf(c.kind)), again.key())));
            QCOMPARE(again, c.outcome);
        }
    }

private:
    // Those on the virtual clock: Sentinel's and a cluster's are not explorable.
    static void scenarios()
    {
        QTest::addColumn<QString>("name");
        for (const QString &name : builtinScenarioNames()) {
            ScenarioError error;
            const std::optional<Scenario> s = findScenario(name, &error);
            if (s && explorable(*s).isEmpty())
                QTest::newRow(qPrintable(name)) << name;
        }
    }
};

QTEST_GUILESS_MAIN(TestExploreScenarios)
#include "test_explore_scenarios.moc"
