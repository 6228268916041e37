#pragma once
// What a timeline shows, derived once from a run's history: the events in
// time order, the checker's outcome, who Redis says holds the lock (with its
// lease), what each client believes, the stock over time and the races. The
// painter, the panels, `shot` and the bench all read this; nothing here knows
// about pixels.

#include "engine/Checker.h"

#include <QHash>
#include <QSet>
#include <QList>
#include <memory>

namespace lockstock {

// A stretch of time in real nanoseconds since the run started.
struct Span {
    qint64 startNs = 0;
    qint64 endNs = 0;
};

// The lock as Redis held it, from the probes after each step.
struct Holding {
    Span span;
    int owner = -1;             // client index; -1 when the token is nobody's we know
    QByteArray token;
    bool expired = false;       // it ended because Redis expired it
    // Remaining TTL at each probe (real ns, kNoTtl when none): the lease bar.
    QList<std::pair<qint64, qint64>> ttl;
};

// What the painter needs to walk a lane without touching the events
// themselves: small and contiguous, so a lane of 100 000 scans in a few
// hundred microseconds where the scattered events would miss the cache.
struct LaneEvent {
    qint64 tNs;
    qint64 endNs;          // tNs + the event's duration
    int index;             // into TimelineData::events
    EventKind kind;
    Step step;
    bool race = false;     // TimelineData::raceAt has a text for it
};

// The stock value from a moment on.
struct StockPoint {
    qint64 tNs = 0;
    qint64 value = 0;
};

class TimelineData {
public:
    static std::shared_ptr<const TimelineData> build(const History &history);
    // A run that has not produced anything yet.
    static std::shared_ptr<const TimelineData> empty(const RunInfo &info);

    RunInfo info;
    QList<Event> events;              // sorted by time
    Outcome outcome;
    QStringList findings;             // the verdict in plain words
    bool finished = false;
    qint64 endNs = 0;                 // the last moment worth drawing
    bool probed = false;              // the truth lane exists (stepped runs)
    qint64 leaseNs = 0;               // the longest TTL Redis reported: the lease bar's full height

    QList<QList<LaneEvent>> laneEvents; // per client, in time order
    QList<QList<Span>> beliefs;       // per client: when it believed it held the lock
    QList<QList<Span>> beliefGaps;    // per client: believed it held it while Redis held it for someone else or nobody
    QList<Holding> holdings;          // the lock in Redis, in time order
    QList<StockPoint> stock;          // the value in Redis
    QList<StockPoint> expectedStock;  // initial minus what was sold so far
    QList<int> sameValueWrites;       // writes that repeated a value already written (lost updates)
    QList<int> oversoldOrders;        // Order events sold beyond the stock
    QList<int> serverFaults;          // Server events: a redis-server killed, paused, restarted...

    int clientCount() const { return int(info.clients.size()); }
    double scenarioMs(qint64 ns) const { return double(ns) * info.speed / 1e6; }
    qint64 realNs(double scenarioMs) const { return qint64(scenarioMs * 1e6 / info.speed); }
    double durationMs() const { return scenarioMs(endNs); }
    // The first event at or after `ns` (binary search).
    int firstAtOrAfter(qint64 ns) const;
    // The last event of `client` at or before `ns` that has a line of code; -1 if none.
    int lastCodeEventOf(int client, qint64 ns) const;
    // The last event at or before `ns` that probed Redis; -1 if none.
    int lastProbeAt(qint64 ns) const;
    // The events flagged as a race, with why (for highlighting and the details panel).
    QString raceAt(int eventIndex) const;

    // The label a timeline prints for a command: "SET lock:10086 … NX PX 200 → OK".
    static QString commandText(const Event &e, int maxArg = 12);
    static QString replyText(const RedisValue &reply);

private:
    void derive();
    void deriveBeliefGaps();
    QHash<int, QString> m_races;
};

} // namespace lockstock
