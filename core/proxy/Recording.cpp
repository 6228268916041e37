#include "Recording.h"

#include <algorithm>

namespace lockstock {

int Recording::addConnection(ObservedConnection c)
{
    QMutexLocker locker(&m_lock);
    c.id = int(m_data.connections.size());
    m_data.connections.append(std::move(c));
    m_connected.wakeAll();
    return int(m_data.connections.size()) - 1;
}

void Recording::updateConnection(int id, const std::function<void(ObservedConnection &)> &change)
{
    QMutexLocker locker(&m_lock);
    if (id >= 0 && id < m_data.connections.size())
        change(m_data.connections[id]);
}

void Recording::addCommand(ObservedCommand c)
{
    QMutexLocker locker(&m_lock);
    m_lastActivityNs = std::max({m_lastActivityNs, c.sentNs, c.deliveredNs, c.repliedNs});
    // Commands complete out of id order (a reply may wait behind a delay):
    // keep the list sorted, usually by appending.
    auto at = m_data.commands.end();
    while (at != m_data.commands.begin() && (at - 1)->id > c.id)
        --at;
    m_data.commands.insert(at, std::move(c));
}

void Recording::addPush(ObservedPush p)
{
    QMutexLocker locker(&m_lock);
    m_lastActivityNs = std::max(m_lastActivityNs, p.tNs);
    m_data.pushes.append(std::move(p));
}

void Recording::addFault(ObservedFault f)
{
    QMutexLocker locker(&m_lock);
    m_data.faults.append(std::move(f));
}

void Recording::addProbe(ObservedProbe p)
{
    QMutexLocker locker(&m_lock);
    m_data.probes.append(std::move(p));
}

void Recording::addExpiry(ObservedExpiry e)
{
    QMutexLocker locker(&m_lock);
    m_data.expiries.append(std::move(e));
}

void Recording::addInferred(InferredKey k)
{
    QMutexLocker locker(&m_lock);
    m_data.inferred.append(std::move(k));
}

QList<ObservedConnection> Recording::connections() const
{
    QMutexLocker locker(&m_lock);
    return m_data.connections;
}

void Recording::waitForConnections(qsizetype known, int timeoutMs) const
{
    QMutexLocker locker(&m_lock);
    if (m_data.connections.size() <= known)
        m_connected.wait(&m_lock, QDeadlineTimer(timeoutMs));
}

qint64 Recording::commandCount() const
{
    QMutexLocker locker(&m_lock);
    return m_data.commands.size();
}

qint64 Recording::lastActivityNs() const
{
    QMutexLocker locker(&m_lock);
    return m_lastActivityNs;
}

RecordingSnapshot Recording::snapshot(qint64 endNs) const
{
    QMutexLocker locker(&m_lock);
    RecordingSnapshot s = m_data;
    s.endNs = endNs;
    return s;
}

const char *outcomeName(ObservedCommand::Outcome outcome)
{
    switch (outcome) {
    case ObservedCommand::Outcome::Replied: return "replied";
    case ObservedCommand::Outcome::NoReply: return "no-reply";
    case ObservedCommand::Outcome::Indeterminate: return "indeterminate";
    case ObservedCommand::Outcome::Dropped: return "dropped";
    }
    return "?";
}

} // namespace lockstock
