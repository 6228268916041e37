#pragma once
// The append-only record of a run. Runs append from their threads; viewers
// copy what is new with eventsSince() from any thread.

#include "Event.h"

#include <QList>
#include <QMutex>
#include <QStringList>
#include <algorithm>
#include <vector>

namespace lockstock {

// The clock a run's times are on. Virtual: the run's own (stepped runs on
// servers LockStock started), where a scenario millisecond is a clock
// millisecond. Real: the machine's (live threads, stress, --redis), where
// the scenario's timings are scaled by its speed.
enum class ClockKind : quint8 { Virtual, Real };
template <>
struct EnumNames<ClockKind> {
    static constexpr EnumName<ClockKind> table[] = {{ClockKind::Virtual, "virtual"}, {ClockKind::Real, "real"}};
};

// A fork's change of strategy (Run::continueWith): from `atNs` on, each
// client's orders from firstOrders[c] on ran `strategy`; an order under way
// then (midOrder[c]) finished the way it began.
struct StrategyTurn {
    qint64 atNs = 0;
    QString strategy;
    bool brokenSide = false;   // as RunInfo's
    const char *weakness = nullptr;
    QList<int> firstOrders;    // per client; its order count when it runs none
    QList<bool> midOrder;      // per client
};

struct RunInfo {
    QString scenario;
    QString strategy;
    QStringList clients;
    QList<int> orders;         // how many orders each client places
    qint64 initialStock = 0;
    qint64 quantity = 1;
    QList<qint64> quantities;  // per client, when they differ from `quantity`
    ClockKind clock = ClockKind::Virtual;
    double speed = 1.0;        // scenario ms per clock ms: 1 on the virtual clock
    qint64 leaseMs = 0;        // the lock's lease, in scenario ms
    QByteArray lockKey;
    QByteArray stockKey;
    QStringList nodes;         // server names ("n1".., "store") when the run has several
    bool replicated = false;   // the lock nodes are a master and its replicas, not independent masters
    // Redis Cluster: this many masters (n1..), the replica of each after
    // them (n1's is n<shards+1>); 0 otherwise. Replicated too: no quorum.
    int shards = 0;
    // The strategy is the broken side of this run's lesson (or says of
    // itself that it is broken), and what breaks it (Strategy::weakness).
    bool brokenSide = false;
    const char *weakness = nullptr;
    // A forked run: the strategy it began with (turn 0, every firstOrder 0)
    // and each fork's; the fields above are the last one's. Empty when the
    // run was never forked to another strategy.
    QList<StrategyTurn> turns;

    qint64 quantityOf(int client) const { return quantities.value(client, quantity); }
    // One past the last order of `client` that turn `k`'s strategy runs.
    int turnEnd(int k, int client) const
    {
        return k + 1 < turns.size() ? turns.at(k + 1).firstOrders.value(client) : orders.value(client);
    }
    // The turn whose strategy ran `order` of `client`; -1 when never forked.
    int turnOf(int client, int order) const
    {
        int turn = int(turns.size()) - 1;
        while (turn > 0 && order < turns.at(turn).firstOrders.value(client))
            --turn;
        return turn;
    }

    // The one conversion between the scenario's milliseconds and the run's
    // clock (Event::tNs and durationNs are clock ns since the run started).
    double scenarioMs(qint64 clockNs) const { return double(clockNs) * speed / 1e6; }
    qint64 clockNs(double scenarioMs) const { return qint64(scenarioMs * 1e6 / speed); }
    // Scenario milliseconds as the milliseconds Redis is told (PX, WAIT), at least 1.
    qint64 redisMs(qint64 scenarioMs) const { return std::max<qint64>(1, qint64(double(scenarioMs) / speed + 0.5)); }
};

// Failed lock attempts of one client that a history counted rather than
// kept (see History::setTallyRetries): how many, from when to when.
struct RetryTally {
    qint64 count = 0;
    qint64 firstNs = -1;
    qint64 lastNs = -1;
};

class History {
public:
    // Events a history keeps by default: a few hundred bytes each, so a run
    // that would record more (a live run with absurd orders) stops instead
    // of taking the machine's memory.
    static constexpr qsizetype kDefaultLimit = 2'000'000;

    explicit History(RunInfo info = {}) : m_info(std::move(info)) {}

    // Read by the run's own thread, or once it is over.
    const RunInfo &info() const { return m_info; }
    void setInfo(RunInfo info);
    // RunInfo::turns as they stand, from any thread: a fork adds one while
    // viewers read the history.
    QList<StrategyTurn> turns() const;

    // Appends `e`; false (and `e` dropped) once the history holds limit()
    // events. Error events, which end a run, are always kept.
    bool append(Event e);
    qsizetype limit() const { return m_limit; }
    void setLimit(qsizetype events) { m_limit = events; }

    // Stress runs count a client's failed lock attempts and the back-off
    // sleeps between them instead of recording each (Run::step): nobody
    // draws them, and under contention they are most of a history.
    void setTallyRetries(bool on) { m_tallyRetries = on; }
    bool talliesRetries() const { return m_tallyRetries; }
    void tallyRetry(int client, qint64 tNs);
    // One entry per client that tallied any (index = client).
    QList<RetryTally> retryTallies() const;
    // At most `max` of them (all with -1): a reader can take a long history in parts.
    QList<Event> eventsSince(qsizetype first, qsizetype max = -1) const;
    QList<Event> events() const { return eventsSince(0); }
    qsizetype size() const;

    // How far a run on the virtual clock has played: every event recorded
    // so far began by `ns`, and what the views show of the run ends there (a
    // work step recorded now may last beyond it). An event recorded later
    // may still begin a little earlier (a command sent half a round trip
    // before a reply another client already had): the analysis then starts
    // over. Runs that never call it (real clock) are shown up to their last
    // event.
    void advancePresent(qint64 ns);
    // -1 when advancePresent() was never called.
    qint64 presentNs() const;

    // Set once the run is over.
    void finish(qint64 finalStock, qint64 endNs);
    bool isFinished() const;
    qint64 finalStock() const;
    qint64 endNs() const;

    // Clock nanoseconds since the start, in the scenario's milliseconds.
    double scenarioMs(qint64 ns) const { return m_info.scenarioMs(ns); }

private:
    RunInfo m_info;
    mutable QMutex m_lock;
    // Fixed-size chunks, never reallocated: an append costs one event, not a
    // move of the whole history when a single array would have to grow, and a
    // stress run's memory is its events, not twice that. Small enough that
    // the unused end of the last one is a few percent of a short history.
    static constexpr size_t kChunk = 256;
    std::vector<std::vector<Event>> m_chunks;
    qsizetype m_size = 0;
    qsizetype m_limit = kDefaultLimit;
    bool m_tallyRetries = false;
    QList<RetryTally> m_retries;
    bool m_finished = false;
    qint64 m_finalStock = kUnknown;
    qint64 m_endNs = 0;
    qint64 m_presentNs = -1;
};

} // namespace lockstock
