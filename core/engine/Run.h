#pragma once
// A run: the clients of one scenario placing their orders through one
// strategy against one Redis. Run holds what every schedule shares: set-up,
// performing an actor's next operation, recording it, and injecting faults.
// SteppedRun and LiveRun only decide who goes next.
//
// On the virtual clock (RunClock) a command costs virtual time: it reaches
// the server half a round trip after it was sent (the clock is moved there,
// so Redis executes it at that moment), and the reply the client after the
// other half. A stopped lock node costs the node timeout; a WAIT that no
// replica can satisfy lets the clock run to its deadline.

#include "Client.h"
#include "History.h"
#include "RedisChecks.h"
#include "RunClock.h"
#include "RunConfig.h"
#include "Strategy.h"

#include "../redis/RedisConnection.h"
#include "../redis/RedisConnectionPool.h"

#include <QMutex>
#include <atomic>
#include <memory>
#include <vector>

namespace lockstock {

class NodeSet;
// What a history records about the run it belongs to.
RunInfo makeRunInfo(const RunConfig &config, const Strategy &strategy, ClockKind clock);

class Run : public ClientHost {
public:
    // `clock`: the clock the schedule wants. A run on a server LockStock did
    // not start (no RedisEndpoint::clock) is on the real clock whatever it wants.
    Run(RunConfig config, const Strategy &strategy, RedisEndpoint endpoint, History &history, ClockKind clock);
    // A run over a topology of private servers (config.nodes); it injects
    // config.serverFaults into them.
    Run(RunConfig config, const Strategy &strategy, NodeSet &nodes, History &history, ClockKind clock);
    ~Run() override;

    // Connects every client, loads the strategy's scripts, sets the stock and
    // clears the lock. Throws RedisError when Redis is not usable.
    void prepare();
    // Runs after runs on one server (the explorer): this run's connections
    // come from `pool` and go back to it when the run is destroyed, and what
    // prepare() checked on a server before (the preflight, the scripts) is
    // not checked again. Before prepare(); `pool` outlives the run.
    void shareConnections(RedisConnectionPool &pool) { m_pool = &pool; }

    const RunConfig &config() const { return m_config; }
    const Strategy &strategy() const { return *m_strategy; }
    History &history() { return m_history; }
    ClockKind clockKind() const { return m_clock.kind(); }
    int clientCount() const { return int(m_clients.size()); }
    // Set when Redis failed or the run was stopped; the history so far is kept.
    QString error() const;
    bool failed() const { return !error().isEmpty(); }

    // Orders finished so far, for progress displays; safe from any thread.
    int ordersFinished() const { return m_ordersFinished.load(std::memory_order_relaxed); }
    // Clients still placing orders. The run is over when none is: background
    // actors left then (a watchdog nobody stops) end with their process.
    // Safe from any thread.
    int mainsRunning() const { return m_mainsRunning.load(std::memory_order_acquire); }

    // Asks the run to stop at the next step, waking it from a sleep; safe
    // from any thread.
    void requestStop();

    // Performs the server faults that are due. Faults touch processes, so
    // only the thread that started the servers calls this; steps queue them.
    void applyDueServerFaults();
    // When the next queued server fault is due; -1 when none is queued.
    qint64 nextServerFaultNs() const;

    // ClientHost
    const RunInfo &runInfo() const override { return m_info; }
    // Run time. While a virtual step resumes an actor, the actor's own time
    // (its reply arrived then), which may be ahead of the servers' clock.
    qint64 nowNs() const override { return m_actorNowNs >= 0 ? m_actorNowNs : m_clock.nowNs(); }
    void spawn(Client &client, ActorRole role, Task<void> body) override;
    void cancel(Client &client, ActorRole role) override;
    void orderFinished(Client &client, bool success, const QString &note) override;

protected:
    struct ClientState {
        std::unique_ptr<Client> client;
        std::vector<std::unique_ptr<Actor>> actors;
        std::vector<bool> faultUsed;
        std::vector<bool> serverFaultUsed;
        // By ActorRole: the connections of an actor that ended, for the next
        // one of that role (a watchdog comes and goes with every order).
        std::vector<std::unique_ptr<RedisConnection>> parked[2];
        bool crashed = false;
        // A fault froze one of its actors (hung work, starved watchdog) until then.
        qint64 mainFrozenUntilNs = -1;
        qint64 watchdogFrozenUntilNs = -1;
        // While an actor runs after a command, what it records (an order's
        // end, a watchdog's first sleep) waits for that command's own event:
        // each thread then appends in time order, which the analysis relies on.
        bool resuming = false;
        QList<Event> deferred;
        // Redis Cluster: the lock node that serves the lock key's slot, as
        // this client's slot map says (read when it starts, read again after
        // a node did not answer, corrected by a -MOVED reply).
        int slotOwner = -1;
        bool slotMapStale = false;
        // The client's latest order that did something (sent a command,
        // began a sleep): a fork lets an order that did nothing yet begin again.
        int actedOrder = -1;
    };
    static bool hasMain(const ClientState &state);
    static Actor *mainActor(const ClientState &state);

