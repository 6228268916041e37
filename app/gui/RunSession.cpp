#include "RunSession.h"

#include "RunWorker.h"

#include "analysis/EventDetails.h"

#include "engine/Run.h"
#include "engine/RunScenario.h"


namespace lockstock {

// The analyzer of the current run and the history it reads; shared with the
// analysis in flight, so that a run thrown away outlives its last look.
struct RunSession::Analysis {
    Analysis(std::shared_ptr<History> h, RunAnalyzer::Arrival arrival)
        : history(std::move(h))
        , analyzer(history->info(), arrival)
    {
    }
    std::shared_ptr<History> history;
    RunAnalyzer analyzer;
};

RunSession::RunSession(QObject *parent)
    : QObject(parent)
{
    m_analysisThread.setMaxThreadCount(1);
    m_poll.setInterval(16);
    connect(&m_poll, &QTimer::timeout, this, &RunSession::analyse);
    connect(&m_model, &TimelineModel::analysisChanged, this, &RunSession::timelineChanged);
}

RunSession::~RunSession()
{
    teardown();
    m_analysisThread.waitForDone();
}

QString RunSession::strategyName() const
{
    if (observed())
        return m_observedName.isEmpty() ? QStringLiteral("observed") : m_observedName;
    return m_strategy ? m_strategy->name : QString();
}

QString RunSession::strategyTitle() const
{
    return observed() ? m_observedTitle : m_strategy ? m_strategy->titleText() : QString();
}

bool RunSession::correctSide() const { return m_strategy && !observed() && !analysis()->info.brokenSide; }

void RunSession::retranslate()
{
    m_model.retranslate();
    emit strategyChanged();
    emit timelineChanged();
}

QVariantList RunSession::findings() const
{
    const auto a = shown();
    QVariantList out;
    if (a->events.isEmpty())
        return out;
    for (const Finding &f : a->verdict.findings)
        out << QVariantMap{{QStringLiteral("text"), f.sentence(a->info)},
                           {QStringLiteral("severity"), int(f.severity)}};
    return out;
}

RunSession::Outcome RunSession::outcome() const
{
    return Outcome(shown()->verdict.severity());
}

void RunSession::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged();
}

void RunSession::load(const RunConfig &config, const Strategy &strategy, const RedisEndpoint &endpoint, bool live)
{
    teardown();
    m_config = config;
    m_strategy = &strategy;
    m_startConfig = config;
    m_startStrategy = &strategy;
    m_choices.clear();
    m_fork = {};
    m_endpoint = endpoint;
    m_live = live;
    m_error.clear();
    m_observedTitle.clear();
    const RunInfo info = makeRunInfo(config, strategy, runClockFor(live ? RunMode::Live : RunMode::Stepped, config, endpoint));
    m_history = std::make_shared<History>(info);
    m_analysis = std::make_shared<Analysis>(m_history, live ? RunAnalyzer::Arrival::PerClient : RunAnalyzer::Arrival::InOrder);
    ++m_generation;
    m_model.reset(info);
    m_instants.reset();
    m_shown.reset();
    setState(State::Idle);
    emit strategyChanged();
}

bool RunSession::canFork() const
{
    return m_strategy && !m_live && !observed() && analysis()->info.clock == ClockKind::Virtual
        && (m_state == State::Paused || m_state == State::Finished);
}

void RunSession::fork(qint64 atNs, const RunConfig &config, const Strategy &strategy)
{
    ForkPlan plan{m_choices, m_fork.points};
    // Forked again before an earlier fork point: that change had not happened yet.
    plan.points.removeIf([atNs](const ForkPoint &p) { return p.atNs >= atNs; });
    plan.points.append({atNs, config, &strategy});
    restart(std::move(plan));
}

void RunSession::undoStep()
{
    if (!canUndoStep())
        return;
    const StepChoice undone = m_choices.last();
    ForkPlan plan{m_choices.mid(0, m_choices.size() - 1), m_fork.points, undone.fromNs};
    // A fork made after the step undone had not happened before it.
    plan.points.removeIf([&undone](const ForkPoint &p) { return p.atNs > undone.fromNs; });
    restart(std::move(plan));
}

void RunSession::restart(ForkPlan plan)
{
    const RunConfig start = m_startConfig;
    const Strategy *startStrategy = m_startStrategy;
    const bool forked = !plan.points.isEmpty();
    load(forked ? plan.points.last().config : start, forked ? *plan.points.last().strategy : *startStrategy, m_endpoint,
         false);
    m_startConfig = start;
    m_startStrategy = startStrategy;
    m_fork = std::move(plan);
    emit strategyChanged();
    ensureStarted();
}

