// The analysis on hand-written histories: each finding it must make, the
// clean runs where it must make none, and the same answer whether a history
// is read at once or as it grows.

#include "SyntheticHistory.h"

#include "analysis/HistoryJson.h"
#include "analysis/InstantAnalysis.h"
#include "analysis/RunAnalysis.h"

#include <QJsonArray>
#include <QTest>

using namespace lockstock;

namespace {
constexpr qint64 ms = 1000000; // ns

class HistoryBuilder {
public:
    explicit HistoryBuilder(qint64 stock, QStringList clients = {QStringLiteral("A"), QStringLiteral("B")})
    {
        m_info.clients = clients;
        m_info.initialStock = stock;
        m_info.speed = 1.0;
        m_info.leaseMs = 10;
    }
    HistoryBuilder &lease(qint64 leaseMs)
    {
        m_info.leaseMs = leaseMs;
        return *this;
    }
    // The strategy is the broken side of its lesson.
    HistoryBuilder &brokenSide()
    {
        m_info.brokenSide = true;
        m_info.strategy = QStringLiteral("setnx-then-expire");
        m_info.weakness = "a crash between SETNX and EXPIRE";
        return *this;
    }
    HistoryBuilder &command(qint64 t, int client, Step step, Argv argv, RedisValue reply, bool holds,
                            QByteArray token = {}, qint64 wrote = kUnknown)
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
        e.wrote = wrote;
        m_events << e;
        return *this;
    }
    // A stock write: the strategy says which value it wrote.
    HistoryBuilder &write(qint64 t, int client, qint64 value, RedisValue reply, bool holds, QByteArray token = {})
    {
        return command(t, client, Step::WriteStock, {"SET", "stock", QByteArray::number(value)}, std::move(reply), holds,
                       std::move(token), value);
    }
    // What a probe read of the stock right after the last event.
    HistoryBuilder &stockProbed(qint64 stock)
    {
        auto p = std::make_shared<Probe>();
        p->stock = stock;
        m_events.last().probe = std::move(p);
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
        m_events << e;
        return *this;
    }
    HistoryBuilder &event(qint64 t, int client, EventKind kind, QByteArray token = {})
    {
        Event e;
        e.tNs = t * ms;
        e.client = client;
        e.kind = kind;
        e.token = std::move(token);
        m_events << e;
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
        e.probe = probeOf(std::move(lockValue), pttl);
        m_events << e;
        return *this;
    }
    // What every run records at its end, live runs included: Redis's truth, read once.
    HistoryBuilder &finalProbe(qint64 t, QByteArray lockValue, qint64 pttl)
    {
        Event e;
        e.tNs = t * ms;
        e.kind = EventKind::Probe;
        e.probe = probeOf(std::move(lockValue), pttl);
        m_events << e;
        return *this;
    }
    History &finish(qint64 finalStock, qint64 end)
    {
        m_history.setInfo(m_info);
        for (const Event &e : std::as_const(m_events))
            m_history.append(e);
        m_history.finish(finalStock, end * ms);
        return m_history;
    }
    const QList<Event> &events() const { return m_events; }

private:
    static std::shared_ptr<const Probe> probeOf(QByteArray lockValue, qint64 pttl)
    {
        auto p = std::make_shared<Probe>();
        p->locks << LockTruth{std::move(lockValue), pttl};
        return p;
    }
    RunInfo m_info;
    QList<Event> m_events;
    History m_history;
    int m_node = 0;
};

const RedisValue OK = RedisValue::status("OK");
RedisValue str(const char *s) { return RedisValue::string(s); }
RedisValue num(long long n) { return RedisValue::integer(n); }

QList<int> marked(const RunAnalysis &a, FindingKind kind)
{
    QList<int> out;
    for (const Mark &m : a.marks)
        if (m.kind == kind && a.markAt(m.event))
            out << m.event;
    return out;
}

// A and B both read 100 and both write 99: the lost update, ending at 10 ms.
void recordLostUpdate(HistoryBuilder &b)
{
    b.command(0, 0, Step::ReadStock, {"GET", "stock"}, str("100"), false)
        .command(2, 1, Step::ReadStock, {"GET", "stock"}, str("100"), false)
        .write(4, 0, 99, OK, false)
        .write(6, 1, 99, OK, false)
        .order(7, 0, true)
        .order(8, 1, true);
}
} // namespace

