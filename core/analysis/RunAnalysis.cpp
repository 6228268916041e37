#include "RunAnalysis.h"

#include <QHash>
#include <QRegularExpression>
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <queue>

namespace lockstock {

namespace {
// When a client learned something from a command: its reply arrived.
qint64 learnedAt(const Event &e)
{
    return e.kind == EventKind::Command ? e.tNs + e.durationNs : e.tNs;
}



// A command ran on the server somewhere between its send and its reply. In a
// live run the send order is not the server's order, so a release or renewal
// is judged foreign only when another client's acquire certainly ran after
// our own acquire and before the release: then the key we touched was theirs.
// (A lower bound: acts whose order timing leaves open are not counted.)
struct Acquisition {
    int client;
    qint64 sentNs;
    qint64 repliedNs;
};

// The acquisitions so far, in send order (events come by time), and the
// question asked at each release or renewal. Stress runs make hundreds of
// thousands of both, so neither answer scans the whole list.
class Acquisitions {
public:
    explicit Acquisitions(int clients) : m_pending(size_t(std::max(0, clients))), m_ownReplied(size_t(std::max(0, clients)), -1) {}

    void add(const Acquisition &a)
    {
        m_list.push_back(a);
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
        for (auto it = m_list.rbegin(); it != m_list.rend() && it->sentNs >= ownRepliedNs; ++it) {
            if (owner >= 0 && it->sentNs < latest)
                break;
            if (it->client != client && it->repliedNs <= actSentNs) {
                owner = it->client;
                latest = it->sentNs;
            }
        }
        return owner;
    }

    // Whose lock the key holds at `t` for a client that did not acquire it:
    // the latest grant answered by then, unless it was `client`'s own.
    int latestOther(int client, qint64 t) const
    {
        for (auto it = m_list.rbegin(); it != m_list.rend(); ++it)
            if (it->repliedNs <= t)
                return it->client == client ? -1 : it->client;
        return -1;
    }

private:
    std::vector<Acquisition> m_list;
    // Per client: reply times not yet reached (a min-heap), and the latest reached.
    std::vector<std::priority_queue<qint64, std::vector<qint64>, std::greater<>>> m_pending;
    std::vector<qint64> m_ownReplied;
};

// Overlaps are kept in order of their start (equal starts in the order they
// came), so no snapshot sorts them all again.
void insertByStart(QList<Overlap> &overlaps, const Overlap &o)
{
    const auto at = std::upper_bound(overlaps.cbegin(), overlaps.cend(), o.span.startNs,
                                     [](qint64 ns, const Overlap &x) { return ns < x.span.startNs; });
    overlaps.insert(at - overlaps.cbegin(), o);
}

// For each client, the grant under which it last read the stock; answers
// "has a client other than c read under a grant newer than t?" at once.
// Grants only grow, so the two newest readers are enough.
class NewestReads {
public:
    void read(int client, qint64 grantNs)
    {
        if (client == m_first.client) {
            m_first.grantNs = std::max(m_first.grantNs, grantNs);
        } else if (grantNs > m_first.grantNs) {
            if (m_first.client >= 0)
                m_second = m_first;
            m_first = {client, grantNs};
        } else if (client == m_second.client || grantNs > m_second.grantNs) {
            m_second = {client, std::max(grantNs, client == m_second.client ? m_second.grantNs : grantNs)};
        }
    }
    qint64 newestOtherThan(int client) const { return client == m_first.client ? m_second.grantNs : m_first.grantNs; }

private:
    struct Reader {
        int client = -1;
        qint64 grantNs = -1;
    };
    Reader m_first, m_second;
};
} // namespace

qint64 knownAtNs(const Event &e)
{
    switch (e.kind) {
    case EventKind::Order:
    case EventKind::Sleep:
    case EventKind::Pause:
        return e.tNs;
    default:
        return e.tNs + std::max<qint64>(0, e.durationNs);
    }
}

namespace {
// A forked run: the turn a clean verdict speaks of. Among the strategies
// whose orders sent a command, a broken side's first (nothing tested its
// weakness); before any did, the one in force. -1 when never forked.
int creditedTurn(const RunAnalysis &a)
{
    const QList<StrategyTurn> &turns = a.info.turns;
    int ran = -1;
    for (int k = 0; k < turns.size(); ++k)
        if (a.turnsRun.value(k) && (ran < 0 || (turns.at(k).brokenSide && !turns.at(ran).brokenSide)))
            ran = k;
    if (ran >= 0 || turns.isEmpty())
        return ran;
    int inForce = 0;
    while (inForce + 1 < turns.size() && turns.at(inForce + 1).atNs <= a.endNs)
        ++inForce;
    return inForce;
}

// Some client has an order left that turn `k`'s strategy runs.
bool ordersLeftFor(const RunInfo &info, int k)
{
    const QList<int> &first = info.turns.at(k).firstOrders;
    for (int c = 0; c < first.size(); ++c)
        if (first.at(c) < info.turnEnd(k, c))
            return true;
    return false;
}
} // namespace

struct RunAnalyzer::State {
    explicit State(const RunInfo &info)
    {
        const int n = int(info.clients.size());
        a.info = info;
        a.lanes = QList<SharedList<LaneEvent>>(n);
        a.keptInLanes = QList<QList<KeptEvents>>(n);
        a.beliefs = QList<SharedList<Span>>(n);
        a.openBeliefs = QList<std::optional<qint64>>(n);
        a.beliefGaps = QList<SharedList<Span>>(n);
        a.openBeliefGaps = QList<QList<Span>>(n);
        a.nodes = QList<LockNode>(std::max<qsizetype>(1, info.nodes.size() - 1)); // the store is no lock node
        a.stock.append({0, info.initialStock});
        a.stockRange = {info.initialStock, info.initialStock};
        a.expectedStock.append({0, info.initialStock});
        clients.resize(size_t(n));
        heldOnNode0.resize(size_t(n));
        if (info.replicated)
            a.nodes.first().masterSinceNs = 0; // the first node starts as the master
        for (int m = 1; m < info.shards && m < a.nodes.size(); ++m)
            a.nodes[m].masterSinceNs = 0;      // a cluster's masters, one per shard
        quorum = a.nodes.size() > 2 && !info.replicated ? int(a.nodes.size() / 2 + 1) : 0;
        majorityHeld.resize(size_t(n));
        leaseNs = info.clockNs(double(info.leaseMs));
    }

    struct Client {
        qint64 holdingSince = -1;   // believes it holds the lock since (reply time)
        bool dead = false;
        bool unreachable = false;   // this order's acquire hit a node that was down
        qint64 lastReadRepliedNs = -1;  // its latest read of the stock had run on Redis by then
        qint64 leaseEndNs = -1;     // its lease ran out by then at the latest, unless renewed
        bool stockQueued = false;   // a stock command waits in its MULTI: EXEC runs it (a release's EXEC does not touch the stock)
        int ordersDone = 0;
        qint64 taken = 0;           // units its order under way took from the stock (its write or deductions ran)
        QByteArray token;           // of its latest lock
        // The order it is placing: how it tried to get the lock, and the
        // first error Redis answered it.
        bool triedLock = false;     // sent an acquire
        bool retried = false;       // slept between attempts
        bool held = false;
        QByteArray error;
        // Its orders that failed, by Failure: whether each counts is
        // judged at every snapshot, from what was left unsold then.
        std::array<int, 4> failed{};
    };
    enum class Failure : quint8 { Refused, TimedOut, Undersold, Errored };
    // A lock that stayed in Redis longer than it should have, until a probe
    // sees the key gone or another client is granted it.
    struct HeldOn {
        FindingKind kind;           // KeptAlive or LeftLocked
        int owner;
        int by;                     // who kept it alive (KeptAlive)
        Span span;                  // endNs -1 while open
    };
    struct OpenPair {
        int first;
        int second;
        qint64 startNs;
    };
    struct StuckCandidate {
        int owner;
        QByteArray token;
        qint64 startNs;
        bool sawNoTtl = false;
    };
    struct PairCount {
        FindingKind kind;
        int actor;
        int other;
        qint64 count;
        qint64 amount;              // the largest lateness, for late renewals
    };

    RunAnalysis a;
    std::vector<Client> clients;
    std::vector<QList<Span>> heldOnNode0;   // per client: when node 0 held its token
    std::map<int, Acquisitions> acquisitions;
    NewestReads reads;
    QList<int> believers;
    QList<OpenPair> openPairs;
    QList<StuckCandidate> candidates;
    QList<std::pair<int, Span>> stuck;
    QList<PairCount> pairs;                 // per (kind, actor, other), in order of first occurrence
    QHash<FindingKey, qsizetype> pairIndex; // where each is in `pairs`
    QHash<QByteArray, int> tokenOwner;
    QByteArray firstError;
    QList<HeldOn> heldOn;
    QList<qsizetype> openHeldOn;            // positions in heldOn of those still open
    qint64 lastPttl = kUnknown;             // the lock's PTTL on node 0 at the latest probe
    int quorum = 0;                         // independent lock nodes: how many make a majority; 0: no quorum
    std::vector<bool> majorityHeld;         // per client: its lock is on a quorum of nodes now
    qint64 leaseNs = 0;
    qint64 lastStockChangeNs = -1;
    int lastStockChanger = -1;
    qint64 unitsLost = 0;                   // what the writes that lost units lost, in all
    qint64 unitsBeingSold = 0;              // of the clients' `taken`, up to each order's quantity, summed
    qint64 unitsUnsold = 0;                 // taken without a sale: by orders that failed, or beyond an order's quantity
    bool lockAsked = false;                 // some client sent an acquire
    // A probe is taken after the whole step; the events of a fan-out share
    // it, and only the last one says who came to hold the lock. So a probe is
    // read once the events that share it are in.
    std::shared_ptr<const Probe> pendingProbe;
    // The last one read: read once the present reached it, it is not read
    // again for the rest of its step's events.
    std::shared_ptr<const Probe> probeRead;
    qint64 pendingProbeNs = 0;
    EventKind pendingProbeKind = EventKind::Command;
    qint64 lastCommittedNs = std::numeric_limits<qint64>::min();
    // Stepped runs on the virtual clock: events recorded beyond the run's
    // present (History::advancePresent), not analysed yet.
    QList<Event> beyondPresent;
    // Live runs: events waiting for every client to have passed their time.
    struct Waiting {
        qint64 seq;
        Event event;
    };
    std::vector<QList<Waiting>> waiting;    // per producer: clients, then the run itself
    std::vector<qint64> producerNs;
    qint64 seq = 0;

