// The models behind the panels, on real runs against a private redis-server:
// QAbstractItemModelTester watches every change while events stream in.

#include "TestRedis.h"

#include "gui/CodeModel.h"
#include "gui/TimelineModel.h"
#include "rendering/TimelinePainter.h"

#include <QAbstractItemModelTester>
#include <QImage>
#include <QSignalSpy>
#include <QTest>

using namespace lockstock;

class TimelineModelTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_redis = test::startRedis();
        QVERIFY(m_redis);
    }

    // A run streamed into the model as the window sees it: each new analysis
    // adds rows at the end and touches only rows whose mark is new.
    void streamsRowsOneSnapshotAtATime()
    {
        auto run = test::runScenario(QStringLiteral("lost-update"), QStringLiteral("broken"), m_redis->endpoint());
        QVERIFY(run && run->error.isEmpty());
        const QList<Event> all = run->history.events();

        History streamed(run->history.info());
        RunAnalyzer analyzer(streamed.info());
        TimelineModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.reset(streamed.info());
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        for (qsizetype i = 0; i < all.size(); ++i) {
            streamed.append(all.at(i));
            if (i % 3 == 2 && analyzer.update(streamed))
                model.setAnalysis(analyzer.snapshot(), analyzer.newlyMarked(), analyzer.restarted());
        }
        streamed.finish(run->history.finalStock(), run->history.endNs());
        QVERIFY(analyzer.update(streamed));
        model.setAnalysis(analyzer.snapshot(), analyzer.newlyMarked(), analyzer.restarted());
        QVERIFY(!analyzer.update(streamed)); // nothing new
        QVERIFY(inserted.count() >= 2);
        QCOMPARE(reset.count(), 0);
        // One row changed: B's write, when it became a stale write that lost a unit.
        QVERIFY2(changed.count() <= 2, qPrintable(QString::number(changed.count())));

        int commands = 0;
        for (const Event &e : all)
            commands += e.kind == EventKind::Command;
        QCOMPARE(model.rowCount(), commands);
        QVERIFY(model.analysis()->finished);

        // Rows in time order, each pointing at its command in the analysis.
        qint64 last = -1;
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex index = model.index(row);
            const int event = index.data(TimelineModel::SortedIndexRole).toInt();
            QCOMPARE(model.analysis()->events.at(event).argv, model.eventAt(row).argv);
            QVERIFY(model.eventAt(row).tNs >= last);
            last = model.eventAt(row).tNs;
            QVERIFY(index.data(TimelineModel::MonitorRole).toString().contains(QLatin1Char('"')));
        }
        // B's write of the same value is marked: a stale write, and the unit it lost.
        QStringList races;
        for (int row = 0; row < model.rowCount(); ++row)
            if (const QString race = model.index(row).data(TimelineModel::RaceRole).toString(); !race.isEmpty())
                races << race;
        QCOMPARE(races, QStringList{QStringLiteral("stale write: 99, read before A's write \u00b7 B wrote 99, not 98: one unit lost")});
        QCOMPARE(model.rowAt(-1), -1);
        QCOMPARE(model.rowAt(model.analysis()->durationMs() + 1), model.rowCount() - 1);
    }

    void monitorLineLooksLikeMonitor()
    {
        RunInfo info;
        info.clients = {QStringLiteral("A")};
        info.speed = 1;
        Event e;
        e.tNs = 1'500'000'000;
        e.client = 0;
        e.argv = {"SET", "lock:10086", "A-1", "NX", "PX", "10000"};
        QCOMPARE(TimelineModel::monitorLine(info, e),
                 QStringLiteral(R"(1.500 [A] "SET" "lock:10086" "A-1" "NX" "PX" "10000")"));
        e.reply = RedisValue::status("OK");
        QCOMPARE(RunAnalysis::commandText(e), QStringLiteral("SET lock:10086 A-1 NX PX 10000 \u2192 OK"));
    }

    void derivesTruthAndBeliefs()
    {
        auto broken = test::runScenario(QStringLiteral("lease-expired-wrong-delete"), QStringLiteral("broken"),
                                        m_redis->endpoint());
        QVERIFY(broken && broken->error.isEmpty());
        const RunAnalysis &data = *broken->analysis;
        QVERIFY(data.probed);
        const LockNode &node = data.nodes.first();
        QVERIFY(node.holdingCount() >= 3);                    // A, then B, then C held the key
        bool expired = false;
        for (qsizetype h = 0; h < node.holdingCount(); ++h)
            expired = expired || node.holding(h).expired;
        QVERIFY(expired);
        QVERIFY(data.leaseNs > 0);
        QVERIFY(!data.beliefGaps.at(0).isEmpty());            // A kept believing after Redis expired its lease
        const QList<Mark> deleted = test::marksOf(data, FindingKind::ForeignRelease);
        QVERIFY(!deleted.isEmpty());
        QVERIFY(data.markTextAt(deleted.first().event).contains(QStringLiteral("deleted")));
        QVERIFY(data.stock.size() >= 2);
        // The painter walks the lanes' compact copies: they must agree with the events.
        for (const SharedList<LaneEvent> &lane : data.lanes)
            for (const LaneEvent &le : lane) {
                const Event &e = data.events.at(le.index);
                QCOMPARE(le.tNs, e.tNs);
                QCOMPARE(le.endNs, e.tNs + e.durationNs);
                QCOMPARE(le.kind, e.kind);
                QCOMPARE(le.step, e.step);
                QCOMPARE(bool(le.watchdog), e.role == ActorRole::Watchdog);
                QCOMPARE(bool(le.success), bool(e.success));
                QCOMPARE(bool(le.marked), data.marks.cend() != std::find_if(data.marks.cbegin(), data.marks.cend(),
                                                                      [&le](const Mark &m) { return m.event == le.index; }));
            }

        auto correct = test::runScenario(QStringLiteral("lease-expired-wrong-delete"), QStringLiteral("correct"),
                                         m_redis->endpoint());
        QVERIFY(correct && correct->error.isEmpty());
        const RunAnalysis &good = *correct->analysis;
        for (const SharedList<Span> &gaps : good.beliefGaps)
            QVERIFY2(gaps.isEmpty(), "a watchdog-kept lease never leaves a client believing without the lock");
        QVERIFY(good.marks.isEmpty());
        QVERIFY(good.clean());
    }

    void drawsServerFaultsWhereTheyHappened()
    {
        History history;
        RunInfo info;
        info.clients = {QStringLiteral("A")};
        info.initialStock = 1;
        info.speed = 1;
        history.setInfo(info);
        Event get;
        get.client = 0;
        get.argv = {"GET", "stock:1"};
        get.reply = RedisValue::string("1");
        history.append(get);
        Event kill;
        kill.tNs = 500'000'000;
        kill.kind = EventKind::Server;
        kill.node = 0;
        kill.note = QStringLiteral("n1 killed (SIGKILL)");
        history.append(kill);
        history.finish(1, 1'000'000'000);
        const auto data = analyze(history);
        QCOMPARE(data->serverFaults.size(), 1);
        const int index = data->serverFaults.at(0);
        QCOMPARE(data->events.at(index).kind, EventKind::Server);

        QImage image(1200, 700, QImage::Format_ARGB32_Premultiplied);
        QPainter p(&image);
        TimelinePainter painter(*data, TimelineTheme::light());
        TimelineViewport view;
        view.endMs = 1000;
        painter.paint(p, QRectF(image.rect()), view);
        p.end();
        // Its label sits right of the moment it happened, and clicking it selects it.
        QPointF hit(-1, -1);
        for (int y = 0; y < image.height() && hit.x() < 0; y += 2)
            for (int x = 0; x < image.width(); x += 2)
                if (painter.eventAt(QPointF(x, y)) == index) {
                    hit = QPointF(x, y);
                    break;
                }
        QVERIFY2(hit.x() >= 0, "the fault's label can be clicked");
        QVERIFY(painter.msAt(hit.x()) >= 490);
    }

    // The panel shows a strategy in the language asked for, keeps the
    // clients' lines through a switch, and points a lesson at a step.
    void codeModelShowsStrategyListings()
    {
        CodeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(!model.showStrategy(QStringLiteral("no-such-strategy")));
        QVERIFY(model.showStrategy(QStringLiteral("set-nx-ex-lua")));
        QCOMPARE(model.languages(), QStringList({QStringLiteral("cpp"), QStringLiteral("python")}));
        QCOMPARE(model.language(), QStringLiteral("python"));
        QCOMPARE(model.fileName(), QStringLiteral("set-nx-ex-lua.py"));
        const auto lineText = [&model](int line) { return model.index(line - 1).data(CodeModel::TextRole).toString(); };

        // A's last step is the acquire, B's the back-off.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setPositions({{0, CodeStep{Step::Acquire, {}, QStringLiteral("LockCommands.cpp"), 17}},
                            {1, CodeStep{Step::Backoff, Step::Acquire, QStringLiteral("StockUpdate.cpp"), 34}}}, 1);
        QVERIFY(changed.count() >= 2);
        QVERIFY(lineText(model.focusLine()).contains(QStringLiteral("time.sleep(RETRY_SECONDS)")));
        QVERIFY(!lineText(model.focusLine()).contains(QStringLiteral("#@")));
        QCOMPARE(model.index(model.focusLine() - 1).data(CodeModel::ClientsRole).toList(), QVariantList{1});
        QVERIFY(model.index(model.focusLine() - 1).data(CodeModel::FocusRole).toBool());

        // C++: the same clients, on the lines that issued their commands.
        model.setLanguage(QStringLiteral("cpp"));
        QCOMPARE(model.fileName(), QStringLiteral("SetNxPxLua.cpp + LockCommands.cpp, StockUpdate.cpp"));
        QVERIFY(lineText(model.focusLine()).contains(QStringLiteral("Step::Backoff")));
        bool acquireMarked = false;
        for (int row = 0; row < model.rowCount(); ++row)
            acquireMarked = acquireMarked || (model.index(row).data(CodeModel::ClientsRole).toList() == QVariantList{0}
                                              && lineText(row + 1).contains(QStringLiteral("Step::Acquire")));
        QVERIFY(acquireMarked);

        // A lesson points at the release, in whichever language is shown.
        const int release = model.highlightStep(QStringLiteral("release"));
        QVERIFY(lineText(release).contains(QStringLiteral("EVALSHA")));
        QVERIFY(model.index(release - 1).data(CodeModel::HighlightRole).toBool());
        model.setLanguage(QStringLiteral("python"));
        QVERIFY(lineText(model.highlightedLine()).contains(QStringLiteral("r.eval(RELEASE")));
        QCOMPARE(model.highlightStep(QString()), 0);

        // Redisson where the strategy has it; Python stays the wish elsewhere.
        model.setLanguage(QStringLiteral("java"));
        QCOMPARE(model.language(), QStringLiteral("python"));
        QVERIFY(model.showStrategy(QStringLiteral("watchdog")));
        QCOMPARE(model.language(), QStringLiteral("java"));
        QVERIFY(lineText(model.highlightStep(QStringLiteral("renew"))).contains(QStringLiteral("PEXPIRE")));
    }

    void highlightEscapesHtml()
    {
        const QString html = CodeModel::highlight(QStringLiteral(R"(if (a < b) co_return "x"; // <done>)"));
        QVERIFY(html.contains(QStringLiteral("&lt; b")));
        const QString python = CodeModel::highlight(QStringLiteral(R"(    if r.set(k, "<v>"):  # b < c)"), QStringLiteral("python"));
        QVERIFY(python.contains(QStringLiteral("&lt;v&gt;")));
        // Indentation and runs of spaces keep their width; a line may wrap at a run's last space.
        QVERIFY(python.startsWith(QStringLiteral("&nbsp;&nbsp;&nbsp;&nbsp;<b")));
        QVERIFY(python.contains(QStringLiteral(":&nbsp; <span")));
        QVERIFY(python.contains(QStringLiteral("font-style:italic\">#&nbsp;b &lt; c")));
        QVERIFY(html.contains(QStringLiteral("co_return")));
        QVERIFY(html.contains(QStringLiteral("&lt;done&gt;")));
        QVERIFY(!html.contains(QStringLiteral("<done>")));
    }

private:
    std::unique_ptr<RedisServer> m_redis;
};

QTEST_MAIN(TimelineModelTest)
#include "tst_timelinemodel.moc"
