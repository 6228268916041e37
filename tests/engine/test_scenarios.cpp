// Every shipped scenario, broken and correct, on the virtual clock against
// real redis-servers: the broken strategy shows its race, the correct one
// shows none, and every run of it gives the same history, to the
// nanosecond, and the same figures (LOCKSTOCK_TEST_REPEAT runs, default 20).
// Scenarios on real Sentinel run on the real clock: a few runs
// (LOCKSTOCK_SENTINEL_REPEAT, default 3), each checked. So do those on a
// real cluster (LOCKSTOCK_CLUSTER_REPEAT, default 5, ~8-11 s a run; 20 a
// side when it was written).
// Live threads, on the real clock, at the end.

#include "TestRedis.h"

#include "analysis/HistoryJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace lockstock;
using test::describe;

namespace {
int repeat()
{
    const int n = qEnvironmentVariableIntValue("LOCKSTOCK_TEST_REPEAT");
    return n > 0 ? n : 20;
}

// Runs of a scenario on real Sentinel (real clock, several seconds each).
int sentinelRepeat()
{
    const int n = qEnvironmentVariableIntValue("LOCKSTOCK_SENTINEL_REPEAT");
    return n > 0 ? n : 3;
}

// The whole run as lines: the figures, then every event with its times.
QStringList fingerprint(const test::ScenarioResult &r)
{
    QJsonObject json = toJson(*r.analysis);
    const QJsonArray events = json.take(QStringLiteral("events")).toArray();
    QStringList lines{QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact))};
    for (const QJsonValue &e : events)
        lines << QString::fromUtf8(QJsonDocument(e.toObject()).toJson(QJsonDocument::Compact));
    return lines;
}

// The first event of a kind; null if none.
const Event *firstOf(const RunAnalysis &a, EventKind kind)
{
    const auto it = std::find_if(a.events.cbegin(), a.events.cend(), [kind](const Event &e) { return e.kind == kind; });
    return it == a.events.cend() ? nullptr : &*it;
}

// How many findings of a kind the verdict has.
qsizetype countOf(const RunAnalysis &a, FindingKind kind)
{
    return std::count_if(a.verdict.findings.cbegin(), a.verdict.findings.cend(),
                         [kind](const Finding &f) { return f.kind == kind; });
}

// A run on real Sentinel: the master was killed, and the promotion came from
// the sentinels, in order: each saw it down (+sdown), they agreed (+odown),
// one was elected and promoted a replica (+switch-master); B then locked on
// a master Sentinel named. Each promotion is announced once however many
// sentinels say it. Under load Sentinel may fail over again (a freshly
// promoted master that answers no PING within down-after-milliseconds is
// down to it): each later switch starts from the master before it.
void checkSentinelFailover(const test::ScenarioResult &r)
{
    const RunAnalysis &a = *r.analysis;
    qint64 killNs = -1, sdownNs = -1, odownNs = -1;
    QList<QPair<qint64, int>> switches; // when, to which node
    for (const Event &e : a.events) {
        if (e.kind != EventKind::Server)
            continue;
        if (e.serverAction == ServerAction::Kill && e.node == 0 && killNs < 0)
            killNs = e.tNs;
        else if (e.serverAction == ServerAction::Sentinel && e.note.contains(QLatin1String("+sdown master n1")) && sdownNs < 0)
            sdownNs = e.tNs;
        else if (e.serverAction == ServerAction::Sentinel && e.note.contains(QLatin1String("+odown master n1")) && odownNs < 0)
            odownNs = e.tNs;
        else if (e.serverAction == ServerAction::SwitchMaster)
            switches << qMakePair(e.tNs, int(e.node));
    }
    const QString timeline = test::timeline(r);
    QVERIFY2(!switches.isEmpty(), qPrintable(timeline));
    const auto [switchNs, promoted] = switches.first();
    QVERIFY2(killNs >= 0 && sdownNs > killNs && odownNs >= sdownNs && switchNs >= odownNs, qPrintable(timeline));
    // SDOWN comes down-after-milliseconds (1 s) after the last PING reply,
    // which came up to a second (the PING period) before the kill.
    QVERIFY2(r.history.scenarioMs(sdownNs - killNs) < 10000, qPrintable(timeline));
    QVERIFY(promoted > 0);
    QCOMPARE(a.nodes.at(0).masterUntilNs, switchNs);
    int master = 0;
    for (const auto &[atNs, node] : std::as_const(switches)) {
        QVERIFY2(node != master, qPrintable(timeline)); // a promotion, not a repeat
        QCOMPARE(a.nodes.at(master).masterUntilNs, atNs);
        QCOMPARE(a.nodes.at(node).masterSinceNs, atNs);
        master = node;
    }
    // B's lock went to a master Sentinel named.
    for (const Event &e : a.events)
        if (e.client == 1 && e.kind == EventKind::Command && e.step == Step::Acquire && e.holds)
            QVERIFY2(std::any_of(switches.cbegin(), switches.cend(), [&e](const auto &s) { return s.second == int(e.node); }),
                     qPrintable(timeline));
}