    Acquisitions &acquisitionsOn(int node)
    {
        return acquisitions.try_emplace(node, int(clients.size())).first->second;
    }

    void addStock(qint64 tNs, qint64 value)
    {
        if (value == a.stock.last().value)
            return;
        a.stock.append({tNs, value});
        a.stockRange = {std::min(a.stockRange.first, value), std::max(a.stockRange.second, value)};
    }

    // Client c's order under way has taken `units` from the stock in all
    // by tNs. The expected stock takes a sale's units there, where the stock
    // lost them, not only once the order ends; what it took beyond its
    // quantity (a retry that deducted again) was taken without a sale.
    void take(int c, qint64 units, qint64 tNs)
    {
        const qint64 q = a.info.quantityOf(c);
        const qint64 before = std::exchange(clients[size_t(c)].taken, std::max<qint64>(0, units));
        const qint64 after = clients[size_t(c)].taken;
        unitsBeingSold += std::min(after, q) - std::min(before, q);
        unitsUnsold += std::max<qint64>(0, after - q) - std::max<qint64>(0, before - q);
        expect(tNs);
    }
    // Client c's order ended (counts.sold has its sale): what it took is
    // sold, or, when it failed or its client died, taken without a sale.
    void endOrder(int c, bool sold, qint64 tNs)
    {
        const qint64 q = a.info.quantityOf(c);
        const qint64 taken = std::exchange(clients[size_t(c)].taken, 0);
        unitsBeingSold -= std::min(taken, q);
        if (!sold)
            unitsUnsold += std::min(taken, q);
        expect(tNs);
    }
    void expect(qint64 tNs)
    {
        const qint64 value = a.info.initialStock - a.counts.sold - unitsBeingSold;
        const StockPoint &last = a.expectedStock.last();
        if (value != last.value)
            a.expectedStock.append({std::max(tNs, last.tNs), value});
    }

    void count(FindingKind kind, int actor, int other, qint64 amount = 0)
    {
        const FindingKey key{kind, actor, other};
        if (const auto it = pairIndex.constFind(key); it != pairIndex.cend()) {
            PairCount &p = pairs[*it];
            ++p.count;
            p.amount = std::max(p.amount, amount);
            return;
        }
        pairIndex.insert(key, pairs.size());
        pairs.append({kind, actor, other, 1, amount});
    }

    void holdOn(FindingKind kind, int owner, int by, qint64 since)
    {
        openHeldOn.append(heldOn.size());
        heldOn.append({kind, owner, by, {since, -1}});
    }

    void mark(int event, FindingKind kind, int actor, int other = -1, qint64 amount = 0, qint64 value = kUnknown)
    {
        a.marks.append({event, kind, actor, other, amount, value});
    }

    // Where client c believed it held the lock in [from, to] while node 0 did not hold it for c.
    QList<Span> gaps(int c, qint64 from, qint64 to) const
    {
        QList<Span> out;
        const QList<Span> &held = heldOnNode0[size_t(c)];
        qsizetype k = held.size();
        while (k > 0 && held.at(k - 1).endNs > from)
            --k;
        QList<Span> covering = held.mid(k);
        const LockNode &node = a.nodes.first();
        if (node.open && node.open->owner == c)
            covering.append({node.open->span.startNs, std::numeric_limits<qint64>::max()});
        for (const Span &h : covering) {
            if (h.startNs >= to)
                break;
            if (h.startNs > from)
                out.append({from, h.startNs});
            from = std::max(from, h.endNs);
        }
        if (from < to)
            out.append({from, to});
        // The probe after the granting reply lands a moment later: slivers under a millisecond are no gap.
        out.removeIf([](const Span &s) { return s.length() < 1000000; });
        return out;
    }
    bool gapsKnown() const { return a.probed && a.nodes.size() == 1; }

    void openBelief(int c, qint64 at)
    {
        clients[size_t(c)].holdingSince = at;
        a.openBeliefs[c] = at;
        for (int other : std::as_const(believers))
            openPairs.append({std::min(c, other), std::max(c, other), std::max(at, clients[size_t(other)].holdingSince)});
        believers.append(c);
    }

    void closeBelief(int c, qint64 at)
    {
        Client &cl = clients[size_t(c)];
        if (cl.holdingSince < 0)
            return;
        a.beliefs[c].append({cl.holdingSince, at});
        if (gapsKnown())
            for (const Span &g : gaps(c, cl.holdingSince, at))
                a.beliefGaps[c].append(g);
        cl.holdingSince = -1;
        a.openBeliefs[c].reset();
        believers.removeOne(c);
        for (qsizetype i = 0; i < openPairs.size();) {
            const OpenPair &p = openPairs.at(i);
            if (p.first != c && p.second != c) {
                ++i;
                continue;
            }
            if (at > p.startNs)
                insertByStart(a.overlaps, {p.first, p.second, {p.startNs, at}});
            openPairs.removeAt(i);
        }
    }

    void readProbe(const Probe &probe, qint64 tNs, EventKind kind)
    {
        if (kind != EventKind::Probe)
            a.probed = true;
        if (probe.stock != kUnknown)
            addStock(tNs, probe.stock);
        for (qsizetype n = 0; n < probe.locks.size() && n < a.nodes.size(); ++n) {
            const LockTruth &truth = probe.locks.at(n);
            if (truth.pttl == kUnknown)
                continue;   // the node did not answer: nothing is known of it
            LockNode &node = a.nodes[n];
            if (node.open && node.open->token != truth.value)
                closeHolding(n, tNs, kind == EventKind::Expired);
            if (truth.value.isEmpty())
                continue;
            if (!node.open) {
                Holding h;
                h.span = {tNs, -1};
                h.token = truth.value;
                h.ttlFirst = node.ttl.size();
                node.open = h;
            }
            if (node.open->owner < 0)
                node.open->owner = ownerOf(truth.value);
            const qint64 ttl = truth.pttl > 0 ? truth.pttl * 1000000 : truth.pttl;
            node.ttl.append({tNs, ttl});
            a.leaseNs = std::max(a.leaseNs, ttl);
        }
        countMajorities(tNs);
        // A crashed client's lock that keeps no TTL: stuck until a probe sees it gone.
        for (qsizetype i = 0; i < candidates.size();) {
            StuckCandidate &s = candidates[i];
            bool seen = false;
            bool noTtl = false;
            for (const LockTruth &truth : probe.locks) {
                if (truth.pttl == kUnknown || tNs < s.startNs)
                    continue;
                seen = true;
                noTtl = noTtl || (truth.value == s.token && truth.pttl == kNoTtl);
            }
            if (!seen || noTtl) {
                s.sawNoTtl = s.sawNoTtl || noTtl;
                ++i;
                continue;
            }
            if (s.sawNoTtl)
                stuck.append({s.owner, {s.startNs, tNs}});
            candidates.removeAt(i);
        }
    }

    // Node n's open holding ends at tNs.
    void closeHolding(qsizetype n, qint64 tNs, bool expired)
    {
        LockNode &node = a.nodes[n];
        if (!node.open)
            return;
        Holding h = *node.open;
        h.span.endNs = tNs;
        h.expired = expired;
        h.ttlEnd = node.ttl.size();
        node.holdings.append(h);
        if (n == 0 && h.owner >= 0)
            heldOnNode0[size_t(h.owner)].append(h.span);
        node.open.reset();
    }

    // Independent masters: a client whose lock is now on a quorum of them
    // and was not at the last look reached a majority.
    void countMajorities(qint64 tNs)
    {
        if (quorum == 0)
            return;
        std::vector<int> held(clients.size(), 0);
        for (const LockNode &node : std::as_const(a.nodes))
            if (node.open && node.open->owner >= 0 && size_t(node.open->owner) < held.size())
                ++held[size_t(node.open->owner)];
        for (size_t c = 0; c < held.size(); ++c) {
            const bool has = held[c] >= quorum;
            if (has && !majorityHeld[c])
                a.majorities.append({tNs, int(c), held[c], int(a.nodes.size())});
            majorityHeld[c] = has;
        }
    }