    // Performs the actor's pending command (if it is one), resumes the
    // coroutine to its next operation, records both and applies faults.
    // Returns false when the run must stop.
    bool step(ClientState &state, Actor &actor);
    // Records the final stock and closes the history.
    void finish();
    // A fork: from now on the run goes on with `config` and `strategy` (its
    // scripts loaded). An order under way (it did something) finishes the
    // way it began; every order after it, and one that did nothing yet, runs
    // the new strategy (RunInfo::turns records which). Parameters count from
    // their next use, faults not yet triggered from now. The caller checked
    // forkConflict(). Throws RedisError when the scripts cannot be loaded.
    void continueWith(const RunConfig &config, const Strategy &strategy);
    // Stops the run with `message`. `refusal` is the error reply when Redis
    // refused a command; the Error event carries it (stoppedByRefusal()).
    void fail(const QString &message, const RedisValue &refusal = {});
    bool shouldStop() const;
    bool interrupted() const;
    // Gets the run's clock to `ns`: virtual moves it (never back), real sleeps.
    void advanceClock(qint64 ns);
    // Virtual: brings the run to `ns` with whatever is due on the way (faults,
    // expiries); a step calls it before a command reaches its server.
    virtual void reach(qint64 ns) { advanceClock(ns); }
    RunClock &clock() { return m_clock; }
    // When the actor's next operation takes effect: on the virtual clock a
    // command does when it reaches its server, half a round trip after it is
    // sent, or when a CLIENT PAUSE there is over.
    qint64 dueNs(const Actor &actor) const;
    // When it reaches its server (a sleep: when it ends). Commands that wait
    // out the same CLIENT PAUSE run in the order they arrived, as Redis
    // unblocks them.
    qint64 arrivesNs(const Actor &actor) const;

    ClientState &stateOf(const Client &client) { return m_clients[size_t(client.index())]; }
    std::vector<ClientState> m_clients;

