#pragma once
// One entry of a run's history: what a client did, what Redis answered, what
// the client believed afterwards, and (in stepped runs) what Redis really held.

#include "../redis/RedisConnection.h"
#include "../redis/RedisValue.h"

#include <QByteArray>
#include <limits>

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
    Inspect,     // read the lock to decide (GET, TTL, WATCH of the lock key)
    Reserve,     // INCRBY / DECRBY of a reservation counter
    LoadScript,  // SCRIPT LOAD again after a NOSCRIPT reply
};
const char *stepName(Step step);
inline constexpr Step kLastStep = Step::LoadScript;
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
};
const char *eventKindName(EventKind kind);

enum class ActorRole : quint8 { Main, Watchdog };

inline constexpr qint64 kUnknown = std::numeric_limits<qint64>::min();
inline constexpr qint64 kNoKey = -2;   // PTTL of a missing key
inline constexpr qint64 kNoTtl = -1;   // PTTL of a key without expiry

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
    const char *sourceFile = nullptr; // the strategy code that issued it
    Argv argv;
    RedisValue reply;
    QByteArray token;          // the client's lock token, when it has one
    QString note;
    // Truth observed by a probe right after the event (stepped runs only).
    qint64 stock = kUnknown;
    qint64 lockPttl = kUnknown;
    QByteArray lockValue;
};

} // namespace lockstock
