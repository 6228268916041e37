#pragma once
// One schedule of a scenario, run for real: a SteppedRun on the virtual
// clock against private redis-servers, where a Chooser says which client
// sends its next command at each point. Same scenario, same choices: same run.
//
// Who may go next. A client whose next operation is a sleep (work, back-off,
// its start offset), or whose next command is due more than two round trips
// after its last one ran (a pause, a lost or late reply), is waiting; the
// others are ready. The ready clients whose command reaches Redis before the
// earliest waiting client wakes may go, in any order: that is the choice.
// When none may, the earliest waiting client wakes, as on the timed schedule.
// So sleeps and waits end in time order, and the commands clients have in
// flight together reach Redis in every order, each late by at most the round
// trips of the commands let in before it. Background actors (watchdogs) are
// no choice: they keep their timing.
//
// Whether a client may go changes only by its own steps and by wakes, so a
// step that ends with its client waiting, and every wake, is dependent with
// every other step (Footprint::clock): steps of others swap around neither.

#include "Footprint.h"

#include "analysis/Verdict.h"
#include "engine/RunConfig.h"
#include "engine/Strategy.h"
#include "redis/RedisConnectionPool.h"

#include <QList>
#include <QString>

#include <atomic>
#include <memory>

namespace lockstock {

class History;
class RedisTarget;
class SteppedRun;

// What a run came to: the final stock and the verdict's findings.
struct Outcome {
    qint64 finalStock = kUnknown;
    // Each kind once, in the verdict's order, with its worst severity.
    QList<std::pair<FindingKind, Severity>> findings;
    QString error;               // the run stopped: no verdict
    // The verdict's findings as they were, for saying them in words (brief()).
    QList<Finding> verdict;

    Severity severity() const;
    // The kinds that broke the stock or the lock.
    QList<FindingKind> failures() const;
    // "stock 99 · lost_updates": stable, for grouping and JSON.
    QString key() const;
    // "stock 99 · 1 update lost", in the UI language.
    QString text() const;
    bool operator==(const Outcome &o) const
    {
        return finalStock == o.finalStock && findings == o.findings && error == o.error;
    }
};
Outcome outcomeOf(const History &history, const QString &error);

struct ScheduledStep {
    int client = -1;
    QList<int> enabled;          // who could go, in index order; one: no choice
    bool woke = false;           // nobody could: the earliest waiting client woke
    Footprint footprint;
};

struct Execution {
    QList<ScheduledStep> steps;
    bool complete = false;       // ran to its end; else the chooser stopped it
    Outcome outcome;             // when complete

    // The client of each step, by name: a scenario's "interleaving".
    QStringList interleaving(const RunConfig &config) const;
    // Steps where more than one client could go.
    int choicePoints() const;
};

class Chooser {
public:
    virtual ~Chooser() = default;
    // Who steps at `depth` (0-based) among `enabled` (in index order, never
    // empty); `timed` is the timed schedule's pick. -1 stops the run there.
    virtual int choose(qsizetype depth, const QList<int> &enabled, int timed) = 0;
    // The step at `depth` is done.
    virtual void stepped(qsizetype depth, const ScheduledStep &step)
    {
        Q_UNUSED(depth);
        Q_UNUSED(step);
    }
};

// Follows a list of clients, then the timed schedule.
class ReplayChooser : public Chooser {
public:
    explicit ReplayChooser(QList<int> clients) : m_clients(std::move(clients)) {}
    int choose(qsizetype depth, const QList<int> &enabled, int timed) override;

private:
    QList<int> m_clients;
};

// A worker's servers: a private redis-server used run after run, with its
// connections, or (for a scenario with lock nodes or server faults) a fresh
// set per run.
class ScheduleRunner {
public:
    // Starts the private server when `config` needs one. Throws RedisError.
    explicit ScheduleRunner(const RunConfig &config);
    ~ScheduleRunner();

    // Runs one schedule. With `history`, the run is recorded there.
    // `stop` stops it between two steps (the execution is then incomplete).
    Execution run(const RunConfig &config, const Strategy &strategy, Chooser &chooser, History *history = nullptr,
                  const std::atomic<bool> *stop = nullptr);

private:
    std::unique_ptr<RedisTarget> m_server;
    // The private server's connections and checks, kept from run to run.
    RedisConnectionPool m_connections;
};

// The clients that may go next in `run` (see above), in index order, and the
// timed schedule's pick; `woke` when only the earliest waiting client may.
// `lastRanNs`: per client, when its last operation took effect (0 before its first).
struct ReadyClients {
    QList<int> enabled;
    QList<int> waiting;
    int timed = -1;
    bool woke = false;
};
ReadyClients readyClients(const SteppedRun &run, const QList<qint64> &lastRanNs, qint64 slackNs);
// Two round trips of the slowest link or node of `config`, in clock ns.
qint64 waitingSlackNs(const RunConfig &config);

} // namespace lockstock
