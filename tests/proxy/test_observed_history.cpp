// From a recording to the History the analysis judges: lanes, steps,
// beliefs from the replies the client saw, orders from the stock's reads
// and writes. Recordings are written by hand here, so each rule is checked
// on its own; the peers test (tests/cli/test_observe) runs real clients.

#include "proxy/ObservedHistory.h"

#include "analysis/RunAnalysis.h"

#include <QRegularExpression>
#include <QTest>
#include <QTranslator>

using namespace lockstock;

namespace {
constexpr qint64 ms = 1'000'000;

class Builder {
public:
    int connection(int node = 0, qint64 pid = 0, QByteArray name = {})
    {
        ObservedConnection c;
        c.id = int(s.connections.size());
        c.node = node;
        c.pid = pid;
        c.name = std::move(name);
        c.process = QStringLiteral("proc");
        s.connections << c;
        return c.id;
    }
    ObservedCommand &command(int conn, qint64 sentMs, const Argv &argv, const RedisValue &reply, qint64 tookMs = 1)
    {
        ObservedCommand c;
        c.id = ++m_id;
        c.connection = conn;
        c.node = s.connections.at(conn).node;
        c.sentNs = sentMs * ms;
        c.repliedNs = c.deliveredNs = (sentMs + tookMs) * ms;
        c.argv = argv;
        c.reply = reply;
        s.commands << c;
        return s.commands.last();
    }
    RecordingSnapshot s;

private:
    quint64 m_id = 0;
};

RedisValue ok() { return RedisValue::status("OK"); }
RedisValue integer(long long v) { return RedisValue::integer(v); }

ObservedRun build(Builder &b, ObservedTopology topology = {{QStringLiteral("redis")}},
                  const QHash<QByteArray, qint64> &finalStock = {}, qint64 endMs = 10000)
{
    b.s.endNs = endMs * ms;
    return buildObservedRun(b.s, KeyRoles("lock:*", "stock:*"), topology, finalStock, QStringLiteral("test"));
}

// The events in time order, as the analysis reads them.
QList<Event> sortedEvents(const History &h)
{
    const std::shared_ptr<const RunAnalysis> a = analyze(h);
    return QList<Event>(a->events.begin(), a->events.end());
}

QList<Event> commandsOf(const History &h, int client)
{
    QList<Event> out;
    for (const Event &e : sortedEvents(h))
        if (e.client == client && e.kind == EventKind::Command)
            out << e;
    return out;
}

const QByteArray kRelease = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
const QByteArray kAcquire = "for i, key in ipairs(KEYS) do if redis.call(\"exists\", key) == 1 then return 0 end end "
                            "for i, key in ipairs(KEYS) do redis.call(\"set\", key, ARGV[1], \"PX\", ARGV[2]) end return #KEYS";
} // namespace

class TestObservedHistory : public QObject {
    Q_OBJECT

private slots:
    // Why a key was taken for a lock or the stock is in the user's language,
    // as the note it goes into: the watch panel's Chinese notes read
    // "推断出的库存键：stock:7（用 DECRBY 减少）", not "(decremented with DECRBY)".
    void inferredKeysSayWhyInTheUsersLanguage()
    {
        QTranslator chinese;
        QVERIFY(chinese.load(QStringLiteral(":/i18n/lockstock_zh_CN")));
        QCoreApplication::installTranslator(&chinese);
        const auto command = [](const Argv &argv, const RedisValue &reply) {
            ObservedCommand c;
            c.argv = argv;
            c.reply = reply;
            return c;
        };
        KeyRoles roles;
        LastRead read;
        QList<InferredKey> keys = roles.learn(command({"DECRBY", "stock:7", "1"}, integer(4)), &read);
        keys << roles.learn(command({"GET", "stock:8"}, RedisValue::string("5")), &read);
        keys << roles.learn(command({"SET", "stock:8", "4"}, ok()), &read);
        ObservedCommand script = command({"EVAL", "return redis.call('decrby', KEYS[1], 1)", "1", "stock:9"}, integer(3));
        script.script = "return redis.call('decrby', KEYS[1], 1)";
        keys << roles.learn(script, &read);
        script = command({"EVAL", "return redis.call('set', KEYS[1], 'me', 'px', 100)", "1", "lock:9"}, ok());
        script.script = "return redis.call('set', KEYS[1], 'me', 'px', 100)";
        keys << roles.learn(script, &read);
        QCoreApplication::removeTranslator(&chinese);
        QCOMPARE(keys.size(), 4);
        static const QRegularExpression han(QStringLiteral("\\p{Han}"));
        static const QRegularExpression english(QStringLiteral("[a-z]{3,}"));
        for (const InferredKey &key : std::as_const(keys))
            QVERIFY2(key.reason.contains(han) && !key.reason.contains(english), qPrintable(key.reason));
        QVERIFY2(keys.first().reason.contains(QStringLiteral("DECRBY")), qPrintable(keys.first().reason));
    }

