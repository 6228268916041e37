#include "RunWorker.h"

#include "redis/RedisError.h"

namespace lockstock {

RunWorker::RunWorker(RunConfig config, const Strategy &strategy, RedisEndpoint endpoint,
                     std::shared_ptr<History> history, bool live)
    : m_config(std::move(config))
    , m_strategy(strategy)
    , m_endpoint(std::move(endpoint))
    , m_history(std::move(history))
    , m_live(live)
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

void RunWorker::prepare()
{
    if (m_live) {
        // A live run cannot be paused or stepped: threads race as in production.
        LiveRun run(m_config, m_strategy, m_endpoint, *m_history);
        m_active = &run;
        QString error;
        try {
            run.prepare();
            if (!m_stopped)
                run.runToEnd();
            error = run.error();
        } catch (const RedisError &err) {
            error = QString::fromStdString(err.what());
        }
        m_active = nullptr;
        m_done = true;
        emit finished(error);
        return;
    }
    m_run = std::make_unique<SteppedRun>(m_config, m_strategy, m_endpoint, *m_history);
    try {
        m_run->prepare();
    } catch (const RedisError &err) {
        m_done = true;
        emit finished(QString::fromStdString(err.what()));
        return;
    }
    m_active = m_run.get();
    if (m_stopped)
        m_run->requestStop();
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
    emit finished(m_run->error());
    return true;
}

void RunWorker::play()
{
    if (m_done || !m_run)
        return;
    m_paused = false;
    while (!m_paused && m_run->stepNext()) {
    }
    if (!finishIfOver())
        emit paused();
}

void RunWorker::stepClient(int client)
{
    if (m_done || !m_run)
        return;
    m_run->stepClient(client);
    if (!finishIfOver())
        emit paused();
}

} // namespace lockstock
