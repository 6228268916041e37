// Forking the future: a stepped run replayed from its choices up to a point
// against a fresh Redis is the same run, event for event; from the fork
// point on it runs what was changed.

#include "TestRedis.h"

#include "analysis/ForkPoint.h"
#include "analysis/HistoryJson.h"
#include "analysis/InstantAnalysis.h"
#include "engine/SteppedRun.h"
#include "strategies/Strategies.h"

#include <QJsonDocument>
#include <QTest>

using namespace lockstock;

namespace {
RunConfig scenarioConfig(const QString &name, const Strategy &strategy)
{
    ScenarioError error;
    const std::optional<Scenario> s = findScenario(name, &error);
    if (!s)
        qFatal("%s", qPrintable(error.display()));
    RunConfig config = s->config;
    config.correctSide = s->correctHere(strategy.name, strategy.correct);
    return config;
}

// An event in every field, as the history file writes it.
QByteArray json(const History &h, const Event &e)
{
    return QJsonDocument(eventToJson(h.info(), e)).toJson(QJsonDocument::Compact);
}

// When the first stock write was sent: the first orders have read the stock.
qint64 firstStockWrite(const History &h)
{
    for (const Event &e : h.events())
        if (e.kind == EventKind::Command && e.step == Step::WriteStock)
            return e.tNs;
    return -1;
}

struct Original {
    History history;
    QList<StepChoice> choices;
};
} // namespace

class TestFork : public QObject {
    Q_OBJECT

    std::unique_ptr<RedisServer> m_server;

    void runOriginal(Original &o, const RunConfig &config, const Strategy &strategy)
    {
        SteppedRun run(config, strategy, m_server->endpoint(), o.history);
        run.prepare();
        run.runToEnd();
        QVERIFY2(run.error().isEmpty(), qPrintable(run.error()));
        o.choices = run.choices();
        QVERIFY(!o.choices.isEmpty());
    }

    // The first `count` events of both are the same, field by field.
    static void compareFirst(const History &original, const History &fork, qsizetype count)
    {
        const QList<Event> a = original.events();
        const QList<Event> b = fork.events();
        QVERIFY(a.size() >= count && b.size() >= count);
        for (qsizetype i = 0; i < count; ++i)
            QCOMPARE(json(fork, b.at(i)), json(original, a.at(i)));
    }

private slots:
    void init()
    {
        m_server = test::startRedis();
        QVERIFY(m_server);
    }
    void cleanup() { m_server.reset(); }