    void lanesJoinByLockValueOrNameWithinAProcess()
    {
        Builder b;
        QList<int> redlock;
        for (int n = 0; n < 3; ++n)
            redlock << b.connection(n, 100);
        const int other = b.connection(0, 200);        // another process, same short value
        const int unknown = b.connection(0, 0);        // /proc could not tell
        const int poolA = b.connection(0, 300, "worker");
        const int poolB = b.connection(0, 300, "worker");
        for (int conn : redlock)
            b.command(conn, 10, {"SET", "lock:1", "0f9c2a61-b4", "NX", "PX", "1000"}, ok());
        b.command(other, 2000, {"SET", "lock:1", "1", "NX", "PX", "1000"}, ok());
        b.command(unknown, 4000, {"SET", "lock:1", "1", "NX", "PX", "1000"}, ok());
        b.command(poolA, 6000, {"SET", "lock:1", "t", "NX", "PX", "1000"}, ok());
        b.command(poolB, 6100, {"DEL", "lock:1"}, integer(1));
        const ObservedRun run = build(b, {{"n1", "n2", "n3"}});
        QCOMPARE(run.lanes.size(), 4);
        QCOMPARE(run.lanes.at(0).connections, redlock);
        QCOMPARE(run.lanes.at(0).name, QStringLiteral("proc:100"));
        QCOMPARE(run.lanes.at(1).connections, QList<int>{other});
        QCOMPARE(run.lanes.at(2).name, QStringLiteral("c%1").arg(unknown));
        QCOMPARE(run.lanes.at(3).connections, (QList<int>{poolA, poolB}));
        QCOMPARE(run.lanes.at(3).name, QStringLiteral("worker"));
    }

    // A RedLock client holds the lock from the reply that completed its
    // quorum, whatever order the replies came in.
    void quorumOfOutOfOrderReplies()
    {
        Builder b;
        QList<int> conns;
        for (int n = 0; n < 5; ++n)
            conns << b.connection(n, 100);
        // Sent 0..4 ms; replies arrive from n5 first, n1 last.
        for (int n = 0; n < 5; ++n) {
            ObservedCommand &c = b.command(conns[n], n, {"EVAL", kAcquire, "1", "lock:1", "tok-abcdef", "3000"}, integer(1), 50 - 10 * n);
            c.script = kAcquire;
        }
        ObservedRun run = build(b, {{"n1", "n2", "n3", "n4", "n5", "store"}, 5, true});
        const QList<Event> events = commandsOf(*run.resources.front().history, 0);
        QCOMPARE(events.size(), 5);
        for (const Event &e : events)
            QCOMPARE(e.step, Step::Acquire);
        // Replies at 50, 41, 32, 23, 14 ms: the third (n3, at 32 ms) completes the quorum.
        QCOMPARE(events.at(0).holds, false);
        QCOMPARE(events.at(1).holds, false);
        QCOMPARE(events.at(2).holds, true);
        QCOMPARE(events.at(3).holds, true);
        QCOMPARE(events.at(4).holds, true);
        QCOMPARE(events.at(2).token, QByteArray("tok-abcdef"));
    }

