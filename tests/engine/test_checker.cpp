// The checker on hand-written histories: each finding it must make, and the
// clean runs where it must make none.

#include "engine/Checker.h"

#include <QTest>

using namespace lockstock;

namespace {
constexpr qint64 ms = 1000000; // ns

class HistoryBuilder {
public:
    explicit HistoryBuilder(qint64 stock, QStringList clients = {QStringLiteral("A"), QStringLiteral("B")})
    {
        RunInfo info;
        info.clients = clients;
        info.initialStock = stock;
        info.speed = 1.0;
        m_history.setInfo(info);
    }
    HistoryBuilder &command(qint64 t, int client, Step step, Argv argv, RedisValue reply, bool holds,
                            QByteArray token = {})
    {
        Event e;
        e.tNs = t * ms;
        e.durationNs = 1 * ms;
        e.client = client;
        e.kind = EventKind::Command;
        e.step = step;
        e.argv = std::move(argv);
        e.reply = std::move(reply);
        e.holds = holds;
        e.token = std::move(token);
        e.node = m_node;
        m_history.append(e);
        return *this;
    }
    // The lock node the next commands go to (RedLock).
    HistoryBuilder &onNode(int node)
    {
        m_node = node;
        return *this;
    }
    HistoryBuilder &order(qint64 t, int client, bool success)
    {
        Event e;
        e.tNs = t * ms;
        e.client = client;
        e.kind = EventKind::Order;
        e.success = success;
        m_history.append(e);
        return *this;
    }
    HistoryBuilder &event(qint64 t, int client, EventKind kind, QByteArray token = {})
    {
        Event e;
        e.tNs = t * ms;
        e.client = client;
        e.kind = kind;
        e.token = std::move(token);
        m_history.append(e);
        return *this;
    }
    // A failed acquire with a probe's view of the lock right after it.
    HistoryBuilder &probedAttempt(qint64 t, int client, QByteArray lockValue, qint64 pttl)
    {
        Event e;
        e.tNs = t * ms;
        e.durationNs = ms;
        e.client = client;
        e.step = Step::Acquire;
        e.argv = {"SETNX", "lock", "x"};
        e.reply = RedisValue::integer(0);
        e.lockValue = std::move(lockValue);
        e.lockPttl = pttl;
        m_history.append(e);
        return *this;
    }
    History &finish(qint64 finalStock, qint64 end)
    {
        m_history.finish(finalStock, end * ms);
        return m_history;
    }
    History &history() { return m_history; }

private:
    History m_history;
    int m_node = 0;
};

const RedisValue OK = RedisValue::status("OK");
RedisValue str(const char *s) { return RedisValue::string(s); }
RedisValue num(long long n) { return RedisValue::integer(n); }
} // namespace

