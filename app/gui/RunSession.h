#pragma once
// One run shown in the window: its history, the worker thread that drives
// it, and its analysis. A thread of its own analyses what the run recorded
// since the last look (~60 times a second) and hands the window an
// immutable snapshot; the window never analyses on its own thread.
// Side-by-side mode has two of these.

#include "RunWorker.h"
#include "TimelineModel.h"

#include "analysis/InstantAnalysis.h"

#include "engine/RunConfig.h"
#include "redis/RedisEndpoint.h"

#include <QObject>
#include <QPointer>
#include <QThread>
#include <QThreadPool>
#include <QTimer>
#include <QVariantMap>

namespace lockstock {

struct Strategy;

class RunSession : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by the controller")
    Q_PROPERTY(lockstock::TimelineModel *model READ model CONSTANT)
    Q_PROPERTY(State state READ state NOTIFY stateChanged)
    Q_PROPERTY(QString strategyName READ strategyName NOTIFY strategyChanged)
    Q_PROPERTY(QString strategyTitle READ strategyTitle NOTIFY strategyChanged)
    Q_PROPERTY(bool correctSide READ correctSide NOTIFY strategyChanged)
    Q_PROPERTY(QStringList clients READ clients NOTIFY strategyChanged)
    // What was found by the instant shown.
    Q_PROPERTY(QVariantList findings READ findings NOTIFY timelineChanged)
    Q_PROPERTY(Outcome outcome READ outcome NOTIFY timelineChanged)
    Q_PROPERTY(double durationMs READ durationMs NOTIFY timelineChanged)
    Q_PROPERTY(QString error READ error NOTIFY stateChanged)
    // "virtual" or "real": the clock the run is on (RunInfo::clock).
    Q_PROPERTY(QString clock READ clock NOTIFY strategyChanged)
    // Showing programs watched through the proxy, not a run of the scenario.
    Q_PROPERTY(bool observed READ observed NOTIFY strategyChanged)
    // Where this run was forked from the one before, in scenario ms; -1 when it was not.
    Q_PROPERTY(double forkMs READ forkMs NOTIFY strategyChanged)
public:
    enum class State { Idle, Starting, Running, Paused, Finished, Failed };
    Q_ENUM(State)
    // How the verdict came out: its Severity, for the panels.
    enum class Outcome { Clean, NotExercised, Harmless, Broken };
    Q_ENUM(Outcome)

    explicit RunSession(QObject *parent = nullptr);
    ~RunSession() override;

    TimelineModel *model() { return &m_model; }
    const TimelineModel *model() const { return &m_model; }
    // The run as far as it has played (all of it once it is over).
    std::shared_ptr<const RunAnalysis> analysis() const { return m_model.analysis(); }
    // What the timeline, the verdict and the Redis panel show: the finished
    // run at the instant showInstant() asked for (the analysis at that
    // instant, whose events are numbered apart: InstantAnalyzer::indexIn),
    // else analysis().
    std::shared_ptr<const RunAnalysis> shown() const { return m_shown ? m_shown : analysis(); }
    // Shows the finished run as it stood at `ms` of it (a replay cursor, a
    // lesson frame); < 0, or a run still going: as far as it has played.
    // Computed on the analysis thread; timelineChanged() once it is shown.
    void showInstant(double ms);
    // The instant asked for is not shown yet (instantShown() says when it is).
    bool instantPending() const;

    State state() const { return m_state; }
    QString strategyName() const;
    QString strategyTitle() const;
    // The strategy is this scenario's correct side (Scenario::correctHere).
    bool correctSide() const;
    QStringList clients() const { return m_config.clients.isEmpty() && m_observedTitle.isEmpty() ? QStringList() : analysis()->info.clients; }
    // The verdict in plain words, each {text, severity}; empty before anything ran.
    QVariantList findings() const;
    Outcome outcome() const;
    double durationMs() const { return analysis()->durationMs(); }
    QString error() const { return m_error; }
    QString clock() const { return QString::fromLatin1(nameOf(analysis()->info.clock)); }

