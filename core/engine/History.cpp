#include "History.h"

namespace lockstock {

void History::append(Event e)
{
    QMutexLocker locker(&m_lock);
    m_events.append(std::move(e));
}

QList<Event> History::eventsSince(qsizetype first) const
{
    QMutexLocker locker(&m_lock);
    return first <= 0 ? m_events : m_events.mid(first);
}

qsizetype History::size() const
{
    QMutexLocker locker(&m_lock);
    return m_events.size();
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