    // On the virtual clock, tells the history how far the run has played
    // (History::advancePresent): the servers' clock, or the latest reply a
    // client has had when that is later.
    void advancePresent();
    // Hook for stepped runs: the truth from Redis right after a step.
    virtual void observe(Event &) {}
    // Reads what Redis holds now: the stock, and the lock on every lock node
    // (a node that is down or frozen is left unknown). A connection the
    // server closed is opened again once, as a client's is. Throws RedisError
    // when the stock's server does not answer. After a step, what was read
    // with its command (sendWithProbe); the run's `last` read, after its
    // steps, reads anew, with `timeoutMs` per command (< 0: the run's command
    // timeout). Not read while the truth stands (m_standingTruth).
    std::shared_ptr<const Probe> readTruth(bool last = false, int timeoutMs = -1);
    // A step queued server faults (due now). By default they are performed
    // at once on this thread; live runs wait until the control thread has.
    virtual void serverFaultsQueued() { applyDueServerFaults(); }
    // True when the run has its own lock nodes (the lock is not on control()).
    bool hasNodes() const { return m_nodes != nullptr; }
    // Sentinels watch the lock nodes: the thread that applies server faults
    // looks for what they said every kSentinelListenNs while it waits.
    bool listensToSentinels() const;
    static constexpr qint64 kSentinelListenNs = 10'000'000;

private:
    struct Exchange {
        RedisValue reply;
        qint64 sentNs = 0;
        qint64 answeredNs = 0;
        // Its times and reply, on its command's event (the reply moves there).
        void answer(Event &e)
        {
            e.tNs = sentNs;
            e.durationNs = answeredNs - sentNs;
            e.reply = std::move(reply);
        }
    };
    // One command of `actor` to `server`, ready to go at `readyNs`: sent,
    // answered, and when (virtual: by the cost model; real: measured).
    Exchange exchange(Actor &actor, int server, const Argv &argv, qint64 readyNs);
    // Cluster: the command `e` of `op` was answered by a redirect (-MOVED,
    // -ASK): recorded as it was, the command goes where it names; `e` and `x`
    // are then that command's.
    void followRedirects(ClientState &state, Actor &actor, const Operation &op, Event &e, Exchange &x);
    // The round trip of a command from `client` to `server` in clock ns.
    qint64 rttNs(const Client &client, int server) const;
    // A lock node the run stopped (SIGSTOP): it cannot answer.
    bool isStopped(int server) const;
    // WAIT numreplicas timeout whose replicas cannot all acknowledge: it
    // ends by the server's clock. Returns its timeout in ms, else -1.
    qint64 waitThatTimesOut(int server, const Argv &argv) const;
    // Sends the WAIT, lets the server block it, moves the clock past its
    // deadline and returns what the server answered then.
    RedisValue waitOutOnServerClock(Actor &actor, int server, const Argv &argv, qint64 timeoutMs);
    void afterResume(ClientState &state, Actor &actor);
    // A fork: the client's order that did nothing yet begins again with the run's strategy.
    void beginOrderAgain(ClientState &state, Actor &main);
    // Returns true when it queued server faults.
    bool applyFaults(ClientState &state, Step step);
    // A LoseReply fault for this command of `state`'s client: the reply it
    // gets instead of Redis's, and how long it waited; false when there is none.
    bool loseReply(ClientState &state, const Operation &op, Exchange &x, Event &e);
    // Freezes the client's actors of `role` (both when null) until `untilNs`.
    void freeze(ClientState &state, const ActorRole *role, qint64 untilNs);
    // Extra clock ns before a reply from `server` reaches `client` (a partition).
    qint64 partitionDelayNs(const Client &client, int server) const;
    // Virtual: when a server stalled by CLIENT PAUSE runs commands again; 0 if it is not.
    qint64 pausedUntilNs(int server) const;
    // Virtual: a command that reaches `server` at `arrivalNs` waits there for
    // the end of a CLIENT PAUSE the clock has not passed yet.
    bool waitsOutPause(int server, qint64 arrivalNs) const;
    // When a command of `client` ready at `readyNs` leaves for `server`.
    qint64 sentNs(const Client &client, int server, qint64 readyNs) const;
    // The server the actor's pending command goes to (a fan-out's first).
    int serverOf(const Actor &actor) const;
    void queueServerFault(const ServerFault &fault, qint64 dueNs);
    // Records what the sentinels said since the last look.
    void recordSentinelNotices();
    void record(Event e);
    void recordFrom(ClientState &state, Event e);
    // Removes `actor` from its client, keeping its connections for the next one.
    void retire(ClientState &state, const Actor &actor);
    // A connection for probing lock node `node`; null when it is down.
    RedisConnection *probeConnection(int node);
    Event commandEvent(const Actor &actor, const Operation &op, int server) const;
    // The server a command of `client` goes to: the store for stock steps,
    // else the lock node (in a cluster, the one its slot map names).
    int serverFor(const Client &client, Step step, int node) const;
    // Cluster: a lock command goes where the client's slot map says, which
    // is read again first when a node failed to answer it.
    bool routesBySlot(Step step) const;
    void refreshSlotMap(ClientState &state);
    // One command on one server; a lock node that cannot be reached answers
    // with an UNREACHABLE error reply (it may be down on purpose).
    // `*answered` is false when the node never answered (a timeout).
    RedisValue perform(Actor &actor, int server, const Argv &argv, bool *answered);
    // A stepped run on one server, on the virtual clock: it reads the truth
    // along its commands, one at a time.
    bool readsAlongCommands() const;
    // Whether the truth after the step can be read in the same write as its
    // command, `argv` on `c` (see sendWithProbe).
    bool probesWithCommand(const RedisConnection *c, const Argv &argv) const;
    // Sends `argv` with the reads of a probe behind it (none while the truth
    // stands), and the set-up before it if it has not gone yet; the probe
    // waits for readTruth() in m_probedWithCommand.
    // Which of what a probe reads a command may change: nothing of it, the
    // stock alone, or the lock (and so all of it).
    enum class TruthChange : quint8 { Nothing, Stock, Lock };
    RedisValue sendWithProbe(RedisConnection &c, const Argv &argv, TruthChange change);
    // Sends the set-up if it has not gone yet, on the run's own connection.
    void sendSetUp();
    // What the set-up leaves, as its replies said: no lock, the stock it
    // SET (without an expiry).
    std::shared_ptr<const Probe> setUpTruth() const;
    // The standing truth, as of now.
    std::shared_ptr<const Probe> standingTruthNow() const;
    // Before a command of a run that reads along its commands: what of the
    // truth it may change (what stands of it after), and whether the stock
    // may expire.
    TruthChange noteWhatItChanges(const Argv &argv);
    // What was just read stands while nothing in it expires (in a run that
    // reads along its commands; others read each time).
    void stand(const std::shared_ptr<const Probe> &probe, bool lockLasts);
    std::unique_ptr<RedisConnection> connect(const Client &client, ActorRole role, int server) const;
    // A connection to server `server`: from the pool when the run shares one.
    std::unique_ptr<RedisConnection> open(int server, const RedisConnection::Options &options) const;
    // Gives the run's connections back to the pool.
    void returnConnections();

