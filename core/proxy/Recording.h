#pragma once
// What the recording proxy saw: every connection, every command with the
// reply Redis sent and when, pushes, the proxy's own faults, and what the
// probes read back from Redis after each lock or stock command. The proxy
// thread appends; anyone may take a snapshot. ObservedHistory turns a
// snapshot into the History the analysis and the timeline read.

#include "engine/Event.h"
#include "redis/RedisConnection.h"
#include "redis/RedisValue.h"

#include <QList>
#include <QString>

#include <condition_variable>
#include <functional>
#include <mutex>

namespace lockstock {

struct ObservedConnection {
    int id = -1;
    int node = 0;
    qint64 openedNs = 0;
    qint64 closedNs = -1;      // -1: still open
    QString peer;              // the client's address
    qint64 pid = 0;            // the client's process, when /proc tells (0: unknown)
    QString process;           // its name ("python3")
    QByteArray name;           // CLIENT SETNAME (or HELLO SETNAME); the last one set
    int protocol = 2;          // RESP2, or 3 after HELLO 3
    QString closedBy;          // "client", "server", "proxy: ..." once closed
};

struct ObservedCommand {
    enum class Outcome : quint8 {
        Replied,        // Redis answered and the client got it
        NoReply,        // CLIENT REPLY OFF/SKIP: Redis answers nothing by design
        Indeterminate,  // the connection closed first: it may or may not have run (Jepsen's "info")
        Dropped,        // Redis answered; a proxy fault kept the reply from the client
    };
    quint64 id = 0;            // increasing in the order the proxy read the commands
    int connection = -1;
    int node = 0;
    qint64 sentNs = 0;         // the proxy had the whole command and passed it on
    qint64 repliedNs = -1;     // the whole reply had come from Redis
    qint64 deliveredNs = -1;   // ...and had been written to the client
    Argv argv;                 // empty for a request Redis cannot parse
    QByteArray protocolError;  // what Redis says about such a request
    RedisValue reply;          // several replies (SUBSCRIBE a b) as one array
    Outcome outcome = Outcome::Replied;
    quint64 multi = 0;         // sent between MULTI and EXEC/DISCARD: that MULTI's id
    QByteArray script;         // EVAL's source, or EVALSHA's from an earlier SCRIPT LOAD/EVAL
};

// A message Redis sent that answers no command: pub/sub, MONITOR, invalidation.
struct ObservedPush {
    int connection = -1;
    int node = 0;
    qint64 tNs = 0;
    RedisValue value;
};

// A fault the proxy injected or a server fault performed while observing.
struct ObservedFault {
    qint64 tNs = 0;
    int connection = -1;       // the connection it hit; -1 for a node or several
    int node = -1;
    QString note;
    // A server fault's action, so its node's lane shows it (down, paused...);
    // Other for the proxy's own faults, which the note says.
    ServerAction action = ServerAction::Other;
    bool dataKept = false;     // a restart replayed its AOF
};

struct ObservedKey {
    QByteArray key;
    QByteArray type;           // "string", "hash", "none"...
    QByteArray value;          // a string's value, a hash's fields joined by ','
    qint64 pttl = -2;
    bool known = false;        // false when the node did not answer
};

// Redis's state read back right after commands on lock or stock keys.
struct ObservedProbe {
    qint64 tNs = 0;            // when the answer came
    int node = 0;
    QList<quint64> after;      // the commands it followed
    QList<ObservedKey> keys;
};

// A key Redis expired (keyspace notification).
struct ObservedExpiry {
    qint64 tNs = 0;
    int node = 0;
    QByteArray key;
};

enum class KeyRole : quint8 { None, Lock, Stock };

struct InferredKey {
    QByteArray key;
    KeyRole role = KeyRole::None;
    QString reason;
};

struct RecordingSnapshot {
    QList<ObservedConnection> connections;   // by id
    QList<ObservedCommand> commands;         // in id order
    QList<ObservedPush> pushes;
    QList<ObservedFault> faults;
    QList<ObservedProbe> probes;
    QList<ObservedExpiry> expiries;
    QList<InferredKey> inferred;
    qint64 endNs = 0;
};

class Recording {
public:
    int addConnection(ObservedConnection c);   // returns its id
    void updateConnection(int id, const std::function<void(ObservedConnection &)> &change);
    void addCommand(ObservedCommand c);
    void addPush(ObservedPush p);
    void addFault(ObservedFault f);
    void addProbe(ObservedProbe p);
    void addExpiry(ObservedExpiry e);
    void addInferred(InferredKey k);
    QList<ObservedConnection> connections() const;
    // Waits until more than `known` connections were recorded, or `timeoutMs`.
    void waitForConnections(qsizetype known, int timeoutMs) const;
    qint64 commandCount() const;
    qint64 lastActivityNs() const;

    RecordingSnapshot snapshot(qint64 endNs) const;

private:
    // std:: rather than QMutex/QWaitCondition: ThreadSanitizer sees libstdc++'s
    // wait release the mutex, not Qt's (its library is not instrumented).
    mutable std::mutex m_lock;
    mutable std::condition_variable m_connected;
    RecordingSnapshot m_data;
    qint64 m_lastActivityNs = -1;
};

const char *outcomeName(ObservedCommand::Outcome outcome);

} // namespace lockstock