    // What a Server event did to its lock node (the store is none).
    void serverChanged(const Event &e, int index)
    {
        if (e.node >= a.nodes.size())
            return;
        LockNode &node = a.nodes[e.node];
        using Condition = NodeOutage::Condition;
        const auto endOutage = [&node, &e] {
            if (!node.outages.isEmpty() && node.outages.last().span.endNs < 0)
                node.outages.last().span.endNs = e.tNs;
        };
        const auto startOutage = [&](Condition condition) {
            endOutage();
            node.outages.append({{e.tNs, -1}, condition});
        };
        switch (e.serverAction) {
        case ServerAction::Kill:
        case ServerAction::RestartDelayed:
            // A dead server holds nothing, whatever its disk will say when it is back.
            startOutage(Condition::Down);
            closeHolding(e.node, e.tNs, false);
            countMajorities(e.tNs);
            return;
        case ServerAction::Pause:
            startOutage(Condition::Stopped);
            return;
        case ServerAction::Isolate:
            startOutage(Condition::Isolated);
            return;
        case ServerAction::ClientPause:
            // It ends by itself, on the server's clock: e.amount ms later.
            startOutage(Condition::Stalled);
            node.outages.last().span.endNs = e.tNs + a.info.clockNs(double(e.amount));
            return;
        case ServerAction::Resume:
            endOutage();
            return;
        case ServerAction::Restart:
            endOutage();
            if (!e.dataKept) {
                closeHolding(e.node, e.tNs, false);
                countMajorities(e.tNs);
            }
            break;
        case ServerAction::Promote:
        case ServerAction::SwitchMaster:
        case ServerAction::ClusterFailover:
            // The master it replaces: in a cluster, its own shard's only.
            for (qsizetype i = 0; i < a.nodes.size(); ++i) {
                LockNode &other = a.nodes[i];
                if (a.info.shards > 0 && i % a.info.shards != e.node % a.info.shards)
                    continue;
                if (other.masterSinceNs >= 0 && other.masterUntilNs < 0)
                    other.masterUntilNs = e.tNs;
            }
            node.masterSinceNs = e.tNs;
            node.masterUntilNs = -1;
            break;
        case ServerAction::ClockJump:
        case ServerAction::ClockDrift: {
            NodeClock now = node.clock.isEmpty() ? NodeClock{} : node.clock.last();
            now.tNs = e.tNs;
            if (e.serverAction == ServerAction::ClockJump)
                now.offsetMs += e.amount;
            else
                now.ratePermille = e.amount;
            node.clock.append(now);
            break;
        }
        case ServerAction::Other:
            return; // an observer's own words: nothing known to follow
        default:
            break;
        }
        node.changes.append({e.tNs, index, e.serverAction, e.dataKept});
    }

    // Whose lock a token is: the clients' latest locks first, then the table.
    int ownerOf(const QByteArray &token) const
    {
        for (size_t c = 0; c < clients.size(); ++c)
            if (clients[c].token == token)
                return int(c);
        return tokenOwner.value(token, -1);
    }