    // Loads the strategy's scripts on every server (but lock nodes that are
    // down, with `skipDownNodes`).
    void loadScripts(const Strategy &strategy, bool skipDownNodes);

    RunConfig m_config;
    const Strategy *m_strategy;   // what each client's next order runs
    RunInfo m_info;
    QList<RedisEndpoint> m_endpoints;   // by server index
    NodeSet *m_nodes = nullptr;
    struct DueServerFault {
        qint64 dueNs;
        ServerFault fault;
    };
    mutable QMutex m_serverFaultLock;
    QList<DueServerFault> m_serverFaults;
    History &m_history;
    RunClock m_clock;
    qint64 m_actorNowNs = -1;
    qint64 m_lastReplyNs = 0;   // virtual: when the latest reply reached its client
    struct ClientPause {
        qint64 fromNs = 0;
        qint64 untilNs = 0;   // Redis runs commands again from then
    };
    std::vector<ClientPause> m_clientPauses; // by server: the latest CLIENT PAUSE (virtual)
    std::vector<std::unique_ptr<RedisConnection>> m_observers; // by server index
    mutable QMutex m_errorLock;
    QString m_error;
    std::atomic<bool> m_stopRequested{false};
    std::atomic<int> m_ordersFinished{0};
    std::atomic<int> m_mainsRunning{0};
    std::unique_ptr<RedisConnection> m_control;
    RedisConnectionPool *m_pool = nullptr;
    // The truth read with the step's command, for the step's probe.
    std::shared_ptr<const Probe> m_probedWithCommand;
    // What was read along the last command that wrote the lock or the
    // stock, when nothing in it expires: until another does, it is what
    // Redis holds at any later instant, and is not read again.
    std::shared_ptr<const Probe> m_standingTruth;
    // The standing truth once a command wrote the stock (and not the lock):
    // its lock still stands, its stock is read behind the command.
    std::shared_ptr<const Probe> m_lockStands;
    // The set-up SETs the stock without an expiry; set once a command that
    // can give it one ran (one that writes it and sets or reads an expiry, a
    // script that does, a command LockStock does not know).
    bool m_stockMayExpire = false;
    // A probe's reads of the one server (see truthOfServer).
    QList<Argv> m_truthReads;
    // The stock's set-up, until it is sent: a run that reads along its
    // commands sends it in the same write as its first command.
    QList<ExpectedReply> m_setUp;

protected:
    // Stepped runs read the truth after every step (SteppedRun::observe).
    virtual bool observesEachStep() const { return false; }
    // The run's own connection: set-up, probes, the final read.
    // `timeoutMs` < 0: the run's command timeout.
    std::unique_ptr<RedisConnection> connectControl(int timeoutMs = -1) const;
    RedisConnection &control() { return *m_control; }
    // The run's own connection to server `server` (a lock node too), for
    // looking without acting; opened on first use.
    RedisConnection &observer(int server);
};

} // namespace lockstock
