#pragma once
// Lives on a RunSession's worker thread and owns the engine's run there: a
// SteppedRun driven step by step (play, pause, step one client) or a LiveRun
// that goes to the end on its own. The GUI thread only calls the slots through
// queued connections, and pause()/stop()/setPlaybackSpeed(), which are
// thread-safe.
//
// A stepped run on the virtual clock is played at the window's pace: it may
// go no further than a playhead that moves at the playback speed while
// playing and stands still when paused, so a pause freezes every lease.

#include "engine/LiveRun.h"
#include "engine/NodeSet.h"
#include "engine/SteppedRun.h"

#include <QObject>
#include <atomic>
#include <memory>

namespace lockstock {

// Where a fork changed the scenario (a fork of a fork has several).
struct ForkPoint {
    qint64 atNs = 0;
    RunConfig config;
    const Strategy *strategy = nullptr;
};
// A fork's way to its point: the choices of the run it was forked from,
// replayed on the scenario as it began, and the changes made on the way.
struct ForkPlan {
    QList<StepChoice> choices;
    QList<ForkPoint> points;
    // Then the choices are replayed to here (a step undone: to just before it); -1: not.
    qint64 endNs = -1;
};

class RunWorker : public QObject {
    Q_OBJECT
public:
    // A stepped run with a `fork` plan is prepared up to its last fork point.
    RunWorker(RunConfig config, const Strategy &strategy, RedisEndpoint endpoint, std::shared_ptr<History> history,
              bool live, ForkPlan fork = {});
    ~RunWorker() override;

    // Thread-safe: the play loop stops after the current step.
    void pause() { m_paused = true; }
    // Thread-safe: the run stops at once, even mid-sleep at its next check.
    void stop();
    // Thread-safe: scenario ms played per real ms from now on.
    void setPlaybackSpeed(double speed) { m_playbackSpeed = speed; }

public slots:
    void prepare();
    void play();
    void stepClient(int client);

signals:
    void prepared();
    void paused();
    void finished(const QString &error);
    // The calls that stepped the run so far (a fork replays them); sent before paused() and finished().
    void choicesRecorded(const QList<lockstock::StepChoice> &choices);

private:
    bool finishIfOver();
    // Says the run waits (paused()), or that it is over.
    void stepped();
    // Steps the virtual run while the playhead allows, until paused or over.
    void playAtPace();
    template <class R>
    std::unique_ptr<R> makeRun();

    RunConfig m_config;
    const Strategy &m_strategy;
    RedisEndpoint m_endpoint;
    std::shared_ptr<History> m_history;
    bool m_live = false;
    ForkPlan m_fork;
    // The servers of a scenario that faults its own (started and faulted on
    // this thread); null when the run uses m_endpoint.
    std::unique_ptr<NodeSet> m_nodes;
    std::unique_ptr<SteppedRun> m_run;
    std::atomic<bool> m_paused{false};
    std::atomic<double> m_playbackSpeed;
    std::atomic<bool> m_stopped{false};
    std::atomic<Run *> m_active{nullptr};
    bool m_done = false;
};

} // namespace lockstock
