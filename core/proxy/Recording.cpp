#include "Recording.h"

#include <algorithm>

namespace lockstock {

int Recording::addConnection(ObservedConnection c)
{
    std::lock_guard locker(m_lock);
    c.id = int(m_data.connections.size());
    m_data.connections.append(std::move(c));
    m_connected.notify_all();
    return int(m_data.connections.size()) - 1;
}

void Recording::updateConnection(int id, const std::function<void(ObservedConnection &)> &change)
{
    std::lock_guard locker(m_lock);
    if (id >= 0 && id < m_data.connections.size())
        change(m_data.connections[id]);
}

void Recording::addCommand(ObservedCommand c)
{
    std::lock_guard locker(m_lock);
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
    std::lock_guard locker(m_lock);
    m_lastActivityNs = std::max(m_lastActivityNs, p.tNs);
    m_data.pushes.append(std::move(p));
}

void Recording::addFault(ObservedFault f)
{
    std::lock_guard locker(m_lock);
    m_data.faults.append(std::move(f));
}

void Recording::addProbe(ObservedProbe p)
{
    std::lock_guard locker(m_lock);
    m_data.probes.append(std::move(p));
}

void Recording::addExpiry(ObservedExpiry e)
{
    std::lock_guard locker(m_lock);
    m_data.expiries.append(std::move(e));
}

void Recording::addInferred(InferredKey k)
{
    std::lock_guard locker(m_lock);
    m_data.inferred.append(std::move(k));
}

QList<ObservedConnection> Recording::connections() const
{
    std::lock_guard locker(m_lock);
    return m_data.connections;
}

void Recording::waitForConnections(qsizetype known, int timeoutMs) const
{
    std::unique_lock locker(m_lock);
    m_connected.wait_for(locker, std::chrono::milliseconds(timeoutMs),
                         [&] { return m_data.connections.size() > known; });
}

qint64 Recording::commandCount() const
{
    std::lock_guard locker(m_lock);
    return m_data.commands.size();
}

qint64 Recording::lastActivityNs() const
{
    std::lock_guard locker(m_lock);
    return m_lastActivityNs;
}

RecordingSnapshot Recording::snapshot(qint64 endNs) const
{
    std::lock_guard locker(m_lock);
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
