#include "RunClock.h"

namespace lockstock {

namespace {
constexpr qint64 kMsNs = 1000000;
} // namespace

RunClock::RunClock(ClockKind kind, std::shared_ptr<ServerClock> servers)
    : m_kind(kind)
    , m_servers(std::move(servers))
{
    Q_ASSERT(m_kind == ClockKind::Real || m_servers);
}

RunClock::~RunClock()
{
    stop();
}

void RunClock::stop()
{
    if (isVirtual() && m_claim)
        m_servers->release(m_claim);
    m_claim = 0;
}

void RunClock::start()
{
    if (isVirtual()) {
        m_claim = m_servers->freeze();
        m_startWallNs = m_servers->nowNs();
        return;
    }
    if (m_servers)
        m_claim = m_servers->thaw();
    m_real.start();
}

qint64 RunClock::nowNs() const
{
    if (isVirtual())
        return m_servers->nowNs() - m_startWallNs;
    return m_real.isValid() ? m_real.nsecsElapsed() : 0;
}

bool RunClock::advanceTo(qint64 ns)
{
    Q_ASSERT(isVirtual());
    return m_servers->advanceTo(m_claim, m_startWallNs + ns);
}

qint64 RunClock::expiryNs(int node, qint64 pttlMs) const
{
    if (!isVirtual())
        return nowNs() + (pttlMs + 1) * kMsNs;
    // PTTL counts from the node's current millisecond; Redis deletes the key
    // once its clock is past the last one (expired when now > when).
    const qint64 lastMs = m_servers->nodeNs(node) / kMsNs + pttlMs;
    return m_servers->runNsWhenNodeShows(node, (lastMs + 1) * kMsNs) - m_startWallNs;
}

} // namespace lockstock
