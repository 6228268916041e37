#pragma once
// `lockstock observe`: private redis-servers (one, or a scenario's
// topology), the recording proxy in front of them, server faults on request,
// and, once recording stops, the histories the analysis judges. Observed runs
// use the real clock: the programs watched live in it.

#include "ObservedHistory.h"
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
    };

    // Starts the servers and the proxy. Throws RedisError or ProxyError.
    explicit Observation(Options options);
    ~Observation();

    RecordingProxy &proxy() { return *m_proxy; }
    const QList<ProxyNode> &nodes() const { return m_proxy->nodes(); }
    ObservedTopology topology() const;

    // Kill, Restart, Pause, Resume a node's redis-server: a real signal, as
    // in scenarios; recorded as a fault. Throws RedisError.
    QString serverFault(ServerFault::Action action, int node);

    // A node's proxy address as a client writes it (HOST:PORT, [v6]:PORT).
    QString address(int node) const;
    // Ready-to-paste client code aimed at the proxy: redis-py's Lock on the
    // first node; with several lock nodes, node-redlock over all of them
    // (empty otherwise).
    QString pythonExample() const;
    QString redlockExample() const;

    // What was recorded so far, captured now, while recording goes on (the
    // final stock is not read). Building the histories is the costly part:
    // the returned call does it, on any thread.
    std::function<ObservedRun()> sofar() const;
    // Stops recording, reads the final stock, builds the histories.
    ObservedRun finish();

private:
    void resolvePeers();

    Options m_options;
    std::unique_ptr<RedisServer> m_server;
    std::unique_ptr<NodeSet> m_nodeSet;
    Recording m_recording;
    std::unique_ptr<RecordingProxy> m_proxy;
    std::thread m_resolver;
    std::atomic<bool> m_stopping{false};
    bool m_finished = false;
};

} // namespace lockstock
