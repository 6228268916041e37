#include "RunSession.h"

#include "RunWorker.h"

#include "engine/Run.h"
#include "engine/RunScenario.h"

#include <QFileInfo>

namespace lockstock {

RunSession::RunSession(QObject *parent)
    : QObject(parent)
{
    m_poll.setInterval(16);
    connect(&m_poll, &QTimer::timeout, this, &RunSession::poll);
    connect(&m_model, &TimelineModel::timelineChanged, this, &RunSession::timelineChanged);
}

RunSession::~RunSession()
{
    teardown();
}

QString RunSession::strategyName() const { return m_strategy ? m_strategy->name : QString(); }
QString RunSession::strategyTitle() const { return m_strategy ? m_strategy->title : QString(); }
bool RunSession::strategyCorrect() const { return m_strategy && m_strategy->correct; }

QStringList RunSession::findings() const
{
    const auto data = timeline();
    return data->events.isEmpty() ? QStringList() : data->findings;
}

bool RunSession::clean() const
{
    return timeline()->outcome.clean();
}

QVariantMap RunSession::figures() const
{
    const auto data = timeline();
    const Outcome &o = data->outcome;
    return {
        {QStringLiteral("expectedStock"), o.expectedStock},
        {QStringLiteral("finalStock"), o.finalStock == kUnknown ? QVariant() : QVariant(o.finalStock)},
        {QStringLiteral("sold"), o.ordersSucceeded},
        {QStringLiteral("tried"), o.ordersTried},
        {QStringLiteral("lostUpdates"), o.lostUpdates},
        {QStringLiteral("oversold"), o.oversold},
        {QStringLiteral("overlaps"), int(o.overlaps.size())},
        {QStringLiteral("foreignReleases"), int(o.foreignReleases.size())},
        {QStringLiteral("stuckMs"), data->scenarioMs(o.stuckNs())},
    };
}

void RunSession::setState(const QString &state)
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
    m_endpoint = endpoint;
    m_live = live;
    m_error.clear();
    const RunInfo info = makeRunInfo(config, strategy, runClockFor(live ? RunMode::Live : RunMode::Stepped, config, endpoint));
    m_history = std::make_shared<History>(info);
    m_model.reset(info);
    setState(QStringLiteral("idle"));
    emit strategyChanged();
}

void RunSession::reset()
{
    if (m_strategy)
        load(m_config, *m_strategy, m_endpoint, m_live);
}

void RunSession::teardown()
{
    m_poll.stop();
    m_pendingSteps.clear();
    m_playWhenReady = false;
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
    if (m_thread || !m_strategy || m_state == QLatin1String("finished") || m_state == QLatin1String("failed"))
        return;
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("run-") + m_strategy->name);
    auto *worker = new RunWorker(m_config, *m_strategy, m_endpoint, m_history, m_live);
    worker->moveToThread(m_thread);
    m_worker = worker;
    connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
    connect(worker, &RunWorker::prepared, this, [this] {
        setState(QStringLiteral("paused"));
        if (m_playWhenReady)
            play();
        for (int c : std::exchange(m_pendingSteps, {}))
            stepClient(c);
    });
    connect(worker, &RunWorker::paused, this, [this] {
        if (m_state == QLatin1String("running"))
            setState(QStringLiteral("paused"));
        poll();
        emit workerIdle();
    });
    connect(worker, &RunWorker::finished, this, [this](const QString &error) {
        m_error = error;
        poll();
        m_poll.stop();
        setState(error.isEmpty() ? QStringLiteral("finished") : QStringLiteral("failed"));
    });
    m_thread->start();
    setState(QStringLiteral("starting"));
    m_poll.start();
    QMetaObject::invokeMethod(worker, &RunWorker::prepare, Qt::QueuedConnection);
}

