// The scenario panel's model through the calls its QML makes: edits and
// their undo (the exact earlier scenario back), bad values refused with the
// loader's own message and no run, the edited scenario run next with the run
// before beside it, and a fault clicked on a lane saved in the file and
// replayed by the run against a real redis-server.

#include "TestRedis.h"

#include "gui/RunController.h"
#include "scenario/ScenarioWriter.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace lockstock;

namespace {
Scenario builtin(const QString &name)
{
    ScenarioError error;
    const std::optional<Scenario> s = findScenario(name, &error);
    return s ? *s : Scenario{};
}

bool hasEvent(const RunSession *session, const std::function<bool(const Event &)> &match)
{
    const SharedList<Event> &events = session->analysis()->events;
    return std::any_of(events.begin(), events.end(), match);
}
} // namespace

class ScenarioEditorTest : public QObject {
    Q_OBJECT
private slots:
    // A cluster's replicas fail over by CLUSTER FAILOVER FORCE (REPLICAOF
    // is refused in a cluster); its masters have no such action.
    void aClusterReplicaFailsOverTheClusterWay()
    {
        ScenarioEditor editor;
        editor.reset(builtin(QStringLiteral("cluster-failover-lost-lock")));
        const int faults = editor.scenario().config.serverFaults.size();
        for (int master = 0; master < 3; ++master) {
            QVERIFY(!editor.nodeActions(master).contains(QStringLiteral("cluster_failover")));
            QVERIFY(!editor.nodeActions(master).contains(QStringLiteral("promote")));
        }
        QVERIFY(editor.nodeActions(4).contains(QStringLiteral("cluster_failover")));
        QVERIFY(!editor.nodeActions(4).contains(QStringLiteral("promote")));
        editor.addNodeFault(4, 1000, QStringLiteral("cluster_failover"), 0);
        QVERIFY2(editor.valid(), qPrintable(editor.error()));
        QCOMPARE(editor.scenario().config.serverFaults.size(), faults + 1);
        const ServerFault &added = editor.scenario().config.serverFaults.last();
        QCOMPARE(added.node, 4);
        QCOMPARE(added.action, ServerAction::ClusterFailover);
        QCOMPARE(added.atMs, 1000);
        editor.addNodeFault(1, 1000, QStringLiteral("cluster_failover"), 0); // a master: refused
        QCOMPARE(editor.scenario().config.serverFaults.size(), faults + 1);
    }

    // Each edit one undo step; undo gives back the very scenario before it.
    void editsUndoToTheExactScenario()
    {
        ScenarioEditor editor;
        const Scenario original = builtin(QStringLiteral("lease-shorter-than-work"));
        editor.reset(original);
        QVERIFY(editor.valid());
        QVERIFY(!editor.canUndo());
        QCOMPARE(editor.values().value(QStringLiteral("lease_ms")).toString(),
                 QString::number(double(original.config.leaseMs) / 1000));

        QVERIFY(editor.set(QStringLiteral("lease_ms"), QStringLiteral("2.5")));
        QCOMPARE(editor.scenario().config.leaseMs, 2500);
        QCOMPARE(editor.values().value(QStringLiteral("lease_ms")).toString(), QStringLiteral("2.5"));
        QVERIFY(editor.set(QStringLiteral("retry_ms"), QStringLiteral("250")));
        QCOMPARE(editor.scenario().config.retryMs, 250);
        QVERIFY(editor.set(QStringLiteral("clients"), QStringLiteral("4")));
        editor.setClientName(3, QStringLiteral("Dora"));
        QVERIFY(editor.setClientStart(3, QStringLiteral("1500")));
        QCOMPARE(editor.scenario().config.clients.size(), 4);
        QCOMPARE(editor.scenario().config.clients.at(3).name, QStringLiteral("Dora"));
        QCOMPARE(editor.scenario().config.clients.at(3).startMs, 1500);
        const Scenario edited = editor.scenario();
        QVERIFY(editor.valid());

        for (int i = 0; i < 5; ++i)
            editor.undo();
        QVERIFY(editor.scenario() == original);
        QVERIFY(!editor.canUndo());
        for (int i = 0; i < 5; ++i)
            editor.redo();
        QVERIFY(editor.scenario() == edited);
        // A renamed client keeps its turns in the interleaving.
        QVERIFY(editor.set(QStringLiteral("interleaving"), QStringLiteral("A, Dora A")));
        QCOMPARE(editor.scenario().config.schedule, Schedule::Scripted);
        editor.setClientName(3, QStringLiteral("D"));
        QCOMPARE(editor.scenario().config.interleaving, (QStringList{"A", "D", "A"}));
        QVERIFY(editor.valid());
    }

