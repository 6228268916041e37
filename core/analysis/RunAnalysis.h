#pragma once
// One analysis of a run: what every view of it reads. RunAnalyzer turns a
// history, growing or finished, into immutable RunAnalysis snapshots: the
// events in time order, each client's belief beside what Redis held on
// every lock node, the stock as written, and the verdict with the events
// that show it. The analyzer takes only what is new since its last look, in
// time linear in the events, and a snapshot shares its lists with the ones
// before it, so a worker thread can hand a growing run to the window sixty
// times a second.

#include "SharedList.h"
#include "Verdict.h"

#include <QCoreApplication>
#include <QJsonValue>
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace lockstock {

// What the painter needs to walk a lane without touching the events: small
// and contiguous, so a lane of 100 000 scans in a few hundred microseconds.
struct LaneEvent {
    qint64 tNs;
    qint64 endNs;          // tNs + the event's duration
    int index;             // into RunAnalysis::events
    EventKind kind;
    Step step;
    // What the timeline draws of every event in view, kept here so that
    // zoomed out it reads no Event (184 bytes, far apart) but the few it labels.
    bool marked : 1 = false;    // a Mark to be drawn on this lane points at it (MarkPlace::ClientLane)
    bool watchdog : 1 = false;  // issued by the client's watchdog (ActorRole::Watchdog)
    bool success : 1 = false;   // Order events: sold
};
static_assert(sizeof(LaneEvent) == 24);

// Events of a client's lane that a zoomed-out timeline never skips (every
// marked event, sale and death is drawn), grouped by what they look like:
// of a group's events in one pixel column the first stands for the rest,
// on the same pixels and for the same finding.
struct KeptEvents {
    EventKind kind = EventKind::Command;
    std::optional<FindingKey> finding;  // what their (first) marks name; none: not marked
    qint64 longestNs = 0;               // the longest one's duration
    SharedList<int> positions;          // in the lane, in order
};

// The lock key on one node, from one value the probes saw to the next.
struct Holding {
    Span span;
    int owner = -1;            // client index; -1 when the token is nobody's we know
    QByteArray token;
    bool expired = false;      // it ended because Redis expired it
    qsizetype ttlFirst = 0;    // its samples in LockNode::ttl: [ttlFirst, ttlEnd)
    qsizetype ttlEnd = 0;
};

// Remaining TTL at a probe: the lease bar's height.
struct TtlSample {
    qint64 tNs;
    qint64 ttlNs;              // kNoTtl when the key has none
};

// A time a lock node's server could not grant the lock, from its Server events.
struct NodeOutage {
    enum class Condition : quint8 {
        Down,       // killed (SIGKILL), until it restarts
        Stopped,    // frozen (SIGSTOP), until it resumes
        Isolated,   // frozen and cut off from its master
        Stalled,    // running, but holding every command (CLIENT PAUSE) for a known while
    };
    Span span;                 // endNs -1 while it lasts
    Condition condition = Condition::Down;
};

// A change of a lock node's server that it lived through: a restart (with or
// without its data), a promotion to master, a clock jump...
struct NodeChange {
    qint64 tNs = 0;
    int event = -1;            // its Server event
    ServerAction action = ServerAction::Other;
    bool dataKept = false;     // a restart replayed its AOF
};

// A lock node's clock from a moment on, as its faults set it: how far it is
// ahead of the run's clock (negative: behind) and how fast it runs.
struct NodeClock {
    qint64 tNs = 0;
    qint64 offsetMs = 0;       // the jumps so far, in scenario ms
    int ratePermille = 1000;   // 1000: the run's own pace
};

// One lock node's truth over the run.
struct LockNode {
    SharedList<Holding> holdings;  // ended, in time order
    std::optional<Holding> open;   // the value it holds now (ends at the analysis' end)
    SharedList<TtlSample> ttl;
    // What its server went through (Server events), in time order. A node
    // that goes down holds nothing from then on.
    QList<NodeOutage> outages;
    QList<NodeChange> changes;
    QList<NodeClock> clock;        // empty while it keeps the run's time
    // With replication: from when it was the master clients lock on (-1: never).
    qint64 masterSinceNs = -1;
    qint64 masterUntilNs = -1;     // -1: still

    qsizetype holdingCount() const { return holdings.size() + (open ? 1 : 0); }
    const Holding &holding(qsizetype i) const { return i < holdings.size() ? holdings.at(i) : *open; }
    // TTL sample `k` counted down to `ns` (not before the sample), at the
    // pace the node's clock kept then: what PTTL would have said.
    qint64 ttlAt(qsizetype k, qint64 ns) const;
};

// A client held the lock on a majority of independent lock nodes (RedLock's
// quorum), as the probes read them: from this moment on.
struct Majority {
    qint64 tNs = 0;
    int client = -1;
    int nodes = 0;             // how many held its lock then
    int of = 0;                // lock nodes in all
};

// A client's retry loop on its lane: attempts at the lock, each refused one
// followed by a backoff. Lane positions [first, last].
struct RetryRun {
    qsizetype first = -1;
    qsizetype last = -1;
    int refused = 0;           // attempts Redis refused (a backoff followed them)
    int sample = -1;           // event index of the first refused attempt
};

// The stock value from a moment on.
struct StockPoint {
    qint64 tNs = 0;
    qint64 value = 0;
};

struct Overlap {
    int first = -1;            // client indexes, first < second
    int second = -1;
    Span span;
};

// The figures a run is judged by.
struct RunCounts {
    qint64 sold = 0;             // units in orders the clients believe succeeded
    qint64 expectedStock = 0;    // initial - sold
    // Units sold but missing from the stock: final minus expected once the
    // final stock is known, else what the writes that lost units lost so far.
    qint64 lostUpdates = 0;
    qint64 oversold = 0;         // units sold beyond the initial stock
    int ordersTried = 0;
    int ordersSucceeded = 0;
    int exclusionViolations = 0; // overlaps: two clients believed they held the lock
    qint64 overlapNs = 0;
    int foreignReleases = 0;     // a release deleted someone else's lock
    int foreignRenewals = 0;     // a renewal or EXPIRE extended someone else's lock
    qint64 stuckNs = 0;          // a lock without TTL after its owner died
    bool fenced = false;         // clients took fencing tokens
    int staleWritesRefused = 0;  // the store refused an older token
    int staleWritesAccepted = 0; // writes after a newer holder had read: what fencing stops
    int staleWrites = 0;         // stock writes from a read another client's later write had made stale
    int unavailableOrders = 0;   // orders that failed because lock nodes could not be reached
    int lateRenewals = 0;
    int lockGone = 0;
    int expiries = 0;            // Redis expired a lock the probes had seen
    qint64 overDeducted = 0;     // units taken from the stock without a sale
    // Failed orders that would have fitted in the stock left unsold at the end:
    int refusedOrders = 0;       // the lock was busy at the one try (no retry)
    int timedOutOrders = 0;      // gave up waiting for the lock
    int undersoldOrders = 0;     // refused without a lock involved (a reservation counter)
    int erroredOrders = 0;       // failed on an error reply (NOSCRIPT, OOM, a lost reply)
};

// One line of the CLI's table and one key of --json: every figure is listed
// once, in RunAnalysis::figures().
struct Figure {
    const char *key;             // the JSON key: "lost_updates"
    const char *label;           // the table's label (QT_TRANSLATE_NOOP("Figure", ...)); null: JSON only
    QJsonValue value;
    QString text;                // as the table prints it, in the UI language

    QString labelText() const { return QCoreApplication::translate("Figure", label); }
};

class RunAnalysis {
public:
    RunInfo info;
    bool finished = false;
    bool interrupted = false;      // stopped before the end of the history: figures are partial
    qint64 endNs = 0;              // the end of the run, or the last moment seen so far
    qint64 finalStock = kUnknown;
    bool probed = false;           // stepped probes read the lock after every step
    qint64 leaseNs = 0;            // the longest TTL Redis reported: the lease bar's full height

    SharedList<Event> events;      // in time order
    SharedList<int> commands;      // the events that are Redis commands (MONITOR's rows)
    SharedList<int> serverFaults;  // Server events
    QList<SharedList<LaneEvent>> lanes;   // per client, in time order
    // Per client: the events of its lane a zoomed-out view never skips.
    QList<QList<KeptEvents>> keptInLanes;
    QList<SharedList<Span>> beliefs;      // per client: when it believed it held the lock
    QList<std::optional<qint64>> openBeliefs; // per client: believing since, still
    QList<SharedList<Span>> beliefGaps;   // per client: believed it held the lock while Redis did not hold it for it
    QList<QList<Span>> openBeliefGaps;    // per client: the same within the open belief
    QList<LockNode> nodes;         // per lock node
    QList<Majority> majorities;    // independent masters: each time a client reached a quorum
    SharedList<StockPoint> stock;  // the value in Redis (probes), or as the clients wrote it
    std::pair<qint64, qint64> stockRange; // the lowest and highest of `stock`
    // Initial minus what was sold so far, and what orders under way took:
    // a sale's units leave it where its write or deduction took them.
    SharedList<StockPoint> expectedStock;
    SharedList<Mark> marks;        // by event
    QList<Overlap> overlaps;       // by start
    RunCounts counts;
    // Per RunInfo::turns: its strategy's orders sent a command by now.
    QList<bool> turnsRun;
    Verdict verdict;

    int clientCount() const { return int(info.clients.size()); }
    double scenarioMs(qint64 ns) const { return info.scenarioMs(ns); }
    qint64 clockNs(double scenarioMs) const { return info.clockNs(scenarioMs); }
    double durationMs() const { return scenarioMs(endNs); }
    bool clean() const { return verdict.clean(); }
    // Some order ran the broken side of the run's lesson (forked: a turn's
    // strategy whose orders sent a command); never forked: the run's.
    bool ranBrokenSide() const;
    QStringList findings() const { return verdict.sentences(info); }

    // Client c's belief spans, the open one (ended at endNs) last.
    qsizetype beliefCount(int c) const;
    Span belief(int c, qsizetype i) const;
    // The first event at or after `ns` (binary search).
    int firstAtOrAfter(qint64 ns) const;
    // The last event of `client` at or before `ns` that has a line of code; -1 if none.
    int lastCodeEventOf(int client, qint64 ns) const;
    // The retry loop around lane position `pos` of `client`; refused == 0 when
    // it is not in one. Costs the length of the loop.
    RetryRun retryRunAt(int client, qsizetype pos) const;
    // The last event at or before `ns` that carries a probe; -1 if none.
    int lastProbeAt(qint64 ns) const;
    // What lock node `node` held at `ns` (at most the analysis' end), as its
    // lane draws it: the holding then, and its TTL counted down from the
    // last probe before `ns` (Redis's clock is the run's on the virtual clock).
    struct LockAt {
        bool probed = false;       // the node was read by then
        QByteArray token;          // empty: no key
        int owner = -1;
        qint64 ttlNs = kNoKey;     // kNoTtl without expiry
    };
    LockAt lockAt(int node, qint64 ns) const;
    // The stock at `ns`, as its lane draws it, and what was expected of it then.
    qint64 stockAt(qint64 ns) const;
    qint64 expectedStockAt(qint64 ns) const;
    // What event `event` changed: the client's belief and what Redis held
    // just before it and right after it (the inspector's before → after).
    struct Change {
        bool heldBefore = false;          // the client's belief before the event
        bool holdsAfter = false;
        const Probe *before = nullptr;    // the last probe before the event; null: none yet
        const Probe *after = nullptr;     // the event's own probe; null: nothing was read then
    };
    Change changeAt(int event) const;
    // The first mark on an event whose finding the verdict has (those on its
    // client's lane come first), of those drawn at `place` if given; null when there is none.
    const Mark *markAt(int event, std::optional<MarkPlace> place = std::nullopt) const;
    // What the marks on an event say (those the verdict has), joined: all of
    // them, or those drawn at `place`.
    QString markTextAt(int event, std::optional<MarkPlace> place = std::nullopt) const;
    // The finding markAt() shows (null when it has none now) and its severity.
    const Finding *findingAt(int event, std::optional<MarkPlace> place = std::nullopt) const;
    // Every figure, for the table and the JSON.
    QList<Figure> figures() const;
    // The first of the marks on `event` (they are in event order); past them when it has none.
    SharedList<Mark>::const_iterator firstMarkOf(int event) const;

    // An event's note in the UI language. The engine records its notes in
    // English (the history's JSON keeps them so); crashes, pauses and expiries
    // are said again from their fields, server faults from the formats the
    // engine writes them in. An error's note is the server's own words.
    QString noteText(const Event &e) const;
    // A Server event said from its fields (ServerAction); empty for those the engine's note says best.
    QString serverText(const Event &e) const;
    // A note or message the engine or the proxy writes in English, in the
    // UI language when it is in one of the formats known; as it is otherwise.
    static QString translatedNote(const QString &note);
    // What happened and in which step, in the UI language: "command · acquire".
    static QString kindText(const Event &e);

    // The label a timeline prints for a command: "SET lock:10086 … NX PX 200 → OK".
    static QString commandText(const Event &e, int maxArg = 12);
    static QString replyText(const RedisValue &reply);
};

// Builds RunAnalysis snapshots from a history as it grows. Not thread-safe:
// one analyzer per history, used from one thread; its snapshots may go anywhere.
class RunAnalyzer {
public:
    // How events reach the history. Stepped runs append from one thread in
    // time order; live runs from a thread per client, each in time order.
    enum class Arrival : quint8 { InOrder, PerClient };

    explicit RunAnalyzer(RunInfo info, Arrival arrival = Arrival::InOrder,
                         const std::atomic<bool> *interrupt = nullptr);
    ~RunAnalyzer();

    // Takes what `history` recorded since the last call, and its end once it
    // is finished. True when the analysis changed.
    bool update(const History &history);
    std::shared_ptr<const RunAnalysis> snapshot() const;
    // The events of the last update() whose mark appeared (for per-row model updates).
    const QList<int> &newlyMarked() const { return m_newlyMarked; }
    // True when the last update() had to start over (an event arrived out of order).
    bool restarted() const { return m_restarted; }

private:
    struct State;
    // Analyses events just read; false when one is older than what is done.
    bool take(QList<Event> fresh, bool finishing, qint64 presentNs);
    // The analysis reaches the run's present: its end, and what Redis held
    // after the last step. True when that changed it.
    bool reachPresent(qint64 presentNs);
    void commit(Event e);
    // A fork records its turn (History::turns) before the events after it.
    void adoptTurns(const History &history);
    void finishWith(const History &history);
    void rebuild(const History &history);

    RunInfo m_info;
    Arrival m_arrival;
    const std::atomic<bool> *m_interrupt;
    std::unique_ptr<State> m_state;
    qsizetype m_consumed = 0;
    QList<int> m_newlyMarked;
    bool m_restarted = false;
};

// The moment an event was known by: a command's once its reply came (or it
// ended without one); a sleep or a pause from its start, though it lasts
// beyond it; an order when it ends (its duration, the order's latency,
// reaches back to its start). An analysis at an instant holds the events
// known by then.
qint64 knownAtNs(const Event &e);

// A finished (or stopped) history in one go: the CLI, stress and the tests.
std::shared_ptr<const RunAnalysis> analyze(const History &history, const std::atomic<bool> *interrupt = nullptr);

} // namespace lockstock