    // Forked anywhere with nothing changed, the run is the one forked: the
    // choices and the virtual clock make it, not luck.
    void forkWithNothingChangedIsTheSameRun_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("strategy");
        QTest::newRow("wrong delete, timed") << "lease-expired-wrong-delete" << "set-nx-ex-del";
        QTest::newRow("lost update, scripted") << "lost-update" << "no-lock";
        QTest::newRow("watchdog and a pause") << "lease-expired-during-pause" << "watchdog";
    }
    void forkWithNothingChangedIsTheSameRun()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, strategy);
        const Strategy &s = *findStrategy(strategy);
        const RunConfig config = scenarioConfig(scenario, s);
        Original o;
        runOriginal(o, config, s);
        if (QTest::currentTestFailed())
            return;
        const QList<Event> events = o.history.events();
        const qint64 end = o.history.endNs();
        for (const qint64 at : {qint64(0), events.at(events.size() / 3).tNs, events.at(events.size() * 2 / 3).tNs, end}) {
            History forked;
            SteppedRun run(config, s, m_server->endpoint(), forked);
            run.prepare();
            run.replay(o.choices, at);
            QCOMPARE(forkConflict(config, config), QString());
            run.fork(config, s);
            run.runToEnd();
            QVERIFY2(run.error().isEmpty(), qPrintable(run.error()));
            QCOMPARE(forked.size(), o.history.size());
            compareFirst(o.history, forked, forked.size());
            QCOMPARE(forked.finalStock(), o.history.finalStock());
            // The same calls, in the same order.
            QCOMPARE(run.choices().size(), o.choices.size());
            for (qsizetype i = 0; i < o.choices.size(); ++i)
                QCOMPARE(run.choices().at(i).client, o.choices.at(i).client);
        }
    }

    // Two clients, three orders each, without a lock: they lose updates.
    // Forked after both first orders read the stock, with the lock of the
    // correct side, the run before is the original one event for event; the
    // first orders finish as they began, every order after them takes the lock.
    void forkWithAnotherStrategy()
    {
        const Strategy &noLock = *findStrategy(QStringLiteral("no-lock"));
        const Strategy &locked = *findStrategy(QStringLiteral("set-nx-ex-lua"));
        RunConfig config = scenarioConfig(QStringLiteral("lost-update"), noLock);
        config.ordersPerClient = 3;
        Original o;
        runOriginal(o, config, noLock);
        if (QTest::currentTestFailed())
            return;
        const auto before = analyze(o.history);
        QVERIFY2(before->counts.lostUpdates >= 2, qPrintable(QString::number(before->counts.lostUpdates)));

        // Just before the first stock write goes out: the fork point.
        const qint64 at = firstStockWrite(o.history) - 1;
        QVERIFY(at > 0);

        RunConfig changed = config;
        changed.correctSide = true;
        QCOMPARE(forkConflict(config, changed), QString());
        History forked;
        SteppedRun run(config, noLock, m_server->endpoint(), forked);
        run.prepare();
        run.replay(o.choices, at);
        const qsizetype atFork = forked.size();
        QVERIFY(atFork > 0);
        run.fork(changed, locked);
        run.runToEnd();
        QVERIFY2(run.error().isEmpty(), qPrintable(run.error()));

        // Before the fork: the original, field by field, lost updates and all.
        compareFirst(o.history, forked, atFork);
        const QList<Event> original = o.history.events();
        const QList<Event> events = forked.events();
        // After it: every order takes the lock first, and none did in the original.
        QSet<QPair<int, int>> lockedOrders;
        for (qsizetype i = atFork; i < events.size(); ++i) {
            const Event &e = events.at(i);
            if (e.kind == EventKind::Command && e.step == Step::Acquire)
                lockedOrders.insert({e.client, e.order});
        }
        QCOMPARE(lockedOrders, (QSet<QPair<int, int>>{{0, 1}, {0, 2}, {1, 1}, {1, 2}}));
        for (const Event &e : original)
            QVERIFY(e.kind != EventKind::Command || e.step != Step::Acquire);
        // The checker agrees: the updates lost are the first orders' only.
        const auto after = analyze(forked);
        QVERIFY2(after->counts.lostUpdates < before->counts.lostUpdates,
                 qPrintable(QStringLiteral("%1 vs %2").arg(after->counts.lostUpdates).arg(before->counts.lostUpdates)));
        QCOMPARE(forked.info().strategy, locked.name);
        QCOMPARE(forked.finalStock(), 100 - 6 + after->counts.lostUpdates);
    }

    // A parameter and a fault changed at the fork point count from there:
    // the lease of the next lock, a crash on a later step.
    void forkWithAShorterLeaseAndACrash()
    {
        const Strategy &s = *findStrategy(QStringLiteral("set-nx-ex-lua"));
        RunConfig config = scenarioConfig(QStringLiteral("lost-update"), s);
        config.ordersPerClient = 2;
        Original o;
        runOriginal(o, config, s);
        if (QTest::currentTestFailed())
            return;
        const qint64 at = firstStockWrite(o.history) - 1;
        RunConfig changed = config;
        changed.leaseMs = 4000;
        changed.faults << Fault{QStringLiteral("B"), Step::Acquire, 1, Fault::Action::Crash};
        QCOMPARE(forkConflict(config, changed), QString());
        History forked;
        SteppedRun run(config, s, m_server->endpoint(), forked);
        run.prepare();
        run.replay(o.choices, at);
        const qsizetype atFork = forked.size();
        run.fork(changed, s);
        run.runToEnd();
        QVERIFY2(run.error().isEmpty(), qPrintable(run.error()));
        compareFirst(o.history, forked, atFork);
        const QList<Event> events = forked.events();
        int acquires = 0;
        int crashes = 0;
        for (const Event &e : events) {
            // A command sent after the fork point asks for the new lease.
            if (e.kind == EventKind::Command && e.step == Step::Acquire && e.tNs > at) {
                QVERIFY2(e.argv.toList().contains("4000"), qPrintable(json(forked, e)));
                ++acquires;
            }
            crashes += e.kind == EventKind::Crash;
        }
        QVERIFY(acquires >= 1);
        QCOMPARE(crashes, 1);
    }

    // Forked at 0 s, before any order did anything, every order runs the
    // fork's strategy: no client is mid-order, and the lost update is gone.
    // (An order waiting for its first command once kept the old strategy:
    // forking lost-update anywhere changed nothing.)
    void forkBeforeAnyOrderRunsTheNewStrategyEverywhere()
    {
        const Strategy &noLock = *findStrategy(QStringLiteral("no-lock"));
        const Strategy &locked = *findStrategy(QStringLiteral("set-nx-ex-lua"));
        const RunConfig config = scenarioConfig(QStringLiteral("lost-update"), noLock);
        RunConfig changed = config;
        changed.correctSide = true;
        History forked;
        SteppedRun run(config, noLock, m_server->endpoint(), forked);
        run.prepare();
        run.fork(changed, locked);
        run.runToEnd();
        QVERIFY2(run.error().isEmpty(), qPrintable(run.error()));
        QSet<QPair<int, int>> lockedOrders;
        for (const Event &e : forked.events())
            if (e.kind == EventKind::Command && e.step == Step::Acquire)
                lockedOrders.insert({e.client, e.order});
        QCOMPARE(lockedOrders, (QSet<QPair<int, int>>{{0, 0}, {1, 0}}));
        const QList<StrategyTurn> turns = forked.info().turns;
        QCOMPARE(turns.size(), 2);
        QCOMPARE(turns.at(0).strategy, noLock.name);
        QCOMPARE(turns.at(1).strategy, locked.name);
        QCOMPARE(turns.at(1).firstOrders, (QList<int>{0, 0}));
        QCOMPARE(turns.at(1).midOrder, (QList<bool>{false, false}));
        const auto a = analyze(forked);
        QCOMPARE(forked.finalStock(), 98);
        QCOMPARE(a->verdict.kinds(), (QList<std::pair<FindingKind, Severity>>{{FindingKind::Correct, Severity::Clean}}));
        QCOMPARE(a->turnsRun, (QList<bool>{false, true}));
    }

    // Forked to the lock when A's order is over and B's under way, no order
    // runs the lock: the verdict credits what ran (no-lock, untested here)
    // and says the fork's strategy ran nothing, and why. It once said
    // "Correct … the lock was never shared" of the lock that sent nothing.
    void aForkNoOrderRunsIsCreditedWithNothing()
    {
        const Strategy &noLock = *findStrategy(QStringLiteral("no-lock"));
        const Strategy &locked = *findStrategy(QStringLiteral("set-nx-ex-lua"));
        RunConfig config = scenarioConfig(QStringLiteral("lost-update"), noLock);
        config.schedule = Schedule::Interactive;
        RunConfig changed = config;
        changed.correctSide = true;
        History forked;
        SteppedRun run(config, noLock, m_server->endpoint(), forked);
        run.prepare();
        for (const int client : {0, 0, 1}) // A reads and writes, B reads
            QVERIFY(run.stepClient(client));
        const qint64 at = run.nowNs();
        run.fork(changed, locked);
        while (run.stepClient(1)) {
        }
        run.close();
        QVERIFY2(run.error().isEmpty(), qPrintable(run.error()));
        for (const Event &e : forked.events())
            QVERIFY(e.kind != EventKind::Command || e.step != Step::Acquire);
        QCOMPARE(forked.info().turns.at(1).firstOrders, (QList<int>{1, 1}));
        QCOMPARE(forked.info().turns.at(1).midOrder, (QList<bool>{false, true}));
        const auto a = analyze(forked);
        QCOMPARE(a->finalStock, 98);
        QCOMPARE(a->verdict.kinds(), (QList<std::pair<FindingKind, Severity>>{{FindingKind::NotExercised, Severity::NotExercised},
                                                                                {FindingKind::ForkNotRun, Severity::NotExercised}}));
        const QStringList said = a->findings();
        QVERIFY2(said.at(0).contains(QStringLiteral("never tested what breaks no-lock")), qPrintable(said.at(0)));
        QCOMPARE(said.at(1), QStringLiteral("set-nx-ex-lua ran no order: at the fork (%1 s) the orders of B were under way "
                                            "and finished with no-lock; A had no order left.")
                                 .arg(QString::number(a->scenarioMs(at) / 1000, 'f', 1)));
        // Before the fork, nothing is said of it.
        QVERIFY(!analyzeAt(a, at - 1)->verdict.has(FindingKind::ForkNotRun));
    }

    // What a fork at an instant will change, read from the run as it went
    // (ForkPoint), is what the engine does there: the first order each
    // client runs the new strategy from, and who is mid-order; and the
    // latest instant where the fork runs some order is one where it does.
    void forkPointsAreWhatTheEngineDoes()
    {
        const Strategy &lua = *findStrategy(QStringLiteral("set-nx-ex-lua"));
        const Strategy &watchdog = *findStrategy(QStringLiteral("watchdog"));
        const RunConfig config = scenarioConfig(QStringLiteral("lease-shorter-than-work"), lua);
        Original o;
        runOriginal(o, config, lua);
        if (QTest::currentTestFailed())
            return;
        const auto whole = analyze(o.history);
        const qint64 second = whole->clockNs(1000);
        QList<qint64> instants{0, second / 2, latestForkThatRuns(*whole, 30 * second), 12 * second, 30 * second, whole->endNs};
        QCOMPARE(instants.at(2), latestForkThatRuns(*whole, 2 * second)); // B's first order, as it begins
        QVERIFY(instants.at(2) > second - 1 && instants.at(2) < 2 * second);
        // Just after the instant offered, B's order has begun: none is left for a fork.
        QCOMPARE(latestForkThatRuns(*whole, instants.at(2) + 1), instants.at(2));
        for (const qint64 at : instants) {
            const QList<ClientAtFork> expected = clientsAtFork(*whole, at);
            History forked;
            SteppedRun run(config, lua, m_server->endpoint(), forked);
            run.prepare();
            run.replay(o.choices, at);
            run.fork(config, watchdog);
            const StrategyTurn turn = forked.info().turns.last();
            QList<int> first;
            QList<bool> mid;
            for (const ClientAtFork &c : expected) {
                first << c.firstOrder;
                mid << c.midOrder;
            }
            QVERIFY2(turn.firstOrders == first && turn.midOrder == mid, qPrintable(QStringLiteral("at %1 ms").arg(whole->scenarioMs(at))));
            QCOMPARE(latestForkThatRuns(*whole, at) == at, std::any_of(expected.begin(), expected.end(), [](const ClientAtFork &c) { return c.runsNew(); }));
        }
    }

    // What was set when the run began cannot change at a fork.
    void forkConflicts()
    {
        RunConfig a;
        a.clients = {{QStringLiteral("A"), 0}, {QStringLiteral("B"), 0}};
        RunConfig b = a;
        QCOMPARE(forkConflict(a, b), QString());
        b.leaseMs = 1;
        b.interleaving = {QStringLiteral("B")};
        QCOMPARE(forkConflict(a, b), QString());
        b.clients.removeLast();
        QCOMPARE(forkConflict(a, b), QStringLiteral("clients"));
        b = a;
        b.stock = 3;
        QCOMPARE(forkConflict(a, b), QStringLiteral("stock"));
        b = a;
        b.ordersPerClient = 2;
        QCOMPARE(forkConflict(a, b), QStringLiteral("orders"));
        b = a;
        b.nodes.kind = NodeSpec::Kind::Masters;
        b.nodes.count = 3;
        QCOMPARE(forkConflict(a, b), QStringLiteral("servers"));
    }
};

QTEST_GUILESS_MAIN(TestFork)
#include "test_fork.moc"