    void leaseShorterThanWorkShowsTwoHolders()
    {
        Builder b;
        const int a = b.connection(0, 1, "A"), c = b.connection(0, 2, "B");
        b.command(a, 0, {"SET", "stock:1", "100"}, ok());
        b.command(a, 10, {"SET", "lock:1", "ta", "NX", "PX", "1000"}, ok());
        b.command(a, 12, {"GET", "stock:1"}, RedisValue::string("100"));
        b.command(c, 500, {"SET", "lock:1", "tb", "NX", "PX", "1000"}, RedisValue::nil());
        b.command(c, 1100, {"SET", "lock:1", "tb", "NX", "PX", "1000"}, ok());
        b.command(c, 1102, {"GET", "stock:1"}, RedisValue::string("100"));
        b.command(c, 1300, {"SET", "stock:1", "99"}, ok());
        ObservedCommand &rb = b.command(c, 1310, {"EVALSHA", "abc", "1", "lock:1", "tb"}, integer(1));
        rb.script = kRelease;
        b.command(a, 3000, {"SET", "stock:1", "99"}, ok());
        ObservedCommand &ra = b.command(a, 3010, {"EVALSHA", "abc", "1", "lock:1", "ta"}, integer(0));
        ra.script = kRelease;
        ObservedRun run = build(b, {{"redis"}}, {{"stock:1", 99}});
        const History &h = *run.resources.front().history;
        const std::shared_ptr<const RunAnalysis> o = analyze(h);
        QCOMPARE(h.info().clients, (QStringList{"A", "B"}));
        QCOMPARE(h.info().leaseMs, 1000);
        QCOMPARE(o->overlaps.size(), 1);
        QCOMPARE(o->overlaps.first().span.startNs, 1101 * ms);
        QCOMPARE(o->overlaps.first().span.endNs, 1310 * ms);
        QCOMPARE(o->info.initialStock, 100);
        QCOMPARE(o->counts.ordersSucceeded, 2);
        QCOMPARE(o->counts.lostUpdates, 1);
        QCOMPARE(o->counts.foreignReleases, 0);
        QVERIFY(o->verdict.has(FindingKind::Overlap));
        QVERIFY(o->verdict.has(FindingKind::LostUpdates));
        const QList<Event> aEvents = commandsOf(h, 0);
        QCOMPARE(aEvents.last().step, Step::Release);
        QVERIFY(!aEvents.last().holds);
        QVERIFY(aEvents.at(aEvents.size() - 2).holds); // A still believed it held when it wrote
    }

