#include "History.h"

#include <algorithm>

namespace lockstock {

void History::setInfo(RunInfo info)
{
    QMutexLocker locker(&m_lock);
    m_info = std::move(info);
}

QList<StrategyTurn> History::turns() const
{
    QMutexLocker locker(&m_lock);
    return m_info.turns;
}

bool History::append(Event e)
{
    QMutexLocker locker(&m_lock);
    if (m_size >= m_limit && e.kind != EventKind::Error)
        return false;
    if (m_chunks.empty() || m_chunks.back().size() == kChunk) {
        m_chunks.emplace_back();
        m_chunks.back().reserve(kChunk);
    }
    m_chunks.back().push_back(std::move(e));
    ++m_size;
    return true;
}

void History::tallyRetry(int client, qint64 tNs)
{
    QMutexLocker locker(&m_lock);
    if (client < 0)
        return;
    if (m_retries.size() <= client)
        m_retries.resize(client + 1);
    RetryTally &t = m_retries[client];
    ++t.count;
    if (t.firstNs < 0 || tNs < t.firstNs)
        t.firstNs = tNs;
    t.lastNs = std::max(t.lastNs, tNs);
}

QList<RetryTally> History::retryTallies() const
{
    QMutexLocker locker(&m_lock);
    return m_retries;
}

QList<Event> History::eventsSince(qsizetype first, qsizetype max) const
{
    QMutexLocker locker(&m_lock);
    first = std::max<qsizetype>(0, first);
    QList<Event> out;
    if (first >= m_size)
        return out;
    const qsizetype end = max < 0 ? m_size : std::min(m_size, first + max);
    out.reserve(end - first);
    for (qsizetype i = first; i < end; ++i)
        out.append(m_chunks[size_t(i) / kChunk][size_t(i) % kChunk]);
    return out;
}

void History::advancePresent(qint64 ns)
{
    QMutexLocker locker(&m_lock);
    m_presentNs = std::max(m_presentNs, ns);
}

qint64 History::presentNs() const
{
    QMutexLocker locker(&m_lock);
    return m_presentNs;
}

qsizetype History::size() const
{
    QMutexLocker locker(&m_lock);
    return m_size;
}

void History::finish(qint64 finalStock, qint64 endNs)
{
    QMutexLocker locker(&m_lock);
    m_finished = true;
    m_finalStock = finalStock;
    m_endNs = endNs;
}

bool History::isFinished() const
{
    QMutexLocker locker(&m_lock);
    return m_finished;
}

qint64 History::finalStock() const
{
    QMutexLocker locker(&m_lock);
    return m_finalStock;
}

qint64 History::endNs() const
{
    QMutexLocker locker(&m_lock);
    return m_endNs;
}

} // namespace lockstock