// Runs of a scenario on a real cluster (real clock, a few seconds each).
int clusterRepeat()
{
    const int n = qEnvironmentVariableIntValue("LOCKSTOCK_CLUSTER_REPEAT");
    return n > 0 ? n : 5;
}

// A run on a real cluster: n4 took over n1's slots (CLUSTER FAILOVER FORCE),
// n1's mastership ends there and n4's begins; the other masters stay.
void checkClusterFailover(const test::ScenarioResult &r)
{
    const RunAnalysis &a = *r.analysis;
    const QString timeline = test::timeline(r);
    const auto failover = std::find_if(a.events.cbegin(), a.events.cend(), [](const Event &e) {
        return e.kind == EventKind::Server && e.serverAction == ServerAction::ClusterFailover;
    });
    QVERIFY2(failover != a.events.cend(), qPrintable(timeline));
    QCOMPARE(int(failover->node), 3);
    QCOMPARE(a.nodes.size(), 6);
    QCOMPARE(a.nodes.at(0).masterSinceNs, 0);
    QCOMPARE(a.nodes.at(0).masterUntilNs, failover->tNs);
    QCOMPARE(a.nodes.at(3).masterSinceNs, failover->tNs);
    for (const int m : {1, 2}) {
        QCOMPARE(a.nodes.at(m).masterSinceNs, 0);
        QCOMPARE(a.nodes.at(m).masterUntilNs, -1);
    }
    for (const int replica : {4, 5})
        QCOMPARE(a.nodes.at(replica).masterSinceNs, -1);
    QVERIFY(a.majorities.isEmpty()); // masters of different slots make no quorum
}

