#include "History.h"

#include <algorithm>

namespace lockstock {

void History::append(Event e)
{
    QMutexLocker locker(&m_lock);
    if (m_chunks.empty() || m_chunks.back().size() == kChunk) {
        m_chunks.emplace_back();
        m_chunks.back().reserve(kChunk);
    }
    m_chunks.back().push_back(std::move(e));
    ++m_size;
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

void History::settle(qint64 ns)
{
    QMutexLocker locker(&m_lock);
    m_settledNs = std::max(m_settledNs, ns);
}

qint64 History::settledNs() const
{
    QMutexLocker locker(&m_lock);
    return m_settledNs;
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