    void decrementsCompensationsAndTransactions()
    {
        Builder b;
        const int a = b.connection(0, 1, "A"), c = b.connection(0, 2, "B");
        b.command(a, 0, {"SET", "stock:1", "2"}, ok());
        b.command(a, 10, {"DECRBY", "stock:1", "1"}, integer(1));
        b.command(c, 20, {"DECRBY", "stock:1", "1"}, integer(0));
        b.command(a, 30, {"DECRBY", "stock:1", "1"}, integer(-1));
        b.command(a, 31, {"INCRBY", "stock:1", "1"}, integer(0)); // gave it back: that order failed
        // B's optimistic transaction: read, then a queued write that ran.
        b.command(c, 40, {"WATCH", "stock:1"}, ok());
        b.command(c, 41, {"GET", "stock:1"}, RedisValue::string("0"));
        ObservedCommand &multi = b.command(c, 42, {"MULTI"}, ok());
        const quint64 id = multi.id;
        b.command(c, 43, {"SET", "stock:1", "-1"}, RedisValue::status("QUEUED")).multi = id;
        b.command(c, 44, {"EXEC"}, RedisValue::array({ok()}), 2).multi = id;
        // A transaction on something else is not a step of the lesson.
        const quint64 other = b.command(a, 50, {"MULTI"}, ok()).id;
        b.command(a, 51, {"INCR", "visits"}, RedisValue::status("QUEUED")).multi = other;
        b.command(a, 52, {"EXEC"}, RedisValue::array({integer(1)})).multi = other;
        ObservedRun run = build(b, {{"redis"}}, {{"stock:1", -1}});
        const History &h = *run.resources.front().history;
        const std::shared_ptr<const RunAnalysis> o = analyze(h);
        QList<Step> transactionSteps;
        for (const Event &e : sortedEvents(h))
            if (e.argv == Argv{"MULTI"} || e.argv == Argv{"EXEC"})
                transactionSteps << e.step;
        QCOMPARE(transactionSteps, (QList<Step>{Step::Multi, Step::Exec, Step::Other, Step::Other}));
        QCOMPARE(o->info.initialStock, 2);
        QCOMPARE(o->counts.ordersTried, 4);
        QCOMPARE(o->counts.ordersSucceeded, 3);
        QCOMPARE(o->counts.oversold, 1);
        QCOMPARE(o->counts.lostUpdates, 0);
        QCOMPARE(o->finalStock, -1);
        bool queuedAtExec = false;
        for (const Event &e : h.events())
            if (e.argv == Argv{"SET", "stock:1", "-1"}) {
                QCOMPARE(e.step, Step::WriteStock);
                QCOMPARE(e.tNs, 44 * ms); // it ran when EXEC did
                QVERIFY(e.reply.isStatus("OK"));
                queuedAtExec = true;
            }
        QVERIFY(queuedAtExec);
    }

    // Redis granted the lock, the client never heard: it does not believe
    // it holds it, and the probe shows the lock is there.
    void droppedReplyLeavesNoBelief()
    {
        Builder b;
        const int a = b.connection(0, 1, "A");
        ObservedCommand &set = b.command(a, 10, {"SET", "lock:1", "ta", "NX", "PX", "1000"}, ok());
        set.outcome = ObservedCommand::Outcome::Dropped;
        set.deliveredNs = -1;
        const quint64 id = set.id;
        b.s.probes << ObservedProbe{12 * ms, 0, {id}, {{"lock:1", "string", "ta", 998, true}}};
        b.s.faults << ObservedFault{11 * ms, a, 0, QStringLiteral("reply dropped")};
        b.s.expiries << ObservedExpiry{1010 * ms, 0, "lock:1"};
        ObservedRun run = build(b);
        const History &h = *run.resources.front().history;
        const QList<Event> events = sortedEvents(h);
        QCOMPARE(events.size(), 3);
        QCOMPARE(events.at(0).step, Step::Acquire);
        QVERIFY(!events.at(0).holds);
        QVERIFY(events.at(0).lock());
        QCOMPARE(events.at(0).lock()->value, QByteArray("ta"));
        QCOMPARE(events.at(0).lock()->pttl, 998);
        QVERIFY(events.at(0).note.contains(QStringLiteral("dropped")));
        QCOMPARE(events.at(1).kind, EventKind::Server);
        QCOMPARE(events.at(1).client, 0);
        QCOMPARE(events.at(2).kind, EventKind::Expired);
        QCOMPARE(events.at(2).token, QByteArray("ta"));
        QVERIFY(events.at(2).lock());
        QCOMPARE(events.at(2).lock()->pttl, kNoKey); // Redis said it expired the key
        const std::shared_ptr<const RunAnalysis> o = analyze(h);
        QVERIFY(o->overlaps.isEmpty());
        // The analysis read the lock from the probes: Redis held it for
        // nobody's belief, then expired it.
        QCOMPARE(o->nodes.first().holdings.size(), 1);
        QVERIFY(o->nodes.first().holdings.at(0).expired);
        QCOMPARE(o->counts.expiries, 1);
    }