void RunSession::play()
{
    if (m_state == QLatin1String("idle") || m_state == QLatin1String("starting")) {
        m_playWhenReady = true;
        ensureStarted();
        return;
    }
    if (m_state != QLatin1String("paused") || !m_worker)
        return;
    setState(QStringLiteral("running"));
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
    if (m_state == QLatin1String("idle") || m_state == QLatin1String("starting")) {
        m_pendingSteps << client;
        ensureStarted();
        return;
    }
    if (!m_worker || m_state != QLatin1String("paused"))
        return;
    QMetaObject::invokeMethod(m_worker, [w = m_worker, client] { w->stepClient(client); }, Qt::QueuedConnection);
}

void RunSession::poll()
{
    if (m_history)
        m_model.update(*m_history);
}

QVariantMap RunSession::eventDetails(int sortedIndex) const
{
    const auto data = timeline();
    if (sortedIndex < 0 || sortedIndex >= data->events.size())
        return {};
    const Event &e = data->events.at(sortedIndex);
    QVariantMap m;
    m[QStringLiteral("index")] = sortedIndex;
    m[QStringLiteral("timeMs")] = data->scenarioMs(e.tNs);
    m[QStringLiteral("durationMs")] = data->scenarioMs(e.durationNs);
    m[QStringLiteral("client")] = e.client;
    m[QStringLiteral("clientName")] = data->info.clients.value(e.client, QStringLiteral("Redis"));
    m[QStringLiteral("kind")] = QString::fromLatin1(eventKindName(e.kind));
    m[QStringLiteral("step")] = QString::fromLatin1(stepName(e.step));
    m[QStringLiteral("watchdog")] = e.role == ActorRole::Watchdog;
    QStringList argv;
    for (const QByteArray &a : e.argv)
        argv << QString::fromUtf8(a);
    m[QStringLiteral("command")] = argv.join(QLatin1Char(' '));
    m[QStringLiteral("reply")] = e.kind == EventKind::Command ? e.reply.display() : QString();
    m[QStringLiteral("holds")] = e.holds;
    m[QStringLiteral("token")] = QString::fromUtf8(e.token);
    m[QStringLiteral("note")] = e.note;
    m[QStringLiteral("race")] = data->raceAt(sortedIndex);
    m[QStringLiteral("source")] = e.sourceFile ? QFileInfo(QString::fromUtf8(e.sourceFile)).fileName() : QString();
    m[QStringLiteral("line")] = e.sourceLine;
    if (e.lockPttl != kUnknown) {
        m[QStringLiteral("lockValue")] = QString::fromUtf8(e.lockValue);
        m[QStringLiteral("lockPttl")] = e.lockPttl;
        m[QStringLiteral("stock")] = e.stock == kUnknown ? QVariant() : QVariant(e.stock);
    }
    return m;
}

QVariantMap RunSession::redisStateAt(double ms) const
{
    const auto data = timeline();
    const qint64 ns = ms < 0 ? std::numeric_limits<qint64>::max() / 2 : data->realNs(ms);
    const int i = data->lastProbeAt(ns);
    QVariantMap m;
    m[QStringLiteral("lockKey")] = QString::fromUtf8(data->info.lockKey);
    m[QStringLiteral("stockKey")] = QString::fromUtf8(data->info.stockKey);
    m[QStringLiteral("probed")] = i >= 0;
    if (i < 0)
        return m;
    const Event &e = data->events.at(i);
    const qint64 probedAt = e.tNs + e.durationNs;
    const qint64 elapsedMs = ms < 0 ? 0 : std::max<qint64>(0, (ns - probedAt) / 1000000);
    qint64 pttl = e.lockPttl;
    if (pttl > 0)
        pttl = std::max<qint64>(0, pttl - elapsedMs);
    const bool gone = e.lockPttl > 0 && pttl == 0;
    m[QStringLiteral("lockValue")] = gone ? QString() : QString::fromUtf8(e.lockValue);
    m[QStringLiteral("lockPttl")] = gone ? kNoKey : pttl;
    int owner = -1;
    for (const Holding &h : data->holdings)
        if (h.token == e.lockValue)
            owner = h.owner;
    m[QStringLiteral("lockOwner")] = gone ? -1 : owner;
    m[QStringLiteral("stock")] = e.stock == kUnknown ? QVariant() : QVariant(e.stock);
    return m;
}

} // namespace lockstock
