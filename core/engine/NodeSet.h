#pragma once
// The private redis-servers of a run with a topology (RunConfig::nodes): the
// lock nodes, independent masters or a master with its replicas, and the
// store that holds the stock and the fencing counter. Every fault is real: a
// signal to the process, a restart, a REPLICAOF command, a server's own
// clock jumping or drifting. All of them read one ServerClock, each as its
// own node (the store last), so a run can own their time.
//
// A fault is over when apply() returns: a restarted server answers, a
// resumed one has run what was sent to it while it was stopped. On the
// virtual clock that happens at one instant, so the run goes on the same way
// every time. Replicas catch up with a new master in real time meanwhile;
// the clock stands still until a WAIT they can answer has its answer.

#include "History.h"
#include "RunConfig.h"

#include "../redis/RedisServer.h"

#include <optional>

#include <QMutex>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace lockstock {

class RedisConnection;
class RedisValue;

class NodeSet {
public:
    // Starts every server; replicas are in sync when it returns.
    // `serverConfig`: lines for every lock node's and the store's redis.conf
    // (not the sentinels'). Throws RedisServerError.
    explicit NodeSet(const NodeSpec &spec, const QByteArray &serverConfig = {});
    ~NodeSet();

    int lockNodes() const { return m_spec.count; }
    int serverCount() const { return int(m_servers.size()); }
    int storeIndex() const { return m_spec.count; }
    // A restarted lock node comes back with its data (AOF).
    bool persistent() const { return m_spec.persistence; }
    RedisEndpoint endpoint(int server) const { return m_servers.at(size_t(server))->endpoint(); }
    RedisServer &server(int index) { return *m_servers.at(size_t(index)); }
    const std::shared_ptr<ServerClock> &clock() const { return m_clock; }
    // "n1" .. "nN", then "store": the names the timeline shows.
    QStringList names() const { return namesFor(m_spec); }
    static QStringList namesFor(const NodeSpec &spec);
    // The server a command for lock node `node` goes to: that node, or with
    // replication the current master. With sentinels, the one they name
    // (SENTINEL get-master-addr-by-name), asked before every command: a
    // client library asks when it connects and after an error, so this
    // only finds a new master sooner. Safe from any thread.
    int lockServer(int node) const;

    // Redis Cluster (NodeSpec::Kind::Cluster): the hash slot of a key
    // (CRC16 of the key or of its {hash tag}, mod 16384), as CLUSTER KEYSLOT.
    static int keySlot(const QByteArray &key);
    // A cluster node's -MOVED or -ASK: the key is not on this node.
    static bool isRedirect(const RedisValue &reply);
    // The master that serves `slot` as the cluster says now (CLUSTER SLOTS,
    // asked of the first lock node that answers, as a client refreshes its
    // slot map); -1 when none answers. Safe from any thread.
    int slotOwner(int slot) const;
    // The lock node listening on "host:port" (a -MOVED reply's address); -1 for none.
    int nodeAt(const QByteArray &address) const;
    // Cluster: the node replica `node` follows, or -1 (a master, or not a cluster).
    int masterOf(int node) const { return m_following.at(size_t(node)); }

    // The sentinels watching a replicated set (NodeSpec::sentinels), "s1"...
    int sentinelCount() const { return int(m_sentinels.size()); }
    // Something a sentinel published about a lock node (its +sdown, +odown,
    // +elected-leader, +switch-master...), in its own words.
    struct SentinelNotice {
        int node = 0;
        ServerAction action = ServerAction::Sentinel;   // SwitchMaster: `node` is the master now
        int sentinel = 0;
        QString text;                                   // "s2: +sdown master n1"
    };
    // What the sentinels said since the last call, in the order heard. The
    // run records them; a +switch-master also moves the set's replication
    // bookkeeping to the new master. Call from the thread that calls apply().
    QList<SentinelNotice> takeSentinelNotices();
    // Server `index` is stopped (SIGSTOP): it reads nothing until resumed.
    bool isStopped(int index) const;
    // How many replicas would acknowledge a write on server `index` now
    // (WAIT): running, not stopped, following it. 0 unless it is the master.
    int replicasThatAcknowledge(int index) const;

    // Waits, up to a moment, until every running replica whose master runs
    // has all its master wrote. Replication takes no virtual time, and a
    // probe of the replicas reads the same on every run. Never throws.
    void awaitReplication();

    // min-replicas-to-write `replicas` (0: off) with min-replicas-max-lag
    // 10 s, Redis's default, on every running lock node of a replicated set,
    // as a deployment configures them all (a promoted replica refuses as its
    // master did). Returns once the master counts that many good replicas:
    // it counts them once a second and refuses every write until then.
    void requireReplicasToWrite(int replicas);

    // Performs `fault` on its lock node now and says what happened. `run`
    // turns a clock jump's scenario ms into the run's clock.
    // Call from one thread only (the one that started the servers).
    QString apply(const ServerFault &fault, const RunInfo &run = {});

private:
    // Makes the lock nodes one cluster: slots in three ranges to the
    // masters, every node met, each replica following its master; returns
    // once every node says cluster_state:ok and the replicas stream.
    void formCluster();
    // Waits until every running lock node that is not stopped names the
    // same master for every slot and says cluster_state:ok: a failover,
    // resume or restart is over once the cluster agrees on it (on the
    // masters: who replicates whom spreads by gossip, slower). With
    // `replicasStream`, also on the replicas, and until every replica
    // streams from its master (a demoted master's full sync is not waited
    // for otherwise).
    void awaitClusterAgreement(int timeoutMs, bool replicasStream = false);
    // Waits until every replica that can follow its master streams from it.
    void waitForReplicas();
    // Waits until a resumed server has read what was sent while it was stopped.
    void drain(int index);
    // REPLICAOF: `replica` follows `master` from now on.
    void follow(int replica, int master);
    // Closes replica `node`'s link at the master (CLIENT KILL ADDR).
    void cutReplicationLink(int node);
    // Writes a cache value that takes `node` just past its maxmemory; its
    // policy evicts what it evicts. Says what went.
    QString fillMemory(int node);
    // Starts the sentinels on the master and waits until each knows the
    // replicas and the other sentinels (they find each other by hello
    // messages, every 2 s), so that a failover can be agreed.
    void startSentinels(const QByteArray &password);
    // The watcher thread: subscribed to every sentinel's events.
    void listenToSentinels();
    // "+sdown" with "master lockstock 127.0.0.1 6380": a notice, or none
    // for events about sentinels and the chatter of a failover's stages.
    std::optional<SentinelNotice> noticeOf(int sentinel, const QByteArray &event, const QByteArray &payload) const;
    // The lock node listening on `port`; -1 for none.
    int nodeOnPort(const QByteArray &port) const;

    NodeSpec m_spec;
    std::shared_ptr<ServerClock> m_clock;
    std::vector<std::unique_ptr<RedisServer>> m_servers;
    std::atomic<int> m_master{0};
    // Per lock node, the server it replicates from; -1 for a master.
    std::vector<int> m_following;

    std::vector<std::unique_ptr<RedisServer>> m_sentinels;
    std::thread m_listener;
    std::atomic<bool> m_stopListening{false};
    QMutex m_noticeLock;
    QList<SentinelNotice> m_notices;
    // The sentinel lockServer() asks, and its connection.
    mutable QMutex m_askLock;
    mutable std::unique_ptr<RedisConnection> m_asker;
    mutable int m_askAt = 0;
};

} // namespace lockstock
