#pragma once
// Everything a run needs besides the strategy: who the clients are, the stock,
// the timings (in scenario milliseconds) and the faults to inject.

#include "Event.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <optional>

namespace lockstock {

struct ClientSpec {
    QString name;
    qint64 startMs = 0;     // joins the run this late
    int orders = -1;        // orders this client places; -1: the run's ordersPerClient
    qint64 rttMs = -1;      // its link's round trip (virtual time); -1: the run's rttMs
    qint64 quantity = -1;   // units per order; -1: the run's quantity
    // The pace of its own clock: 0.8 runs 20 % slow. Everything it times
    // by that clock stretches (sleeps, work, back-off) and what it measures
    // (elapsed time, a lease's validity) reads short.
    double clockRate = 1.0;
    // A partition: replies from these lock nodes reach it this much later
    // (the commands themselves arrive and run in time).
    QList<int> partitionedFrom;
    qint64 partitionDelayMs = 0;

    bool operator==(const ClientSpec &) const = default;
};

struct Fault {
    enum class Action : quint8 {
        Crash,          // the process dies
        Pause,          // the whole process freezes for pauseMs (a GC pause)
        StarveWatchdog, // its watchdog gets no CPU for pauseMs; the work goes on
        HangWorker,     // its work hangs for pauseMs; the watchdog goes on renewing
        LoseReply,      // the command of step `after` runs, but its reply is lost:
                        // the client times out after timeoutMs
    };
    QString client;
    Step after = Step::Acquire; // right after the client's first step of this kind...
    int order = 0;              // ...in this order (-1: any order)
    Action action = Action::Crash;
    qint64 pauseMs = 0;
    qint64 timeoutMs = 0;       // LoseReply: how long the client waits for the reply

    bool operator==(const Fault &) const = default;
};
template <>
struct EnumNames<Fault::Action> {
    static constexpr EnumName<Fault::Action> table[] = {
        {Fault::Action::Crash, "crash"},
        {Fault::Action::Pause, "pause"},
        {Fault::Action::StarveWatchdog, "starve_watchdog"},
        {Fault::Action::HangWorker, "hang_worker"},
        {Fault::Action::LoseReply, "lose_reply"},
    };
};

// The Redis servers of a run. Without "nodes" a run uses one server for the
// lock and the stock (private or --redis). With it, the run starts its own
// servers: `count` lock nodes and a separate store for the stock and the
// fencing counter (the resource the lock protects), so that faults on the
// lock nodes never touch the data being sold.
struct NodeSpec {
    enum class Kind : quint8 {
        Single,      // one server for everything (the default)
        Masters,     // `count` independent masters (RedLock)
        Replicated,  // a master and count-1 replicas; clients lock on the current master
        Cluster,     // Redis Cluster: count/2 masters (n1..), each with one replica
                     // (n1's is the first after the masters); clients route by slot
    };
    Kind kind = Kind::Single;
    int count = 1;
    bool persistence = false;   // AOF fsync always on the lock nodes
    // Per lock node, the round trip of a command to it (virtual time): a slow
    // node. Missing entries and -1 take the run's rttMs.
    QList<qint64> rttMs;
    // maxmemory on the lock nodes (bytes; 0: none) and its policy
    // ("allkeys-lru" evicts any key, the lock's too, under memory pressure).
    qint64 maxMemory = 0;
    QString maxMemoryPolicy;
    // Replicated: this many real redis-sentinel processes watch the master
    // (quorum: a majority of them). They, not the run, decide when it is
    // down and which replica takes over; clients ask them for the master.
    // Their timers read the wall clock and act on their own event loop, so
    // a run with sentinels is on the real clock (RunScenario's runClockFor).
    int sentinels = 0;

    // Cluster: the masters, each with one replica.
    int shards() const { return kind == Kind::Cluster ? count / 2 : 0; }
    // Processes that act on their own timers by the wall clock (Sentinel,
    // the cluster bus's gossip and failover): such a run is on the real clock.
    bool ownTimers() const { return sentinels > 0 || kind == Kind::Cluster; }