// Checks the lesson of `scenario` on one side; *known is false when this
// test has none for it (a new scenario needs one here).
void checkLesson(const QString &scenario, bool broken, const test::ScenarioResult &r, bool *known)
{
    *known = true;
    const RunAnalysis &a = *r.analysis;
    const RunCounts &o = a.counts;
    const auto ms = [&r](qint64 ns) { return r.history.scenarioMs(ns); };
    using test::Expect;
    const auto faults = [&](Expect whenBroken, Expect whenCorrect, int unavailable = 0) {
        test::expectOutcome(r, broken ? whenBroken : whenCorrect, unavailable);
    };
    if (scenario == QLatin1String("lost-update")) {
        if (broken) {
            QCOMPARE(a.finalStock, 99); // both wrote 99
            QCOMPARE(o.expectedStock, 98);
            QCOMPARE(o.lostUpdates, 1);
            QCOMPARE(o.staleWrites, 1);
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(a.finalStock, 98);
        }
    } else if (scenario == QLatin1String("crash-between-setnx-expire")) {
        if (broken) {
            const Finding *stuck = a.verdict.find(FindingKind::StuckLock);
            QVERIFY2(stuck, qPrintable(describe(r)));
            QCOMPARE(stuck->actor, 0);
            // Stuck from A's crash (0 s) until B gave up (1 s start + 8 s timeout).
            QVERIFY2(ms(o.stuckNs) > 8000, qPrintable(describe(r)));
            QCOMPARE(o.ordersSucceeded, 0); // B never got the lock
            QCOMPARE(a.finalStock, 100);
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(o.ordersSucceeded, 1); // B took the lapsed lock
            QCOMPARE(o.expiries, 1); // Redis expired A's lock, observed
            QCOMPARE(a.finalStock, 99);
        }
    } else if (scenario == QLatin1String("lease-expired-wrong-delete")) {
        if (broken) {
            // A deletes B's lock, then B, whose lease also ran out, deletes C's.
            const QList<Mark> deleted = test::marksOf(a, FindingKind::ForeignRelease);
            QCOMPARE(deleted.size(), 2);
            QCOMPARE(deleted.at(0).actor, 0);
            QCOMPARE(deleted.at(0).other, 1);
            QCOMPARE(deleted.at(1).actor, 1);
            QCOMPARE(deleted.at(1).other, 2);
            QCOMPARE(a.overlaps.size(), 2); // A with B, then B with C
            QVERIFY2(o.lostUpdates >= 1, qPrintable(describe(r)));
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(a.finalStock, 97);
        }
    } else if (scenario == QLatin1String("lease-shorter-than-work")) {
        if (broken) {
            QCOMPARE(a.overlaps.size(), 1);
            // A held from 0 to 30 s, B from 10 s, when Redis expired A's lease: 20 s together.
            const double together = ms(o.overlapNs);
            QVERIFY2(together > 19900 && together < 20100, qPrintable(describe(r)));
            QCOMPARE(o.lostUpdates, 1);
            QCOMPARE(o.foreignReleases, 0); // the Lua release refused A
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(o.expiries, 0); // the watchdog kept the lease alive
        }
    } else if (scenario == QLatin1String("watchdog-long-work")) {
        if (broken) {
            const QList<Mark> extended = test::marksOf(a, FindingKind::ForeignRenewal);
            QCOMPARE(extended.size(), 1);
            QCOMPARE(extended.first().actor, 0);
            QCOMPARE(extended.first().other, 1);
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(a.finalStock, 98);
            // 45 s of work under a 30 s lease survived only because of renewals.
            int renewals = 0;
            for (const Event &e : a.events)
                renewals += e.step == Step::Renew && e.kind == EventKind::Command && e.reply.toInteger() == 1;
            QVERIFY(renewals >= 6);
        }
    } else if (scenario == QLatin1String("flash-sale")) {
        if (broken) {
            QCOMPARE(o.ordersSucceeded, 20);
            QCOMPARE(o.oversold, 15);
            QVERIFY(o.lostUpdates > 0);
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(o.ordersSucceeded, 5);
            QCOMPARE(a.finalStock, 0);
        }
    } else if (scenario == QLatin1String("lease-expired-during-pause")
               || scenario == QLatin1String("restart-without-persistence")
               || scenario == QLatin1String("failover-wait-not-enough")
               || scenario == QLatin1String("redlock-restart-no-persistence")
               || scenario == QLatin1String("redlock-clock-jump")
               || scenario == QLatin1String("redlock-clock-drift")
               || scenario == QLatin1String("redlock-partition-slow-replies")) {
        faults(Expect::LostUpdate, Expect::Fenced);
    } else if (scenario == QLatin1String("failover-lost-lock")) {
        faults(Expect::LostUpdate, Expect::Exclusive);
    } else if (scenario == QLatin1String("cluster-failover-lost-lock")) {
        faults(Expect::LostUpdate, Expect::Exclusive);
        // Every lock command went to the master of the lock's slot (n1,
        // then n4), or was redirected from n1 with MOVED.
        int moved = 0;
        for (const Event &e : a.events) {
            if (e.kind != EventKind::Command || isStoreStep(e.step) || e.reply.isError())
                continue;
            QVERIFY2(e.node == 0 || e.node == 3, qPrintable(describe(r)));
        }
        for (const Event &e : a.events)
            moved += e.kind == EventKind::Command && e.node == 0 && e.reply.isError() && e.reply.bytes().startsWith("MOVED 3380 ");
        if (broken) {
            // n1, back, redirected B to n4, which granted it the lock A holds;
            // A's release followed the same way.
            QVERIFY2(moved >= 2, qPrintable(describe(r)));
            const auto bLocked = std::find_if(a.events.cbegin(), a.events.cend(), [](const Event &e) {
                return e.client == 1 && e.kind == EventKind::Command && e.step == Step::Acquire && e.holds;
            });
            QVERIFY2(bLocked != a.events.cend() && bLocked->node == 3, qPrintable(describe(r)));
        }
    } else if (scenario == QLatin1String("failover-min-replicas")) {
        faults(Expect::LostUpdate, Expect::Exclusive);
        // n1, cut off from its replicas, granted A's lock; with
        // min-replicas-to-write 1 it refused every SET, and so did n2 until
        // a replica followed it.
        int grantedOnN1 = 0, refused = 0;
        for (const Event &e : a.events)
            if (e.kind == EventKind::Command && e.step == Step::Acquire) {
                grantedOnN1 += e.node == 0 && e.reply.isStatus("OK");
                refused += e.reply.isError() && e.reply.bytes().startsWith("NOREPLICAS");
            }
        QCOMPARE(grantedOnN1, broken ? 1 : 0);
        if (broken)
            QCOMPARE(refused, 0);
        else
            QVERIFY2(refused > 0, qPrintable(describe(r)));
    } else if (scenario == QLatin1String("redlock-minority-down")) {
        faults(Expect::Unavailable, Expect::Exclusive, 2);
    } else if (scenario == QLatin1String("redlock-delayed-restart")) {
        faults(Expect::Unavailable, Expect::Exclusive, 1);
    } else if (scenario.startsWith(QLatin1String("constant-lock-")) && !broken) {
        QVERIFY2(a.clean(), qPrintable(describe(r)));
        QCOMPARE(a.finalStock, o.expectedStock);
        QCOMPARE(o.ordersSucceeded, o.ordersTried);
    } else if (scenario == QLatin1String("constant-lock-waiters-renew")) {
        // 15 s of work under a 10 s timeout, and no overlap: B's EXPIREs,
        // one a second, renewed A's lock every time.
        QVERIFY2(a.overlaps.isEmpty() && o.lostUpdates == 0, qPrintable(describe(r)));
        // The one expiry is B's own lock, long after A released.
        QCOMPARE(o.expiries, 1);
        QVERIFY(ms(firstOf(a, EventKind::Expired)->tNs) > 25000);
        const QList<Mark> extended = test::marksOf(a, FindingKind::ForeignRenewal);
        QCOMPARE(extended.size(), 14);
        for (const Mark &m : extended)
            QVERIFY(m.actor == 1 && m.other == 0 && a.events.at(m.event).step == Step::Expire);
        QCOMPARE(o.ordersSucceeded, 2);
        QCOMPARE(a.finalStock, 98);
    } else if (scenario == QLatin1String("constant-lock-crash-before-expire")) {
        // Without TTL only until B's first EXPIRE, 0.3 s; then B's own
        // EXPIREs keep the dead lock alive until B gives up.
        QCOMPARE(countOf(a, FindingKind::StuckLock), 1);
        QVERIFY2(std::abs(ms(o.stuckNs) - 300) < 5, qPrintable(describe(r)));
        const Finding *kept = a.verdict.find(FindingKind::KeptAlive);
        QCOMPARE(countOf(a, FindingKind::KeptAlive), 1);
        QCOMPARE(kept->actor, 0);
        QCOMPARE(kept->other, 1);
        QVERIFY2(ms(kept->durationNs) > 18000, qPrintable(describe(r)));
        QCOMPARE(o.timedOutOrders, 1);
        QCOMPARE(o.expiries, 0);
        QCOMPARE(a.finalStock, 100);
    } else if (scenario == QLatin1String("constant-lock-dead-holder")) {
        QVERIFY(!a.verdict.has(FindingKind::StuckLock)); // it had its TTL
        const Finding *kept = a.verdict.find(FindingKind::KeptAlive);
        QCOMPARE(countOf(a, FindingKind::KeptAlive), 1);
        QCOMPARE(kept->actor, 0);
        QVERIFY2(ms(kept->durationNs) > 29000, qPrintable(describe(r)));
        QCOMPARE(o.expiries, 0);
        QCOMPARE(o.timedOutOrders, 1);
        QCOMPARE(a.finalStock, 100);
    } else if (scenario == QLatin1String("constant-lock-anyones-del")) {
        const QList<Mark> deleted = test::marksOf(a, FindingKind::ForeignRelease);
        QCOMPARE(deleted.size(), 1);
        QCOMPARE(deleted.first().actor, 0);
        QCOMPARE(deleted.first().other, 1);
        QCOMPARE(a.overlaps.size(), 2); // A's lapsed lock with B, then B with C, let in by A's DEL
        QCOMPARE(o.lostUpdates, 1);
    } else if (scenario == QLatin1String("watch-release-bytes")) {
        if (broken) {
            // A's lock, never deleted and without TTL, outlasts the run.
            QCOMPARE(countOf(a, FindingKind::LeftLocked), 1);
            QCOMPARE(a.verdict.find(FindingKind::LeftLocked)->actor, 0);
            QCOMPARE(o.timedOutOrders, 2);
            QCOMPARE(o.ordersSucceeded, 1);
            QVERIFY(a.overlaps.isEmpty() && o.foreignReleases == 0);
            QCOMPARE(a.finalStock, 99);
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(a.finalStock, 97);
        }
    } else if (scenario == QLatin1String("ttl-repair-never-fires")) {
        if (broken) {
            QCOMPARE(countOf(a, FindingKind::StuckLock), 1);
            QVERIFY2(ms(o.stuckNs) > 19000, qPrintable(describe(r))); // B's whole 20 s
            QCOMPARE(o.foreignRenewals, 0); // `not -1`: no repair ever ran
            QCOMPARE(o.timedOutOrders, 1);
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(a.finalStock, 99);
        }
    } else if (scenario == QLatin1String("ttl-repair-extends-holder")) {
        if (broken) {
            // TTL read 0 in A's last half second, while A still worked.
            const QList<Mark> extended = test::marksOf(a, FindingKind::ForeignRenewal);
            QCOMPARE(extended.size(), 1);
            QCOMPARE(extended.first().actor, 1);
            QCOMPARE(extended.first().other, 0);
            const Event &expire = a.events.at(extended.first().event);
            QCOMPARE(expire.step, Step::Expire);
            QVERIFY2(ms(expire.tNs) >= 9500 && ms(expire.tNs) < 9800, qPrintable(describe(r)));
            QCOMPARE(a.finalStock, 98);
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(a.finalStock, 98);
        }
    } else if (scenario == QLatin1String("watchdog-never-stops")) {
        if (broken) {
            // A's thread, after A's release, renews B's lock, and after B died, for good.
            const QList<Mark> extended = test::marksOf(a, FindingKind::ForeignRenewal);
            QVERIFY(!extended.isEmpty());
            for (const Mark &m : extended)
                QVERIFY(m.actor == 0 && m.other == 1 && a.events.at(m.event).step == Step::Renew);
            const Finding *kept = a.verdict.find(FindingKind::KeptAlive);
            QCOMPARE(countOf(a, FindingKind::KeptAlive), 1);
            QCOMPARE(kept->actor, 1);
            QCOMPARE(kept->other, 0);
            QCOMPARE(o.timedOutOrders, 1);
            QCOMPARE(o.expiries, 0);
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(o.expiries, 1);    // B's lock lapsed after B died
            QCOMPARE(a.finalStock, 98); // A's and C's orders
        }
    } else if (scenario == QLatin1String("try-once-refused")) {
        QCOMPARE(o.ordersTried, 45);
        if (broken) {
            QVERIFY2(o.refusedOrders == 37 && o.ordersSucceeded == 8, qPrintable(describe(r)));
            QCOMPARE(a.verdict.find(FindingKind::Refused)->count, 37);
            QVERIFY(a.overlaps.isEmpty() && o.lostUpdates == 0);
            QCOMPARE(a.finalStock, 92);
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(o.ordersSucceeded, 45);
            QCOMPARE(a.finalStock, 55);
        }
    } else if (scenario == QLatin1String("incrby-reservation")) {
        QCOMPARE(o.ordersSucceeded, broken ? 1 : 2); // B's 5 never fitted
        QCOMPARE(a.finalStock, broken ? 2 : 0);
        if (broken)
            QCOMPARE(o.undersoldOrders, 1);          // C's 2, with 2 left
        else
            QVERIFY2(a.clean(), qPrintable(describe(r)));
    } else if (scenario == QLatin1String("lost-reply-retry")) {
        QCOMPARE(o.ordersSucceeded, 2);
        if (broken) {
            QCOMPARE(o.overDeducted, 1);
            QCOMPARE(a.verdict.find(FindingKind::OverDeducted)->count, 1);
            QCOMPARE(a.finalStock, 97);
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(a.finalStock, 98);
        }
    } else if (scenario == QLatin1String("worker-hung")) {
        if (broken) {
            // The watchdog kept A's lease alive through the whole hang.
            QCOMPARE(o.timedOutOrders, 1);
            QVERIFY(a.overlaps.isEmpty());
            QCOMPARE(o.expiries, 0);
            QCOMPARE(a.finalStock, 99);
        } else {
            faults(Expect::LostUpdate, Expect::Fenced);
        }
    } else if (scenario == QLatin1String("noscript-after-flush")) {
        if (broken) {
            QCOMPARE(o.erroredOrders, 1);
            const Finding *errored = a.verdict.find(FindingKind::Errored);
            QVERIFY2(errored && errored->detail.startsWith(QLatin1String("NOSCRIPT")), qPrintable(describe(r)));
            QCOMPARE(o.overDeducted, 1);   // A wrote, then its order failed
            QCOMPARE(o.timedOutOrders, 1); // A's lock stayed for its TTL
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(a.finalStock, 98);
        }
    } else if (scenario == QLatin1String("slow-client-clock") || scenario == QLatin1String("watchdog-starved")) {
        if (broken)
            QVERIFY2(a.overlaps.size() == 1 && o.lostUpdates == 1, qPrintable(describe(r)));
        else if (scenario == QLatin1String("slow-client-clock"))
            QVERIFY2(a.clean() && a.finalStock == 98, qPrintable(describe(r)));
        else
            faults(Expect::LostUpdate, Expect::Fenced);
    } else if (scenario == QLatin1String("reentrant-hold-count")) {
        if (broken) {
            // The retried lock() made the count 2; one unlock() left it at 1.
            const Finding *left = a.verdict.find(FindingKind::LeftLocked);
            QVERIFY2(left && left->actor == 0, qPrintable(describe(r)));
            QCOMPARE(o.timedOutOrders, 1); // B waited out its 10 s
            QVERIFY(a.overlaps.isEmpty());
            QCOMPARE(a.finalStock, 99);
        } else {
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(o.ordersSucceeded, 2);
            QCOMPARE(a.finalStock, 98);
        }
    } else if (scenario == QLatin1String("client-pause-late-renewal")) {
        // Redis stalls from 8.5 s to 11.5 s; the node row says so.
        QCOMPARE(a.nodes.first().outages.size(), 1);
        QCOMPARE(a.nodes.first().outages.first().condition, NodeOutage::Condition::Stalled);
        QVERIFY(std::abs(ms(a.nodes.first().outages.first().span.startNs) - 8500) < 1);
        QVERIFY(std::abs(ms(a.nodes.first().outages.first().span.endNs) - 11500) < 1);
        // A's renewal that the stall held is recorded when it was sent, and
        // answered when Redis ran it, after the pause: in time, never late.
        QCOMPARE(o.lateRenewals, 0);
        const auto renewals = [&a] {
            QList<const Event *> out;
            for (const Event &e : a.events)
                if (e.kind == EventKind::Command && e.step == Step::Renew && e.client == 0)
                    out << &e;
            return out;
        }();
        const Event *held = nullptr;
        for (const Event *e : renewals)
            if (ms(e->tNs) > 8500 && ms(e->tNs) < 11500)
                held = e;
        QVERIFY2(held, qPrintable(describe(r)));
        QVERIFY2(ms(held->tNs + held->durationNs) > 11500, qPrintable(describe(r)));
        if (broken) {
            // Sent at 9 s, run at 11.5 s: the 10 s lease was over, no lock.
            QVERIFY(std::abs(ms(held->tNs) - 9000) < 5);
            QCOMPARE(held->reply.toInteger(), 0);
            QCOMPARE(o.lockGone, 1);
            QVERIFY2(a.overlaps.size() == 1 && o.lostUpdates == 1, qPrintable(describe(r)));
            QCOMPARE(a.finalStock, 99);
        } else {
            // Sent at 10 s with 6.7 s of the lease left: it still renews.
            QVERIFY(std::abs(ms(held->tNs) - 10000) < 5);
            QCOMPARE(held->reply.toInteger(), 1);
            QVERIFY2(a.clean(), qPrintable(describe(r)));
            QCOMPARE(a.finalStock, 98);
        }
    } else if (scenario == QLatin1String("lock-evicted")) {
        faults(Expect::LostUpdate, Expect::Fenced);
        QVERIFY(a.events.cend() != std::find_if(a.events.cbegin(), a.events.cend(), [](const Event &e) {
                    return e.kind == EventKind::Server && e.note.contains(QLatin1String("allkeys-lru evicts"));
                }));
    } else {
        *known = false;
    }
}
} // namespace

