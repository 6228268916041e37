#pragma once
// The private redis-servers of a run with a topology (RunConfig::nodes): the
// lock nodes, independent masters or a master with its replicas, and the
// store that holds the stock and the fencing counter. Every fault is real: a
// signal to the process, a restart, a REPLICAOF command.

#include "RunConfig.h"

#include "../redis/RedisServer.h"

#include <atomic>
#include <memory>
#include <vector>

namespace lockstock {

class NodeSet {
public:
    // Starts every server; replicas are in sync when it returns. The lock
    // nodes in `clockShifted` run under the clock shift, so that a
    // ClockJump fault can move their clocks (RunConfig::clockJumpNodes()).
    // Throws RedisServerError.
    explicit NodeSet(const NodeSpec &spec, const QList<int> &clockShifted = {});
    ~NodeSet();

    int lockNodes() const { return m_spec.count; }
    int serverCount() const { return int(m_servers.size()); }
    int storeIndex() const { return m_spec.count; }
    RedisEndpoint endpoint(int server) const { return m_servers.at(size_t(server))->endpoint(); }
    RedisServer &server(int index) { return *m_servers.at(size_t(index)); }
    // "n1" .. "nN", then "store": the names the timeline shows.
    QStringList names() const { return namesFor(m_spec); }
    static QStringList namesFor(const NodeSpec &spec);
    // The server a command for lock node `node` goes to: that node, or with
    // replication the current master (what Sentinel would tell a client).
    // Safe from any thread.
    int lockServer(int node) const;

    // Performs `fault` on its lock node now and says what happened. `speed`
    // (scenario ms per real ms) turns a clock jump's scenario ms into real ms.
    // Call from one thread only (the one that started the servers).
    QString apply(const ServerFault &fault, double speed = 1.0);

private:
    void waitForReplicas();
    // Closes replica `node`'s link at the master (CLIENT KILL ADDR).
    void cutReplicationLink(int node);

    NodeSpec m_spec;
    std::vector<std::unique_ptr<RedisServer>> m_servers;
    std::atomic<int> m_master{0};
};

} // namespace lockstock