    // Negative lease, no clients, a turn for a client there is not: the
    // loader's message beside the field, no run started, nothing saved;
    // undo mends it.
    void badEditsSayWhyAndNeverRun()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setScenario(QStringLiteral("lost-update"));
        ScenarioEditor *editor = controller.editor();
        const Scenario original = editor->scenario();

        const struct {
            QString field, text, errorField, message;
        } bad[] = {
            {"lease_ms", "-1", "lease_ms", "lease_ms: must be 1 or more (is -1000)"},
            {"clients", "0", "clients", "clients: must be 1 or more (is 0)"},
            {"interleaving", "A B Z", "interleaving", "interleaving[2]: no client is named 'Z'"},
            {"stock", "lots", "stock", "stock: must be a number"},
        };
        QTemporaryDir dir;
        for (const auto &b : bad) {
            editor->set(b.field, b.text);
            QVERIFY(!editor->valid());
            QCOMPARE(editor->errorField(), b.errorField);
            QCOMPARE(editor->error(), b.message);
            QVERIFY2(controller.banner().contains(b.message), qPrintable(controller.banner()));
            controller.run();
            controller.step(0);
            QTest::qWait(50);
            QCOMPARE(controller.primary()->state(), RunSession::State::Idle);
            QVERIFY(!controller.running());
            const QString path = dir.filePath(QStringLiteral("bad.json"));
            QCOMPARE(controller.saveScenario(QUrl::fromLocalFile(path)), QStringLiteral("Not saved: ") + b.message);
            QVERIFY(!QFile::exists(path));
            if (editor->canUndo())
                editor->undo();
            else
                editor->set(b.field, editor->values().value(b.field).toString()); // typed again as it was
            QVERIFY2(editor->valid(), qPrintable(editor->error()));
            QVERIFY(editor->scenario() == original);
            QVERIFY(controller.banner().isEmpty());
        }
        // Fewer clients than the interleaving names: the loader says which turn.
        QVERIFY(editor->set(QStringLiteral("interleaving"), QStringLiteral("A B A")));
        QVERIFY(editor->set(QStringLiteral("clients"), QStringLiteral("1")));
        QCOMPARE(editor->error(), QStringLiteral("interleaving[1]: no client is named 'B'"));
        QVERIFY(!editor->set(QStringLiteral("clients"), QStringLiteral("51")));
        QCOMPARE(editor->errorField(), QStringLiteral("clients"));
    }

    // An edit runs on the next run; the run before stays beside it, as it was.
    void editRunsNextWithThePreviousBeside()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setSpeedFactor(20);
        controller.setScenario(QStringLiteral("lost-update"));
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 20000);
        const int rowsBefore = controller.primary()->model()->rowCount();
        QVERIFY(controller.editor()->set(QStringLiteral("stock"), QStringLiteral("7")));
        QVERIFY(controller.editPending());
        // Until then the run shown stays.
        QCOMPARE(controller.primary()->state(), RunSession::State::Finished);
        controller.run();
        QVERIFY(!controller.editPending());
        QVERIFY(controller.previousShown());
        QVERIFY(controller.sideBySide());
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 20000);
        QCOMPARE(controller.secondary()->model()->rowCount(), rowsBefore);
        QVERIFY(controller.secondary()->strategyTitle().startsWith(QStringLiteral("Before the edit")));
        controller.setCursorMs(0);
        QCOMPARE(controller.redisState().value(QStringLiteral("stock")).toLongLong(), 7);
        controller.hidePrevious();
        QVERIFY(!controller.sideBySide());

        // A lesson shows the scenario as it ships: the edit run and one not run yet are gone.
        QVERIFY(controller.editor()->set(QStringLiteral("stock"), QStringLiteral("9")));
        controller.showShipped(QStringLiteral("lost-update"));
        QVERIFY(!controller.editPending());
        QVERIFY(!controller.previousShown());
        QCOMPARE(controller.editor()->scenario().config.stock, 100);
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 20000);
        controller.setCursorMs(0);
        QCOMPARE(controller.redisState().value(QStringLiteral("stock")).toLongLong(), 100);
    }

    // Right-click → crash here on A's lane and → jump the clock on Redis's
    // lane: both in the saved JSON, which loads to the same scenario, and
    // the next run replays them; undo takes them back.
    void clickedFaultsAreSavedAndReplayed()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setSpeedFactor(20);
        controller.setScenario(QStringLiteral("lost-update"));
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 20000);
        ScenarioEditor *editor = controller.editor();
        const Scenario before = editor->scenario();
        // A's read of the stock, on the timeline: a crash right after it.
        const auto data = controller.primary()->analysis();
        double readMs = -1;
        for (qsizetype i = 0; i < data->events.size() && readMs < 0; ++i)
            if (data->events.at(i).client == 0 && data->events.at(i).step == Step::ReadStock)
                readMs = data->info.scenarioMs(data->events.at(i).tNs);
        QVERIFY(readMs >= 0);
        editor->addClientFault(0, readMs + 0.01, QStringLiteral("crash"));
        QVERIFY(editor->nodeActions(0).contains(QStringLiteral("clock_jump")));
        QVERIFY(!editor->nodeActions(0).contains(QStringLiteral("promote"))); // one server: no replica
        editor->addNodeFault(0, 0, QStringLiteral("clock_jump"), 3);
        QVERIFY2(editor->valid(), qPrintable(editor->error()));
        QCOMPARE(editor->faults().size(), 2);
        const Fault &crash = editor->scenario().config.faults.value(0);
        QCOMPARE(crash.client, QStringLiteral("A"));
        QCOMPARE(crash.after, Step::ReadStock);
        QCOMPARE(crash.action, Fault::Action::Crash);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("clicked.json"));
        QCOMPARE(controller.saveScenario(QUrl::fromLocalFile(path)), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray json = file.readAll();
        QVERIFY2(json.contains(R"({"client": "A", "after": "read", "order": 0, "action": "crash"})"), json.constData());
        QVERIFY2(json.contains(R"({"node": 0, "action": "clock_jump", "at_ms": 0, "jump_ms": 3000})"), json.constData());
        ScenarioError error;
        const std::optional<Scenario> loaded = loadScenarioFile(path, &error);
        QVERIFY2(loaded, qPrintable(error.display()));
        QVERIFY(loaded->config == editor->scenario().config);

        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 30000);
        QCOMPARE(controller.primary()->state(), RunSession::State::Finished);
        QVERIFY(hasEvent(controller.primary(), [](const Event &e) { return e.kind == EventKind::Crash && e.client == 0; }));
        QVERIFY(hasEvent(controller.primary(), [](const Event &e) {
            return e.kind == EventKind::Server && e.serverAction == ServerAction::ClockJump;
        }));
        // A crashed before it wrote: B's sale is the only one, nothing lost.
        QVERIFY(!hasEvent(controller.primary(), [](const Event &e) { return e.client == 0 && e.step == Step::WriteStock; }));

        editor->undo();
        editor->undo();
        QVERIFY(editor->scenario().config == before.config);
        QVERIFY(editor->faults().isEmpty());
    }
};

QTEST_MAIN(ScenarioEditorTest)
#include "tst_scenarioeditor.moc"