    bool operator==(const NodeSpec &) const = default;
};
template <>
struct EnumNames<NodeSpec::Kind> {
    static constexpr EnumName<NodeSpec::Kind> table[] = {
        {NodeSpec::Kind::Single, "single"}, {NodeSpec::Kind::Masters, "masters"}, {NodeSpec::Kind::Replicated, "replicated"},
        {NodeSpec::Kind::Cluster, "cluster"}};
};

// A real fault on a lock node's redis-server process.
struct ServerFault {
    using Action = ServerAction;
    int node = 0;               // lock node index
    Action action = Action::Kill;
    qint64 atMs = -1;           // at this scenario time, or else...
    QString client;             // ...right after this client's first step of `after`
    Step after = Step::Acquire;
    int order = 0;              // in this order (-1: any order)
    qint64 delayMs = 0;
    qint64 jumpMs = 0;          // ClockJump: scenario ms, forward when positive
    double rate = 1.0;          // ClockDrift: 1.2 is 20 % fast

    bool operator==(const ServerFault &) const = default;
};
enum class Schedule : quint8 {
    Timed,       // whoever is ready first goes first (the default)
    Scripted,    // the scenario's interleaving, then timed
    Random,      // a seeded random pick among the ready clients
    Interactive, // the caller says which client steps
};
template <>
struct EnumNames<Schedule> {
    static constexpr EnumName<Schedule> table[] = {{Schedule::Timed, "timed"}, {Schedule::Scripted, "scripted"},
                                                   {Schedule::Random, "random"}, {Schedule::Interactive, "interactive"}};
};

struct RunConfig {
    QString scenario = QStringLiteral("custom");
    QList<ClientSpec> clients;
    qint64 stock = 100;
    int ordersPerClient = 1;
    qint64 quantity = 1;           // units per order (ClientSpec::quantity overrides)
    qint64 leaseMs = 10000;
    qint64 workMs = 0;
    qint64 retryMs = 100;
    qint64 acquireTimeoutMs = 10000;
    qint64 maxRunMs = 600000;      // a run that takes longer is stopped
    // Real ms every connection of the run waits for a reply before the run
    // stops with "no answer" (a stalled or SIGSTOP'd server must not hang us).
    int commandTimeoutMs = 5000;
    // Virtual time: what a command costs. It reaches the server after half
    // the round trip and its reply the client after the other half (client
    // and node overrides: ClientSpec::rttMs, NodeSpec::rttMs; the slower of
    // the two counts). A lock node that does not answer costs nodeTimeoutMs.
    qint64 rttMs = 1;
    qint64 nodeTimeoutMs = 50;
    // Raised from outside (Ctrl-C, SIGTERM): the run stops at its next step,
    // says "interrupted" and keeps its history, so the caller can clean up.
    const std::atomic<bool> *interrupt = nullptr;
    // Scenario ms per real ms for a run on the real clock (live, stress,
    // --redis): leases, work and back-off are scaled by it. A virtual-time
    // run sends the scenario's own numbers whatever it is.
    double speed = 1.0;
    // How fast the window plays a virtual-time run, in scenario ms per real
    // ms: presentation only, Redis never sees it.
    double playbackSpeed = 1.0;
    QList<Fault> faults;
    NodeSpec nodes;
    QList<ServerFault> serverFaults;
    QStringList interleaving;      // client names, one per step
    Schedule schedule = Schedule::Timed;
    quint64 seed = 1;
    bool probe = true;             // read the truth from Redis after each step
    // Which side of its scenario's broken/correct pair the strategy runs on
    // (Scenario::correctHere); unset: what the strategy says of itself.
    std::optional<bool> correctSide;
    QByteArray keyPrefix;          // empty on a private server
    QByteArray resource = "10086"; // the product being sold

    QByteArray lockKey() const { return keyPrefix + "lock:" + resource; }
    QByteArray stockKey() const { return keyPrefix + "stock:" + resource; }
    QByteArray fenceKey() const { return keyPrefix + "fence:" + resource; }
    // Units reserved so far, for reservation by INCRBY.
    QByteArray reservedKey() const { return keyPrefix + "reserved:" + resource; }
    // The orders whose deduction was applied, for deducting exactly once.
    QByteArray appliedOrdersKey() const { return keyPrefix + "applied:" + resource; }
    qint64 quantityOf(int client) const
    {
        const qint64 q = clients.value(client).quantity;
        return q > 0 ? q : quantity;
    }
    // The highest fencing token the stock store has seen.
    QByteArray fenceSeenKey() const { return keyPrefix + "fence-seen:" + resource; }
    // Runs with a topology or server faults start their own servers.
    bool needsPrivateServers() const { return nodes.kind != NodeSpec::Kind::Single || !serverFaults.isEmpty(); }

    // Field by field (a scenario written and read again is the same run).
    bool operator==(const RunConfig &) const = default;
};

} // namespace lockstock
