// The models behind the panels, on real runs against a private redis-server:
// QAbstractItemModelTester watches every change while events stream in.

#include "TestRedis.h"

#include "gui/CodeModel.h"
#include "gui/TimelineModel.h"
#include "gui/TimelinePainter.h"

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

    void streamsCommandsInArrivalOrder()
    {
        auto run = test::runScenario(QStringLiteral("lost-update"), QStringLiteral("broken"), m_redis->endpoint());
        QVERIFY(run && run->error.isEmpty());
        const QList<Event> all = run->history.events();

        // Replay the history into a fresh one in three batches, as the 60 Hz poll sees it.
        History streamed(run->history.info());
        TimelineModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.reset(streamed.info());
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        const qsizetype third = all.size() / 3;
        for (qsizetype i = 0; i < all.size(); ++i) {
            streamed.append(all.at(i));
            if (i == third || i == 2 * third)
                QVERIFY(model.update(streamed));
        }
        streamed.finish(run->history.finalStock(), run->history.endNs());
        QVERIFY(model.update(streamed));
        QVERIFY(!model.update(streamed)); // nothing new
        QVERIFY(inserted.count() >= 2);

        int commands = 0;
        for (const Event &e : all)
            commands += e.kind == EventKind::Command;
        QCOMPARE(model.rowCount(), commands);
        QVERIFY(model.timeline()->finished);

        // Every row points at the same command in the sorted timeline.
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex index = model.index(row);
            const int sorted = index.data(TimelineModel::SortedIndexRole).toInt();
            QVERIFY(sorted >= 0);
            QCOMPARE(model.timeline()->events.at(sorted).argv, model.eventAt(row).argv);
            QVERIFY(index.data(TimelineModel::MonitorRole).toString().contains(QLatin1Char('"')));
        }
        // The lost update is flagged on B's write of the same value.
        QStringList races;
        for (int row = 0; row < model.rowCount(); ++row)
            if (const QString race = model.index(row).data(TimelineModel::RaceRole).toString(); !race.isEmpty())
                races << race;
        QVERIFY2(!races.isEmpty(), "the second SET stock 99 must be flagged");
        QVERIFY(races.join(QLatin1Char(' ')).contains(QStringLiteral("99")));
        QCOMPARE(model.rowAt(-1), -1);
        QCOMPARE(model.rowAt(model.timeline()->durationMs() + 1), model.rowCount() - 1);
    }

    void monitorLineLooksLikeMonitor()
    {
        TimelineData data;
        data.info.clients = {QStringLiteral("A")};
        data.info.speed = 1;
        Event e;
        e.tNs = 1'500'000'000;
        e.client = 0;
        e.argv = {"SET", "lock:10086", "A-1", "NX", "PX", "10000"};
        QCOMPARE(TimelineModel::monitorLine(data, e),
                 QStringLiteral(R"(1.500 [A] "SET" "lock:10086" "A-1" "NX" "PX" "10000")"));
        e.reply = RedisValue::status("OK");
        QCOMPARE(TimelineData::commandText(e), QStringLiteral("SET lock:10086 A-1 NX PX 10000 \u2192 OK"));
    }

    void derivesTruthAndBeliefs()
    {
        auto broken = test::runScenario(QStringLiteral("lease-expired-wrong-delete"), QStringLiteral("broken"),
                                        m_redis->endpoint());
        QVERIFY(broken && broken->error.isEmpty());
        const auto data = TimelineData::build(broken->history);
        QVERIFY(data->probed);
        QVERIFY(data->holdings.size() >= 3);                  // A, then B, then C held the key
        QVERIFY(std::any_of(data->holdings.cbegin(), data->holdings.cend(), [](const Holding &h) { return h.expired; }));
        QVERIFY(data->leaseNs > 0);
        QVERIFY(!data->beliefGaps.at(0).isEmpty());           // A kept believing after Redis expired its lease
        QVERIFY(!data->outcome.foreignReleases.isEmpty());
        QVERIFY(data->raceAt(data->outcome.foreignReleases.first().event).contains(QStringLiteral("deleted")));
        QVERIFY(data->stock.size() >= 2);
        // The painter walks the lanes' compact copies: they must agree with the events.
        for (const QList<LaneEvent> &lane : data->laneEvents)
            for (const LaneEvent &le : lane) {
                const Event &e = data->events.at(le.index);
                QCOMPARE(le.tNs, e.tNs);
                QCOMPARE(le.endNs, e.tNs + e.durationNs);
                QCOMPARE(le.kind, e.kind);
                QCOMPARE(le.race, !data->raceAt(le.index).isEmpty());
            }

        auto correct = test::runScenario(QStringLiteral("lease-expired-wrong-delete"), QStringLiteral("correct"),
                                         m_redis->endpoint());
        QVERIFY(correct && correct->error.isEmpty());
        const auto good = TimelineData::build(correct->history);
        for (const QList<Span> &gaps : good->beliefGaps)
            QVERIFY2(gaps.isEmpty(), "a watchdog-kept lease never leaves a client believing without the lock");
        QVERIFY(good->sameValueWrites.isEmpty());
        QVERIFY(good->outcome.clean());
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
        const auto data = TimelineData::build(history);
        QCOMPARE(data->serverFaults.size(), 1);
        const int index = data->serverFaults.first();
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

    void codeModelShowsStrategySources()
    {
        CodeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(!model.showFile(QStringLiteral("NoSuchFile.cpp")));
        QVERIFY(model.showFile(QStringLiteral("SetNxPxLua.cpp")));
        QVERIFY(model.rowCount() > 10);
        QCOMPARE(model.index(0).data(CodeModel::NumberRole).toInt(), 1);
        bool found = false;
        for (int row = 0; row < model.rowCount(); ++row)
            found = found || model.index(row).data(CodeModel::TextRole).toString().contains(QStringLiteral("releaseWithLua"));
        QVERIFY(found);

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setMarkers({{3, {0, 1}}}, 3);
        QVERIFY(changed.count() >= 1);
        QCOMPARE(model.index(2).data(CodeModel::ClientsRole).toList().size(), 2);
        QVERIFY(model.index(2).data(CodeModel::FocusRole).toBool());
        model.setMarkers({}, -1);
        QVERIFY(model.index(2).data(CodeModel::ClientsRole).toList().isEmpty());
        QVERIFY(model.showFile(QStringLiteral("LockCommands.cpp")));
        QVERIFY(model.index(0).data(CodeModel::ClientsRole).toList().isEmpty());
    }

    void highlightEscapesHtml()
    {
        const QString html = CodeModel::highlight(QStringLiteral(R"(if (a < b) co_return "x"; // <done>)"));
        QVERIFY(html.contains(QStringLiteral("&lt;&nbsp;b")));
        QVERIFY(html.contains(QStringLiteral("co_return")));
        QVERIFY(html.contains(QStringLiteral("&lt;done&gt;")));
        QVERIFY(!html.contains(QStringLiteral("<done>")));
    }

private:
    std::unique_ptr<RedisServer> m_redis;
};

QTEST_MAIN(TimelineModelTest)
#include "tst_timelinemodel.moc"