    void readPendingProbe()
    {
        if (pendingProbe)
            readProbe(*pendingProbe, pendingProbeNs, pendingProbeKind);
        probeRead = std::exchange(pendingProbe, nullptr);
    }
};

RunAnalyzer::RunAnalyzer(RunInfo info, Arrival arrival, const std::atomic<bool> *interrupt)
    : m_info(std::move(info))
    , m_arrival(arrival)
    , m_interrupt(interrupt)
    , m_state(std::make_unique<State>(m_info))
{
}

RunAnalyzer::~RunAnalyzer() = default;

void RunAnalyzer::commit(Event e)
{
    State &s = *m_state;
    RunAnalysis &a = s.a;
    const RunInfo &info = a.info;
    const int index = int(a.events.size());
    const int clients = a.clientCount();
    const int c = e.client;
    const bool known = c >= 0 && c < clients;
    const qsizetype marksBefore = a.marks.size();
    s.lastCommittedNs = std::max(s.lastCommittedNs, e.tNs);

    if (e.probe != s.pendingProbe)
        s.readPendingProbe();
    a.endNs = std::max(a.endNs, knownAtNs(e));

    // A lock held on past its time is gone once a probe sees no key, or another client is granted it.
    const LockTruth *seen = e.probe ? e.probe->lockOn(0) : nullptr;
    s.openHeldOn.removeIf([&](qsizetype i) {
        State::HeldOn &h = s.heldOn[i];
        if (!(seen && seen->pttl == kNoKey)
            && !(e.kind == EventKind::Command && e.step == Step::Acquire && e.client != h.owner && e.holds))
            return false;
        h.span.endNs = e.tNs;
        return true;
    });

    switch (e.kind) {
    case EventKind::Order:
        if (known) {
            State::Client &cl = s.clients[size_t(c)];
            if (!e.success && cl.unreachable) {
                ++a.counts.unavailableOrders;
            } else if (!e.success) {
                // Judged at the end: only an order that would have fitted in what was left unsold counts.
                using F = State::Failure;
                if (!cl.error.isEmpty()) {
                    ++cl.failed[size_t(F::Errored)];
                    if (s.firstError.isEmpty())
                        s.firstError = cl.error;
                } else if (!cl.held) {
                    ++cl.failed[size_t(!cl.triedLock ? F::Undersold : cl.retried ? F::TimedOut : F::Refused)];
                }
            }
            cl.unreachable = false;
            cl.triedLock = cl.retried = cl.held = false;
            cl.error.clear();
            ++cl.ordersDone;
        }
        ++a.counts.ordersTried;
        if (e.success) {
            ++a.counts.ordersSucceeded;
            a.counts.sold += info.quantityOf(c);
            if (a.counts.sold > info.initialStock)
                s.mark(index, FindingKind::Oversold, c, -1, std::min(info.quantityOf(c), a.counts.sold - info.initialStock));
        }
        if (known)
            s.endOrder(c, e.success, e.tNs);
        else
            s.expect(e.tNs);
        break;
    case EventKind::Expired:
        ++a.counts.expiries;
        break;
    case EventKind::Sleep:
        if (known && e.step == Step::Backoff)
            s.clients[size_t(c)].retried = true;
        break;
    case EventKind::Crash:
        if (known) {
            s.closeBelief(c, e.tNs);
            s.clients[size_t(c)].dead = true;
            s.endOrder(c, false, e.tNs);
            // Did its lock outlive it with no TTL? Only probes can tell.
            if (!e.token.isEmpty())
                s.candidates.append({c, e.token, e.tNs});
        }
        break;
    case EventKind::Server:
        a.serverFaults.append(index);
        s.serverChanged(e, index);
        break;
    case EventKind::Probe:
        // A command's truth ahead of its reply (InstantAnalyzer): whose its token is.
        if (known && !e.token.isEmpty())
            s.tokenOwner.insert(e.token, c);
        break;
    case EventKind::Command: {
        a.commands.append(index);
        if (!known)
            break;
        if (const int turn = info.turnOf(c, e.order); turn >= 0) {
            if (a.turnsRun.size() <= turn)
                a.turnsRun.resize(turn + 1);
            a.turnsRun[turn] = true;
        }
        State::Client &cl = s.clients[size_t(c)];
        const bool wasHolding = cl.holdingSince >= 0;
        if (e.step == Step::Acquire && e.role == ActorRole::Main)
            cl.triedLock = true;
        s.lockAsked = s.lockAsked || e.step == Step::Acquire;
        if (e.holds)
            cl.held = true;
        if (e.reply.isError() && !e.reply.bytes().startsWith("UNREACHABLE") && !e.reply.bytes().startsWith("STALE")
            && cl.error.isEmpty())
            cl.error = e.reply.bytes();
        // The belief says who holds it; with several nodes, so does each node's OK.
        // A node that answered nil or an error granted nothing, even in the
        // step that won a quorum on the others.
        const bool nodeRefused = e.reply.isNil() || e.reply.isError();
        const bool granted = e.step == Step::Acquire && ((e.holds && !wasHolding && !nodeRefused) || e.reply.isStatus("OK"));
        if (granted) {
            s.acquisitionsOn(e.node).add({c, e.tNs, e.tNs + e.durationNs});
            if (const LockTruth *t = e.probe ? e.probe->lockOn(e.node) : nullptr; t && !t->value.isEmpty())
                s.tokenOwner.insert(t->value, c);
        }
        if (e.step == Step::Acquire && !e.holds && e.reply.isError() && e.reply.bytes().startsWith("UNREACHABLE"))
            cl.unreachable = true;
        const bool extends = e.step == Step::Renew || e.step == Step::Expire;
        // Lateness needs the lease: an observed program may never say what it is.
        if (extends && wasHolding && s.leaseNs > 0 && cl.leaseEndNs >= 0 && e.tNs > cl.leaseEndNs + 1000000) {
            // Sent after the lease had certainly run out (granted by its reply at the latest).
            ++a.counts.lateRenewals;
            s.count(FindingKind::LateRenewal, c, -1, e.tNs - cl.leaseEndNs);
            s.mark(index, FindingKind::LateRenewal, c, -1, e.tNs - cl.leaseEndNs);
        }
        // EXEC answers the DEL of a WATCH/MULTI release in an array.
        const RedisValue &result = e.reply.isArray() && !e.reply.items().isEmpty() ? e.reply.items().first() : e.reply;
        const bool touchedKey = result.isInteger() && result.toInteger() > 0;
        if (extends && touchedKey)
            cl.leaseEndNs = e.tNs + e.durationNs + s.leaseNs;
        if (extends && e.reply.isInteger() && e.reply.toInteger() == 0 && wasHolding && e.holds) {
            ++a.counts.lockGone;
            s.count(FindingKind::LockGone, c, -1);
            s.mark(index, FindingKind::LockGone, c);
        }
        if (touchedKey && (e.step == Step::Release || extends)) {
            // An EXPIRE by a client that does not hold the lock (a waiter's, or
            // a TTL repair) extends whoever's lock is there; one that gives a
            // lock without TTL its first TTL is a repair, not an extension.
            const bool waiterExpire = e.step == Step::Expire && !wasHolding && !e.holds;
            const int owner = !waiterExpire ? s.acquisitionsOn(e.node).foreignOwner(c, e.tNs)
                : s.lastPttl != kNoTtl      ? s.acquisitionsOn(e.node).latestOther(c, e.tNs)
                                            : -1;
            if (owner >= 0) {
                const FindingKind kind = e.step == Step::Release ? FindingKind::ForeignRelease : FindingKind::ForeignRenewal;
                ++(kind == FindingKind::ForeignRelease ? a.counts.foreignReleases : a.counts.foreignRenewals);
                s.count(kind, c, owner);
                s.mark(index, kind, c, owner);
                // A dead client's lock renewed by another: kept alive from the first such renewal.
                if (kind == FindingKind::ForeignRenewal && s.clients[size_t(owner)].dead
                    && std::none_of(s.openHeldOn.cbegin(), s.openHeldOn.cend(), [&s, owner](qsizetype i) {
                           return s.heldOn.at(i).kind == FindingKind::KeptAlive && s.heldOn.at(i).owner == owner;
                       }))
                    s.holdOn(FindingKind::KeptAlive, owner, c, e.tNs);
            }
        }
        if (e.step == Step::Fence)
            a.counts.fenced = true;

        if (e.step == Step::WriteStock && e.reply.isError() && e.reply.bytes().startsWith("STALE")) {
            ++a.counts.staleWritesRefused;
            s.mark(index, FindingKind::StaleWritesRefused, c);
        }
        const bool wrote = e.step == Step::WriteStock && !e.reply.isError();
        if (wrote && wasHolding && s.reads.newestOtherThan(c) > cl.holdingSince)
            ++a.counts.staleWritesAccepted; // a newer holder had read the stock already
        if (e.step == Step::ReadStock) {
            cl.lastReadRepliedNs = e.tNs + e.durationNs;
            if (wasHolding)
                s.reads.read(c, cl.holdingSince);
        }
        // The units a write lost: what it left above the stock just before it
        // (as the probes read it, or as the clients last wrote it) less its sale.
        const qint64 lost = wrote && e.wrote != kUnknown ? e.wrote - (a.stock.last().value - info.quantityOf(c)) : 0;
        // Stale: another client's write certainly ran after this client's read
        // (it was sent once the read's reply was in; a slow link's read that
        // reached Redis after it is not stale), or the write lost units: what
        // it was computed from was no longer the stock.
        if (wrote && cl.lastReadRepliedNs >= 0 && s.lastStockChanger >= 0 && s.lastStockChanger != c
            && (s.lastStockChangeNs >= cl.lastReadRepliedNs || lost > 0)) {
            ++a.counts.staleWrites;
            s.mark(index, FindingKind::StaleWrites, c, s.lastStockChanger, 0, e.wrote);
        }
        if (lost > 0) {
            s.unitsLost += lost;
            s.mark(index, FindingKind::LostUpdates, c, -1, lost, e.wrote);
        }
        const bool execRanStock = e.step == Step::Exec && e.reply.isArray() && cl.stockQueued;
        if (isStoreStep(e.step) && e.step != Step::ReadStock)
            cl.stockQueued = (e.step == Step::Decrement || e.step == Step::WriteStock) && e.reply.isStatus("QUEUED");
        const bool changedStock = wrote || (e.step == Step::Decrement && e.reply.isInteger())
            || e.step == Step::Compensate || execRanStock;
        if (changedStock) {
            s.lastStockChangeNs = e.tNs;
            s.lastStockChanger = c;
        }
        // The order took its units where the stock line shows the change. A
        // write sets the stock: its order has taken its quantity. Each
        // deduction takes it again, when the probe saw the stock drop (its
        // reply may be lost, or below zero until a compensation gives the
        // units back); without a probe, when it answered what is left (a
        // script's -1 refused).
        const qint64 changedAtNs = e.probe && e.probe->atNs >= 0 ? e.probe->atNs : e.tNs + e.durationNs;
        const bool probedStock = e.probe && e.probe->stock != kUnknown;
        const bool deducted = e.step == Step::Decrement
            && (probedStock ? e.probe->stock < a.stock.last().value : e.reply.isInteger() && e.reply.toInteger() >= 0);
        const qint64 taken = cl.taken;
        if (wrote || execRanStock)
            s.take(c, std::max(taken, info.quantityOf(c)), changedAtNs);
        else if (deducted)
            s.take(c, taken + info.quantityOf(c), changedAtNs);
        else if (e.step == Step::Compensate && !e.reply.isError())
            s.take(c, taken - info.quantityOf(c), changedAtNs);
        // Without probes, the stock line is what the clients wrote or were told.
        if (!e.probe && !a.probed && !e.reply.isError()) {
            qint64 value = kUnknown;
            if (wrote)
                value = e.wrote;
            else if ((e.step == Step::Decrement || e.step == Step::Compensate) && e.reply.isInteger() && e.reply.toInteger() >= 0)
                value = e.reply.toInteger();
            else if (execRanStock && !e.reply.items().isEmpty() && e.reply.items().last().isInteger())
                value = e.reply.items().last().toInteger();
            if (value != kUnknown)
                s.addStock(e.tNs + e.durationNs, value);
        }
        break;
    }
    case EventKind::Error:
        if (!e.argv.isEmpty())
            a.commands.append(index);
        break;
    default:
        break;
    }

    if (known && !s.clients[size_t(c)].dead && e.kind != EventKind::Crash && e.kind != EventKind::Probe) {
        State::Client &cl = s.clients[size_t(c)];
        const bool wasHolding = cl.holdingSince >= 0;
        if (e.holds && !wasHolding) {
            // Only probes ask whose a token is: a run without them keeps no table of them.
            if (e.probe && !e.token.isEmpty())
                s.tokenOwner.insert(e.token, c);
            cl.token = e.token;
            s.openBelief(c, learnedAt(e));
            cl.leaseEndNs = learnedAt(e) + s.leaseNs;
            cl.unreachable = false;       // it got the lock after all
        } else if (!e.holds && wasHolding) {
            s.closeBelief(c, e.tNs);
            // It let go; did Redis?
            const LockTruth *t = e.probe ? e.probe->lockOn(0) : nullptr;
            if (t && t->pttl != kUnknown && !e.token.isEmpty() && t->value == e.token)
                s.holdOn(FindingKind::LeftLocked, c, -1, e.tNs);
        }
    }
    if (const LockTruth *t = e.probe ? e.probe->lockOn(0) : nullptr; t && t->pttl != kUnknown)
        s.lastPttl = t->pttl;

    if (e.probe && e.probe != s.probeRead) {
        s.pendingProbe = e.probe;
        // What Redis held from the moment it was read: after the reply, unless the probe says when.
        s.pendingProbeNs = e.probe->atNs >= 0 ? e.probe->atNs : e.tNs + e.durationNs;
        s.pendingProbeKind = e.kind;
    }
    if (known && e.kind != EventKind::Probe) {
        // Marks on its lane; those on the stock lane are drawn from `marks`.
        const auto laneMark = std::find_if(a.marks.cbegin() + marksBefore, a.marks.cend(),
                                           [](const Mark &m) { return m.place() == MarkPlace::ClientLane; });
        const bool isMarked = laneMark != a.marks.cend();
        if (isMarked || e.kind == EventKind::Order || e.kind == EventKind::Crash) {
            std::optional<FindingKey> finding;
            if (isMarked)
                finding = Verdict::keyOf(laneMark->kind, laneMark->actor, laneMark->other);  // the one its group is drawn for
            QList<KeptEvents> &groups = a.keptInLanes[c];
            auto group = std::find_if(groups.begin(), groups.end(), [&](const KeptEvents &k) { return k.kind == e.kind && k.finding == finding; });
            if (group == groups.end())
                group = groups.insert(groups.end(), {e.kind, finding});
            group->longestNs = std::max(group->longestNs, e.durationNs);
            group->positions.append(int(a.lanes[c].size()));
        }
        a.lanes[c].append({e.tNs, e.tNs + e.durationNs, index, e.kind, e.step, isMarked, e.role == ActorRole::Watchdog, e.success});
    }
    for (qsizetype i = marksBefore; i < a.marks.size(); ++i)
        m_newlyMarked << a.marks.at(i).event;
    a.events.append(std::move(e));
}

bool RunAnalyzer::update(const History &history)
{
    m_newlyMarked.clear();
    m_restarted = false;
    bool changed = false;
    // Read before the events: whatever began earlier has been appended by then.
    const qint64 present = history.presentNs();
    // In parts: a long history is never copied whole.
    constexpr qsizetype kPart = 4096;
    for (;;) {
        const bool finishing = history.isFinished() && !m_state->a.finished;
        QList<Event> fresh = history.eventsSince(m_consumed, kPart);
        adoptTurns(history);
        if (fresh.isEmpty() && !finishing)
            break;
        m_consumed += fresh.size();
        const bool last = fresh.size() < kPart;
        if (!take(std::move(fresh), finishing && last, present)) {
            // An event older than what was analysed: start over with the whole history.
            rebuild(history);
            m_restarted = true;
            changed = true;
            break;
        }
        changed = true;
        if (finishing && last)
            finishWith(history);
        if (last || m_state->a.interrupted)
            break;
    }
    return reachPresent(present) || changed;
}

bool RunAnalyzer::reachPresent(qint64 presentNs)
{
    State &s = *m_state;
    if (s.a.finished || s.a.interrupted || presentNs < 0)
        return false;
    bool changed = false;
    // The step whose events share the probe is in: what Redis held after it
    // is known now, not only once the next event comes.
    if (s.pendingProbe && s.pendingProbeNs <= presentNs
        && (s.beyondPresent.isEmpty() || s.beyondPresent.first().probe != s.pendingProbe)) {
        s.readPendingProbe();
        changed = true;
    }
    if (presentNs > s.a.endNs) {
        s.a.endNs = presentNs;
        changed = true;
    }
    return changed;
}

bool RunAnalyzer::take(QList<Event> fresh, bool finishing, qint64 presentNs)
{
    State &s = *m_state;
    const auto byTime = [](const Event &l, const Event &r) { return l.tNs < r.tNs; };
    const auto interrupted = [this, &s](qsizetype i) {
        if (!m_interrupt || (i & 4095) != 0 || !m_interrupt->load(std::memory_order_relaxed))
            return false;
        s.a.interrupted = true;
        return true;
    };

    if (m_arrival == Arrival::InOrder) {
        // One thread appended them, by time but for what began beyond the
        // present; a stable sort keeps the order of equal times.
        if (!s.beyondPresent.isEmpty()) {
            QList<Event> all = std::exchange(s.beyondPresent, {});
            all.append(std::move(fresh));
            fresh = std::move(all);
        }
        if (!std::is_sorted(fresh.cbegin(), fresh.cend(), byTime))
            std::stable_sort(fresh.begin(), fresh.end(), byTime);
        if (!fresh.isEmpty() && fresh.first().tNs < s.lastCommittedNs)
            return false;
        // What began by the present is shown; an event still to come at
        // that time is appended, and so sorted, after it.
        qsizetype ready = fresh.size();
        if (!finishing && presentNs >= 0)
            ready = std::upper_bound(fresh.cbegin(), fresh.cend(), presentNs,
                                     [](qint64 ns, const Event &e) { return ns < e.tNs; })
                - fresh.cbegin();
        qsizetype i = 0;
        for (; i < ready && !interrupted(i); ++i)
            commit(std::move(fresh[i]));
        if (!s.a.interrupted)
            s.beyondPresent = fresh.sliced(ready);
    } else {
        const int clients = s.a.clientCount();
        if (s.waiting.empty()) {
            s.waiting.resize(size_t(clients) + 1);
            s.producerNs.assign(size_t(clients) + 1, std::numeric_limits<qint64>::min());
        }
        for (Event &e : fresh) {
            if (e.tNs < s.lastCommittedNs)
                return false;
            const int producer = e.client >= 0 && e.client < clients ? e.client : clients;
            s.producerNs[size_t(producer)] = std::max(s.producerNs[size_t(producer)], e.tNs);
            s.waiting[size_t(producer)].append({s.seq++, std::move(e)});
        }
        // Each client appends in time order: once every client still at work
        // has passed a moment, nothing earlier can come.
        qint64 before = std::numeric_limits<qint64>::max();
        if (!finishing)
            for (int c = 0; c < clients; ++c) {
                const State::Client &cl = s.clients[size_t(c)];
                const bool done = cl.dead || (c < m_info.orders.size() && cl.ordersDone >= m_info.orders.at(c));
                if (!done)
                    before = std::min(before, s.producerNs[size_t(c)]);
            }
        QList<State::Waiting> ready;
        for (QList<State::Waiting> &queue : s.waiting) {
            qsizetype n = 0;
            while (n < queue.size() && (finishing || queue.at(n).event.tNs < before))
                ++n;
            for (qsizetype i = 0; i < n; ++i)
                ready.append(std::move(queue[i]));
            queue.remove(0, n);
        }
        std::sort(ready.begin(), ready.end(), [](const State::Waiting &l, const State::Waiting &r) {
            return l.event.tNs != r.event.tNs ? l.event.tNs < r.event.tNs : l.seq < r.seq;
        });
        for (qsizetype i = 0; i < ready.size() && !interrupted(i); ++i)
            commit(std::move(ready[i].event));
    }
    return true;
}

void RunAnalyzer::adoptTurns(const History &history)
{
    // Read after the events: a turn is recorded before any event that follows its fork.
    if (QList<StrategyTurn> turns = history.turns(); turns.size() != m_info.turns.size()) {
        m_info.turns = turns;
        m_state->a.info.turns = std::move(turns);
    }
}

void RunAnalyzer::finishWith(const History &history)
{
    State &s = *m_state;
    if (s.a.interrupted || s.a.finished)
        return;
    s.readPendingProbe();
    s.a.finished = true;
    s.a.finalStock = history.finalStock();
    s.a.endNs = std::max(s.a.endNs, history.endNs());
}

void RunAnalyzer::rebuild(const History &history)
{
    m_state = std::make_unique<State>(m_info);
    const bool finished = history.isFinished();
    const qint64 present = history.presentNs();
    QList<Event> all = history.eventsSince(0);
    m_consumed = all.size();
    if (m_arrival == Arrival::InOrder) {
        take(std::move(all), finished, present);
    } else {
        std::stable_sort(all.begin(), all.end(), [](const Event &l, const Event &r) { return l.tNs < r.tNs; });
        for (qsizetype i = 0; i < all.size(); ++i)
            commit(std::move(all[i]));
    }
    if (finished)
        finishWith(history);
}

std::shared_ptr<const RunAnalysis> RunAnalyzer::snapshot() const
{
    const State &s = *m_state;
    auto out = std::make_shared<RunAnalysis>(s.a);
    RunAnalysis &a = *out;
    const RunInfo &info = a.info;
    RunCounts &n = a.counts;

    // What is still open ends where the analysis ends.
    for (const State::OpenPair &p : s.openPairs)
        if (a.endNs > p.startNs)
            insertByStart(a.overlaps, {p.first, p.second, {p.startNs, a.endNs}});
    QList<std::pair<int, Span>> stuck = s.stuck;
    for (const State::StuckCandidate &c : s.candidates)
        if (c.sawNoTtl && a.endNs > c.startNs)
            stuck.append({c.owner, {c.startNs, a.endNs}});

    n.expectedStock = info.initialStock - n.sold;
    n.oversold = std::max<qint64>(0, n.sold - info.initialStock);
    n.lostUpdates = a.finalStock == kUnknown ? s.unitsLost : std::max<qint64>(0, a.finalStock - n.expectedStock);
    // Before the end: what orders took without a sale so far.
    n.overDeducted = a.finalStock == kUnknown ? s.unitsUnsold : std::max<qint64>(0, n.expectedStock - a.finalStock);
    // A failed order counts only when it would have fitted in what was left
    // unsold: when the stock ran out anyway, nothing was lost.
    // Counted per client, so a snapshot costs the clients, not the orders.
    n.refusedOrders = n.timedOutOrders = n.undersoldOrders = n.erroredOrders = 0;
    for (size_t c = 0; c < s.clients.size(); ++c) {
        if (info.quantityOf(int(c)) > n.expectedStock)
            continue;
        const std::array<int, 4> &failed = s.clients[c].failed;
        using F = State::Failure;
        n.refusedOrders += failed[size_t(F::Refused)];
        n.timedOutOrders += failed[size_t(F::TimedOut)];
        n.undersoldOrders += failed[size_t(F::Undersold)];
        n.erroredOrders += failed[size_t(F::Errored)];
    }
    n.exclusionViolations = int(a.overlaps.size());
    n.overlapNs = 0;
    for (const Overlap &o : a.overlaps)
        n.overlapNs += o.span.length();
    n.stuckNs = 0;
    for (const auto &[owner, span] : stuck)
        n.stuckNs += span.length();
    // Two holders at once did no harm when every stale write was refused.
    const bool harmless = n.fenced && n.staleWritesAccepted == 0;

    QList<Finding> &f = a.verdict.findings;
    const auto add = [&f](FindingKind kind, Severity severity) -> Finding & {
        f.append(Finding{.kind = kind, .severity = severity});
        return f.last();
    };
    if (a.finished && a.finalStock == kUnknown)
        add(FindingKind::StockUnknown, Severity::NotExercised);
    if (n.staleWrites > 0)
        add(FindingKind::StaleWrites, Severity::Broken).count = n.staleWrites;
    if (n.lostUpdates > 0) {
        Finding &x = add(FindingKind::LostUpdates, Severity::Broken);
        x.count = n.lostUpdates;
        x.sold = n.sold;
        x.expected = info.initialStock;
        x.actual = a.finalStock;
    }
    if (n.oversold > 0) {
        Finding &x = add(FindingKind::Oversold, Severity::Broken);
        x.count = n.oversold;
        x.sold = n.sold;
        x.expected = info.initialStock;
    }
    // One finding per pair of clients, in the order their overlaps began.
    QHash<std::pair<int, int>, qsizetype> overlapOf;
    for (const Overlap &o : std::as_const(a.overlaps)) {
        auto it = overlapOf.find({o.first, o.second});
        if (it == overlapOf.end()) {
            Finding &x = add(FindingKind::Overlap, harmless ? Severity::Harmless : Severity::Broken);
            x.actor = o.first;
            x.other = o.second;
            it = overlapOf.insert({o.first, o.second}, f.size() - 1);
        }
        Finding &x = f[*it];
        ++x.count;
        x.durationNs += o.span.length();
        x.spans.append(o.span);
    }
    if (n.staleWritesRefused > 0)
        add(FindingKind::StaleWritesRefused, Severity::Harmless).count = n.staleWritesRefused;
    if (!a.overlaps.isEmpty() && harmless && n.lostUpdates == 0 && n.oversold == 0 && a.finalStock != kUnknown) {
        Finding &x = add(FindingKind::FencingHeld, Severity::Harmless);
        x.actual = a.finalStock;
    }
    if (n.unavailableOrders > 0)
        add(FindingKind::Unavailable, Severity::Broken).count = n.unavailableOrders;
    for (FindingKind kind : {FindingKind::ForeignRelease, FindingKind::ForeignRenewal, FindingKind::LockGone,
                             FindingKind::LateRenewal})
        for (const State::PairCount &p : s.pairs)
            if (p.kind == kind) {
                Finding &x = add(kind, Severity::Broken);
                x.actor = p.actor;
                x.other = p.other;
                x.count = p.count;
                x.durationNs = p.amount;
            }
    for (const auto &[owner, span] : stuck) {
        Finding &x = add(FindingKind::StuckLock, Severity::Broken);
        x.actor = owner;
        x.durationNs = span.length();
        x.spans = {span};
    }
    for (FindingKind kind : {FindingKind::KeptAlive, FindingKind::LeftLocked})
        for (const State::HeldOn &h : s.heldOn)
            if (h.kind == kind) {
                Finding &x = add(kind, Severity::Broken);
                x.actor = h.owner;
                x.other = h.by;
                x.spans = {{h.span.startNs, h.span.endNs < 0 ? std::max(h.span.startNs, a.endNs) : h.span.endNs}};
                x.durationNs = x.spans.first().length();
            }
    if (n.overDeducted > 0) {
        Finding &x = add(FindingKind::OverDeducted, Severity::Broken);
        x.count = n.overDeducted;
        x.sold = n.sold;
        x.expected = info.initialStock;
        x.actual = a.finalStock;
    }
    if (n.refusedOrders > 0) {
        Finding &x = add(FindingKind::Refused, Severity::Broken);
        x.count = n.refusedOrders;
        x.tried = n.ordersTried;
    }
    if (n.timedOutOrders > 0)
        add(FindingKind::TimedOut, Severity::Broken).count = n.timedOutOrders;
    if (n.undersoldOrders > 0) {
        Finding &x = add(FindingKind::Undersold, Severity::Broken);
        x.count = n.undersoldOrders;
        x.expected = n.expectedStock;
    }
    if (n.erroredOrders > 0) {
        Finding &x = add(FindingKind::Errored, Severity::Broken);
        x.count = n.erroredOrders;
        x.detail = QString::fromUtf8(s.firstError);
    }
    if (f.isEmpty()) {
        const int turn = creditedTurn(a);
        const bool brokenSide = turn >= 0 ? info.turns.at(turn).brokenSide : info.brokenSide;
        Finding &x = add(brokenSide ? FindingKind::NotExercised : FindingKind::Correct,
                         brokenSide ? Severity::NotExercised : Severity::Clean);
        x.actual = a.finalStock;
        x.sold = n.ordersSucceeded;
        x.tried = n.ordersTried;
        x.locked = s.lockAsked;
        x.turn = turn;
    }
    // A fork whose strategy no order will run, or none did: the verdict credits it with nothing.
    for (int k = 1; k < info.turns.size(); ++k)
        if (info.turns.at(k).atNs <= a.endNs && !a.turnsRun.value(k) && (a.finished || !ordersLeftFor(info, k)))
            add(FindingKind::ForkNotRun, Severity::NotExercised).turn = k;

    for (int c = 0; c < a.clientCount(); ++c)
        if (const std::optional<qint64> since = a.openBeliefs.at(c); since && s.gapsKnown()) {
            for (const Span &g : s.gaps(c, *since, std::max(*since, a.endNs)))
                a.openBeliefGaps[c].append(g);
        }
    a.verdict.indexFindings();
    return out;
}

std::shared_ptr<const RunAnalysis> analyze(const History &history, const std::atomic<bool> *interrupt)
{
    RunAnalyzer analyzer(history.info(), RunAnalyzer::Arrival::InOrder, interrupt);
    analyzer.update(history);
    return analyzer.snapshot();
}

// --- RunAnalysis queries -------------------------------------------------

bool RunAnalysis::ranBrokenSide() const
{
    if (info.turns.isEmpty())
        return info.brokenSide;
    for (qsizetype k = 0; k < info.turns.size(); ++k)
        if (turnsRun.value(k) && info.turns.at(k).brokenSide)
            return true;
    return false;
}

qsizetype RunAnalysis::beliefCount(int c) const
{
    if (c < 0 || c >= beliefs.size())
        return 0;
    return beliefs.at(c).size() + (openBeliefs.at(c) ? 1 : 0);
}

Span RunAnalysis::belief(int c, qsizetype i) const
{
    const SharedList<Span> &closed = beliefs.at(c);
    return i < closed.size() ? closed.at(i) : Span{*openBeliefs.at(c), std::max(*openBeliefs.at(c), endNs)};
}

int RunAnalysis::firstAtOrAfter(qint64 ns) const
{
    const auto it = std::lower_bound(events.cbegin(), events.cend(), ns, [](const Event &e, qint64 t) { return e.tNs < t; });
    return int(it.index());
}

int RunAnalysis::lastCodeEventOf(int client, qint64 ns) const
{
    if (client < 0 || client >= lanes.size())
        return -1;
    const SharedList<LaneEvent> &lane = lanes.at(client);
    auto it = std::upper_bound(lane.cbegin(), lane.cend(), ns, [](qint64 t, const LaneEvent &le) { return t < le.tNs; });
    while (it != lane.cbegin()) {
        --it;
        // Start is the engine's own wait before a client joins, not strategy code.
        if (events.at(it->index).sourceFile && it->step != Step::Start)
            return it->index;
    }
    return -1;
}

RetryRun RunAnalysis::retryRunAt(int client, qsizetype pos) const
{
    RetryRun run;
    if (client < 0 || client >= lanes.size() || pos < 0 || pos >= lanes.at(client).size())
        return run;
    const SharedList<LaneEvent> &lane = lanes.at(client);
    const auto attempt = [&](const LaneEvent &le) { return le.kind == EventKind::Command && le.step == Step::Acquire; };
    const auto backoff = [&](const LaneEvent &le) { return le.kind == EventKind::Sleep && le.step == Step::Backoff; };
    const auto inLoop = [&](qsizetype i) { return attempt(lane.at(i)) || backoff(lane.at(i)); };
    if (!inLoop(pos))
        return run;
    qsizetype first = pos;
    while (first > 0 && inLoop(first - 1))
        --first;
    while (first <= pos && !attempt(lane.at(first)))
        ++first; // a loop begins with an attempt
    qsizetype last = pos;
    while (last + 1 < lane.size() && inLoop(last + 1))
        ++last;
    if (first > last)
        return run;
    run.first = first;
    run.last = last;
    bool pending = false;
    for (qsizetype i = first; i <= last; ++i) {
        const LaneEvent &le = lane.at(i);
        if (attempt(le)) {
            pending = true;
        } else if (pending) {
            if (run.refused++ == 0)
                for (qsizetype k = i - 1; k >= first; --k)
                    if (attempt(lane.at(k))) {
                        run.sample = lane.at(k).index;
                        break;
                    }
            pending = false;
        }
    }
    return run;
}

int RunAnalysis::lastProbeAt(qint64 ns) const
{
    for (int i = firstAtOrAfter(ns + 1) - 1; i >= 0; --i)
        if (events.at(i).probe)
            return i;
    return -1;
}

qint64 LockNode::ttlAt(qsizetype k, qint64 ns) const
{
    const TtlSample &t = ttl.at(k);
    if (t.ttlNs < 0)
        return t.ttlNs;
    int ratePermille = 1000;
    for (const NodeClock &c : clock)
        if (c.tNs <= t.tNs)
            ratePermille = c.ratePermille;
    return std::max<qint64>(0, t.ttlNs - (ns - t.tNs) * ratePermille / 1000);
}

RunAnalysis::LockAt RunAnalysis::lockAt(int node, qint64 ns) const
{
    LockAt out;
    if (node < 0 || node >= nodes.size())
        return out;
    ns = std::min(ns, endNs);
    const LockNode &n = nodes.at(node);
    out.probed = probed && lastProbeAt(ns) >= 0;
    // The holding that covers `ns`: holdings are in time order and do not overlap.
    for (qsizetype i = n.holdingCount() - 1; i >= 0; --i) {
        const Holding &h = n.holding(i);
        const qint64 end = i < n.holdings.size() ? h.span.endNs : endNs + 1;
        if (h.span.startNs > ns)
            continue;
        if (ns >= end)
            break;
        out.token = h.token;
        out.owner = h.owner;
        out.ttlNs = kUnknown;
        const qsizetype ttlEnd = i < n.holdings.size() ? h.ttlEnd : n.ttl.size();
        for (qsizetype k = ttlEnd - 1; k >= h.ttlFirst; --k) {
            if (n.ttl.at(k).tNs > ns)
                continue;
            out.ttlNs = n.ttlAt(k, ns);
            break;
        }
        break;
    }
    return out;
}

namespace {
qint64 valueAt(const SharedList<StockPoint> &line, qint64 ns, qint64 before)
{
    const auto it = std::upper_bound(line.cbegin(), line.cend(), ns, [](qint64 t, const StockPoint &p) { return t < p.tNs; });
    return it == line.cbegin() ? before : (it - 1)->value;
}
} // namespace

qint64 RunAnalysis::stockAt(qint64 ns) const
{
    return valueAt(stock, ns, info.initialStock);
}

qint64 RunAnalysis::expectedStockAt(qint64 ns) const
{
    return valueAt(expectedStock, ns, info.initialStock);
}

RunAnalysis::Change RunAnalysis::changeAt(int event) const
{
    Change c;
    const Event &e = events.at(event);
    c.holdsAfter = e.holds;
    c.after = e.probe.get();
    bool beliefFound = e.client < 0;
    for (int i = event - 1; i >= 0 && (!beliefFound || !c.before); --i) {
        const Event &earlier = events.at(i);
        if (!beliefFound && earlier.client == e.client) {
            c.heldBefore = earlier.holds;
            beliefFound = true;
        }
        if (!c.before && earlier.probe)
            c.before = earlier.probe.get();
    }
    return c;
}

const Mark *RunAnalysis::markAt(int event, std::optional<MarkPlace> place) const
{
    for (auto it = firstMarkOf(event); it != marks.cend() && it->event == event; ++it)
        if ((!place || it->place() == *place) && verdict.findingOf(*it))
            return &*it;
    return nullptr;
}

const Finding *RunAnalysis::findingAt(int event, std::optional<MarkPlace> place) const
{
    const Mark *m = markAt(event, place);
    return m ? verdict.findingOf(*m) : nullptr;
}

QString RunAnalysis::markTextAt(int event, std::optional<MarkPlace> place) const
{
    QString text;
    for (auto it = firstMarkOf(event); it != marks.cend() && it->event == event; ++it)
        if ((!place || it->place() == *place) && verdict.findingOf(*it))
            text += (text.isEmpty() ? QString() : QStringLiteral(" \u00b7 ")) + it->text(info);
    return text;
}

SharedList<Mark>::const_iterator RunAnalysis::firstMarkOf(int event) const
{
    return std::lower_bound(marks.cbegin(), marks.cend(), event, [](const Mark &m, int e) { return m.event < e; });
}

QList<Figure> RunAnalysis::figures() const
{
    const RunCounts &n = counts;
    const auto ms = [this](qint64 ns) { return scenarioMs(ns); };
    const auto stockValue = [](qint64 v) { return v == kUnknown ? QJsonValue() : QJsonValue(v); };
    const auto number = [](qint64 v) { return QString::number(v); };
    // Labels and texts in the UI language (the table's); keys and values are the JSON's.
    return {
        {"initial_stock", nullptr, info.initialStock, number(info.initialStock)},
        // Oversold, initial minus sold is below zero: no stock to expect, said as what was sold of what there was.
        {"expected_stock", QT_TRANSLATE_NOOP("Figure", "expected stock"), n.expectedStock,
         n.expectedStock < 0 ? QCoreApplication::translate("Figure", "none: sold %1 of %2").arg(n.sold).arg(info.initialStock)
                             : number(n.expectedStock)},
        {"final_stock", QT_TRANSLATE_NOOP("Figure", "final stock"), stockValue(finalStock),
         finalStock == kUnknown ? QCoreApplication::translate("Figure", "unknown") : number(finalStock)},
        {"orders_tried", nullptr, n.ordersTried, number(n.ordersTried)},
        {"orders_succeeded", QT_TRANSLATE_NOOP("Figure", "orders sold"), n.ordersSucceeded,
         QCoreApplication::translate("Figure", "%1 of %2").arg(n.ordersSucceeded).arg(n.ordersTried)},
        {"lost_updates", QT_TRANSLATE_NOOP("Figure", "units lost"), n.lostUpdates, number(n.lostUpdates)},
        {"stale_writes", QT_TRANSLATE_NOOP("Figure", "stale writes"), n.staleWrites, number(n.staleWrites)},
        {QT_TRANSLATE_NOOP("Figure", "oversold"), QT_TRANSLATE_NOOP("Figure", "oversold"), n.oversold, number(n.oversold)},
        {"exclusion_violations", QT_TRANSLATE_NOOP("Figure", "exclusion violations"), n.exclusionViolations,
         QCoreApplication::translate("Figure", "%1 (%2 ms together)").arg(n.exclusionViolations).arg(qRound64(ms(n.overlapNs)))},
        {"overlap_ms", nullptr, ms(n.overlapNs), QString::number(ms(n.overlapNs))},
        {"foreign_releases", QT_TRANSLATE_NOOP("Figure", "foreign releases"), n.foreignReleases, number(n.foreignReleases)},
        {"foreign_renewals", QT_TRANSLATE_NOOP("Figure", "foreign renewals"), n.foreignRenewals, number(n.foreignRenewals)},
        {"stuck_ms", QT_TRANSLATE_NOOP("Figure", "stuck lock"), ms(n.stuckNs), QCoreApplication::translate("Figure", "%1 ms").arg(qRound64(ms(n.stuckNs)))},
        {"late_renewals", QT_TRANSLATE_NOOP("Figure", "late renewals"), n.lateRenewals, number(n.lateRenewals)},
        {"lock_gone", QT_TRANSLATE_NOOP("Figure", "lock gone, believed"), n.lockGone, number(n.lockGone)},
        {"fenced", nullptr, n.fenced, n.fenced ? QCoreApplication::translate("Figure", "yes") : QCoreApplication::translate("Figure", "no")},
        {"stale_writes_refused", n.fenced ? QT_TRANSLATE_NOOP("Figure", "stale writes refused") : nullptr, n.staleWritesRefused,
         number(n.staleWritesRefused)},
        {"stale_writes_accepted", n.fenced ? QT_TRANSLATE_NOOP("Figure", "stale writes accepted") : nullptr, n.staleWritesAccepted,
         number(n.staleWritesAccepted)},
        {"unavailable_orders", n.unavailableOrders > 0 ? QT_TRANSLATE_NOOP("Figure", "orders without a lock") : nullptr, n.unavailableOrders,
         number(n.unavailableOrders)},
        {"expiries", nullptr, n.expiries, number(n.expiries)},
        {"over_deducted", n.overDeducted > 0 ? "taken without a sale" : nullptr, n.overDeducted, number(n.overDeducted)},
        {"refused_orders", n.refusedOrders > 0 ? "orders refused" : nullptr, n.refusedOrders, number(n.refusedOrders)},
        {"timed_out_orders", n.timedOutOrders > 0 ? "orders timed out" : nullptr, n.timedOutOrders,
         number(n.timedOutOrders)},
        {"undersold_orders", n.undersoldOrders > 0 ? "orders undersold" : nullptr, n.undersoldOrders,
         number(n.undersoldOrders)},
        {"errored_orders", n.erroredOrders > 0 ? "orders failed on errors" : nullptr, n.erroredOrders,
         number(n.erroredOrders)},
    };
}

namespace {
// The notes the engine writes for server faults and expiries (NodeSet::apply,
// SteppedRun), and the phrases it puts in them.
constexpr const char *kNoteFormats[] = {
    QT_TRANSLATE_NOOP("Event", "%1 killed (SIGKILL)"),
    QT_TRANSLATE_NOOP("Event", "%1 paused (SIGSTOP)"),
    QT_TRANSLATE_NOOP("Event", "%1 resumed (SIGCONT)"),
    QT_TRANSLATE_NOOP("Event", "%1 restarted (%2)"),
    QT_TRANSLATE_NOOP("Event", "%1 cut off from its master (SIGSTOP, replication link closed)"),
    QT_TRANSLATE_NOOP("Event", "%1 promoted to master (REPLICAOF NO ONE)"),
    QT_TRANSLATE_NOOP("Event", "%1 clock jumped %2 s"),
    QT_TRANSLATE_NOOP("Event", "%1 clock runs %2 % %3"),
    QT_TRANSLATE_NOOP("Event", "%1 is the master now: Sentinel s%2 announced +switch-master"),
    QT_TRANSLATE_NOOP("Event", "SENTINEL FAILOVER: Sentinel promotes a replica of its choice, without agreement"),
    QT_TRANSLATE_NOOP("Event", "%1 stalls for %2 ms (CLIENT PAUSE): commands wait"),
    QT_TRANSLATE_NOOP("Event", "%1 script cache flushed (SCRIPT FLUSH)"),
    QT_TRANSLATE_NOOP("Event", "%1 takes over its master's slots (CLUSTER FAILOVER FORCE)"),
    QT_TRANSLATE_NOOP("Event", "MOVED: %1 serves slot %2 now; the client follows"),
    QT_TRANSLATE_NOOP("Event", "ASK: slot %2 is moving to %1; the client asks there, this once"),
    QT_TRANSLATE_NOOP("Event", "Redis expired the lock of %1"),
    // The recording proxy's faults: what it tells whoever asked, then its
    // notes (an observed connection's led by its name).
    QT_TRANSLATE_NOOP("Event", "%1: link delayed by %2 ms each way (%3 connection(s) now)"),
    QT_TRANSLATE_NOOP("Event", "%1: link delay removed (%2 connection(s) now)"),
    QT_TRANSLATE_NOOP("Event", "%1: the next reply will be dropped (%2 connection(s))"),
    QT_TRANSLATE_NOOP("Event", "%1: partitioned from %2"),
    QT_TRANSLATE_NOOP("Event", "%1: partition healed"),
    QT_TRANSLATE_NOOP("Event", "%1: forwarding paused"),
    QT_TRANSLATE_NOOP("Event", "%1: forwarding resumed"),
    QT_TRANSLATE_NOOP("Event", "%1: %2 (no such connection yet)"),
    QT_TRANSLATE_NOOP("Event", "%1 link delayed by %2 ms each way"),
    QT_TRANSLATE_NOOP("Event", "%1 link delay removed"),
    QT_TRANSLATE_NOOP("Event", "%1 partitioned from %2"),
    QT_TRANSLATE_NOOP("Event", "%1 partition healed"),
    QT_TRANSLATE_NOOP("Event", "%1 reply to %2 dropped (Redis answered %3); the link is silent from now on"),
    QT_TRANSLATE_NOOP("Event", "%1 restarting (no persistence: empty)"),
    // A watched command's outcome, and an order given back (proxy/ObservedHistory).
    QT_TRANSLATE_NOOP("Event", "no reply by request (CLIENT REPLY)"),
    QT_TRANSLATE_NOOP("Event", "indeterminate: the connection closed before the client had the reply"),
    QT_TRANSLATE_NOOP("Event", "reply dropped by the proxy: Redis answered %1, the client never saw it"),
    QT_TRANSLATE_NOOP("Event", "gave the stock back (%1)"),
    // A scenario's lost reply (Run::loseReply): the note, and the reply the client library made up.
    QT_TRANSLATE_NOOP("Event", "reply lost: Redis ran it and answered %1; the client timed out after %2 ms"),
    QT_TRANSLATE_NOOP("Event", "TIMEOUT no reply within %1 ms"),
};
[[maybe_unused]] constexpr const char *kNotePhrases[] = {
    QT_TRANSLATE_NOOP("Event", "AOF replayed"),
    QT_TRANSLATE_NOOP("Event", "no persistence: empty"),
    QT_TRANSLATE_NOOP("Event", "fast"),
    QT_TRANSLATE_NOOP("Event", "slow"),
    QT_TRANSLATE_NOOP("Event", "link delay removed"),
    QT_TRANSLATE_NOOP("Event", "partition healed"),
};

// The names of EnumNames<Step> and EnumNames<EventKind>, for lupdate: kindText() and noteText() translate them.
[[maybe_unused]] constexpr const char *kStepNames[] = {
    QT_TRANSLATE_NOOP("Step", "start"),     QT_TRANSLATE_NOOP("Step", "read"),      QT_TRANSLATE_NOOP("Step", "write"),
    QT_TRANSLATE_NOOP("Step", "decrement"), QT_TRANSLATE_NOOP("Step", "compensate"), QT_TRANSLATE_NOOP("Step", "acquire"),
    QT_TRANSLATE_NOOP("Step", "expire"),    QT_TRANSLATE_NOOP("Step", "release"),   QT_TRANSLATE_NOOP("Step", "renew"),
    QT_TRANSLATE_NOOP("Step", "backoff"),   QT_TRANSLATE_NOOP("Step", "timer"),     QT_TRANSLATE_NOOP("Step", "work"),
    QT_TRANSLATE_NOOP("Step", "watch"),     QT_TRANSLATE_NOOP("Step", "multi"),     QT_TRANSLATE_NOOP("Step", "exec"),
    QT_TRANSLATE_NOOP("Step", "unwatch"),   QT_TRANSLATE_NOOP("Step", "fence"),     QT_TRANSLATE_NOOP("Step", "replicate"),
};
[[maybe_unused]] constexpr const char *kEventKindNames[] = {
    QT_TRANSLATE_NOOP("EventKind", "command"), QT_TRANSLATE_NOOP("EventKind", "sleep"),
    QT_TRANSLATE_NOOP("EventKind", "order"),   QT_TRANSLATE_NOOP("EventKind", "crash"),
    QT_TRANSLATE_NOOP("EventKind", "pause"),   QT_TRANSLATE_NOOP("EventKind", "expired"),
    QT_TRANSLATE_NOOP("EventKind", "error"),   QT_TRANSLATE_NOOP("EventKind", "server"),
    QT_TRANSLATE_NOOP("EventKind", "probe"),
};

} // namespace

QString RunAnalysis::serverText(const Event &e) const
{
    const auto said = [](const char *text) { return QCoreApplication::translate("Event", text); };
    const QString name = info.nodes.value(e.node);
    switch (e.serverAction) {
    case ServerAction::Kill:
    case ServerAction::RestartDelayed:
        return said("%1 killed (SIGKILL)").arg(name);
    case ServerAction::Pause:
        return said("%1 paused (SIGSTOP)").arg(name);
    case ServerAction::Resume:
        return said("%1 resumed (SIGCONT)").arg(name);
    case ServerAction::Restart:
        return said("%1 restarted (%2)").arg(name, said(e.dataKept ? "AOF replayed" : "no persistence: empty"));
    case ServerAction::Isolate:
        return said("%1 cut off from its master (SIGSTOP, replication link closed)").arg(name);
    case ServerAction::Promote:
        return said("%1 promoted to master (REPLICAOF NO ONE)").arg(name);
    case ServerAction::ClockJump:
        return said("%1 clock jumped %2 s").arg(name, (e.amount > 0 ? QStringLiteral("+") : QString()) + QString::number(double(e.amount) / 1000.0));
    case ServerAction::ClockDrift:
        return said("%1 clock runs %2 % %3").arg(name).arg(qRound(std::abs(e.amount - 1000) / 10.0)).arg(said(e.amount >= 1000 ? "fast" : "slow"));
    case ServerAction::SwitchMaster:
        return said("%1 is the master now: Sentinel s%2 announced +switch-master").arg(name).arg(e.amount);
    case ServerAction::SentinelFailover:
        return said("SENTINEL FAILOVER: Sentinel promotes a replica of its choice, without agreement");
    case ServerAction::ClusterFailover:
        return said("%1 takes over its master's slots (CLUSTER FAILOVER FORCE)").arg(name);
    case ServerAction::ClientPause:
        return said("%1 stalls for %2 ms (CLIENT PAUSE): commands wait").arg(name).arg(e.amount);
    case ServerAction::ScriptFlush:
        return said("%1 script cache flushed (SCRIPT FLUSH)").arg(name);
    default:
        return {}; // said in the engine's words
    }
}

// A note in one of kNoteFormats, its arguments (and the phrases among them) translated.
QString RunAnalysis::translatedNote(const QString &note)
{
    static const auto patterns = [] {
        std::vector<std::pair<const char *, QRegularExpression>> out;
        for (const char *format : kNoteFormats) {
            QString pattern = QRegularExpression::escape(QString::fromLatin1(format));
            // escape() makes "%1" "\\%1"; what is left of a '%' is a literal one.
            pattern.replace(QRegularExpression(QStringLiteral("\\\\?%\\d")), QStringLiteral("(.*)"));
            out.emplace_back(format, QRegularExpression(QLatin1Char('^') + pattern + QLatin1Char('$')));
        }
        return out;
    }();
    for (const auto &[format, pattern] : patterns) {
        const QRegularExpressionMatch m = pattern.match(note);
        if (!m.hasMatch())
            continue;
        QString text = QCoreApplication::translate("Event", format);
        for (int i = 1; i <= m.lastCapturedIndex(); ++i)
            text = text.arg(QCoreApplication::translate("Event", m.captured(i).toUtf8().constData()));
        return text;
    }
    return note;
}

QString RunAnalysis::noteText(const Event &e) const
{
    const QString step = QCoreApplication::translate("Step", nameOf(e.step));
    switch (e.kind) {
    case EventKind::Crash:
        return QCoreApplication::translate("Event", "crashed after %1").arg(step);
    case EventKind::Pause:
        return QCoreApplication::translate("Event", "paused for %1 ms after %2")
            .arg(qRound64(scenarioMs(e.durationNs)))
            .arg(step);
    case EventKind::Error:
        return e.note; // the server's own words
    case EventKind::Server:
        if (const QString said = serverText(e); !said.isEmpty())
            return said;
        return translatedNote(e.note);
    default:
        return translatedNote(e.note);
    }
}

QString RunAnalysis::kindText(const Event &e)
{
    return QCoreApplication::translate("EventKind", nameOf(e.kind)) + QStringLiteral(" \u00b7 ")
        + QCoreApplication::translate("Step", nameOf(e.step));
}

QString RunAnalysis::commandText(const Event &e, int maxArg)
{
    // Made for every label in view: built in place.
    QString text;
    bool first = true;
    for (const QByteArray &arg : e.argv) {
        if (!std::exchange(first, false))
            text += QLatin1Char(' ');
        const QString s = QString::fromUtf8(arg);
        if (s.size() > maxArg) {
            text += QStringView(s).left(maxArg - 1);
            text += QChar(0x2026);
        } else {
            text += s;
        }
    }
    text += QStringLiteral(" \u2192 ");
    text += replyText(e.reply);
    return text;
}

QString RunAnalysis::replyText(const RedisValue &reply)
{
    switch (reply.type()) {
    case RedisValue::Type::Nil: return QStringLiteral("nil");
    case RedisValue::Type::Status: return QString::fromUtf8(reply.bytes());
    case RedisValue::Type::Error: {
        // Redis's own words (NOREPLICAS, NOSCRIPT…) as they are; a client's
        // timeout (TIMEOUT, LockStock's) in the reader's language.
        const QString said = QString::fromUtf8(reply.bytes());
        return said.startsWith(QLatin1String("TIMEOUT ")) ? translatedNote(said) : said;
    }
    case RedisValue::Type::Integer: return QString::number(reply.toInteger());
    case RedisValue::Type::String: return QLatin1Char('"') + QString::fromUtf8(reply.bytes()) + QLatin1Char('"');
    case RedisValue::Type::Array: return QStringLiteral("[%1]").arg(reply.items().size());
    }
    return {};
}

} // namespace lockstock
