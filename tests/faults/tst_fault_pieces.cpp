// The pieces of the fault scenarios, one by one: the scenario fields, the
// node set's real faults, the fenced store script, the Redlock quorum.

#include "TestRedis.h"

#include "engine/NodeSet.h"
#include "redis/ServerClock.h"
#include "redis/RedisConnection.h"
#include "redis/RedisError.h"
#include "strategies/FencedStore.h"
#include "strategies/Strategies.h"

#include <QTest>

using namespace lockstock;

namespace {
QByteArray scenarioJson(const QByteArray &extra)
{
    return R"({"name": "t", "broken": "redlock", "correct": "redlock-fenced", "clients": ["A", "B"],
               "nodes": {"count": 5, "kind": "masters"}, )" + extra + "}";
}

RedisValue on(const RedisEndpoint &e, const Argv &argv)
{
    RedisConnection c(e);
    return c.command(argv);
}

bool reachable(const RedisEndpoint &e)
{
    try {
        RedisConnection c(e, {.connectTimeoutMs = 200, .commandTimeoutMs = 200, .clientName = {}});
        return true;
    } catch (const RedisError &) {
        return false;
    }
}
} // namespace

class TestFaultPieces : public QObject {
    Q_OBJECT

private slots:
    void scenarioReadsNodesAndServerFaults()
    {
        ScenarioError error;
        const auto s = parseScenario(scenarioJson(R"("server_faults": [
            {"node": 4, "action": "kill", "at_ms": 0},
            {"node": 0, "action": "restart_delayed", "delay_ms": 12000, "client": "A", "after": "acquire"}])"),
                                     QStringLiteral("t.json"), &error);
        QVERIFY2(s, qPrintable(error.display()));
        QCOMPARE(s->config.nodes.kind, NodeSpec::Kind::Masters);
        QCOMPARE(s->config.nodes.count, 5);
        QVERIFY(s->config.needsPrivateServers());
        QCOMPARE(s->config.serverFaults.size(), 2);
        QCOMPARE(s->config.serverFaults.at(0).node, 4);
        QCOMPARE(s->config.serverFaults.at(0).atMs, 0);
        QCOMPARE(s->config.serverFaults.at(1).action, ServerFault::Action::RestartDelayed);
        QCOMPARE(s->config.serverFaults.at(1).client, QStringLiteral("A"));
        QCOMPARE(s->config.serverFaults.at(1).delayMs, 12000);
    }

    void scenarioReadsAClockJump()
    {
        ScenarioError error;
        const auto s = parseScenario(scenarioJson(R"("server_faults": [
            {"node": 2, "action": "clock_jump", "jump_ms": 15000, "client": "A", "after": "acquire"},
            {"node": 2, "action": "clock_jump", "jump_ms": -500, "at_ms": 9000}])"),
                                     QStringLiteral("t.json"), &error);
        QVERIFY2(s, qPrintable(error.display()));
        QCOMPARE(s->config.serverFaults.at(0).action, ServerFault::Action::ClockJump);
        QCOMPARE(s->config.serverFaults.at(0).jumpMs, 15000);
        QCOMPARE(s->config.serverFaults.at(1).jumpMs, -500);
    }

    void scenarioReadsAClockDriftAndRoundTrips()
    {
        ScenarioError error;
        const auto s = parseScenario(scenarioJson(R"("rtt_ms": 2, "node_timeout_ms": 80,
            "server_faults": [{"node": 2, "action": "clock_drift", "rate": 1.2, "at_ms": 0}])")
                                         .replace(R"("clients": ["A", "B"])", R"("clients": ["A", {"name": "B", "rtt_ms": 40}])")
                                         .replace(R"("kind": "masters"})", R"("kind": "masters", "rtt_ms": [1, -1, 30]})"),
                                     QStringLiteral("t.json"), &error);
        QVERIFY2(s, qPrintable(error.display()));
        QCOMPARE(s->config.serverFaults.at(0).action, ServerFault::Action::ClockDrift);
        QCOMPARE(s->config.serverFaults.at(0).rate, 1.2);
        QCOMPARE(s->config.rttMs, 2);
        QCOMPARE(s->config.nodeTimeoutMs, 80);
        QCOMPARE(s->config.clients.at(0).rttMs, -1);
        QCOMPARE(s->config.clients.at(1).rttMs, 40);
        QCOMPARE(s->config.nodes.rttMs, (QList<qint64>{1, -1, 30}));
    }

    void scenarioRejectsBadServerFaults_data()
    {
        QTest::addColumn<QByteArray>("extra");
        QTest::addColumn<QString>("field");
        QTest::addRow("unknown action") << QByteArray(R"("server_faults": [{"node": 0, "action": "explode", "at_ms": 0}])")
                                        << QStringLiteral("server_faults[0].action");
        QTest::addRow("node out of range") << QByteArray(R"("server_faults": [{"node": 5, "action": "kill", "at_ms": 0}])")
                                           << QStringLiteral("server_faults[0].node");
        QTest::addRow("promote a master") << QByteArray(R"("server_faults": [{"node": 1, "action": "promote", "at_ms": 0}])")
                                          << QStringLiteral("server_faults[0].action");
        QTest::addRow("time and step") << QByteArray(R"("server_faults": [{"node": 1, "action": "kill", "at_ms": 0, "client": "A"}])")
                                       << QStringLiteral("server_faults[0]");
        QTest::addRow("no delay") << QByteArray(R"("server_faults": [{"node": 1, "action": "restart_delayed", "at_ms": 0}])")
                                  << QStringLiteral("server_faults[0].delay_ms");
        QTest::addRow("clock jump of 0") << QByteArray(R"("server_faults": [{"node": 1, "action": "clock_jump", "at_ms": 0}])")
                                         << QStringLiteral("server_faults[0].jump_ms");
        QTest::addRow("jump on a kill") << QByteArray(R"("server_faults": [{"node": 1, "action": "kill", "at_ms": 0, "jump_ms": 5}])")
                                        << QStringLiteral("server_faults[0].jump_ms");
        QTest::addRow("jump not whole") << QByteArray(R"("server_faults": [{"node": 1, "action": "clock_jump", "at_ms": 0, "jump_ms": "15 s"}])")
                                        << QStringLiteral("server_faults[0].jump_ms");
        QTest::addRow("drift without rate") << QByteArray(R"("server_faults": [{"node": 1, "action": "clock_drift", "at_ms": 0}])")
                                            << QStringLiteral("server_faults[0].rate");
        QTest::addRow("rate on a kill") << QByteArray(R"("server_faults": [{"node": 1, "action": "kill", "at_ms": 0, "rate": 2}])")
                                        << QStringLiteral("server_faults[0].rate");
        QTest::addRow("rate of 0") << QByteArray(R"("server_faults": [{"node": 1, "action": "clock_drift", "at_ms": 0, "rate": 0}])")
                                   << QStringLiteral("server_faults[0].rate");
        QTest::addRow("rtt per node, too many") << QByteArray(R"("rtt_ms": 1, "server_faults": [], "nodes": {"count": 1, "rtt_ms": [1, 2]})")
                                                << QStringLiteral("nodes.rtt_ms");
        QTest::addRow("unknown client") << QByteArray(R"("server_faults": [{"node": 1, "action": "kill", "client": "Z"}])")
                                        << QStringLiteral("server_faults[0].client");
    }

    void scenarioRejectsBadServerFaults()
    {
        QFETCH(QByteArray, extra);
        QFETCH(QString, field);
        ScenarioError error;
        QVERIFY(!parseScenario(scenarioJson(extra), QStringLiteral("t.json"), &error));
        QCOMPARE(error.field, field);
    }

    void oneServerRefusesATopology()
    {
        const auto server = test::startRedis();
        QVERIFY(server);
        RunConfig config;
        config.clients = {{QStringLiteral("A"), 0}};
        config.nodes = {NodeSpec::Kind::Masters, 3, false};
        History history;
        const QString error = runToEnd(config, redlockStrategy, server->endpoint(), history, RunMode::Stepped);
        QVERIFY(error.contains(QLatin1String("own redis-servers")));
        QCOMPARE(history.size(), 0);
    }

    void restartForgetsWithoutPersistence_data()
    {
        QTest::addColumn<bool>("persistence");
        QTest::addRow("no persistence") << false;
        QTest::addRow("aof always") << true;
    }

    void restartForgetsWithoutPersistence()
    {
        QFETCH(bool, persistence);
        NodeSet nodes({NodeSpec::Kind::Masters, 2, persistence});
        QCOMPARE(nodes.serverCount(), 3);
        QCOMPARE(nodes.names(), QStringList({QStringLiteral("n1"), QStringLiteral("n2"), QStringLiteral("store")}));
        on(nodes.endpoint(1), {"SET", "lock", "A"});
        nodes.apply({.node = 1, .action = ServerFault::Action::Kill});
        QVERIFY(!reachable(nodes.endpoint(1)));
        QVERIFY(reachable(nodes.endpoint(0)));
        nodes.apply({.node = 1, .action = ServerFault::Action::Restart});
        QTRY_VERIFY_WITH_TIMEOUT(reachable(nodes.endpoint(1)), 5000); // it loads in the background
        QCOMPARE(on(nodes.endpoint(1), {"GET", "lock"}).isNil(), !persistence);
    }

    void pausedNodeTimesOut()
    {
        NodeSet nodes({NodeSpec::Kind::Masters, 1, false});
        nodes.apply({.node = 0, .action = ServerFault::Action::Pause});
        QVERIFY(nodes.isStopped(0));
        QVERIFY(!reachable(nodes.endpoint(0)));
        nodes.apply({.node = 0, .action = ServerFault::Action::Resume});
        QVERIFY(reachable(nodes.endpoint(0)));
    }

    // What was sent to a stopped node runs when it resumes, and has run by
    // the time the resume fault is over: the run goes on the same way.
    void resumedNodeHasRunWhatItWasSent()
    {
        NodeSet nodes({NodeSpec::Kind::Masters, 1, false});
        RedisConnection late(nodes.endpoint(0));
        nodes.apply({.node = 0, .action = ServerFault::Action::Pause});
        late.post({"SET", "lock", "A", "PX", "10000"});
        nodes.apply({.node = 0, .action = ServerFault::Action::Resume});
        QCOMPARE(on(nodes.endpoint(0), {"GET", "lock"}).bytes(), QByteArray("A"));
    }

    // On the virtual clock a stopped lock node costs the node timeout, and
    // the run does not wait for it in real time: it stopped that node itself.
    void stoppedNodeCostsTheNodeTimeout()
    {
        RunConfig config;
        config.clients = {{QStringLiteral("A"), 0}};
        config.nodes = {NodeSpec::Kind::Masters, 3, false};
        config.nodeTimeoutMs = 80;
        config.nodes.rttMs = {-1, 30}; // n2 is slow
        config.workMs = 100;
        config.serverFaults = {{.node = 2, .action = ServerFault::Action::Pause, .atMs = 0}};
        History history;
        QCOMPARE(runWithOwnServers(config, redlockStrategy, history, RunMode::Stepped), QString());
        const std::shared_ptr<const RunAnalysis> analysis = analyze(history);
        const QList<Event> events(analysis->events.begin(), analysis->events.end());
        const auto atN3 = std::find_if(events.begin(), events.end(), [](const Event &e) {
            return e.kind == EventKind::Command && e.step == Step::Acquire && e.node == 2;
        });
        QVERIFY(atN3 != events.end());
        QCOMPARE(atN3->reply.bytes(), QByteArray("UNREACHABLE no answer within 80 ms: n3 is stopped"));
        QCOMPARE(atN3->durationNs, 80'000'000);
        for (const Event &e : events)
            if (e.kind == EventKind::Command && e.step == Step::Acquire && e.node != 2)
                QCOMPARE(e.durationNs, e.node == 1 ? 30'000'000 : 1'000'000);
        QCOMPARE(analysis->counts.ordersSucceeded, 1); // two of three: a majority
    }

    // A clock jump moves one node's own clock: on the frozen virtual clock
    // its TTLs shorten by exactly the jump, the other node's do not, and
    // past a TTL Redis expires the key by itself.
    void clockJumpExpiresKeysEarlyOnOneNode()
    {
        NodeSet nodes({NodeSpec::Kind::Masters, 2, false});
        nodes.clock()->freeze();
        for (int n : {0, 1}) {
            on(nodes.endpoint(n), {"SET", "lock", "A", "PX", "20000"});
            on(nodes.endpoint(n), {"SET", "other", "B", "PX", "20000"});
        }
        const QString note = nodes.apply({.node = 1, .action = ServerFault::Action::ClockJump, .jumpMs = 15000});
        QCOMPARE(note, QStringLiteral("n2 clock jumped +15 s"));
        QCOMPARE(on(nodes.endpoint(1), {"PTTL", "lock"}).toInteger(), 5000);
        QCOMPARE(on(nodes.endpoint(0), {"PTTL", "lock"}).toInteger(), 20000);
        nodes.apply({.node = 1, .action = ServerFault::Action::ClockJump, .jumpMs = 10000});
        // Nobody touches the keys: the active expiry cycle deletes them.
        QTRY_COMPARE_WITH_TIMEOUT(on(nodes.endpoint(1), {"DBSIZE"}).toInteger(), 0, 2000);
        QCOMPARE(on(nodes.endpoint(0), {"DBSIZE"}).toInteger(), 2);
    }

    // On the real clock a jump given in scenario ms moves the node's clock
    // by the run's clock ms (scaled by the speed).
    void clockJumpOnTheRealClockIsScaled()
    {
        NodeSet nodes({NodeSpec::Kind::Masters, 1, false});
        RunInfo real;
        real.clock = ClockKind::Real;
        real.speed = 10;
        nodes.apply({.node = 0, .action = ServerFault::Action::ClockJump, .jumpMs = 15000}, real);
        QCOMPARE(nodes.clock()->offsetNs(0), 1500000000LL);
        QCOMPARE(nodes.clock()->offsetNs(1), 0); // the store's clock stays
    }

    // A drifting node's clock runs at its own pace: 20 % fast, a 10 s lease
    // is gone after 8.4 s of the run's time while the others keep theirs.
    void clockDriftShortensLeasesOnOneNode()
    {
        NodeSet nodes({NodeSpec::Kind::Masters, 2, false});
        ServerClock &clock = *nodes.clock();
        const quint64 claim = clock.freeze();
        const qint64 start = clock.nowNs();
        QCOMPARE(nodes.apply({.node = 1, .action = ServerFault::Action::ClockDrift, .rate = 1.2}),
                 QStringLiteral("n2 clock runs 20 % fast"));
        for (int n : {0, 1})
            on(nodes.endpoint(n), {"SET", "lock", "A", "PX", "10000"});
        QVERIFY(clock.advanceTo(claim, start + 5000000000LL));
        QCOMPARE(on(nodes.endpoint(0), {"PTTL", "lock"}).toInteger(), 5000);
        QCOMPARE(on(nodes.endpoint(1), {"PTTL", "lock"}).toInteger(), 4000);
        QVERIFY(clock.advanceTo(claim, start + 8400000000LL));
        QVERIFY(on(nodes.endpoint(1), {"GET", "lock"}).isNil());
        QCOMPARE(on(nodes.endpoint(0), {"PTTL", "lock"}).toInteger(), 1600);
    }

    // An isolated replica misses what the master writes; promoted, it is the
    // master clients lock on, without that write.
    void isolatedReplicaMissesTheLockAndIsPromoted()
    {
        NodeSet nodes({NodeSpec::Kind::Replicated, 2, false});
        {
            // WAIT counts the replicas that have this connection's writes.
            RedisConnection master(nodes.endpoint(0));
            master.command({"SET", "before", "1"});
            QCOMPARE(master.command({"WAIT", "1", "2000"}).toInteger(), 1);
            nodes.apply({.node = 1, .action = ServerFault::Action::Isolate});
            master.command({"SET", "lock", "A"});
            QCOMPARE(master.command({"WAIT", "1", "100"}).toInteger(), 0);
        }
        nodes.apply({.node = 0, .action = ServerFault::Action::Kill});
        nodes.apply({.node = 1, .action = ServerFault::Action::Resume});
        QCOMPARE(nodes.lockServer(0), 0);
        nodes.apply({.node = 1, .action = ServerFault::Action::Promote});
        QCOMPARE(nodes.lockServer(0), 1);
        QVERIFY(on(nodes.endpoint(1), {"INFO", "replication"}).bytes().contains("role:master"));
        QCOMPARE(on(nodes.endpoint(1), {"GET", "before"}).bytes(), QByteArray("1"));
        QVERIFY(on(nodes.endpoint(1), {"GET", "lock"}).isNil());
    }

    void fencedStoreRefusesAnOlderToken()
    {
        const auto server = test::startRedis();
        QVERIFY(server);
        RedisConnection c(server->endpoint());
        c.command({"SET", "stock", "100"});
        c.command({"SCRIPT", "LOAD", fencedStockScript.source()});
        auto fenced = [&](const char *token, const QByteArray &value) {
            return c.command({"EVALSHA", fencedStockScript.sha(), "2", "stock", "seen", token, value});
        };
        QCOMPARE(fenced("1", {}).bytes(), QByteArray("100"));   // A reads with 1
        QCOMPARE(fenced("2", {}).bytes(), QByteArray("100"));   // B reads with 2
        QVERIFY(fenced("2", "99").isStatus("OK"));               // B writes
        const RedisValue stale = fenced("1", "99");              // A wakes and writes
        QVERIFY(stale.isError());
        QVERIFY(stale.bytes().startsWith("STALE"));
        QCOMPARE(c.command({"GET", "stock"}).bytes(), QByteArray("99"));
        QVERIFY(fenced("3", "98").isStatus("OK"));
    }

    // With three of five masters dead no majority exists: Redlock sells nothing.
    void redlockNeedsAMajority()
    {
        const auto r = test::runScenarioOnOwnServers(QStringLiteral("redlock-minority-down"), QStringLiteral("correct"),
                                                     RunMode::Stepped, [](RunConfig &config) {
                                                         ServerFault third = config.serverFaults.first();
                                                         third.node = 2;
                                                         config.serverFaults << third;
                                                     });
        QVERIFY(r);
        QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
        QCOMPARE(r->counts().ordersSucceeded, 0);
        QCOMPARE(r->counts().unavailableOrders, 2);
        // Each attempt asked all five nodes.
        int acquires = 0;
        QSet<int> nodesAsked;
        for (const Event &e : r->analysis->events)
            if (e.kind == EventKind::Command && e.step == Step::Acquire) {
                ++acquires;
                nodesAsked.insert(e.node);
            }
        QVERIFY(acquires >= 5);
        QCOMPARE(acquires % 5, 0);
        QCOMPARE(nodesAsked.size(), 5);
    }

    // A stepped run reads the lock on every node after each step: the
    // second majority of a node that forgot the lock is there to see, node
    // by node.
    void everyLockNodeIsProbed()
    {
        const auto r = test::runScenarioOnOwnServers(QStringLiteral("redlock-restart-no-persistence"),
                                                     QStringLiteral("broken"));
        QVERIFY(r);
        QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
        const RunAnalysis &a = *r->analysis;
        QCOMPARE(a.nodes.size(), 5);
        int probed = 0;
        for (const Event &e : a.events)
            if (e.kind == EventKind::Command && e.probe) {
                QCOMPARE(e.probe->locks.size(), 5);
                ++probed;
            }
        QVERIFY(probed > 10);
        // Who held the key on each node: A on n1..n3 first, then B on n1, n4, n5 while A still held n2 and n3.
        const auto heldBy = [&a](int node, int client, qint64 at) {
            const LockNode &n = a.nodes.at(node);
            for (qsizetype h = 0; h < n.holdingCount(); ++h) {
                const Holding &x = n.holding(h);
                const qint64 end = h < n.holdings.size() ? x.span.endNs : a.endNs;
                if (x.owner == client && x.span.startNs <= at && at < end)
                    return true;
            }
            return false;
        };
        QVERIFY(!a.overlaps.isEmpty());
        const qint64 both = a.overlaps.first().span.startNs;
        QVERIFY(heldBy(1, 0, both) && heldBy(2, 0, both));
        QVERIFY(heldBy(0, 1, both) && heldBy(3, 1, both) && heldBy(4, 1, both));
    }

    // Ten clients racing for a Redlock, live: a client believes it holds the
    // lock only from the reply that completes its majority, so nobody is
    // said to share it when one majority followed another.
    void redlockLiveBeliefStartsWithTheMajority()
    {
        for (int run = 0; run < 3; ++run) {
            const auto r = test::runScenarioOnOwnServers(QStringLiteral("redlock-minority-down"), QStringLiteral("correct"),
                                                         RunMode::Live, [](RunConfig &config) {
                                                             config.clients.clear();
                                                             for (int i = 0; i < 10; ++i)
                                                                 config.clients << ClientSpec{QString(QChar(u'A' + i)), 0};
                                                             config.ordersPerClient = 2;
                                                             config.acquireTimeoutMs = 120000;
                                                             config.retryMs = 20;
                                                             config.workMs = 100;
                                                         });
            QVERIFY(r);
            QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
            QCOMPARE(r->counts().ordersTried, 20);
            QVERIFY2(r->analysis->overlaps.isEmpty(), qPrintable(r->describe()));
            QVERIFY2(r->analysis->clean(), qPrintable(r->describe()));
        }
    }
};

QTEST_MAIN(TestFaultPieces)
#include "tst_fault_pieces.moc"
