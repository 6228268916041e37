// A Redis Cluster of private servers (NodeSpec::Kind::Cluster): formed,
// routed by slot, failed over by CLUSTER FAILOVER FORCE, torn down.

#include "TestRedis.h"

#include "analysis/RunAnalysis.h"
#include "engine/NodeSet.h"
#include "engine/RunScenario.h"
#include "scenario/Scenario.h"
#include "strategies/Strategies.h"
#include "redis/RedisConnection.h"
#include "redis/RedisError.h"

#include <QElapsedTimer>
#include <QTest>

#include <cerrno>
#include <csignal>

using namespace lockstock;

namespace {
NodeSpec clusterSpec()
{
    NodeSpec spec;
    spec.kind = NodeSpec::Kind::Cluster;
    spec.count = 6;
    return spec;
}

QByteArray info(const RedisEndpoint &e, const QByteArray &section)
{
    return RedisConnection(e, {.connectTimeoutMs = 500, .commandTimeoutMs = 2000}).command({"INFO", section}).bytes();
}
} // namespace

class TestCluster : public QObject {
    Q_OBJECT

private slots:
    // The slot of a key as Redis computes it, hash tags included.
    void keySlotIsRedis()
    {
        QCOMPARE(NodeSet::keySlot("lock:10086"), 3380);
        QCOMPARE(NodeSet::keySlot("123456789"), 0x31C3 & 16383); // CRC16/XMODEM's check value
        QCOMPARE(NodeSet::keySlot("{lock:10086}:fence"), 3380);
        QCOMPARE(NodeSet::keySlot("a{}b"), NodeSet::keySlot("a{}b")); // an empty tag hashes the whole key
    }

    // Six nodes: three masters with a third of the slots each, a replica
    // each; every node says cluster_state:ok, and the lock key's slot is on n1.
    void formsAClusterAndTearsItDown()
    {
        QList<qint64> pids;
        {
            QElapsedTimer t;
            t.start();
            NodeSet nodes(clusterSpec());
            qInfo("cluster formed in %lld ms", t.elapsed());
            QCOMPARE(nodes.lockNodes(), 6);
            QCOMPARE(nodes.names(), QStringList({"n1", "n2", "n3", "n4", "n5", "n6", "store"}));
            for (int i = 0; i < 6; ++i) {
                RedisConnection c(nodes.endpoint(i));
                QVERIFY(c.command({"CLUSTER", "INFO"}).bytes().contains("cluster_state:ok"));
                QCOMPARE(c.command({"CLUSTER", "KEYSLOT", "lock:10086"}).toInteger(), 3380);
                QVERIFY(info(nodes.endpoint(i), "replication").contains(i < 3 ? "role:master" : "role:slave"));
                QCOMPARE(nodes.masterOf(i), i < 3 ? -1 : i - 3);
                pids << nodes.server(i).pid();
            }
            QCOMPARE(nodes.slotOwner(3380), 0);
            QCOMPARE(nodes.slotOwner(16383), 2);
            // The store is no cluster node: it takes any key.
            RedisConnection store(nodes.endpoint(nodes.storeIndex()));
            QVERIFY(store.command({"SET", "stock:10086", "100"}).isStatus("OK"));
            // A master that does not serve a key's slot redirects.
            RedisConnection n2(nodes.endpoint(1));
            const RedisValue moved = n2.command({"SET", "lock:10086", "x"});
            QVERIFY(moved.isError());
            QCOMPARE(moved.bytes(), "MOVED 3380 127.0.0.1:" + QByteArray::number(nodes.endpoint(0).port));
            QCOMPARE(nodes.nodeAt(moved.bytes().split(' ').at(2)), 0);
        }
        // Torn down: no process left.
        for (const qint64 pid : std::as_const(pids))
            QVERIFY(::kill(pid_t(pid), 0) != 0 && errno == ESRCH);
    }

    // CLUSTER FAILOVER FORCE on n1's replica: it takes n1's slots, every
    // node agrees when apply() returns, and n1, told of it, redirects.
    void failoverForcePromotesTheReplica()
    {
        NodeSet nodes(clusterSpec());
        ServerFault fault;
        fault.node = 3;
        fault.action = ServerAction::ClusterFailover;
        QElapsedTimer t;
        t.start();
        const QString note = nodes.apply(fault);
        qInfo("failover took %lld ms: %s", t.elapsed(), qPrintable(note));
        QVERIFY2(note == QLatin1String("n4 takes over its master's slots (CLUSTER FAILOVER FORCE)"), qPrintable(note));
        QCOMPARE(nodes.slotOwner(3380), 3);
        QCOMPARE(nodes.masterOf(3), -1);
        QCOMPARE(nodes.masterOf(0), 3);
        for (int i = 0; i < 6; ++i)
            QCOMPARE(RedisConnection(nodes.endpoint(i)).command({"CLUSTER", "COUNTKEYSINSLOT", "0"}).isInteger(), true);
        RedisConnection n1(nodes.endpoint(0));
        const RedisValue moved = n1.command({"SET", "lock:10086", "x"});
        QCOMPARE(moved.bytes(), "MOVED 3380 127.0.0.1:" + QByteArray::number(nodes.endpoint(3).port));
        RedisConnection n4(nodes.endpoint(3));
        QVERIFY(n4.command({"SET", "lock:10086", "x"}).isStatus("OK"));
    }