double RunSession::forkMs() const
{
    return m_fork.points.isEmpty() ? -1.0 : analysis()->info.scenarioMs(m_fork.points.last().atNs);
}

void RunSession::reset()
{
    if (m_strategy)
        load(m_config, *m_strategy, m_endpoint, m_live);
}

void RunSession::showObserved(std::shared_ptr<const RunAnalysis> analysis, const QString &title, const QString &name)
{
    const bool fresh = !observed();
    // Titled anew (a fork beside the run it was forked from): the panes say so.
    const bool renamed = !fresh && (title != m_observedTitle || name != m_observedName);
    m_observedName = name;
    if (fresh) {
        teardown();
        ++m_generation; // an analysis of the run thrown away must not land on this one
        m_error.clear();
    }
    m_observedTitle = title;
    // Each look rebuilds the whole history (lanes may merge as tokens are learnt): a restart.
    m_model.setAnalysis(std::move(analysis), {}, true);
    m_shown.reset();
    m_instants.reset();
    setState(State::Finished);
    if (fresh || renamed)
        emit strategyChanged();
    emit timelineChanged();
}

void RunSession::teardown()
{
    m_poll.stop();
    m_pendingSteps.clear();
    m_playWhenReady = false;
    m_ended.reset();
    m_idlePending = false;
    m_analyseAgain = false;
    if (!m_thread)
        return;
    // The worker may be asleep inside a step; let it finish on its own and clean up after itself.
    if (m_worker) {
        m_worker->stop();
        disconnect(m_worker, nullptr, this, nullptr);
    }
    connect(m_thread, &QThread::finished, m_thread, &QObject::deleteLater);
    m_thread->quit();
    m_thread = nullptr;
    m_worker = nullptr;
}

void RunSession::ensureStarted()
{
    if (m_thread || !m_strategy || isOver())
        return;
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("run-") + m_strategy->name);
    // A fork begins as the run it was forked from began.
    auto *worker = new RunWorker(m_startConfig, *m_startStrategy, m_endpoint, m_history, m_live, m_fork);
    // At the pace asked for now (a lesson computes its run at once), not the one it began with.
    worker->setPlaybackSpeed(m_config.playbackSpeed);
    worker->moveToThread(m_thread);
    m_worker = worker;
    connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
    connect(worker, &RunWorker::choicesRecorded, this, [this](const QList<StepChoice> &choices) { m_choices = choices; });
    connect(worker, &RunWorker::prepared, this, [this] {
        setState(State::Paused);
        if (m_playWhenReady)
            play();
        for (int c : std::exchange(m_pendingSteps, {}))
            stepClient(c);
    });
    connect(worker, &RunWorker::paused, this, [this] {
        if (m_state == State::Running)
            setState(State::Paused);
        // Idle once the window shows everything the worker did.
        m_idlePending = true;
        analyse();
    });
    connect(worker, &RunWorker::finished, this, [this](const QString &error) {
        m_error = error;
        // The verdict is shown once the analysis has read the end of the history.
        m_ended = error.isEmpty() ? State::Finished : State::Failed;
        if (!m_history->isFinished())
            setState(*m_ended);
        analyse();
    });
    m_thread->start();
    setState(State::Starting);
    m_poll.start();
    QMetaObject::invokeMethod(worker, &RunWorker::prepare, Qt::QueuedConnection);
}

void RunSession::play()
{
    if (m_state == State::Idle || m_state == State::Starting) {
        m_playWhenReady = true;
        ensureStarted();
        return;
    }
    if (m_state != State::Paused || !m_worker)
        return;
    setState(State::Running);
    QMetaObject::invokeMethod(m_worker, &RunWorker::play, Qt::QueuedConnection);
}

void RunSession::pause()
{
    m_playWhenReady = false;
    if (m_worker)
        m_worker->pause();
}

void RunSession::setPlaybackSpeed(double speed)
{
    m_config.playbackSpeed = speed;
    if (m_worker)
        m_worker->setPlaybackSpeed(speed);
}

void RunSession::stepClient(int client)
{
    if (m_live)
        return;
    if (m_state == State::Idle || m_state == State::Starting) {
        m_pendingSteps << client;
        ensureStarted();
        return;
    }
    if (!m_worker || m_state != State::Paused)
        return;
    QMetaObject::invokeMethod(m_worker, [w = m_worker, client] { w->stepClient(client); }, Qt::QueuedConnection);
}

