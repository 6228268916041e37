// Run > Explore all schedules without a window: the exploration of the
// scenario shown grows its tree of choices and its outcome shares off the
// GUI thread, the icicle maps a column to its schedule, a schedule loads
// into the controller as the run `lockstock run` gives, and a real-clock
// scenario is refused.

#include "TestRedis.h"

#include "gui/OutcomeTree.h"
#include "gui/RunController.h"
#include "gui/ScheduleExploration.h"
#include "rendering/TimelineTheme.h"
#include "strategies/Strategies.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace lockstock;

class ExplorationTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void lostUpdateGrowsItsTreeAndLoadsALeaf()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setScenario(QStringLiteral("lost-update"));
        ScheduleExploration exploration(&controller);
        QVERIFY(exploration.unexplorable().isEmpty());
        QCOMPARE(exploration.paletteSize(), 3);
        QSignalSpy grown(&exploration, &ScheduleExploration::grown);
        exploration.start(0, 60);
        QVERIFY(exploration.running());
        QTRY_VERIFY_WITH_TIMEOUT(!exploration.running(), 60000);
        QVERIFY(grown.count() > 0);
        QCOMPARE(exploration.schedules(), 4);
        QVERIFY2(exploration.summary().contains(QLatin1String("4")), qPrintable(exploration.summary()));
        QVERIFY(exploration.failed());

        // Two outcomes, half the schedules each: one lost update, or none.
        const QVariantList outcomes = exploration.outcomes();
        QCOMPARE(outcomes.size(), 2);
        double shares = 0;
        int failing = 0;
        for (const QVariant &o : outcomes) {
            shares += o.toMap().value(QStringLiteral("share")).toDouble();
            failing += o.toMap().value(QStringLiteral("failing")).toBool();
        }
        QCOMPARE(shares, 1.0);
        QCOMPARE(failing, 1);

        // The tree: every leaf under the start, each schedule once.
        const QList<ScheduleExploration::Node> &nodes = exploration.nodes();
        QCOMPARE(nodes.first().leaves, 4);
        int leaves = 0;
        for (const ScheduleExploration::Node &n : nodes)
            leaves += n.leaf;
        QCOMPARE(leaves, 4);

        // Column by column, the icicle shows each schedule, left to right.
        OutcomeTree tree;
        tree.setSize(QSizeF(400, 300));
        tree.setExploration(&exploration);
        QList<int> seen;
        for (qreal x = 5; x < 400; x += 10)
            if (const int leaf = tree.leafAt(x, 150); !seen.contains(leaf))
                seen << leaf;
        std::sort(seen.begin(), seen.end());
        QCOMPARE(seen, (QList<int>{0, 1, 2, 3}));

        // A failing leaf loads its run: the file replays the lost update.
        int lost = -1;
        for (int leaf = 0; leaf < 4 && lost < 0; ++leaf)
            if (exploration.outcomeColour(exploration.outcomeOfLeaf(leaf), false)
                == TimelineTheme::light().severity(Severity::Broken))
                lost = leaf;
        QVERIFY(lost >= 0);
        QVERIFY2(exploration.describe(lost).contains(QLatin1String("4")), qPrintable(exploration.describe(lost)));
        QCOMPARE(exploration.load(lost), QString());
        QVERIFY(controller.scenarioFile().endsWith(QStringLiteral("lost-update-no-lock-%1.json").arg(lost + 1)));
        QCOMPARE(controller.strategy(), QStringLiteral("no-lock"));
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 60000);
        QCOMPARE(controller.primary()->analysis()->finalStock, 99);
        QCOMPARE(controller.primary()->analysis()->counts.lostUpdates, 1);
    }

    void cancelStopsIt()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setScenario(QStringLiteral("flash-sale"));
        ScheduleExploration exploration(&controller);
        exploration.start(0, 120);
        QTRY_VERIFY_WITH_TIMEOUT(exploration.schedules() > 0, 30000);
        exploration.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!exploration.running(), 20000);
        QVERIFY(exploration.schedules() > 0);
    }

    void realClockScenarioIsRefused()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setScenario(QStringLiteral("failover-lost-lock"));
        ScheduleExploration exploration(&controller);
        QVERIFY(!exploration.unexplorable().isEmpty());
        exploration.start(0, 10);
        QVERIFY(!exploration.running());
    }
};

QTEST_MAIN(ExplorationTest)
#include "tst_exploration.moc"