    // Sets up a fresh run (discarding the old one) without starting it.
    void load(const RunConfig &config, const Strategy &strategy, const RedisEndpoint &endpoint, bool live);
    // What the run goes on with now (after a fork, the fork's).
    const RunConfig &config() const { return m_config; }
    // A stepped run on the virtual clock that is paused or over can be forked.
    bool canFork() const;
    // Forks the run at `atNs` of its clock: a fresh run replays its choices to
    // there against a fresh Redis (the same run, event for event) and goes on
    // with `config` and `strategy`, paused at the fork point. canFork() and
    // an empty forkConflict() first.
    void fork(qint64 atNs, const RunConfig &config, const Strategy &strategy);
    double forkMs() const;
    // Undoes the last step: a fresh run replays the run to just before it
    // (the same run, event for event, and the same Redis), paused there.
    bool canUndoStep() const { return canFork() && !m_choices.isEmpty(); }
    void undoStep();
    void play();
    void pause();
    void stepClient(int client);
    // How fast a virtual-time run plays (scenario ms per real ms); takes
    // effect at once, even while playing. Redis never sees it.
    void setPlaybackSpeed(double speed);
    // Throws the run away; the next play() or step starts it again.
    void reset();
    // Shows a run LockStock did not drive (programs watched through the
    // recording proxy) in place of this one's; reset() or load() goes back.
    // `name` stands for the strategy's ("observed" when empty).
    void showObserved(std::shared_ptr<const RunAnalysis> analysis, const QString &title, const QString &name = {});
    bool observed() const { return !m_observedTitle.isEmpty(); }
    bool isActive() const { return m_state == State::Running || m_state == State::Starting; }
    bool isOver() const { return m_state == State::Finished || m_state == State::Failed; }

    // The UI language changed: the strategy's title, the verdict and the
    // timeline's rows say so again.
    void retranslate();

    // The clicked event: command, reply, the client's belief, Redis's truth.
    Q_INVOKABLE QVariantMap eventDetails(int sortedIndex) const;
    // The lock and stock as the last probe at or before `ms` saw them, the TTL counted down to `ms`.
    Q_INVOKABLE QVariantMap redisStateAt(double ms) const;

signals:
    void stateChanged();
    void strategyChanged();
    void timelineChanged();
    // The worker is done with what it was asked (a step, or playing until
    // paused) and the run waits: on the virtual clock, no time passes now.
    // Emitted once the analysis has read all it did.
    void workerIdle();
    // What the views show is the instant showInstant() last asked for (or the whole run).
    void instantShown();

private:
    struct Analysis;
    void ensureStarted();
    // A fresh run along `plan`, on the scenario as this one began.
    void restart(ForkPlan plan);
    void setState(State state);
    // Starts analysing what is new, unless that is under way.
    void analyse();
    void analysed(quint64 generation, std::shared_ptr<const RunAnalysis> snapshot, const QList<int> &marked,
                  bool restarted);
    // Computes the instant asked for, unless that is under way.
    void analyseInstant();
    // An instant is asked for and can be shown (the run is over, the instant within it).
    bool instantWanted() const;
    void teardown();

    TimelineModel m_model;
    // The finished run at an instant: its analyzer (used on the analysis
    // thread only), the instant asked for (-1: none), whether one is being
    // computed, and the last one computed (null: none shown).
    std::shared_ptr<InstantAnalyzer> m_instants;
    double m_instantMs = -1;
    bool m_instantBusy = false;
    std::shared_ptr<const RunAnalysis> m_shown;
    qint64 m_shownNs = -1;
    std::shared_ptr<History> m_history;
    std::shared_ptr<Analysis> m_analysis;
    quint64 m_generation = 0;         // which load() the analysis in flight belongs to
    bool m_analysing = false;
    bool m_analyseAgain = false;      // something asked for an analysis while one ran
    bool m_idlePending = false;       // the worker waits: say so once the analysis caught up
    QThreadPool m_analysisThread;     // one thread: one analysis at a time, in order
    RunConfig m_config;
    const Strategy *m_strategy = nullptr;
    RedisEndpoint m_endpoint;
    bool m_live = false;
    QThread *m_thread = nullptr;
    QPointer<RunWorker> m_worker;
    QTimer m_poll;
    State m_state = State::Idle;
    std::optional<State> m_ended;     // the worker is done; shown once the analysis has caught up
    QString m_error;
    QString m_observedTitle;          // showing an observed run, not the strategy's
    QString m_observedName;
    // The scenario as the run began, the calls that stepped it, and where it was forked.
    RunConfig m_startConfig;
    const Strategy *m_startStrategy = nullptr;
    QList<StepChoice> m_choices;
    ForkPlan m_fork;
    QList<int> m_pendingSteps;        // steps asked for before the run was ready
    bool m_playWhenReady = false;
};

} // namespace lockstock