class TestChecker : public QObject {
    Q_OBJECT

private slots:
    void lostUpdateIsCaught()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::ReadStock, {"GET", "stock"}, str("100"), false)
            .command(2, 1, Step::ReadStock, {"GET", "stock"}, str("100"), false)
            .command(4, 0, Step::WriteStock, {"SET", "stock", "99"}, OK, false)
            .command(6, 1, Step::WriteStock, {"SET", "stock", "99"}, OK, false)
            .order(7, 0, true)
            .order(8, 1, true);
        const History &h = b.finish(99, 10);
        const Outcome o = check(h);
        QCOMPARE(o.sold, 2);
        QCOMPARE(o.expectedStock, 98);
        QCOMPARE(o.finalStock, 99);
        QCOMPARE(o.lostUpdates, 1);
        QCOMPARE(o.oversold, 0);
        QCOMPARE(o.clobberingWrites, QList<int>{3}); // B's SET overwrote A's
        QVERIFY(!o.clean());
        QVERIFY(o.findings(h.info()).first().contains(QStringLiteral("should be 98, is 99")));
    }

    void serialisedOrdersAreClean()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "100"}, OK, true, "a")
            .command(2, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "100"}, RedisValue::nil(), false)
            .command(3, 0, Step::ReadStock, {"GET", "stock"}, str("100"), true, "a")
            .command(4, 0, Step::WriteStock, {"SET", "stock", "99"}, OK, true, "a")
            .command(5, 0, Step::Release, {"EVALSHA", "sha", "1", "lock", "a"}, num(1), false, "a")
            .order(6, 0, true)
            .command(7, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "100"}, OK, true, "b")
            .command(8, 1, Step::ReadStock, {"GET", "stock"}, str("99"), true, "b")
            .command(9, 1, Step::WriteStock, {"SET", "stock", "98"}, OK, true, "b")
            .command(10, 1, Step::Release, {"EVALSHA", "sha", "1", "lock", "b"}, num(1), false, "b")
            .order(11, 1, true);
        const History &h = b.finish(98, 12);
        const Outcome o = check(h);
        QVERIFY(o.clean());
        QCOMPARE(o.lostUpdates, 0);
        QVERIFY(o.overlaps.isEmpty());
        QVERIFY(o.foreignReleases.isEmpty());
        QVERIFY(o.clobberingWrites.isEmpty());
        QVERIFY(o.findings(h.info()).first().startsWith(QStringLiteral("Correct")));
    }

    void overlappingHoldersAreCaught()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "10"}, OK, true, "a")
            .event(11, -1, EventKind::Expired, "a")
            .command(15, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "10"}, OK, true, "b")
            .command(30, 0, Step::Release, {"EVALSHA", "sha", "1", "lock", "a"}, num(0), false, "a")
            .command(40, 1, Step::Release, {"EVALSHA", "sha", "1", "lock", "b"}, num(1), false, "b");
        const History &h = b.finish(100, 50);
        const Outcome o = check(h);
        QCOMPARE(o.overlaps.size(), 1);
        // From B's reply (15 + 1 ms round trip) to A letting go (it sent its release at 30).
        QCOMPARE(o.overlaps.first().startNs, 16 * ms);
        QCOMPARE(o.overlaps.first().endNs, 30 * ms);
        QCOMPARE(o.overlapNs(), 14 * ms);
        QVERIFY(o.foreignReleases.isEmpty()); // the Lua release refused A
        QCOMPARE(o.expiries.size(), 1);
    }

    void handOverAtTheBoundaryIsNotAnOverlap()
    {
        // A sends its release at 100; B's SET NX was answered after that.
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "1000"}, OK, true, "a")
            .command(99, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "1000"}, OK, true, "b")
            .command(100, 0, Step::Release, {"EVALSHA", "sha", "1", "lock", "a"}, num(1), false, "a");
        const Outcome o = check(b.finish(100, 200));
        // B learned at 100 (reply), A let go at 100 (sent its release): no overlap.
        QVERIFY(o.overlaps.isEmpty());
    }

    void foreignReleaseIsCaught()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "10"}, OK, true, "a")
            .event(10, -1, EventKind::Expired, "a")
            .command(12, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "10"}, OK, true, "b")
            .command(15, 0, Step::Release, {"DEL", "lock"}, num(1), false, "a")
            .command(20, 1, Step::Release, {"DEL", "lock"}, num(0), false, "b");
        const History &h = b.finish(100, 30);
        const Outcome o = check(h);
        QCOMPARE(o.foreignReleases.size(), 1);
        QCOMPARE(o.foreignReleases.first().actor, 0);
        QCOMPARE(o.foreignReleases.first().owner, 1);
        QVERIFY(o.findings(h.info()).contains(QStringLiteral("A deleted B's lock.")));
    }

    // Redlock after n3's clock jumped: B's quorum is n3 to n5, while n1 and
    // n2 refused B in that same step. A's release still deletes its own keys
    // there: two holders, but nobody deleted another's lock.
    void redlockReleaseOnANodeThatRefusedTheOtherIsNotForeign()
    {
        HistoryBuilder b(100);
        const Argv setA{"SET", "lock", "a", "NX", "PX", "100"};
        const Argv setB{"SET", "lock", "b", "NX", "PX", "100"};
        const Argv releaseA{"EVALSHA", "sha", "1", "lock", "a"};
        for (int node = 0; node < 3; ++node)
            b.onNode(node).command(0, 0, Step::Acquire, setA, OK, true, "a");
        for (int node = 0; node < 5; ++node)
            b.onNode(node).command(10, 1, Step::Acquire, setB, node < 2 ? RedisValue::nil() : OK, true, "b");
        for (int node = 0; node < 5; ++node)
            b.onNode(node).command(20, 0, Step::Release, releaseA, num(node < 2 ? 1 : 0), false, "a");
        const Outcome o = check(b.finish(100, 30));
        QCOMPARE(o.overlaps.size(), 1);
        QVERIFY(o.foreignReleases.isEmpty());
    }

    void foreignRenewalIsCaught()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "30"}, OK, true, "a")
            .command(40, 0, Step::Release, {"EVALSHA", "sha", "1", "lock", "a"}, num(1), false, "a")
            .command(41, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "30"}, OK, true, "b")
            .command(45, 0, Step::Renew, {"PEXPIRE", "lock", "30"}, num(1), false, "a")
            .command(60, 1, Step::Renew, {"PEXPIRE", "lock", "30"}, num(1), true, "b");
        const Outcome o = check(b.finish(100, 70));
        QCOMPARE(o.foreignRenewals.size(), 1);
        QCOMPARE(o.foreignRenewals.first().actor, 0);
        QCOMPARE(o.foreignRenewals.first().owner, 1);
        QVERIFY(o.overlaps.isEmpty());
    }

    void lockWithoutTtlAfterCrashIsStuck()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SETNX", "lock", "a"}, num(1), true, "a").event(1, 0, EventKind::Crash, "a");
        // B keeps trying; the probe after each try sees A's token with no TTL.
        for (qint64 t = 10; t <= 50; t += 10)
            b.probedAttempt(t, 1, "a", kNoTtl);
        const Outcome o = check(b.finish(100, 60));
        QCOMPARE(o.stuck.size(), 1);
        QCOMPARE(o.stuck.first().owner, 0);
        QCOMPARE(o.stuck.first().startNs, 1 * ms);
        QCOMPARE(o.stuck.first().endNs, 60 * ms); // still stuck when the run ended
    }

    void stuckNeedsEvidenceFromRedis()
    {
        // Without probes (a live run) nothing can be claimed about the TTL.
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SETNX", "lock", "a"}, num(1), true, "a").event(1, 0, EventKind::Crash, "a");
        b.command(10, 1, Step::Acquire, {"SETNX", "lock", "b"}, num(0), false);
        QVERIFY(check(b.finish(100, 60)).stuck.isEmpty());
    }

    void lockThatExpiresAfterCrashIsNotStuck()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "20"}, OK, true, "a")
            .event(1, 0, EventKind::Crash, "a")
            .probedAttempt(10, 1, "a", 10)
            .probedAttempt(25, 1, {}, kNoKey);
        const Outcome o = check(b.finish(100, 30));
        QVERIFY(o.stuck.isEmpty());
        QVERIFY(o.overlaps.isEmpty()); // A's belief died with it
    }

    void oversellingIsCounted()
    {
        HistoryBuilder b(2, {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")});
        for (int i = 0; i < 3; ++i)
            b.order(i, i, true);
        const History &h = b.finish(1, 20);
        const Outcome o = check(h);
        QCOMPARE(o.sold, 3);
        QCOMPARE(o.oversold, 1);
        QCOMPARE(o.expectedStock, -1);
        QCOMPARE(o.lostUpdates, 2);
        QVERIFY(o.findings(h.info()).contains(QStringLiteral("Sold 3 units with 2 in stock: 1 oversold.")));
    }

    void failedOrdersSellNothing()
    {
        HistoryBuilder b(1);
        b.order(0, 0, true).order(1, 1, false);
        const Outcome o = check(b.finish(0, 5));
        QCOMPARE(o.ordersTried, 2);
        QCOMPARE(o.ordersSucceeded, 1);
        QVERIFY(o.clean());
    }
};

QTEST_GUILESS_MAIN(TestChecker)
#include "test_checker.moc"
