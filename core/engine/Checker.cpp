#include "Checker.h"

#include <QCoreApplication>
#include <QHash>
#include <algorithm>
#include <map>
#include <functional>
#include <queue>
#include <vector>

namespace lockstock {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("Verdict", text);
}

QString seconds(double ms)
{
    return QString::number(ms / 1000.0, 'f', ms < 10000 ? 1 : 0);
}

// When a client learned something from a command: its reply arrived.
qint64 learnedAt(const Event &e)
{
    return e.kind == EventKind::Command ? e.tNs + e.durationNs : e.tNs;
}

// A command ran on the server somewhere between its send and its reply. In a
// live run the send order is not the server's order, so a release or renewal
// is judged foreign only when another client's acquire certainly ran after
// our own acquire and before the release: then the key we touched was theirs.
struct Acquisition {
    int client;
    qint64 sentNs;
    qint64 repliedNs;
};

// The acquisitions so far, in send order (events are checked by time), and
// the question asked at each release or renewal. Stress runs make hundreds of
// thousands of both, so neither answer scans the whole list.
class Acquisitions {
public:
    explicit Acquisitions(int clients) : m_pending(size_t(std::max(0, clients))), m_ownReplied(size_t(std::max(0, clients)), -1) {}

    void add(const Acquisition &a)
    {
        m_list.append(a);
        m_pending[size_t(a.client)].push(a.repliedNs);
    }

    // The client other than `client` whose acquire ran after `client`'s own
    // latest granted acquire and before `actSentNs`; -1 when there is none.
    // Calls come with non-decreasing `actSentNs`.
    int foreignOwner(int client, qint64 actSentNs)
    {
        // Own grants replied by now, latest first: they only accumulate.
        auto &pending = m_pending[size_t(client)];
        qint64 &ownRepliedNs = m_ownReplied[size_t(client)];
        while (!pending.empty() && pending.top() <= actSentNs) {
            ownRepliedNs = std::max(ownRepliedNs, pending.top());
            pending.pop();
        }
        if (ownRepliedNs < 0)
            return -1;
        // Sent at or after that grant: the tail of the list. The earliest
        // entry among those sent last wins, as in a forward scan.
        int owner = -1;
        qint64 latest = -1;
        for (qsizetype i = m_list.size() - 1; i >= 0 && m_list.at(i).sentNs >= ownRepliedNs; --i) {
            const Acquisition &a = m_list.at(i);
            if (owner >= 0 && a.sentNs < latest)
                break;
            if (a.client != client && a.repliedNs <= actSentNs) {
                owner = a.client;
                latest = a.sentNs;
            }
        }
        return owner;
    }

    // Whose lock a key holds at `t` when `client` did not acquire it: the
    // latest grant to another client that had been answered by then.
    int latestOther(int client, qint64 t) const
    {
        for (qsizetype i = m_list.size() - 1; i >= 0; --i)
            if (m_list.at(i).repliedNs <= t)
                return m_list.at(i).client == client ? -1 : m_list.at(i).client;
        return -1;
    }

private:
    QList<Acquisition> m_list;
    // Per client: reply times not yet reached (a min-heap), and the latest reached.
    std::vector<std::priority_queue<qint64, std::vector<qint64>, std::greater<>>> m_pending;
    std::vector<qint64> m_ownReplied;
};
// When the lock `owner` held at event `from` was gone from Redis: a probe
// saw no key, or another client was granted it; `endNs` if neither.
qint64 lockGoneAfter(const QList<Event> &events, int from, int owner, qint64 endNs)
{
    for (int j = from + 1; j < events.size(); ++j) {
        const Event &p = events.at(j);
        if (p.lockPttl == kNoKey
            || (p.kind == EventKind::Command && p.step == Step::Acquire && p.client != owner && p.holds))
            return p.tNs;
    }
    return endNs;
}
} // namespace

qint64 Outcome::overlapNs() const
{
    qint64 sum = 0;
    for (const Overlap &o : overlaps)
        sum += o.endNs - o.startNs;
    return sum;
}

qint64 Outcome::stuckNs() const
{
    qint64 sum = 0;
    for (const StuckLock &s : stuck)
        sum += s.endNs - s.startNs;
    return sum;
}

