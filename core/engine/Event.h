#pragma once
// One entry of a run's history: what a client did, what Redis answered, what
// the client believed afterwards, and (in stepped runs) what Redis really held.

#include "EnumNames.h"

#include "../redis/RedisConnection.h"
#include "../redis/RedisValue.h"

#include <QByteArray>
#include <limits>
#include <memory>

namespace lockstock {

// What a step means to the lesson. The checker reads these, never the argv.
enum class Step : quint8 {
    Start,       // the client's start offset
    ReadStock,
    WriteStock,
    Decrement,   // DECRBY / Lua check-and-decrement
    Compensate,  // INCRBY back after overselling
    Acquire,
    Expire,      // the separate EXPIRE after SETNX
    Release,
    Renew,       // watchdog lease extension
    Backoff,     // sleep between acquire attempts
    Timer,       // the watchdog waiting for its next renewal
    Work,        // the business work done while holding the lock
    Watch,
    Multi,
    Exec,
    Unwatch,
    Fence,       // fetch a fencing token
    Replicate,   // WAIT for replicas to acknowledge the lock
    Other,       // an observed program's command on neither lock nor stock (lockstock observe)
    Inspect,     // read the lock to decide (GET, TTL, WATCH of the lock key)
    Reserve,     // INCRBY / DECRBY of a reservation counter
    LoadScript,  // SCRIPT LOAD again after a NOSCRIPT reply
};
template <>
struct EnumNames<Step> {
    static constexpr EnumName<Step> table[] = {
        {Step::Start, "start"},       {Step::ReadStock, "read"},   {Step::WriteStock, "write"},
        {Step::Decrement, "decrement"}, {Step::Compensate, "compensate"}, {Step::Acquire, "acquire"},
        {Step::Expire, "expire"},     {Step::Release, "release"}, {Step::Renew, "renew"},
        {Step::Backoff, "backoff"},   {Step::Timer, "timer"},     {Step::Work, "work"},
        {Step::Watch, "watch"},       {Step::Multi, "multi"},     {Step::Exec, "exec"},
        {Step::Unwatch, "unwatch"},   {Step::Fence, "fence"},     {Step::Replicate, "replicate"},
        {Step::Other, "other"},
        {Step::Inspect, "inspect"},   {Step::Reserve, "reserve"}, {Step::LoadScript, "load"},
    };
};
// Steps about the stock (and its fencing) rather than the lock: with several
// servers they go to the store, the others to the lock nodes.
bool isStoreStep(Step step);

enum class EventKind : quint8 {
    Command,  // a Redis command and its reply
    Sleep,    // the client waited: work or back-off (durationNs)
    Order,    // an order finished; success in `success`
    Crash,    // fault: the client process died
    Pause,    // fault: the client process froze for durationNs
    Expired,  // observed: Redis no longer holds the lock the last probe saw
    Error,    // the run stopped: message in `note`
    Server,   // fault: something happened to a redis-server process (note; node)
    Probe,    // observed: what Redis held when no step marks the moment (a run's end)
};
template <>
struct EnumNames<EventKind> {
    static constexpr EnumName<EventKind> table[] = {
        {EventKind::Command, "command"}, {EventKind::Sleep, "sleep"}, {EventKind::Order, "order"},
        {EventKind::Crash, "crash"},     {EventKind::Pause, "pause"}, {EventKind::Expired, "expired"},
        {EventKind::Error, "error"},     {EventKind::Server, "server"}, {EventKind::Probe, "probe"},
    };
};

// What a run did to one of its redis-servers (a Server event; a scenario's
// server_faults name them so).
enum class ServerAction : quint8 {
    Kill,            // SIGKILL
    Pause,           // SIGSTOP (resumed after delayMs when > 0)
    Resume,          // SIGCONT
    Restart,         // kill, then start again at once (data only with persistence)
    RestartDelayed,  // kill, then start again delayMs later
    Promote,         // REPLICAOF NO ONE: this node becomes the master clients use
    Isolate,         // a replica: SIGSTOP and its replication link closed, so
                     // nothing written from now on reaches it (resume ends it)
    ClockJump,       // its wall clock jumps by jumpMs: keys expire by that clock
    ClockDrift,      // its wall clock runs at `rate` times the run's pace from now on
    FillMemory,      // another application writes a cache value that takes it past
                     // maxmemory: the eviction policy decides what goes
    ClientPause,     // CLIENT PAUSE delayMs: a latency spike, every client waits
    ScriptFlush,     // SCRIPT FLUSH: scripts loaded by SCRIPT LOAD are gone
    SentinelFailover, // SENTINEL FAILOVER asked of a sentinel: it promotes a replica of its
                     // own choice without waiting for agreement (an operator's action)
    ClusterFailover, // CLUSTER FAILOVER FORCE on a replica of a cluster: it takes its master's
                     // slots once a majority of the masters vote for it, without asking the master
    Sentinel,        // observed: a sentinel said something about this node (+sdown, +odown,
                     // +elected-leader...); the note is its event, `amount` which sentinel
    SwitchMaster,    // observed: Sentinel's +switch-master, this node is the master now
    Other,           // recorded by an observer that says in words what it did (no name)
};
template <>
struct EnumNames<ServerAction> {
    static constexpr EnumName<ServerAction> table[] = {
        {ServerAction::Kill, "kill"},       {ServerAction::Pause, "pause"},
        {ServerAction::Resume, "resume"},   {ServerAction::Restart, "restart"},
        {ServerAction::RestartDelayed, "restart_delayed"}, {ServerAction::Promote, "promote"},
        {ServerAction::Isolate, "isolate"}, {ServerAction::ClockJump, "clock_jump"},
        {ServerAction::ClockDrift, "clock_drift"}, {ServerAction::FillMemory, "fill_memory"},
        {ServerAction::ClientPause, "client_pause"}, {ServerAction::ScriptFlush, "script_flush"},
        {ServerAction::SentinelFailover, "sentinel_failover"}, {ServerAction::Sentinel, "sentinel"},
        {ServerAction::ClusterFailover, "cluster_failover"},
        {ServerAction::SwitchMaster, "switch_master"},
    };
};

enum class ActorRole : quint8 { Main, Watchdog };
template <>
struct EnumNames<ActorRole> {
    static constexpr EnumName<ActorRole> table[] = {{ActorRole::Main, "main"}, {ActorRole::Watchdog, "watchdog"}};
};

inline constexpr qint64 kUnknown = std::numeric_limits<qint64>::min();
inline constexpr qint64 kNoKey = -2;   // PTTL of a missing key
inline constexpr qint64 kNoTtl = -1;   // PTTL of a key without expiry

// The lock key on one lock node, as a probe read it.
struct LockTruth {
    QByteArray value;          // the holder's token; empty when there is no key
    qint64 pttl = kUnknown;    // PTTL in real ms (kNoKey, kNoTtl); kUnknown: the node did not answer
};

// What Redis held right after an event (stepped runs probe after every
// step; every run probes once at its end). Shared and immutable: events
// that carry none pay one null pointer.
struct Probe {
    // When Redis was read, on the run's clock: on the virtual clock the
    // servers' time, which may be before the step's reply reached its
    // client (a slow link); -1: right after the event's reply.
    qint64 atNs = -1;
    qint64 stock = kUnknown;
    QList<LockTruth> locks;    // by lock node; empty when the lock was not read
    const LockTruth *lockOn(int node) const { return node >= 0 && node < locks.size() ? &locks.at(node) : nullptr; }
};

// Laid out without padding (stress runs keep hundreds of thousands): the
// small fields share one 16-byte block.
struct Event {
    qint64 tNs = 0;            // on the run's clock (RunInfo::clock), since the run started
    qint64 durationNs = 0;     // command round trip, sleep or pause length
    qint32 client = -1;        // index into the run's clients; -1: Redis itself
    qint32 order = -1;         // which of the client's orders
    qint32 sourceLine = 0;
    EventKind kind = EventKind::Command;
    Step step = Step::Start;
    ActorRole role = ActorRole::Main;
    quint8 node : 6 = 0;       // which server of the run (RunInfo::nodes); 0 with one server
    bool success : 1 = false;  // Order events
    bool holds : 1 = false;    // the client believes it holds the lock (after this event)
    // Server events: what happened to server `node`. A restart says whether
    // the server came back with its data (AOF replayed); `amount` is the
    // clock jump or CLIENT PAUSE in scenario ms, a drift's rate in per mille,
    // maxmemory in KiB. The note says it in English for the JSON.
    ServerAction serverAction = ServerAction::Other;
    bool dataKept = false;
    qint32 amount = 0;
    const char *sourceFile = nullptr; // the strategy code that issued it
    PackedArgv argv;           // the command, packed: a history keeps millions
    RedisValue reply;
    QByteArray token;          // the client's lock token, when it has one
    QString note;
    // WriteStock: the stock value the strategy wrote, as it says (never read
    // back from argv, whose layout depends on the command).
    qint64 wrote = kUnknown;
    std::shared_ptr<const Probe> probe;

    // The lock on node 0 as the probe saw it: the single-server view.
    const LockTruth *lock() const { return probe ? probe->lockOn(0) : nullptr; }
};

} // namespace lockstock
