#pragma once
// A run: the clients of one scenario placing their orders through one
// strategy against one Redis. Run holds what every schedule shares: set-up,
// performing an actor's next operation, recording it, and injecting faults.
// SteppedRun and LiveRun only decide who goes next.

#include "Client.h"
#include "History.h"
#include "RunConfig.h"
#include "Strategy.h"

#include "../redis/RedisConnection.h"

#include <QElapsedTimer>
#include <QMutex>
#include <atomic>
#include <memory>
#include <vector>

namespace lockstock {

class NodeSet;
// What a history records about the run it belongs to.
RunInfo makeRunInfo(const RunConfig &config, const Strategy &strategy);

class Run : public ClientHost {
public:
    Run(RunConfig config, const Strategy &strategy, RedisEndpoint endpoint, History &history);
    // A run over a topology of private servers (config.nodes); it injects
    // config.serverFaults into them.
    Run(RunConfig config, const Strategy &strategy, NodeSet &nodes, History &history);
    ~Run() override;

    // Connects every client, loads the strategy's scripts, sets the stock and
    // clears the lock. Throws RedisError when Redis is not usable.
    void prepare();

    const RunConfig &config() const { return m_config; }
    const Strategy &strategy() const { return m_strategy; }
    History &history() { return m_history; }
    int clientCount() const { return int(m_clients.size()); }
    // Set when Redis failed or the run was stopped; the history so far is kept.
    QString error() const;
    bool failed() const { return !error().isEmpty(); }

    // Orders finished so far, for progress displays; safe from any thread.
    int ordersFinished() const { return m_ordersFinished.load(std::memory_order_relaxed); }

    // Asks the run to stop at the next step; safe from any thread.
    void requestStop() { m_stopRequested = true; }

    // Performs the server faults that are due. Faults touch processes, so
    // only the thread that started the servers calls this; steps queue them.
    void applyDueServerFaults();
    // When the next queued server fault is due; -1 when none is queued.
    qint64 nextServerFaultNs() const;

    // ClientHost
    qint64 nowNs() const override { return m_clock.nsecsElapsed(); }
    void spawn(Client &client, ActorRole role, Task<void> body) override;
    void cancel(Client &client, ActorRole role) override;
    void orderFinished(Client &client, bool success, const QString &note) override;

protected:
    struct ClientState {
        std::unique_ptr<Client> client;
        std::vector<std::unique_ptr<Actor>> actors;
        std::vector<bool> faultUsed;
        std::vector<bool> serverFaultUsed;
        bool crashed = false;
        // While an actor runs after a command, what it records (an order's
        // end, a watchdog's first sleep) waits for that command's own event:
        // each thread then appends in time order, which the analysis relies on.
        bool resuming = false;
        QList<Event> deferred;
    };

    // Performs the actor's pending command (if it is one), resumes the
    // coroutine to its next operation, records both and applies faults.
    // Returns false when the run must stop.
    bool step(ClientState &state, Actor &actor);
    // Records the final stock and closes the history.
    void finish();
    void fail(const QString &message);
    bool shouldStop() const;
    bool interrupted() const;
    // Sleeps until `ns` on the run's clock.
    void sleepUntil(qint64 ns) const;

    ClientState &stateOf(const Client &client) { return m_clients[size_t(client.index())]; }
    std::vector<ClientState> m_clients;

    // Hook for stepped runs: the truth from Redis right after a step.
    virtual void observe(Event &) {}
    // Reads what Redis holds now: the stock, and the lock on every lock node
    // (a node that is down or frozen is left unknown). Throws RedisError when
    // the stock's server does not answer; with `reopen`, after opening a
    // connection the server closed once more.
    std::shared_ptr<const Probe> readTruth(bool reopen = false);
    // A step queued server faults (due now). By default they are performed
    // at once on this thread; live runs wait until the control thread has.
    virtual void serverFaultsQueued() { applyDueServerFaults(); }
    // True when the run has its own lock nodes (the lock is not on control()).
    bool hasNodes() const { return m_nodes != nullptr; }

private:
    void afterResume(ClientState &state, Actor &actor);
    // Returns true when it queued server faults.
    bool applyFaults(ClientState &state, Step step);
    void queueServerFault(const ServerFault &fault, qint64 dueNs);
    void record(Event e) { m_history.append(std::move(e)); }
    void recordFrom(ClientState &state, Event e);
    // A connection for probing lock node `node`; null when it is down.
    RedisConnection *probeConnection(int node);
    Event commandEvent(const Actor &actor, const Operation &op, int server) const;
    // The server a command goes to: the store for stock steps, else the lock node.
    int serverFor(Step step, int node) const;
    // One command on one server; a lock node that cannot be reached answers
    // with an UNREACHABLE error reply (it may be down on purpose).
    RedisValue perform(Actor &actor, int server, const Argv &argv);
    std::unique_ptr<RedisConnection> connect(const Client &client, ActorRole role, int server) const;

    RunConfig m_config;
    const Strategy &m_strategy;
    QList<RedisEndpoint> m_endpoints;   // by server index
    NodeSet *m_nodes = nullptr;
    struct DueServerFault {
        qint64 dueNs;
        ServerFault fault;
    };
    mutable QMutex m_serverFaultLock;
    QList<DueServerFault> m_serverFaults;
    History &m_history;
    QElapsedTimer m_clock;
    mutable QMutex m_errorLock;
    QString m_error;
    std::atomic<bool> m_stopRequested{false};
    std::atomic<int> m_ordersFinished{0};
    std::unique_ptr<RedisConnection> m_control;
    std::vector<std::unique_ptr<RedisConnection>> m_probes;   // by lock node

protected:
    // The run's own connection: set-up, probes, the final read.
    std::unique_ptr<RedisConnection> connectControl() const;
    RedisConnection &control() { return *m_control; }
};

} // namespace lockstock
