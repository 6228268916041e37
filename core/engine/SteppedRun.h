#pragma once
// A run on one thread, one Redis command per step. Who steps next comes from
// the schedule: timed, the scenario's script, a seeded random pick, or the
// caller (interactive). After every step it reads the lock and the stock back
// from Redis, so the history holds the truth beside each client's belief, and
// it notices when Redis expires the lock.
//
// On servers LockStock started it runs on the virtual clock, as a discrete-
// event simulation against those real servers: instead of sleeping it moves
// the servers' clock to the next thing due (an actor, a server fault, the
// lock's expiry as the last probe reported it). Between steps no time passes.

#include "Run.h"

#include <QRandomGenerator>

#include <optional>

namespace lockstock {

// One call that moved a stepped run: the schedule's pick (client -1) or a
// client stepped by hand, and the run's time before and after it. The same
// calls at the same times on the same scenario give the same run.
struct StepChoice {
    int client = -1;
    qint64 fromNs = 0;
    qint64 toNs = 0;

    bool operator==(const StepChoice &) const = default;
};

// What a fork cannot change, since it was set when the run began: "clients",
// "stock", "orders" or "servers"; empty when `to` can take over.
QString forkConflict(const RunConfig &from, const RunConfig &to);

class SteppedRun : public Run {
public:
    // Virtual time when the servers' clock is ours, else real time.
    SteppedRun(RunConfig config, const Strategy &strategy, RedisEndpoint endpoint, History &history);
    SteppedRun(RunConfig config, const Strategy &strategy, NodeSet &nodes, History &history);

    bool finished() const;
    // Steps whoever the schedule picks; false once the run is over.
    bool stepNext();
    // Interactive: steps client `index` (waiting out its sleep, if any);
    // background actors that are due go first.
    bool stepClient(int index);
    // Steps until the run is over and closes the history.
    void runToEnd();
    // Closes the history (final stock). runToEnd() does it; call it after stepping by hand.
    void close();
    // Clients with an actor left, in index order.
    QList<int> activeClients() const;
    // When the earliest actor's next operation is due (-1 when none is left):
    // stepNext() with the timed schedule brings the run there.
    qint64 nextDueNs() const;
    // Brings the run's time to `ns` (no further than nextDueNs()) without
    // stepping a client: faults and expiries due on the way happen. For a
    // window that plays a virtual run at its own pace.
    void advanceTo(qint64 ns);

    // Where a client with an order loop left stands: what its next operation
    // is and when it would take effect if stepped now. For a scheduler outside
    // the run (the explorer) that picks who goes next.
    struct Turn {
        int client = -1;
        bool sleeping = false;  // its next operation is a sleep (work, back-off, its start offset)
        qint64 dueNs = 0;       // when it takes effect (a command: when it reaches its server)
        qint64 arrivesNs = 0;   // ties on dueNs go to the earlier arrival, as the timed schedule does
    };
    // One per client with an order loop left, in index order.
    QList<Turn> turns() const;

    // The calls so far that stepped the run, in order.
    const QList<StepChoice> &choices() const { return m_choices; }
    // Reproduces the run that made `choices` up to `ns`: replays those that
    // were over by then and brings the run to `ns`. On the virtual clock the
    // events so far are then those of that run, one for one.
    void replay(const QList<StepChoice> &choices, qint64 ns);
    // Forks here: the run goes on with `config` and `strategy` (see
    // Run::continueWith); a changed interleaving starts over from here, a
    // changed seed reseeds the random pick. forkConflict() must be empty.
    void fork(const RunConfig &config, const Strategy &strategy);

protected:
    void observe(Event &e) override;
    bool observesEachStep() const override { return config().probe; }
    void reach(qint64 ns) override { waitUntil(ns); }
    // Virtual: a queued fault happens when the clock gets to it.
    void serverFaultsQueued() override;

private:
    bool stepChosen(int client);
    bool stepScheduled();
    Actor *earliest(bool backgroundOnly) const;
    Actor *mainOf(int index) const;
    bool stepActor(Actor &actor);
    // Gets to `ns` on the run's clock (virtual: moves it; real: sleeps),
    // performing due server faults and recording the lock's expiry on the way.
    void waitUntil(qint64 ns);
    void probe(Event *into);
    int scriptedClient();

    QList<StepChoice> m_choices;
    qsizetype m_scriptPos = 0;
    // Made at the first random pick: seeding one costs more than a short run's steps.
    std::optional<QRandomGenerator> m_random;
    bool m_closed = false;
    // The earliest moment a lock node's lease, as the last probe saw it, runs out; -1: none.
    qint64 nextExpiryNs() const;

    // The last probe, per lock node: the lock as Redis held it, and when that lease runs out.
    struct Lease {
        QByteArray value;
        qint64 expiresNs = -1;
    };
    QList<Lease> m_leases;
};

} // namespace lockstock