    // A server fault done by button is recorded as what it was: its Server
    // event carries the action (and whether a restart kept the data), so the
    // analysis acts on it; a proxy fault stays words only.
    void serverFaultsKeepTheirAction()
    {
        Builder b;
        const int a = b.connection(0, 1, "A");
        b.command(a, 10, {"SET", "lock:1", "ta", "NX", "PX", "60000"}, ok());
        b.s.faults << ObservedFault{15 * ms, a, 0, QStringLiteral("link delayed by 5 ms each way")};
        b.s.faults << ObservedFault{20 * ms, -1, 0, QStringLiteral("redis killed (SIGKILL)"), ServerAction::Kill};
        b.s.faults << ObservedFault{30 * ms, -1, 0, QStringLiteral("redis restarting (AOF replayed)"), ServerAction::Restart, true};
        ObservedRun run = build(b);
        const std::shared_ptr<const RunAnalysis> o = analyze(*run.resources.front().history);
        QList<ServerAction> actions;
        QList<bool> kept;
        for (const int i : o->serverFaults) {
            actions << o->events.at(i).serverAction;
            kept << o->events.at(i).dataKept;
        }
        QCOMPARE(actions, (QList<ServerAction>{ServerAction::Other, ServerAction::Kill, ServerAction::Restart}));
        QCOMPARE(kept, (QList<bool>{false, false, true}));
        const LockNode &node = o->nodes.first();
        QCOMPARE(node.outages.size(), 1);
        QCOMPARE(node.outages.first().condition, NodeOutage::Condition::Down);
        QCOMPARE(node.outages.first().span.startNs, 20 * ms);
        QCOMPARE(node.outages.first().span.endNs, 30 * ms);
        QCOMPARE(node.changes.size(), 1);
        QVERIFY(node.changes.first().dataKept);
    }

    // A probe lost with its connection to a restart is asked again once the
    // server is back: what it reads then is the restart's doing, not the
    // command's. The lock ends at the restart, not at the command before it.
    void probeReadAfterARestartDoesNotSpeakForTheCommandBefore()
    {
        Builder b;
        const int a = b.connection(0, 1, "A");
        const quint64 set = b.command(a, 10, {"SET", "lock:1", "ta", "NX", "PX", "60000"}, ok()).id;
        const quint64 decr = b.command(a, 12, {"DECR", "stock:1"}, integer(9)).id;
        b.s.probes << ObservedProbe{12 * ms, 0, {set}, {{"lock:1", "string", "ta", 59998, true}}};
        b.s.faults << ObservedFault{20 * ms, -1, 0, QStringLiteral("redis restarting (no persistence: empty)"), ServerAction::Restart};
        b.s.probes << ObservedProbe{40 * ms, 0, {decr}, {{"lock:1", "none", {}, kNoKey, true}, {"stock:1", "none", {}, kNoKey, true}}};
        ObservedRun run = build(b);
        const std::shared_ptr<const RunAnalysis> o = analyze(*run.resources.front().history);
        const LockNode &node = o->nodes.first();
        QCOMPARE(node.holdingCount(), 1);
        QVERIFY(!node.open);
        QCOMPARE(node.holdings.at(0).span.startNs, 11 * ms);
        QCOMPARE(node.holdings.at(0).span.endNs, 20 * ms);
    }

    void lockAndStockPairByResource()
    {
        Builder b;
        const int a = b.connection(0, 1, "A");
        b.command(a, 0, {"SET", "lock:x", "t", "NX"}, ok());
        b.command(a, 1, {"SET", "lock:y", "t", "NX"}, ok());
        b.command(a, 2, {"GET", "stock:y"}, RedisValue::string("5"));
        b.command(a, 3, {"SET", "stock:y", "4"}, ok());
        const ObservedRun run = build(b, {{"redis"}}, {{"stock:y", 4}});
        QCOMPARE(run.resources.size(), 2);
        QCOMPARE(run.resources.at(0).lockKey, QByteArray("lock:y"));
        QCOMPARE(run.resources.at(0).stockKey, QByteArray("stock:y"));
        QCOMPARE(run.resources.at(1).lockKey, QByteArray("lock:x"));
        QVERIFY(run.resources.at(1).stockKey.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestObservedHistory)
#include "test_observed_history.moc"