bool Outcome::clean() const
{
    return lostUpdates == 0 && oversold == 0 && (overlaps.isEmpty() || overlapsHarmless())
        && foreignReleases.isEmpty() && foreignRenewals.isEmpty() && stuck.isEmpty() && unavailableOrders == 0
        && refusedOrders == 0 && timedOutOrders == 0 && undersoldOrders == 0 && erroredOrders == 0
        && overDeducted == 0 && keptAlive.isEmpty() && leftLocked.isEmpty();
}

QList<Event> sortedEvents(const History &history)
{
    QList<Event> events = history.events();
    std::stable_sort(events.begin(), events.end(), [](const Event &a, const Event &b) { return a.tNs < b.tNs; });
    return events;
}

Outcome check(const History &history, const QList<Event> &events)
{
    const RunInfo &info = history.info();
    const int clients = int(info.clients.size());
    const qint64 endNs = history.isFinished() ? history.endNs()
                                              : (events.isEmpty() ? 0 : events.last().tNs);
    Outcome out;
    out.initialStock = info.initialStock;
    out.finalStock = history.finalStock();

    // Belief intervals: from the reply that granted the lock to the moment the
    // client let go (sent its release, crashed, learned it lost it) or the end.
    struct Interval { int client; qint64 start; qint64 end; };
    QList<Interval> intervals;
    QList<qint64> holdingSince(clients, -1);
    auto closeBelief = [&](int c, qint64 at) {
        if (c >= 0 && c < clients && holdingSince[c] >= 0) {
            intervals.append({c, holdingSince[c], at});
            holdingSince[c] = -1;
        }
    };

    // Per lock node (RedLock has several): who acquired it, and when.
    std::map<int, Acquisitions> acquisitions;
    auto acquisitionsOn = [&](int node) -> Acquisitions & { return acquisitions.try_emplace(node, clients).first->second; };
    QList<std::pair<int, qint64>> grants; // (client, when) every time a client came to hold the lock
    QList<bool> unreachable(clients, false); // this order's acquire hit a node that was down
    QHash<int, qint64> lastRead;          // client -> time of its last stock read
    qint64 lastStockChangeNs = -1;
    int lastStockChanger = -1;
    QList<bool> dead(clients, false);
    // The order each client is placing: how it tried to get the lock, and
    // the first error Redis answered it.
    struct OrderTrail {
        bool acquired = false;     // sent an acquire
        bool retried = false;      // slept between attempts
        bool held = false;
        QString error;
    };
    QList<OrderTrail> trail(clients);
    enum class Failure { Refused, TimedOut, Undersold, Errored };
    struct FailedOrder { int client; Failure why; };
    QList<FailedOrder> failed;
    qint64 lastPttl = kUnknown;            // the lock's PTTL at the latest probe
    QList<ForeignAct> deadRenewed;         // renewals of a dead client's lock

    for (int i = 0; i < events.size(); ++i) {
        const Event &e = events.at(i);
        const int c = e.client;
        const bool known = c >= 0 && c < clients;

        switch (e.kind) {
        case EventKind::Order:
            if (known && !e.success && unreachable[c])
                ++out.unavailableOrders;
            else if (known && !e.success) {
                const OrderTrail &t = trail[c];
                if (!t.error.isEmpty()) {
                    failed.append({c, Failure::Errored});
                    if (out.firstError.isEmpty())
                        out.firstError = t.error;
                } else if (t.acquired && !t.held)
                    failed.append({c, t.retried ? Failure::TimedOut : Failure::Refused});
                else if (!t.acquired && !t.held)
                    failed.append({c, Failure::Undersold});
            }
            if (known) {
                unreachable[c] = false;
                trail[c] = {};
            }
            ++out.ordersTried;
            if (e.success) {
                ++out.ordersSucceeded;
                out.sold += info.quantityOf(c);
            }
            break;
        case EventKind::Expired:
            out.expiries << i;
            break;
        case EventKind::Crash:
            if (known) {
                closeBelief(c, e.tNs);
                dead[c] = true;
                if (!e.token.isEmpty()) {
                    // Did its lock outlive it with no TTL? Only probes can tell.
                    qint64 stuckEnd = -1;
                    bool sawNoTtl = false;
                    for (int j = i + 1; j < events.size(); ++j) {
                        const Event &p = events.at(j);
                        if (p.lockPttl == kUnknown)
                            continue;
                        if (p.lockValue != e.token || p.lockPttl != kNoTtl) {
                            stuckEnd = p.tNs;
                            break;
                        }
                        sawNoTtl = true;
                    }
                    if (sawNoTtl)
                        out.stuck.append({c, e.tNs, stuckEnd >= 0 ? stuckEnd : endNs});
                }
            }
            break;
        case EventKind::Sleep:
            if (known && e.step == Step::Backoff)
                trail[c].retried = true;
            break;
        case EventKind::Command: {
            if (!known)
                break;
            const bool wasHolding = holdingSince[c] >= 0;
            if (e.step == Step::Acquire && e.role == ActorRole::Main)
                trail[c].acquired = true;
            if (e.reply.isError() && !e.reply.bytes().startsWith("UNREACHABLE") && !e.reply.bytes().startsWith("STALE")
                && trail[c].error.isEmpty())
                trail[c].error = QString::fromUtf8(e.reply.bytes());
            // The belief says who holds it; with several nodes, so does each node's OK.
            // A node that answered nil or an error granted nothing, even in the
            // step that won a quorum on the others.
            const bool nodeRefused = e.reply.isNil() || e.reply.isError();
            if (e.step == Step::Acquire && ((e.holds && !wasHolding && !nodeRefused) || e.reply.isStatus("OK")))
                acquisitionsOn(e.node).add({c, e.tNs, e.tNs + e.durationNs});
            if (e.step == Step::Acquire && !e.holds && e.reply.isError() && e.reply.bytes().startsWith("UNREACHABLE"))
                unreachable[c] = true;
            // EXEC answers the DEL of a WATCH/MULTI release in an array.
            const RedisValue &result = e.reply.isArray() && !e.reply.items().isEmpty() ? e.reply.items().first() : e.reply;
            const bool touchedKey = result.isInteger() && result.toInteger() > 0;
            int owner = -1;
            if (touchedKey && (e.step == Step::Release || e.step == Step::Renew))
                owner = acquisitionsOn(e.node).foreignOwner(c, e.tNs);
            // An EXPIRE by a client that does not hold the lock (a waiter's, or
            // a TTL repair) extends whoever's lock is there; one that gives a
            // lock without TTL its first TTL is a repair, not an extension.
            if (touchedKey && e.step == Step::Expire && !wasHolding && !e.holds && lastPttl != kNoTtl)
                owner = acquisitionsOn(e.node).latestOther(c, e.tNs);
            if (owner >= 0) {
                (e.step == Step::Release ? out.foreignReleases : out.foreignRenewals).append({i, c, owner, e.step});
                if (e.step != Step::Release && dead[owner])
                    deadRenewed.append(out.foreignRenewals.last());
            }
            if (e.step == Step::Fence)
                out.fenced = true;

            const bool refused = e.step == Step::WriteStock && e.reply.isError() && e.reply.bytes().startsWith("STALE");
            if (refused)
                out.staleWritesRefused << i;
            if (e.step == Step::WriteStock && !e.reply.isError() && wasHolding) {
                for (const auto &[holder, since] : grants)
                    if (holder != c && since > holdingSince[c] && since <= e.tNs && lastRead.value(holder, -1) >= since) {
                        out.staleWritesAccepted << i;
                        break;
                    }
            }
            const bool changedStock = (e.step == Step::WriteStock && !e.reply.isError())
                || (e.step == Step::Decrement && e.reply.isInteger())
                || e.step == Step::Compensate || (e.step == Step::Exec && e.reply.isArray());
            if (e.step == Step::ReadStock)
                lastRead[c] = e.tNs;
            if (e.step == Step::WriteStock && lastRead.contains(c) && lastStockChanger >= 0
                && lastStockChanger != c && lastStockChangeNs > lastRead.value(c))
                out.clobberingWrites << i;
            if (changedStock) {
                lastStockChangeNs = e.tNs;
                lastStockChanger = c;
            }
            break;
        }
        default:
            break;
        }

        if (known && !dead[c] && e.kind != EventKind::Crash) {
            const bool wasHolding = holdingSince[c] >= 0;
            if (e.holds && !wasHolding) {
                holdingSince[c] = learnedAt(e);
                grants.append({c, holdingSince[c]});
                unreachable[c] = false;       // it got the lock after all
            }
            else if (!e.holds && wasHolding) {
                closeBelief(c, e.tNs);
                // It let go; did Redis?
                if (e.lockPttl != kUnknown && !e.token.isEmpty() && e.lockValue == e.token)
                    out.leftLocked.append({c, -1, e.tNs, lockGoneAfter(events, i, c, endNs)});
            }
            if (e.holds)
                trail[c].held = true;
        }
        if (e.lockPttl != kUnknown)
            lastPttl = e.lockPttl;
    }
    // One stretch per dead lock, from the first renewal after its owner died.
    for (const ForeignAct &f : std::as_const(deadRenewed)) {
        const qint64 at = events.at(f.event).tNs;
        const bool counted = std::any_of(out.keptAlive.begin(), out.keptAlive.end(),
                                         [&](const HeldOn &h) { return h.owner == f.owner && h.endNs >= at; });
        if (!counted)
            out.keptAlive.append({f.owner, f.actor, at, lockGoneAfter(events, f.event, f.owner, endNs)});
    }
    for (int c = 0; c < clients; ++c)
        closeBelief(c, endNs);

    // Sweep by start time: only beliefs still open when one begins can
    // overlap it, so stress runs with thousands of orders stay linear.
    std::sort(intervals.begin(), intervals.end(),
              [](const Interval &l, const Interval &r) { return l.start < r.start; });
    QList<Interval> open;
    for (const Interval &y : intervals) {
        open.removeIf([&y](const Interval &x) { return x.end <= y.start; });
        for (const Interval &x : open) {
            const qint64 end = std::min(x.end, y.end);
            if (x.client != y.client && end > y.start)
                out.overlaps.append({std::min(x.client, y.client), std::max(x.client, y.client), y.start, end});
        }
        open.append(y);
    }
    std::sort(out.overlaps.begin(), out.overlaps.end(),
              [](const Overlap &l, const Overlap &r) { return l.startNs < r.startNs; });

    out.expectedStock = out.initialStock - out.sold;
    if (out.finalStock != kUnknown) {
        out.lostUpdates = std::max<qint64>(0, out.finalStock - out.expectedStock);
        out.overDeducted = std::max<qint64>(0, out.expectedStock - out.finalStock);
    }
    out.oversold = std::max<qint64>(0, out.sold - out.initialStock);
    // A failed order is a refusal only when it would have fitted in what was
    // left unsold: when the stock ran out anyway, nothing was lost.
    for (const FailedOrder &f : std::as_const(failed)) {
        if (info.quantityOf(f.client) > out.expectedStock)
            continue;
        switch (f.why) {
        case Failure::Refused: ++out.refusedOrders; break;
        case Failure::TimedOut: ++out.timedOutOrders; break;
        case Failure::Undersold: ++out.undersoldOrders; break;
        case Failure::Errored: ++out.erroredOrders; break;
        }
    }
    return out;
}

