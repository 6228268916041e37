#include "RunWorker.h"

#include "redis/RedisError.h"

#include <QElapsedTimer>
#include <QThread>

namespace lockstock {

RunWorker::RunWorker(RunConfig config, const Strategy &strategy, RedisEndpoint endpoint,
                     std::shared_ptr<History> history, bool live, ForkPlan fork)
    : m_config(std::move(config))
    , m_strategy(strategy)
    , m_endpoint(std::move(endpoint))
    , m_history(std::move(history))
    , m_live(live)
    , m_fork(std::move(fork))
    , m_playbackSpeed(m_config.playbackSpeed)
{
}

RunWorker::~RunWorker() = default;

void RunWorker::stop()
{
    m_stopped = true;
    m_paused = true;
    if (Run *run = m_active.load())
        run->requestStop();
}

template <class R>
std::unique_ptr<R> RunWorker::makeRun()
{
    if (!m_config.needsPrivateServers())
        return std::make_unique<R>(m_config, m_strategy, m_endpoint, *m_history);
    if (!m_nodes)
        m_nodes = std::make_unique<NodeSet>(m_config.nodes); // throws RedisServerError
    return std::make_unique<R>(m_config, m_strategy, *m_nodes, *m_history);
}

void RunWorker::prepare()
{
    if (m_live) {
        // A live run cannot be paused or stepped: threads race as in production.
        QString error;
        try {
            const std::unique_ptr<LiveRun> run = makeRun<LiveRun>();
            m_active = run.get();
            run->prepare();
            if (!m_stopped)
                run->runToEnd();
            error = run->error();
        } catch (const RedisError &err) {
            error = QString::fromStdString(err.what());
        }
        m_active = nullptr;
        m_done = true;
        emit finished(error);
        return;
    }
    try {
        m_run = makeRun<SteppedRun>();
        m_run->prepare();
        m_active = m_run.get();
        for (const ForkPoint &point : std::as_const(m_fork.points)) {
            m_run->replay(m_fork.choices, point.atNs);
            m_run->fork(point.config, *point.strategy);
        }
        if (m_fork.endNs >= 0)
            m_run->replay(m_fork.choices, m_fork.endNs);
    } catch (const RedisError &err) {
        m_done = true;
        emit finished(QString::fromStdString(err.what()));
        return;
    }
    if (m_stopped)
        m_run->requestStop();
    emit choicesRecorded(m_run->choices());
    if (!finishIfOver())
        emit prepared();
}

bool RunWorker::finishIfOver()
{
    if (m_done || !m_run)
        return true;
    if (!m_run->finished() && !m_run->failed())
        return false;
    m_run->close();
    m_done = true;
    m_active = nullptr;
    emit choicesRecorded(m_run->choices());
    emit finished(m_run->error());
    return true;
}

void RunWorker::play()
{
    if (m_done || !m_run)
        return;
    m_paused = false;
    if (m_run->clockKind() == ClockKind::Virtual)
        playAtPace();
    else
        while (!m_paused && m_run->stepNext()) {
        }
    stepped();
}

void RunWorker::stepped()
{
    if (finishIfOver())
        return;
    emit choicesRecorded(m_run->choices());
    emit paused();
}

void RunWorker::playAtPace()
{
    constexpr qint64 kFrameNs = 16000000;
    QElapsedTimer real;
    real.start();
    qint64 playhead = m_run->nowNs();
    while (!m_paused && !m_run->finished() && !m_run->failed()) {
        const double speed = m_playbackSpeed.load();
        playhead = std::max(playhead + qint64(double(real.nsecsElapsed()) * speed), m_run->nowNs());
        real.restart();
        const qint64 due = m_run->nextDueNs();
        if (due <= playhead) {
            if (!m_run->stepNext())
                return;
            continue;
        }
        // Nothing due yet: time passes (expiries, faults) up to the playhead.
        m_run->advanceTo(playhead);
        const qint64 waitNs = std::min<qint64>(kFrameNs, qint64(double(due - playhead) / speed));
        QThread::usleep(quint64(std::max<qint64>(waitNs / 1000, 500)));
    }
}

void RunWorker::stepClient(int client)
{
    if (m_done || !m_run)
        return;
    m_run->stepClient(client);
    stepped();
}

} // namespace lockstock