class TestScenarios : public QObject {
    Q_OBJECT
    test::RealClockRuns m_realClockRuns;

private slots:
    void lesson_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<bool>("broken");
        for (const QString &name : builtinScenarioNames())
            for (const bool broken : {true, false})
                QTest::addRow("%s/%s", qPrintable(name), broken ? "broken" : "correct") << name << broken;
    }

    // The lesson, then the same run again and again, identical to the nanosecond.
    void lesson()
    {
        QFETCH(QString, scenario);
        QFETCH(bool, broken);
        ScenarioError error;
        const std::optional<Scenario> s = findScenario(scenario, &error);
        QVERIFY2(s, qPrintable(error.display()));
        // Single-server scenarios share one server across the runs: each run
        // starts where the last left its clock, and must not care.
        std::unique_ptr<RedisServer> server;
        if (!s->config.needsPrivateServers()) {
            server = test::startRedis();
            QVERIFY(server);
        }
        const QString side = broken ? QStringLiteral("broken") : QStringLiteral("correct");
        // Real Sentinel acts on the real clock, in its own time: a few runs,
        // both sides' side by side, each checked for its lesson, none the same as another.
        // So does a cluster's bus: every run checked, as many as the issue asks.
        const bool sentinels = s->config.nodes.sentinels > 0;
        const bool cluster = s->config.nodes.kind == NodeSpec::Kind::Cluster;
        if (sentinels || cluster) {
            const auto runs = m_realClockRuns.take(scenario, side, sentinels ? sentinelRepeat() : clusterRepeat());
            for (const auto &r : runs) {
                QVERIFY(r);
                QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
                QCOMPARE(r->history.info().clock, ClockKind::Real);
                bool known = false;
                checkLesson(scenario, broken, *r, &known);
                if (QTest::currentTestFailed())
                    return;
                QVERIFY2(known, qPrintable(scenario + QStringLiteral(" has no lesson in this test")));
                if (sentinels)
                    checkSentinelFailover(*r);
                else
                    checkClusterFailover(*r);
                if (QTest::currentTestFailed())
                    return;
            }
            return;
        }
        QStringList first;
        for (int i = 0; i < repeat(); ++i) {
            const auto r = server ? test::runScenario(scenario, side, server->endpoint())
                                  : test::runScenarioOnOwnServers(scenario, side);
            QVERIFY(r);
            QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
            QCOMPARE(r->history.info().clock, ClockKind::Virtual);
            if (i == 0) {
                bool known = false;
                checkLesson(scenario, broken, *r, &known);
                if (QTest::currentTestFailed())
                    return;
                QVERIFY2(known, qPrintable(scenario + QStringLiteral(" has no lesson in this test")));
                first = fingerprint(*r);
                continue;
            }
            const QStringList again = fingerprint(*r);
            for (qsizetype line = 0; line < std::max(first.size(), again.size()); ++line)
                if (first.value(line) != again.value(line))
                    QFAIL(qPrintable(QStringLiteral("run %1 differs from run 1 at line %2:\n  %3\n  %4")
                                         .arg(i + 1).arg(line + 1).arg(first.value(line), again.value(line))));
        }
    }

    // Live: a thread per client at full speed, on the real clock. Correct
    // strategies never break.
    void everyStrategyRunsLive()
    {
        const auto server = test::startRedis();
        QVERIFY(server);
        for (const char *name : {"set-nx-ex-lua", "watchdog", "watch-multi", "lua-decrement", "decr-compensate",
                                 "watch-release", "incrby-reserve-return", "decr-once", "evalsha-reload"}) {
            const auto r = test::runScenario(QStringLiteral("flash-sale"), QLatin1String(name), server->endpoint(),
                                             RunMode::Live, [](RunConfig &c) {
                                                 c.stock = 30;
                                                 c.ordersPerClient = 3;
                                                 c.acquireTimeoutMs = 60000;
                                                 c.retryMs = 10;
                                             });
            QVERIFY(r);
            QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
            QCOMPARE(r->history.info().clock, ClockKind::Real);
            QVERIFY2(r->analysis->clean(), qPrintable(QLatin1String(name) + QLatin1String(": ") + describe(*r)));
            QCOMPARE(r->counts().ordersTried, 60);
            QCOMPARE(r->counts().ordersSucceeded, 30);
            QCOMPARE(r->analysis->finalStock, 0);
        }
    }

    // A node whose clock a fault set apart says from when and by how much,
    // jumps adding up, so its row can show what its keys expire by.
    void nodeClocksSayTheirOffsetAndRate()
    {
        const auto jump = test::runScenarioOnOwnServers(QStringLiteral("redlock-clock-jump"), QStringLiteral("broken"));
        QVERIFY(jump);
        QVERIFY2(jump->error.isEmpty(), qPrintable(jump->error));
        const RunAnalysis &a = *jump->analysis;
        for (const int n : {0, 1, 3, 4})
            QVERIFY(a.nodes.at(n).clock.isEmpty());
        QCOMPARE(a.nodes.at(2).clock.size(), 1);
        QCOMPARE(a.nodes.at(2).clock.first().offsetMs, 15000);
        QCOMPARE(a.nodes.at(2).clock.first().ratePermille, 1000);
        QCOMPARE(a.nodes.at(2).clock.first().tNs, a.nodes.at(2).changes.first().tNs);
        QVERIFY(a.nodes.at(2).clock.first().tNs > 0);

        const auto drift = test::runScenarioOnOwnServers(QStringLiteral("redlock-clock-drift"), QStringLiteral("broken"));
        QVERIFY(drift);
        QVERIFY2(drift->error.isEmpty(), qPrintable(drift->error));
        const LockNode &fast = drift->analysis->nodes.at(2);
        QCOMPARE(fast.clock.size(), 1);
        QCOMPARE(fast.clock.first().tNs, 0);
        QCOMPARE(fast.clock.first().offsetMs, 0);
        QCOMPARE(fast.clock.first().ratePermille, 1200);
    }

    // RedLock with a node that restarts empty: the analysis reads every lock
    // node, knows what each fault did to it from the event's own fields, and
    // sees A reach a majority, then B a second one while A's lease still runs.
    void redlockNodesShowTheSecondMajority()
    {
        const auto r = test::runScenarioOnOwnServers(QStringLiteral("redlock-restart-no-persistence"), QStringLiteral("broken"));
        QVERIFY(r);
        QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
        const RunAnalysis &a = *r->analysis;
        QVERIFY(a.probed);
        QCOMPARE(a.nodes.size(), 5);
        // Every fault says what it was and where, whatever its note.
        QList<std::pair<int, ServerAction>> faults;
        for (const int i : a.serverFaults)
            faults << std::pair{int(a.events.at(i).node), a.events.at(i).serverAction};
        const QList<std::pair<int, ServerAction>> expected{{3, ServerAction::Kill}, {4, ServerAction::Kill},
                                                           {0, ServerAction::Restart}, {3, ServerAction::Restart},
                                                           {4, ServerAction::Restart}};
        QCOMPARE(faults, expected);
        QVERIFY(!a.events.at(a.serverFaults.at(2)).dataKept);
        // n4 and n5 were down from the start until A's acquire; n1 came back empty then.
        for (const int n : {3, 4}) {
            QCOMPARE(a.nodes.at(n).outages.size(), 1);
            QCOMPARE(a.nodes.at(n).outages.first().condition, NodeOutage::Condition::Down);
            QCOMPARE(a.nodes.at(n).outages.first().span.startNs, 0);
            QVERIFY(a.nodes.at(n).outages.first().span.endNs > 0);
        }
        QCOMPARE(a.nodes.at(0).changes.size(), 1);
        QCOMPARE(a.nodes.at(0).changes.first().action, ServerAction::Restart);
        QVERIFY(!a.nodes.at(0).changes.first().dataKept);
        // n1 held A's lock until it restarted; then B's.
        QVERIFY(a.nodes.at(0).holdingCount() >= 2);
        QCOMPARE(a.nodes.at(0).holding(0).owner, 0);
        QCOMPARE(a.nodes.at(0).holding(0).span.endNs, a.nodes.at(0).changes.first().tNs);
        // Two majorities: A's on n1-n3, then B's on n1, n4, n5 while A's lock stays on n2 and n3.
        QVERIFY2(a.majorities.size() >= 2, qPrintable(timeline(*r)));
        const Majority &first = a.majorities.at(0);
        const Majority &second = a.majorities.at(1);
        QCOMPARE(first.client, 0);
        QCOMPARE(second.client, 1);
        QCOMPARE(first.nodes, 3);
        QCOMPARE(second.nodes, 3);
        QCOMPARE(second.of, 5);
        for (const int n : {1, 2}) {
            const LockNode &node = a.nodes.at(n);
            QVERIFY(node.holdingCount() >= 1);
            const Holding &h = node.holding(0);
            QCOMPARE(h.owner, 0);
            QVERIFY2(h.span.startNs <= first.tNs && (node.holdings.isEmpty() || h.span.endNs > second.tNs),
                     qPrintable(timeline(*r)));
        }
        QVERIFY(second.tNs - first.tNs < a.clockNs(double(a.info.leaseMs)));
    }

    // Failover: the master role moves to the replica Sentinel promoted, and
    // the replicas cut off at the start show as such until they resume.
    void failoverNodesShowRolesAndOutages()
    {
        const auto r = test::runScenarioOnOwnServers(QStringLiteral("failover-lost-lock"), QStringLiteral("broken"));
        QVERIFY(r);
        QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
        const RunAnalysis &a = *r->analysis;
        QCOMPARE(a.nodes.size(), 3);
        QVERIFY(a.majorities.isEmpty()); // replicas make no quorum
        QCOMPARE(a.nodes.at(0).masterSinceNs, 0);
        // The replica promoted first.
        const qint64 since1 = a.nodes.at(1).masterSinceNs, since2 = a.nodes.at(2).masterSinceNs;
        const int chosen = since2 < 0 || (since1 > 0 && since1 < since2) ? 1 : 2;
        const qint64 promoted = a.nodes.at(chosen).masterSinceNs;
        QVERIFY(promoted > 0);
        QCOMPARE(a.nodes.at(0).masterUntilNs, promoted);
        // Under load the new master can miss Sentinel's 1 s down-after, and
        // Sentinel fails over again (fresh CI, load ~4: the other replica at
        // 4.5 s): the role then moves on from the first, in order.
        const qint64 again = a.nodes.at(3 - chosen).masterSinceNs;
        if (again != -1) {
            QVERIFY2(again > promoted, qPrintable(timeline(*r)));
            QCOMPARE(a.nodes.at(chosen).masterUntilNs, again);
        }
        QCOMPARE(a.nodes.at(1).outages.first().condition, NodeOutage::Condition::Isolated);
        // Resumed at 1 s, before Sentinel could even call the master down.
        QVERIFY(a.nodes.at(1).outages.first().span.endNs < promoted);
        QCOMPARE(a.nodes.at(0).outages.last().condition, NodeOutage::Condition::Down);
        // The fault's words come from its fields, in the UI's language.
        const Event &kill = a.events.at(a.serverFaults.at(2));
        QCOMPARE(kill.serverAction, ServerAction::Kill);
        QCOMPARE(a.noteText(kill), QStringLiteral("n1 killed (SIGKILL)"));
    }

    // Live runs take no probes between steps, yet the lock left with no TTL
    // is found: every run reads every lock key once more at its end.
    void crashBetweenSetnxAndExpireLive()
    {
        const auto server = test::startRedis();
        QVERIFY(server);
        for (int i = 0; i < std::max(1, repeat() / 4); ++i) {
            const auto broken = test::runScenario(QStringLiteral("crash-between-setnx-expire"), QStringLiteral("broken"),
                                                  server->endpoint(), RunMode::Live);
            QVERIFY(broken);
            QVERIFY2(broken->error.isEmpty(), qPrintable(broken->error));
            QCOMPARE(broken->history.info().clock, ClockKind::Real);
            QVERIFY2(!broken->analysis->clean(), qPrintable(describe(*broken)));
            const Finding *stuck = broken->analysis->verdict.find(FindingKind::StuckLock);
            QVERIFY2(stuck, qPrintable(describe(*broken)));
            QCOMPARE(stuck->actor, 0);
            QVERIFY2(broken->history.scenarioMs(broken->counts().stuckNs) > 8000, qPrintable(describe(*broken)));
        }
    }
};

QTEST_GUILESS_MAIN(TestScenarios)
#include "test_scenarios.moc"