void RunSession::analyse()
{
    if (!m_analysis)
        return;
    if (m_analysing) {
        m_analyseAgain = true; // what came since it began is read next
        return;
    }
    m_analysing = true;
    m_analyseAgain = false;
    m_analysisThread.start([this, job = m_analysis, generation = m_generation] {
        const bool changed = job->analyzer.update(*job->history);
        std::shared_ptr<const RunAnalysis> snapshot = changed ? job->analyzer.snapshot() : nullptr;
        // The destructor waits for this thread, so `this` outlives the call.
        QMetaObject::invokeMethod(this, [=, this, marked = job->analyzer.newlyMarked(),
                                         restarted = job->analyzer.restarted()] {
            analysed(generation, snapshot, marked, restarted);
        }, Qt::QueuedConnection);
    });
}

void RunSession::analysed(quint64 generation, std::shared_ptr<const RunAnalysis> snapshot, const QList<int> &marked,
                          bool restarted)
{
    m_analysing = false;
    if (generation != m_generation) {
        // A run thrown away since.
        if (m_analyseAgain)
            analyse();
        return;
    }
    if (snapshot)
        m_model.setAnalysis(std::move(snapshot), marked, restarted);
    if (m_ended && analysis()->finished) {
        m_poll.stop();
        setState(*m_ended);
        analyseInstant(); // a cursor set while the run went on
    } else if (m_ended) {
        analyse(); // the end of the history is not read yet
    }
    if (m_analyseAgain) {
        analyse();
    } else if (m_idlePending && !m_analysing) {
        m_idlePending = false;
        emit workerIdle();
    }
}

void RunSession::showInstant(double ms)
{
    if (ms == m_instantMs && (m_instantBusy || (ms >= 0) == bool(m_shown)))
        return; // shown, or on its way
    m_instantMs = ms;
    analyseInstant();
}

bool RunSession::instantWanted() const
{
    const auto whole = analysis();
    return m_instantMs >= 0 && isOver() && whole->finished && m_instantMs < whole->durationMs();
}

bool RunSession::instantPending() const
{
    return m_instantBusy || (instantWanted() && (!m_shown || m_shownNs != analysis()->clockNs(m_instantMs)));
}

void RunSession::analyseInstant()
{
    const auto whole = analysis();
    if (!instantWanted()) {
        m_model.setInstant(-1);
        if (m_shown) {
            m_shown.reset();
            emit timelineChanged();
        }
        emit instantShown();
        return;
    }
    if (m_instantBusy)
        return; // asked again once the one under way is in
    if (!m_instants || m_instants->whole() != whole)
        m_instants = std::make_shared<InstantAnalyzer>(whole);
    m_instantBusy = true;
    const qint64 ns = whole->clockNs(m_instantMs);
    m_analysisThread.start([this, job = m_instants, ns, generation = m_generation] {
        std::shared_ptr<const RunAnalysis> at = job->at(ns);
        // The destructor waits for this thread, so `this` outlives the call.
        QMetaObject::invokeMethod(this, [=, this] {
            m_instantBusy = false;
            if (generation != m_generation || job != m_instants || m_instantMs < 0) {
                analyseInstant();
                return;
            }
            m_model.setInstant(ns);
            m_shownNs = ns;
            if (at != m_shown) {
                m_shown = at;
                emit timelineChanged();
            }
            if (analysis()->clockNs(m_instantMs) != ns)
                analyseInstant(); // the cursor moved on meanwhile
            else
                emit instantShown();
        }, Qt::QueuedConnection);
    });
}

QVariantMap RunSession::eventDetails(int sortedIndex) const
{
    return lockstock::eventDetails(*analysis(), sortedIndex);
}

QVariantMap RunSession::redisStateAt(double ms) const
{
    // What the lock lane and the stock lane draw at that moment: the panel
    // says what the timeline shows, never more.
    const auto a = shown();
    const qint64 ns = ms < 0 ? a->endNs : std::min(a->clockNs(ms), a->endNs);
    const RunAnalysis::LockAt lock = a->lockAt(0, ns);
    QVariantMap m;
    m[QStringLiteral("lockKey")] = QString::fromUtf8(a->info.lockKey);
    m[QStringLiteral("stockKey")] = QString::fromUtf8(a->info.stockKey);
    m[QStringLiteral("probed")] = lock.probed;
    if (!lock.probed)
        return m;
    if (lock.ttlNs != kUnknown) {
        m[QStringLiteral("lockValue")] = QString::fromUtf8(lock.token);
        // In Redis's milliseconds, as PTTL says them.
        m[QStringLiteral("lockPttl")] = lock.ttlNs < 0 ? lock.ttlNs : (lock.ttlNs + 999999) / 1000000;
        m[QStringLiteral("lockOwner")] = lock.owner;
    }
    m[QStringLiteral("stock")] = a->stockAt(ns);
    return m;
}

} // namespace lockstock
