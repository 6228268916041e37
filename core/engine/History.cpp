#include "History.h"

#include <algorithm>

namespace lockstock {

const char *clockKindName(ClockKind kind)
{
    return kind == ClockKind::Virtual ? "virtual" : "real";
}

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

QList<Event> History::eventsSince(qsizetype first) const
{
    QMutexLocker locker(&m_lock);
    first = std::max<qsizetype>(0, first);
    QList<Event> out;
    if (first >= m_size)
        return out;
    out.reserve(m_size - first);
    for (qsizetype i = first; i < m_size; ++i)
        out.append(m_chunks[size_t(i) / kChunk][size_t(i) % kChunk]);
    return out;
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