    // A master stopped while its replica takes over learns, once resumed,
    // that it serves nothing: it follows the new master and redirects.
    void aStoppedMasterResumesAsAReplica()
    {
        NodeSet nodes(clusterSpec());
        QVERIFY(RedisConnection(nodes.endpoint(0)).command({"SET", "lock:10086", "A"}).isStatus("OK"));
        ServerFault f;
        f.node = 0;
        f.action = ServerAction::Pause;
        nodes.apply(f);
        f.node = 3;
        f.action = ServerAction::ClusterFailover;
        nodes.apply(f);
        f.node = 0;
        f.action = ServerAction::Resume;
        QElapsedTimer t;
        t.start();
        nodes.apply(f);
        qInfo("n1 resumed and agreed in %lld ms", t.elapsed());
        QCOMPARE(nodes.slotOwner(3380), 3);
        const RedisValue moved = RedisConnection(nodes.endpoint(0)).command({"GET", "lock:10086"});
        QCOMPARE(moved.bytes(), "MOVED 3380 127.0.0.1:" + QByteArray::number(nodes.endpoint(3).port));
    }

    // While the lock key's slot moves from n1 to n2 (MIGRATING / IMPORTING,
    // as redis-cli --cluster reshard does it), n1 answers for a key it does
    // not have with -ASK: the client sends ASKING and the command to n2, this
    // once, and asks n1 first again next time (its map is unchanged).
    void lockCommandsFollowAnAskRedirect()
    {
        NodeSet nodes(clusterSpec());
        RedisConnection n1(nodes.endpoint(0));
        RedisConnection n2(nodes.endpoint(1));
        const QByteArray n1Id = n1.command({"CLUSTER", "MYID"}).bytes();
        const QByteArray n2Id = n2.command({"CLUSTER", "MYID"}).bytes();
        QVERIFY(n2.command({"CLUSTER", "SETSLOT", "3380", "IMPORTING", n1Id}).isStatus("OK"));
        QVERIFY(n1.command({"CLUSTER", "SETSLOT", "3380", "MIGRATING", n2Id}).isStatus("OK"));

        ScenarioError error;
        std::optional<Scenario> s = findScenario(QStringLiteral("cluster-failover-lost-lock"), &error);
        QVERIFY2(s, qPrintable(error.display()));
        s->config.serverFaults.clear();
        History history;
        const QString failed = runToEnd(s->config, *findStrategy(QStringLiteral("set-nx-ex-lua")), nodes, history, RunMode::Stepped);
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
        const std::shared_ptr<const RunAnalysis> a = analyze(history);

        // Every acquire (B's retries too) and release: ASK from n1, ASKING on
        // n2, the command on n2.
        int asked = 0;
        int onN2 = 0;
        for (qsizetype i = 0; i < a->events.size(); ++i) {
            const Event &e = a->events.at(i);
            if (e.kind != EventKind::Command || (e.step != Step::Acquire && e.step != Step::Release))
                continue;
            QVERIFY(e.node == 0 || e.node == 1);
            onN2 += e.node == 1;
            if (e.node == 0) {
                QCOMPARE(e.reply.bytes(), QByteArray("ASK 3380 n2"));
                QVERIFY(i + 2 < a->events.size());
                const Event &asking = a->events.at(i + 1);
                QVERIFY(asking.argv == PackedArgv(Argv{"ASKING"}));
                QCOMPARE(asking.node, 1);
                QVERIFY(asking.reply.isStatus("OK"));
                const Event &there = a->events.at(i + 2);
                QCOMPARE(there.argv, e.argv);
                QCOMPARE(there.node, 1);
                QVERIFY2(!there.reply.isError(), qPrintable(there.reply.display()));
                ++asked;
            }
        }
        QVERIFY(asked >= 4); // A's and B's acquire and release at least
        QCOMPARE(onN2, asked);
        QCOMPARE(a->verdict.severity(), Severity::Clean);
        QCOMPARE(a->finalStock, 98);
        QVERIFY(a->overlaps.isEmpty());
        // The lock never was on n1: the key is on n2 only until released.
        QCOMPARE(n1.command({"CLUSTER", "COUNTKEYSINSLOT", "3380"}).toInteger(), 0);
    }
};

QTEST_GUILESS_MAIN(TestCluster)
#include "test_cluster.moc"
