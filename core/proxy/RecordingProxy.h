#pragma once
// A recording Redis proxy: one loopback port per node of a topology, each
// forwarding every byte unchanged to its redis-server and back, while it
// records each command, its reply and their times (see Recording). Clients
// log in themselves (AUTH, HELLO ... AUTH, passed on as sent): the proxy
// never lends them the upstream's password, whose holder is the server's
// admin; its own connections (probes, expiry events) use it. After
// each command on a lock or stock key it reads those keys back on a
// connection of its own, and it hears Redis expire locks (keyspace
// notifications), so a history of a foreign program carries the same truth
// beside each belief as LockStock's own runs.
//
// One thread runs an epoll loop over plain non-blocking sockets: a command
// costs its four unavoidable system calls (read, write, read, write) and a
// parse, with no per-read allocation or event dispatch between them, which
// is what keeps the added latency in microseconds (bench/README.md).
//
// Faults are applied on that thread as bytes pass: a client's link delayed,
// the next reply to a client dropped (then its link goes silent, as a lost
// packet stream would), a client partitioned from some nodes, all traffic
// to a node paused. Each is recorded with the time it took effect.

#include "KeyRoles.h"
#include "Recording.h"

#include "redis/RedisEndpoint.h"

#include <QElapsedTimer>
#include <QStringList>
#include <memory>
#include <stdexcept>

namespace lockstock {

struct ProxyNode {
    QString name;              // "n1", "store"...
    RedisEndpoint upstream;    // the redis-server behind it (with its password, if any)
};

class ProxyError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class RecordingProxy {
public:
    struct Options {
        QString host = QStringLiteral("127.0.0.1");
        int port = 0;              // the first node's port, the others follow it; 0: free ports
        QByteArray lockPattern;    // empty: inferred (see KeyRoles)
        QByteArray stockPattern;
        bool probe = true;         // read lock and stock keys back after each command on them
        bool watchExpiries = true; // subscribe to Redis's expired-key events
    };

    RecordingProxy(QList<ProxyNode> nodes, Options options, Recording &recording);
    ~RecordingProxy();
    RecordingProxy(const RecordingProxy &) = delete;
    RecordingProxy &operator=(const RecordingProxy &) = delete;

    // Binds every port and starts the thread. Throws ProxyError.
    void start();
    // Closes every connection (what still waits for a reply is recorded as
    // indeterminate) and stops the thread.
    void stop();

    const QList<ProxyNode> &nodes() const { return m_nodes; }
    // The port each node listens on, once started.
    QList<int> ports() const { return m_ports; }
    QString listenHost() const { return m_options.host; }
    // Once started: reachable from this machine only (127.0.0.0/8, ::1).
    bool loopbackOnly() const { return m_loopbackOnly; }
    // Nanoseconds since start(), the clock of the recording.
    qint64 nowNs() const { return m_clock.nsecsElapsed(); }
    Recording &recording() { return m_recording; }
    const Recording &recording() const { return m_recording; }
    int openConnections() const;

    // Live faults, from any thread; each returns what it did, or throws
    // ProxyError ("no client matches 'x'"). A client is a connection ("c3"),
    // a CLIENT SETNAME name, or "all"; a name also catches the connections
    // that take it later.
    QString delay(const QString &client, int ms);           // 0 ends it
    QString dropNextReply(const QString &client);
    QString partition(const QString &client, const QList<int> &nodes); // empty: heal
    QString pauseNode(int node, bool paused);
    // A fault done from outside (a server killed), recorded as begun at tNs (nowNs()).
    void recordFault(qint64 tNs, int node, const QString &note, ServerAction action, bool dataKept);
    // The key roles the proxy has learnt so far.
    KeyRoles keyRoles() const;

    class Loop;

private:
    QString control(std::function<QString(Loop &)> action);

    QList<ProxyNode> m_nodes;
    Options m_options;
    Recording &m_recording;
    QElapsedTimer m_clock;
    QList<int> m_ports;
    bool m_loopbackOnly = true;
    std::unique_ptr<Loop> m_loop;
};

} // namespace lockstock