class TestAnalysis : public QObject {
    Q_OBJECT

private slots:
    void lostUpdateIsCaught()
    {
        HistoryBuilder b(100);
        recordLostUpdate(b);
        const auto a = analyze(b.finish(99, 10));
        QCOMPARE(a->counts.sold, 2);
        QCOMPARE(a->counts.expectedStock, 98);
        QCOMPARE(a->finalStock, 99);
        QCOMPARE(a->counts.lostUpdates, 1);
        QCOMPARE(a->counts.staleWrites, 1);
        QCOMPARE(a->counts.oversold, 0);
        // B's SET overwrote A's: a stale write on B's lane, a unit lost on the stock lane.
        QCOMPARE(marked(*a, FindingKind::StaleWrites), QList<int>{3});
        QCOMPARE(marked(*a, FindingKind::LostUpdates), QList<int>{3});
        QCOMPARE(a->markTextAt(3, MarkPlace::ClientLane), QStringLiteral("stale write: 99, read before A's write"));
        QCOMPARE(a->markTextAt(3, MarkPlace::StockLane), QStringLiteral("B wrote 99, not 98: one unit lost"));
        QVERIFY(!a->clean());
        QCOMPARE(a->verdict.severity(), Severity::Broken);
        QCOMPARE(a->findings(), (QStringList{QStringLiteral("One stale write: it wrote the stock from a read that another client's later write had made stale."),
                                             QStringLiteral("2 units sold from 100, yet the stock is 99: one unit lost.")}));
        // The stock line is what the clients wrote, never a guess from argv.
        QCOMPARE(a->stock.last().value, 99);
    }

    // The expected stock takes a sale's units where its write took them
    // from the stock: at every instant the stock lane's two lines part by
    // exactly the units the analysis has lost by then. (Before, the dashed
    // line stayed at 100 from A's write of 99 until A's order ended: a
    // unit missing where nothing was wrong.)
    void expectedStockPartsFromTheStockOnlyByUnitsLost()
    {
        HistoryBuilder b(100);
        recordLostUpdate(b);
        const auto whole = analyze(b.finish(99, 10));
        InstantAnalyzer instants(whole);
        for (qint64 t = 0; t <= 10 * ms; t += ms / 2) {
            const auto a = instants.at(t);
            QVERIFY2(a->stockAt(t) - a->expectedStockAt(t) == a->counts.lostUpdates,
                     qPrintable(QStringLiteral("at %1 ms: stock %2, expected %3, units lost %4")
                                    .arg(a->scenarioMs(t)).arg(a->stockAt(t)).arg(a->expectedStockAt(t)).arg(a->counts.lostUpdates)));
        }
        // A's write (replied at 5 ms) took its unit; B's (at 7 ms) lost one.
        QCOMPARE(whole->expectedStockAt(5 * ms), 99);
        QCOMPARE(whole->expectedStockAt(7 * ms), 98);
    }

    // Units taken from the stock without a sale: the verdict says so the
    // moment the stock lane shows them missing, not only at the end. (Before,
    // A's failed order left the lane a unit short from 4 ms and the verdict
    // silent until the final stock was read; a DECRBY whose reply was lost
    // left the lane a unit short of an order that was still placing it.)
    void unitsTakenWithoutASaleAreSaidWhenTheLaneShowsThem()
    {
        const auto check = [](const std::shared_ptr<const RunAnalysis> &whole) {
            InstantAnalyzer instants(whole);
            for (qint64 t = 0; t <= whole->endNs; t += ms / 2) {
                const auto a = instants.at(t);
                QVERIFY2(a->stockAt(t) - a->expectedStockAt(t) == a->counts.lostUpdates - a->counts.overDeducted,
                         qPrintable(QStringLiteral("at %1 ms: stock %2, expected %3, units lost %4, taken without a sale %5")
                                        .arg(a->scenarioMs(t)).arg(a->stockAt(t)).arg(a->expectedStockAt(t))
                                        .arg(a->counts.lostUpdates).arg(a->counts.overDeducted)));
            }
        };
        // A writes 99, then its order fails (its release answered NOSCRIPT).
        HistoryBuilder failed(100);
        failed.command(0, 0, Step::ReadStock, {"GET", "stock"}, str("100"), false).write(2, 0, 99, OK, false).order(4, 0, false);
        const auto a = analyze(failed.finish(99, 10));
        QCOMPARE(a->counts.overDeducted, 1);
        check(a);
        if (QTest::currentTestFailed())
            return;
        const auto then = analyzeAt(a, 5 * ms);
        QCOMPARE(then->counts.overDeducted, 1);
        QVERIFY2(then->findings().contains(QStringLiteral("One unit taken from the stock without a sale.")),
                 qPrintable(then->findings().join(QLatin1Char('|'))));

        // DECRBY ran but its reply was lost; the retry deducts again.
        HistoryBuilder retried(100);
        retried.command(0, 0, Step::Decrement, {"DECRBY", "stock", "1"}, RedisValue::error("ERR reply lost"), false)
            .stockProbed(99)
            .command(2, 0, Step::Decrement, {"DECRBY", "stock", "1"}, num(98), false)
            .stockProbed(98)
            .order(4, 0, true);
        const auto r = analyze(retried.finish(98, 10));
        QCOMPARE(r->counts.overDeducted, 1);
        check(r);
        QCOMPARE(analyzeAt(r, ms + ms / 2)->counts.overDeducted, 0); // the first DECRBY took the order's unit
    }

