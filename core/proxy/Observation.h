#pragma once
// `lockstock observe`: private redis-servers (one, or a scenario's
// topology), the recording proxy in front of them, server faults on request,
// and, once recording stops, the histories the analysis judges. Observed runs
// use the real clock: the programs watched live in it.

#include "ObservedHistory.h"
#include "ObservedUser.h"
#include "RecordingProxy.h"

#include "engine/RunConfig.h"

#include <atomic>
#include <functional>
#include <memory>
#include <thread>

namespace lockstock {

class NodeSet;
class RedisServer;

class Observation {
public:
    struct Options {
        NodeSpec topology;                 // Kind::Single: one server
        RecordingProxy::Options proxy;
        QString title = QStringLiteral("observed");
        QByteArray password;               // the observed user's; empty: a fresh random one
    };

    // Starts the servers and the proxy. Throws RedisError or ProxyError.
    explicit Observation(Options options);
    ~Observation();

    RecordingProxy &proxy() { return *m_proxy; }
    const RecordingProxy &proxy() const { return *m_proxy; }
    const QList<ProxyNode> &nodes() const { return m_proxy->nodes(); }
    ObservedTopology topology() const;
    // Whom the observed programs log in as, on every server.
    const ObservedUser &user() const { return m_user; }

    // Kill, Restart, Pause, Resume a node's redis-server: a real signal, as
    // in scenarios; recorded as a fault. Throws RedisError.
    QString serverFault(ServerFault::Action action, int node);

    // A node's proxy address as a client writes it (HOST:PORT, [v6]:PORT).
    QString address(int node) const;
    // Ready-to-paste client code aimed at the proxy, logging in as user():
    // redis-py's Lock on the first node; ioredis on it, or node-redlock
    // over every lock node when they are independent masters; redis-cli,
    // with the password in its environment, where other local users cannot
    // read it (a command line they can).
    QString pythonExample() const;
    QString nodeExample() const;
    QString cliExample() const;
    // nodeExample() is node-redlock: several independent lock nodes.
    bool redlock() const;

    // What was recorded so far, captured now, while recording goes on (the
    // final stock is not read). Building the histories is the costly part:
    // the returned call does it, on any thread.
    std::function<ObservedRun()> sofar() const;
    // Stops recording, reads the final stock, builds the histories.
    ObservedRun finish();

private:
    void resolvePeers();

    Options m_options;
    ObservedUser m_user;
    std::unique_ptr<RedisServer> m_server;
    std::unique_ptr<NodeSet> m_nodeSet;
    Recording m_recording;
    std::unique_ptr<RecordingProxy> m_proxy;
    std::thread m_resolver;
    std::atomic<bool> m_stopping{false};
    bool m_finished = false;
};

} // namespace lockstock