QStringList Outcome::findings(const RunInfo &info) const
{
    auto name = [&info](int c) { return info.clients.value(c, QStringLiteral("?")); };
    const auto ms = [&info](qint64 ns) { return info.scenarioMs(ns); };
    QStringList out;
    if (finalStock == kUnknown)
        out << tr("The final stock could not be read.");
    else if (lostUpdates > 0)
        out << (lostUpdates == 1
                    ? tr("Stock should be %1, is %2: one update lost.").arg(expectedStock).arg(finalStock)
                    : tr("Stock should be %1, is %2: %3 updates lost.").arg(expectedStock).arg(finalStock).arg(lostUpdates));
    if (oversold > 0)
        out << tr("Sold %1 units with %2 in stock: %3 oversold.").arg(sold).arg(initialStock).arg(oversold);
    // One sentence per pair of clients, in the order the overlaps began.
    QList<std::pair<int, int>> pairs;
    for (const Overlap &o : overlaps)
        if (!pairs.contains(std::pair(o.first, o.second)))
            pairs << std::pair(o.first, o.second);
    for (const auto &[a, b] : pairs) {
        qint64 together = 0;
        for (const Overlap &o : overlaps)
            if (o.first == a && o.second == b)
                together += o.endNs - o.startNs;
        out << tr("%1 and %2 both held the lock for %3 s.").arg(name(a), name(b), seconds(ms(together)));
    }
    if (!staleWritesRefused.isEmpty())
        out << (staleWritesRefused.size() == 1
                    ? tr("The store refused one stale write: its fencing token was older than one already seen.")
                    : tr("The store refused %1 stale writes: their fencing tokens were older than ones already seen.")
                          .arg(staleWritesRefused.size()));
    if (!overlaps.isEmpty() && overlapsHarmless() && lostUpdates == 0 && oversold == 0)
        out << tr("Fencing kept the stock right: %1 as expected.").arg(finalStock);
    if (overDeducted > 0)
        out << (overDeducted == 1
                    ? tr("Stock should be %1, is %2: one unit taken without a sale.").arg(expectedStock).arg(finalStock)
                    : tr("Stock should be %1, is %2: %3 units taken without a sale.")
                          .arg(expectedStock).arg(finalStock).arg(overDeducted));
    if (unavailableOrders > 0)
        out << (unavailableOrders == 1 ? tr("One order failed: the lock's Redis could not be reached.")
                                       : tr("%1 orders failed: the lock's Redis could not be reached.").arg(unavailableOrders));
    if (refusedOrders > 0)
        out << tr("%1 of %2 orders were refused: the lock was busy and the client did not retry.")
                   .arg(refusedOrders).arg(ordersTried);
    if (timedOutOrders > 0)
        out << (timedOutOrders == 1 ? tr("One order gave up waiting for the lock.")
                                    : tr("%1 orders gave up waiting for the lock.").arg(timedOutOrders));
    if (undersoldOrders > 0)
        out << (undersoldOrders == 1
                    ? tr("One order was refused while %1 units were left unsold.").arg(expectedStock)
                    : tr("%1 orders were refused while %2 units were left unsold.").arg(undersoldOrders).arg(expectedStock));
    if (erroredOrders > 0)
        out << (erroredOrders == 1 ? tr("One order failed on an error from Redis: %1").arg(firstError)
                                   : tr("%1 orders failed on errors from Redis, the first: %2").arg(erroredOrders).arg(firstError));
    // One sentence per who did what to whom, with how many times.
    QList<const ForeignAct *> acts;
    for (const QList<ForeignAct> *list : {&foreignReleases, &foreignRenewals})
        for (const ForeignAct &f : *list)
            if (std::none_of(acts.begin(), acts.end(), [&f](const ForeignAct *a) {
                    return a->actor == f.actor && a->owner == f.owner && a->step == f.step;
                }))
                acts << &f;
    for (const ForeignAct *f : std::as_const(acts)) {
        qint64 times = 0;
        for (const QList<ForeignAct> *list : {&foreignReleases, &foreignRenewals})
            times += std::count_if(list->begin(), list->end(), [f](const ForeignAct &a) {
                return a.actor == f->actor && a.owner == f->owner && a.step == f->step;
            });
        const QString who = name(f->actor);
        const QString whose = name(f->owner);
        if (f->step == Step::Release)
            out << (times == 1 ? tr("%1 deleted %2's lock.").arg(who, whose)
                               : tr("%1 deleted %2's lock %3 times.").arg(who, whose).arg(times));
        else if (f->step == Step::Expire)
            out << (times == 1 ? tr("%1's EXPIRE extended %2's lock.").arg(who, whose)
                               : tr("%1's EXPIRE extended %2's lock %3 times.").arg(who, whose).arg(times));
        else
            out << (times == 1 ? tr("%1's watchdog extended %2's lock.").arg(who, whose)
                               : tr("%1's watchdog extended %2's lock %3 times.").arg(who, whose).arg(times));
    }
    for (const StuckLock &s : stuck)
        out << tr("The lock had no TTL for %1 s after %2 crashed: nobody could take it.")
                   .arg(seconds(ms(s.endNs - s.startNs)), name(s.owner));
    for (const HeldOn &h : keptAlive)
        out << tr("After %1 died, %2 kept its lock alive for %3 s: nobody else could take it.")
                   .arg(name(h.owner), name(h.by), seconds(ms(h.endNs - h.startNs)));
    for (const HeldOn &h : leftLocked)
        out << tr("%1 let go of the lock, yet Redis kept it for %2 s.").arg(name(h.owner), seconds(ms(h.endNs - h.startNs)));
    if (out.isEmpty())
        out << tr("Correct: stock %1 as expected (%2 of %3 orders sold), the lock was never shared.")
                   .arg(finalStock).arg(ordersSucceeded).arg(ordersTried);
    return out;
}

} // namespace lockstock