    void serialisedOrdersAreClean()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "100"}, OK, true, "a")
            .command(2, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "100"}, RedisValue::nil(), false)
            .command(3, 0, Step::ReadStock, {"GET", "stock"}, str("100"), true, "a")
            .write(4, 0, 99, OK, true, "a")
            .command(5, 0, Step::Release, {"EVALSHA", "sha", "1", "lock", "a"}, num(1), false, "a")
            .order(6, 0, true)
            .command(7, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "100"}, OK, true, "b")
            .command(8, 1, Step::ReadStock, {"GET", "stock"}, str("99"), true, "b")
            .write(9, 1, 98, OK, true, "b")
            .command(10, 1, Step::Release, {"EVALSHA", "sha", "1", "lock", "b"}, num(1), false, "b")
            .order(11, 1, true);
        const auto a = analyze(b.lease(100).finish(98, 12));
        QVERIFY(a->clean());
        QCOMPARE(a->verdict.severity(), Severity::Clean);
        QCOMPARE(a->counts.lostUpdates, 0);
        QVERIFY(a->overlaps.isEmpty());
        QCOMPARE(a->counts.foreignReleases, 0);
        QVERIFY(a->marks.isEmpty());
        QCOMPARE(a->findings(), QStringList{QStringLiteral("Correct: stock 98 as expected (2 of 2 orders sold), the lock was never shared.")});
        // Before the final stock is read there is none to quote (it said
        // "stock -9223372036854775808 as expected" while the run played).
        QCOMPARE(analyzeAt(a, 7 * ms)->findings(), QStringList{QStringLiteral("Nothing went wrong that this run could see.")});
    }

    void overlappingHoldersAreCaught()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "10"}, OK, true, "a")
            .event(11, -1, EventKind::Expired, "a")
            .command(15, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "10"}, OK, true, "b")
            .command(30, 0, Step::Release, {"EVALSHA", "sha", "1", "lock", "a"}, num(0), false, "a")
            .command(40, 1, Step::Release, {"EVALSHA", "sha", "1", "lock", "b"}, num(1), false, "b");
        const auto a = analyze(b.finish(100, 50));
        QCOMPARE(a->overlaps.size(), 1);
        // From B's reply (15 + 1 ms round trip) to A letting go (it sent its release at 30).
        QCOMPARE(a->overlaps.first().span.startNs, 16 * ms);
        QCOMPARE(a->overlaps.first().span.endNs, 30 * ms);
        QCOMPARE(a->counts.overlapNs, 14 * ms);
        QCOMPARE(a->counts.foreignReleases, 0); // the Lua release refused A
        QCOMPARE(a->counts.expiries, 1);
        const Finding *f = a->verdict.find(FindingKind::Overlap);
        QVERIFY(f);
        QCOMPARE(f->severity, Severity::Broken);
        QCOMPARE(f->spans.size(), 1);
    }

    void handOverAtTheBoundaryIsNotAnOverlap()
    {
        // A sends its release at 100; B's SET NX was answered after that.
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "1000"}, OK, true, "a")
            .command(99, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "1000"}, OK, true, "b")
            .command(100, 0, Step::Release, {"EVALSHA", "sha", "1", "lock", "a"}, num(1), false, "a");
        const auto a = analyze(b.lease(1000).finish(100, 200));
        // B learned at 100 (reply), A let go at 100 (sent its release): no overlap.
        QVERIFY(a->overlaps.isEmpty());
    }

    void foreignReleaseIsCaught()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "10"}, OK, true, "a")
            .event(10, -1, EventKind::Expired, "a")
            .command(12, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "10"}, OK, true, "b")
            .command(15, 0, Step::Release, {"DEL", "lock"}, num(1), false, "a")
            .command(20, 1, Step::Release, {"DEL", "lock"}, num(0), false, "b");
        const auto a = analyze(b.finish(100, 30));
        QCOMPARE(a->counts.foreignReleases, 1);
        const Finding *f = a->verdict.find(FindingKind::ForeignRelease);
        QVERIFY(f);
        QCOMPARE(f->actor, 0);
        QCOMPARE(f->other, 1);
        QCOMPARE(marked(*a, FindingKind::ForeignRelease), QList<int>{3});
        QVERIFY(a->findings().contains(QStringLiteral("A deleted B's lock.")));
        QCOMPARE(a->markTextAt(3), QStringLiteral("A deleted B's lock"));
    }

    // Foreign deletes by two clients are two findings (A deleted B's lock, B
    // deleted C's) and one count in brief, as stress's table and chart say it.
    void briefsCountAKindOnce()
    {
        HistoryBuilder b(100, {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")});
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "10"}, OK, true, "a")
            .event(10, -1, EventKind::Expired, "a")
            .command(12, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "10"}, OK, true, "b")
            .command(15, 0, Step::Release, {"DEL", "lock"}, num(1), false, "a")
            .command(16, 2, Step::Acquire, {"SET", "lock", "c", "NX", "PX", "10"}, OK, true, "c")
            .command(20, 1, Step::Release, {"DEL", "lock"}, num(1), false, "b")
            .command(24, 2, Step::Release, {"DEL", "lock"}, num(0), false, "c");
        const auto a = analyze(b.finish(100, 30));
        QCOMPARE(a->counts.foreignReleases, 2);
        QVERIFY(a->findings().contains(QStringLiteral("A deleted B's lock.")));
        QVERIFY(a->findings().contains(QStringLiteral("B deleted C's lock.")));
        QCOMPARE(a->verdict.briefs().filter(QStringLiteral("foreign")), QStringList{QStringLiteral("2 foreign deletes")});
    }

    // Redlock after n3's clock jumped: B's quorum is n3 to n5, while n1 and
    // n2 refused B in that same step. A's release still deletes its own keys
    // there: two holders, but nobody deleted another's lock. Each fan-out's
    // belief changes with its last reply, as the engine records it.
    void redlockReleaseOnANodeThatRefusedTheOtherIsNotForeign()
    {
        HistoryBuilder b(100);
        const Argv setA{"SET", "lock", "a", "NX", "PX", "100"};
        const Argv setB{"SET", "lock", "b", "NX", "PX", "100"};
        const Argv releaseA{"EVALSHA", "sha", "1", "lock", "a"};
        for (int node = 0; node < 3; ++node)
            b.onNode(node).command(0, 0, Step::Acquire, setA, OK, node == 2, node == 2 ? "a" : "");
        for (int node = 0; node < 5; ++node)
            b.onNode(node).command(10, 1, Step::Acquire, setB, node < 2 ? RedisValue::nil() : OK, node == 4, node == 4 ? "b" : "");
        for (int node = 0; node < 5; ++node)
            b.onNode(node).command(20, 0, Step::Release, releaseA, num(node < 2 ? 1 : 0), false, "a");
        const auto a = analyze(b.lease(100).finish(100, 30));
        QCOMPARE(a->overlaps.size(), 1);
        QCOMPARE(a->counts.foreignReleases, 0);
    }

    // C's fan-out began while H held the lock and completed its majority
    // only after H released: C's belief starts at the reply that completed
    // it, so C and H never both held it.
    void redlockBeliefStartsWithTheMajority()
    {
        HistoryBuilder b(100, {QStringLiteral("C"), QStringLiteral("H")});
        const Argv setC{"SET", "lock", "c", "NX", "PX", "100"};
        b.onNode(0).command(0, 1, Step::Acquire, {"SET", "lock", "h", "NX", "PX", "100"}, OK, true, "h");
        // C: node 0 refuses at 10 (H holds it), nodes 1 and 2 grant at 12 and 14.
        b.onNode(0).command(10, 0, Step::Acquire, setC, RedisValue::nil(), false);
        b.onNode(0).command(11, 1, Step::Release, {"EVALSHA", "sha", "1", "lock", "h"}, num(1), false, "h");
        b.onNode(1).command(12, 0, Step::Acquire, setC, OK, false);
        b.onNode(2).command(14, 0, Step::Acquire, setC, OK, true, "c");
        const auto a = analyze(b.lease(100).finish(100, 30));
        QVERIFY2(a->overlaps.isEmpty(), qPrintable(a->findings().join(QLatin1Char(' '))));
        QCOMPARE(a->belief(0, 0).startNs, 15 * ms); // the reply of node 2
    }

    void foreignRenewalIsCaught()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "30"}, OK, true, "a")
            .command(40, 0, Step::Release, {"EVALSHA", "sha", "1", "lock", "a"}, num(1), false, "a")
            .command(41, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "30"}, OK, true, "b")
            .command(45, 0, Step::Renew, {"PEXPIRE", "lock", "30"}, num(1), false, "a")
            .command(60, 1, Step::Renew, {"PEXPIRE", "lock", "30"}, num(1), true, "b");
        const auto a = analyze(b.lease(30).finish(100, 70));
        QCOMPARE(a->counts.foreignRenewals, 1);
        const Finding *f = a->verdict.find(FindingKind::ForeignRenewal);
        QVERIFY(f);
        QCOMPARE(f->actor, 0);
        QCOMPARE(f->other, 1);
        QVERIFY(a->overlaps.isEmpty());
        QVERIFY(a->findings().contains(QStringLiteral("A extended B's lock.")));
    }

    // SETNX, then the lock is deleted under A, B takes it, and A's EXPIRE
    // sets the TTL of B's lock: a foreign renewal too.
    void expireOfAnotherClientsLockIsForeign()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SETNX", "lock", "a"}, num(1), true, "a")
            .command(1, 1, Step::Release, {"DEL", "lock"}, num(1), false)
            .command(3, 1, Step::Acquire, {"SETNX", "lock", "b"}, num(1), true, "b")
            .command(5, 0, Step::Expire, {"PEXPIRE", "lock", "10"}, num(1), true, "a");
        const auto a = analyze(b.finish(100, 8));
        QCOMPARE(a->counts.foreignRenewals, 1);
        QCOMPARE(a->verdict.find(FindingKind::ForeignRenewal)->other, 1);
    }

    // An EXPIRE that answers 0: the lock is gone, and the client goes on as
    // if it held one.
    void expireThatFindsNoLockIsCaught()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SETNX", "lock", "a"}, num(1), true, "a")
            .command(1, 1, Step::Release, {"DEL", "lock"}, num(1), false)
            .command(2, 0, Step::Expire, {"PEXPIRE", "lock", "10"}, num(0), true, "a");
        const auto a = analyze(b.finish(100, 8));
        QCOMPARE(a->counts.lockGone, 1);
        QCOMPARE(marked(*a, FindingKind::LockGone), QList<int>{2});
        QVERIFY(!a->clean());
    }

    // A watchdog that renews after the lease ran out: the verdict says which
    // renewal and by how much.
    void lateRenewalIsCaught()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "20"}, OK, true, "a")
            .command(6, 0, Step::Renew, {"EVALSHA", "renew", "1", "lock", "a", "20"}, num(1), true, "a")
            .command(40, 0, Step::Renew, {"EVALSHA", "renew", "1", "lock", "a", "20"}, num(1), true, "a");
        const auto a = analyze(b.lease(20).finish(100, 50));
        // The first renewal's reply (7 ms) gave the lease until 27 ms; the second was sent at 40.
        QCOMPARE(a->counts.lateRenewals, 1);
        const Finding *f = a->verdict.find(FindingKind::LateRenewal);
        QVERIFY(f);
        QCOMPARE(f->durationNs, 13 * ms);
        QCOMPARE(marked(*a, FindingKind::LateRenewal), QList<int>{2});
        QVERIFY2(a->findings().join(QLatin1Char(' ')).contains(QStringLiteral("13 ms")), qPrintable(a->findings().join(QLatin1Char(' '))));
    }

    void lockWithoutTtlAfterCrashIsStuck()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SETNX", "lock", "a"}, num(1), true, "a").event(1, 0, EventKind::Crash, "a");
        // B keeps trying; the probe after each try sees A's token with no TTL.
        for (qint64 t = 10; t <= 50; t += 10)
            b.probedAttempt(t, 1, "a", kNoTtl);
        const auto a = analyze(b.finish(100, 60));
        const Finding *f = a->verdict.find(FindingKind::StuckLock);
        QVERIFY(f);
        QCOMPARE(f->actor, 0);
        QCOMPARE(f->spans.first().startNs, 1 * ms);
        QCOMPARE(f->spans.first().endNs, 60 * ms); // still stuck when the run ended
        QCOMPARE(a->counts.stuckNs, 59 * ms);
    }

    // A live run takes no probe but the one at its end: a lock that outlived
    // its crashed owner with no TTL is still found (the run is not clean).
    void liveRunFindsAStuckLockAtTheEnd()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SETNX", "lock", "a"}, num(1), true, "a").event(1, 0, EventKind::Crash, "a");
        b.command(10, 1, Step::Acquire, {"SETNX", "lock", "b"}, num(0), false);
        b.finalProbe(59, "a", kNoTtl);
        const auto a = analyze(b.finish(100, 60));
        QVERIFY(!a->clean());
        QCOMPARE(a->counts.stuckNs, 59 * ms);
        QVERIFY(!a->probed); // the truth lane is for stepped runs
    }

    void stuckNeedsEvidenceFromRedis()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SETNX", "lock", "a"}, num(1), true, "a").event(1, 0, EventKind::Crash, "a");
        b.command(10, 1, Step::Acquire, {"SETNX", "lock", "b"}, num(0), false);
        b.finalProbe(59, {}, kNoKey);
        QCOMPARE(analyze(b.finish(100, 60))->counts.stuckNs, 0);
    }

    void lockThatExpiresAfterCrashIsNotStuck()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "20"}, OK, true, "a")
            .event(1, 0, EventKind::Crash, "a")
            .probedAttempt(10, 1, "a", 10)
            .probedAttempt(25, 1, {}, kNoKey);
        const auto a = analyze(b.finish(100, 30));
        QVERIFY(!a->verdict.has(FindingKind::StuckLock));
        QVERIFY(a->overlaps.isEmpty()); // A's belief died with it
    }

    void oversellingIsCounted()
    {
        HistoryBuilder b(2, {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")});
        for (int i = 0; i < 3; ++i)
            b.order(i, i, true);
        const auto a = analyze(b.finish(1, 20));
        QCOMPARE(a->counts.sold, 3);
        QCOMPARE(a->counts.oversold, 1);
        QCOMPARE(a->counts.expectedStock, -1);
        QCOMPARE(a->counts.lostUpdates, 2);
        // Never "the stock should be -1": what was sold, of what there was.
        QVERIFY2(a->findings().contains(QStringLiteral("Sold 3 of 2 units: oversold by 1.")), qPrintable(a->findings().join(QLatin1Char('|'))));
        QVERIFY2(a->findings().contains(QStringLiteral("3 units sold from 2, yet the stock is 1: 2 units lost.")),
                 qPrintable(a->findings().join(QLatin1Char('|'))));
        QCOMPARE(marked(*a, FindingKind::Oversold), QList<int>{2});
        QCOMPARE(a->marks.last().amount, 1); // units oversold by that order
        // The table neither: the JSON keeps initial minus sold, the words what was sold.
        const QList<Figure> figures = a->figures();
        const auto expected = std::find_if(figures.cbegin(), figures.cend(), [](const Figure &f) { return qstrcmp(f.key, "expected_stock") == 0; });
        QVERIFY(expected != figures.cend());
        QCOMPARE(expected->value.toInteger(), -1);
        QCOMPARE(expected->text, QStringLiteral("none: sold 3 of 2"));
    }

    // lease-expired-wrong-delete's writes: B read 100 before A wrote 99 and
    // writes 99 (stale, and a unit lost); C read A's 99 before B's write and
    // writes 98 (stale, yet it lost nothing: B's write had left 99). Two
    // stale writes, one unit lost, each marked once, and what the marks say
    // adds up to the verdict at every instant.
    void staleWritesAreNotUnitsLost()
    {
        HistoryBuilder b(100, {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")});
        b.command(0, 0, Step::ReadStock, {"GET", "stock"}, str("100"), false)
            .command(2, 1, Step::ReadStock, {"GET", "stock"}, str("100"), false)
            .write(4, 0, 99, OK, false)
            .order(5, 0, true)
            .command(6, 2, Step::ReadStock, {"GET", "stock"}, str("99"), false)
            .write(8, 1, 99, OK, false)
            .order(9, 1, true)
            .write(10, 2, 98, OK, false)
            .order(11, 2, true);
        const History &whole = b.finish(98, 12);
        const auto a = analyze(whole);
        QCOMPARE(a->counts.staleWrites, 2);
        QCOMPARE(a->counts.lostUpdates, 1);
        QCOMPARE(marked(*a, FindingKind::StaleWrites), (QList<int>{5, 7}));
        QCOMPARE(marked(*a, FindingKind::LostUpdates), QList<int>{5});
        QCOMPARE(a->verdict.find(FindingKind::StaleWrites)->count, 2);
        QCOMPARE(a->verdict.find(FindingKind::LostUpdates)->count, 1);
        QCOMPARE(a->verdict.briefs(), (QStringList{QStringLiteral("2 stale writes"), QStringLiteral("one unit lost")}));
        QCOMPARE(a->markTextAt(7), QStringLiteral("stale write: 98, read before B's write"));
        QCOMPARE(a->markTextAt(5), QStringLiteral("stale write: 99, read before A's write \u00b7 B wrote 99, not 98: one unit lost"));
        // B's lane draws its stale write; the stock lane the unit lost.
        const auto laneMarked = [&](int client) {
            QList<int> out;
            for (const LaneEvent &le : a->lanes.at(client))
                if (le.marked)
                    out << le.index;
            return out;
        };
        QCOMPARE(laneMarked(1), QList<int>{5});
        QCOMPARE(laneMarked(2), QList<int>{7});

        // Cut after B's write, before C's: one stale write, one unit lost, so far.
        History cut(whole.info());
        for (const Event &e : b.events())
            if (e.tNs <= 8 * ms)
                cut.append(e);
        RunAnalyzer analyzer(cut.info());
        analyzer.update(cut);
        const auto then = analyzer.snapshot();
        QCOMPARE(then->verdict.find(FindingKind::StaleWrites)->count, 1);
        QCOMPARE(then->verdict.find(FindingKind::LostUpdates)->count, 1);
        QCOMPARE(then->counts.lostUpdates, 1);
        QVERIFY2(then->findings().contains(QStringLiteral("Writes over other clients' sales lost one unit.")),
                 qPrintable(then->findings().join(QLatin1Char('|'))));
    }

    // On the real clock commands overlap: A's write was sent before B's read
    // had its reply, so which ran first is not known from the times. B's
    // write lost a unit, though: its read was stale. (A read whose reply
    // came after a write was sent, and that lost nothing, is not stale:
    // test_schedules roundTripsCostVirtualTime.)
    void writeThatLostUnitsWasStale()
    {
        HistoryBuilder b(100);
        const auto slow = [&b](qint64 t, int client, Step step, Argv argv, RedisValue reply, qint64 wrote = kUnknown) {
            b.command(t, client, step, std::move(argv), std::move(reply), false, {}, wrote);
        };
        slow(0, 0, Step::ReadStock, {"GET", "stock"}, str("100"));
        slow(1, 1, Step::ReadStock, {"GET", "stock"}, str("100"));
        slow(1, 0, Step::WriteStock, {"SET", "stock", "99"}, OK, 99);  // sent before B's read replied at 2
        slow(5, 1, Step::WriteStock, {"SET", "stock", "99"}, OK, 99);
        b.order(6, 0, true).order(7, 1, true);
        const auto a = analyze(b.finish(99, 10));
        QCOMPARE(a->counts.lostUpdates, 1);
        QCOMPARE(a->counts.staleWrites, 1);
        QCOMPARE(marked(*a, FindingKind::StaleWrites), QList<int>{3});
    }

    // A strategy that sends no acquire is not praised for a lock it never took.
    void locklessCorrectRunTakesNoLock()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::Decrement, {"EVALSHA", "decr", "1", "stock", "1"}, num(99), false)
            .order(1, 0, true)
            .command(2, 1, Step::Decrement, {"EVALSHA", "decr", "1", "stock", "1"}, num(98), false)
            .order(3, 1, true);
        const auto a = analyze(b.finish(98, 5));
        QCOMPARE(a->verdict.severity(), Severity::Clean);
        QCOMPARE(a->findings(), QStringList{QStringLiteral("Correct: stock 98 as expected (2 of 2 orders sold), with no lock taken.")});
    }

    void failedOrdersSellNothing()
    {
        HistoryBuilder b(1);
        b.order(0, 0, true).order(1, 1, false);
        const auto a = analyze(b.finish(0, 5));
        QCOMPARE(a->counts.ordersTried, 2);
        QCOMPARE(a->counts.ordersSucceeded, 1);
        QVERIFY(a->clean());
    }

    // Two holders, but the store refused the stale write: harmless, and said
    // so; nothing is marked as a lost update.
    void fencedOverlapIsHarmless()
    {
        HistoryBuilder b(100);
        const Argv fenced{"EVALSHA", "fenced", "2", "stock", "seen", "1", "99"};
        b.command(0, 0, Step::Acquire, {"SET", "lock", "a", "NX", "PX", "10"}, OK, true, "a")
            .command(1, 0, Step::Fence, {"INCR", "fence"}, num(1), true, "a")
            .command(2, 0, Step::ReadStock, {"EVALSHA", "fenced", "2", "stock", "seen", "1", ""}, str("100"), true, "a")
            .command(15, 1, Step::Acquire, {"SET", "lock", "b", "NX", "PX", "10"}, OK, true, "b")
            .command(16, 1, Step::Fence, {"INCR", "fence"}, num(2), true, "b")
            .command(17, 1, Step::ReadStock, {"EVALSHA", "fenced", "2", "stock", "seen", "2", ""}, str("100"), true, "b")
            .command(18, 1, Step::WriteStock, {"EVALSHA", "fenced", "2", "stock", "seen", "2", "99"}, OK, true, "b", 99)
            .command(19, 1, Step::Release, {"EVALSHA", "sha", "1", "lock", "b"}, num(1), false, "b")
            .order(20, 1, true)
            .command(25, 0, Step::WriteStock, fenced, RedisValue::error("STALE token 1 is older than 2"), true, "a", 99)
            .command(26, 0, Step::Release, {"EVALSHA", "sha", "1", "lock", "a"}, num(0), false, "a")
            .order(27, 0, false);
        const auto a = analyze(b.finish(99, 30));
        QVERIFY(a->clean());
        QCOMPARE(a->verdict.severity(), Severity::Harmless);
        QCOMPARE(a->verdict.kinds(), (QList<std::pair<FindingKind, Severity>>{{FindingKind::Overlap, Severity::Harmless},
                                                                      {FindingKind::StaleWritesRefused, Severity::Harmless},
                                                                      {FindingKind::FencingHeld, Severity::Harmless}}));
        QVERIFY(marked(*a, FindingKind::LostUpdates).isEmpty());
        QCOMPARE(marked(*a, FindingKind::StaleWritesRefused), QList<int>{9});
        QVERIFY(a->findings().first().endsWith(QStringLiteral("fencing made it harmless.")));
        QVERIFY(a->findings().contains(QStringLiteral("The store refused one stale write: its fencing token was older than one already seen.")));
        // The stock line never leaves the true values: 100, then B's 99.
        QCOMPARE(a->stock.size(), 2);
        QCOMPARE(a->stock.last().value, 99);
    }

    // A broken strategy that nothing broke says so: not "correct", not "safe".
    void untestedWeaknessIsNotClean()
    {
        HistoryBuilder b(100);
        b.brokenSide()
            .command(0, 0, Step::Acquire, {"SETNX", "lock", "a"}, num(1), true, "a")
            .command(1, 0, Step::Expire, {"PEXPIRE", "lock", "10"}, num(1), true, "a")
            .command(2, 0, Step::Release, {"DEL", "lock"}, num(1), false, "a")
            .order(3, 0, true);
        const auto a = analyze(b.finish(99, 5));
        QVERIFY(a->clean());
        QCOMPARE(a->verdict.severity(), Severity::NotExercised);
        QVERIFY2(a->findings().first().contains(QStringLiteral("never tested what breaks setnx-then-expire")),
                 qPrintable(a->findings().first()));
        QCOMPARE(a->verdict.briefs(), QStringList{QStringLiteral("not exercised by this load")});
    }

    // The same history read at once, in batches as a stepped run appends it,
    // and as a live run's threads do (each client in time order, the
    // clients interleaved): the same verdict, figures and marks.
    void growingAnalysisEqualsTheWhole()
    {
        History whole;
        const test::SyntheticEnd end = test::synthesize(whole, 3000, {.clients = 3});
        whole.finish(end.stock, end.endNs);
        const auto once = analyze(whole);
        QVERIFY(once->counts.lostUpdates > 0);
        QVERIFY(!marked(*once, FindingKind::LostUpdates).isEmpty());

        for (RunAnalyzer::Arrival arrival : {RunAnalyzer::Arrival::InOrder, RunAnalyzer::Arrival::PerClient}) {
            History growing(whole.info());
            RunAnalyzer analyzer(whole.info(), arrival);
            const QList<Event> all = whole.events();
            QList<QList<Event>> perClient(3);
            for (const Event &e : all)
                perClient[e.client] << e;
            for (qsizetype i = 0; i < all.size(); ++i) {
                if (arrival == RunAnalyzer::Arrival::InOrder) {
                    growing.append(all.at(i));
                } else {
                    // Round robin over the clients: out of time order across them.
                    const int c = int(i % 3);
                    if (!perClient[c].isEmpty())
                        growing.append(perClient[c].takeFirst());
                }
                if (i % 97 == 0) {
                    analyzer.update(growing);
                    QVERIFY(!analyzer.restarted());
                }
            }
            if (arrival == RunAnalyzer::Arrival::PerClient)
                for (QList<Event> &rest : perClient)
                    for (const Event &e : rest)
                        growing.append(e);
            growing.finish(end.stock, end.endNs);
            analyzer.update(growing);
            const auto grown = analyzer.snapshot();
            QVERIFY(grown->finished);
            QCOMPARE(grown->events.size(), once->events.size());
            QCOMPARE(grown->findings(), once->findings());
            QCOMPARE(grown->counts.staleWrites, once->counts.staleWrites);
            QCOMPARE(grown->marks.size(), once->marks.size());
            QCOMPARE(grown->stock.size(), once->stock.size());
            QCOMPARE(grown->nodes.first().holdingCount(), once->nodes.first().holdingCount());
            for (qsizetype i = 0; i < once->events.size(); i += 101)
                QCOMPARE(grown->events.at(i).tNs, once->events.at(i).tNs);
        }
    }

    // An event older than what was already analysed (a late thread) makes the
    // analyzer start over, and it still gets the whole run right.
    void lateEventRestartsTheAnalysis()
    {
        HistoryBuilder b(100);
        b.command(0, 0, Step::ReadStock, {"GET", "stock"}, str("100"), false).write(4, 0, 99, OK, false);
        History &h = b.finish(99, 10);
        History growing(h.info());
        RunAnalyzer analyzer(h.info(), RunAnalyzer::Arrival::InOrder);
        growing.append(h.events().at(1));
        analyzer.update(growing);
        growing.append(h.events().at(0));
        analyzer.update(growing);
        QVERIFY(analyzer.restarted());
        QCOMPARE(analyzer.snapshot()->events.at(0).step, Step::ReadStock);
    }

    // A snapshot is immutable: the analysis going on does not change it.
    void snapshotsDoNotMove()
    {
        History h;
        test::synthesize(h, 2000);
        RunAnalyzer analyzer(h.info());
        analyzer.update(h);
        const auto first = analyzer.snapshot();
        const qsizetype events = first->events.size();
        const Event last = first->events.last();
        test::synthesize(h, 5000);
        analyzer.update(h);
        QCOMPARE(first->events.size(), events);
        QCOMPARE(first->events.last().tNs, last.tNs);
        QVERIFY(analyzer.snapshot()->events.size() > events);
    }

    void jsonCarriesTheRunsEndAndTheFindings()
    {
        HistoryBuilder b(100);
        recordLostUpdate(b);
        const QJsonObject j = toJson(*analyze(b.finish(99, 10)));
        QCOMPARE(j.value(QStringLiteral("start_ms")).toDouble(), 0.0);
        QCOMPARE(j.value(QStringLiteral("end_ms")).toDouble(), 10.0);
        QCOMPARE(j.value(QStringLiteral("lost_updates")).toInt(), 1);
        QCOMPARE(j.value(QStringLiteral("severity")).toString(), QStringLiteral("broken"));
        QCOMPARE(j.value(QStringLiteral("stale_writes")).toInt(), 1);
        const QJsonArray findings = j.value(QStringLiteral("findings")).toArray();
        QCOMPARE(findings.size(), 2);
        // B's write: stale, and it lost a unit.
        for (const char *kind : {"stale_writes", "lost_updates"}) {
            const auto it = std::find_if(findings.begin(), findings.end(), [kind](const QJsonValue &f) {
                return f.toObject().value(QStringLiteral("kind")).toString() == QLatin1String(kind);
            });
            QVERIFY2(it != findings.end(), kind);
            QCOMPARE(it->toObject().value(QStringLiteral("count")).toInt(), 1);
            QCOMPARE(it->toObject().value(QStringLiteral("events")).toArray(), QJsonArray{3});
        }
        QCOMPARE(j.value(QStringLiteral("events")).toArray().at(3).toObject().value(QStringLiteral("wrote")).toInt(), 99);
    }

    // Interrupting stops the analysis at once and says it is partial.
    void analysisIsInterruptible()
    {
        History h;
        test::synthesize(h, 20000);
        h.finish(kUnknown, 1);
        const std::atomic<bool> stop{true};
        const auto a = analyze(h, &stop);
        QVERIFY(a->interrupted);
        QVERIFY(!a->finished);
        QVERIFY(a->events.size() < 20000);
    }
};

QTEST_GUILESS_MAIN(TestAnalysis)
#include "test_analysis.moc"
