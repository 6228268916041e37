#pragma once
// The clock a run's times are on (RunInfo::clock).
//
// Virtual: the run owns the wall clock of the servers it talks to (a
// ServerClock that LockStock started them on). start() freezes it; from then
// on it moves only when the run advances it, so a lease lasts exactly its
// PX in run time, however long the run takes in real time, and pausing the
// run pauses every lease. Real: the machine's monotonic clock; the servers'
// wall clocks (when LockStock owns them) follow the machine's.

#include "History.h"

#include "../redis/ServerClock.h"

#include <QElapsedTimer>
#include <memory>

namespace lockstock {

class RunClock {
public:
    // `servers`: the servers' clock when LockStock started them, else null.
    // A virtual clock needs one.
    RunClock(ClockKind kind, std::shared_ptr<ServerClock> servers);
    ~RunClock();
    RunClock(const RunClock &) = delete;
    RunClock &operator=(const RunClock &) = delete;

    ClockKind kind() const { return m_kind; }
    bool isVirtual() const { return m_kind == ClockKind::Virtual; }

    // Time 0 of the run: virtual freezes the servers' clock, real lets it
    // follow the machine's (ending whatever froze it before).
    void start();
    // The run is over: a virtual clock goes back to following the machine's
    // (from where it stands), so the server is ready for whatever comes next.
    void stop();
    // Run time in ns since start().
    qint64 nowNs() const;
    // Virtual only: moves the servers' clock forward to run time `ns`. False
    // when another run has claimed the clock since (this run is stale).
    bool advanceTo(qint64 ns);
    // The run time at which a key that server node `node` reports with a
    // PTTL of `pttlMs` now is gone: Redis expires it once the node's clock
    // is past the expiry millisecond, and the node's clock may drift.
    qint64 expiryNs(int node, qint64 pttlMs) const;
    // The servers' clock (for per-node offsets and rates); null on servers
    // LockStock did not start.
    ServerClock *servers() const { return m_servers.get(); }

private:
    ClockKind m_kind;
    std::shared_ptr<ServerClock> m_servers;
    quint64 m_claim = 0;
    qint64 m_startWallNs = 0;   // virtual: the servers' wall time at run time 0
    QElapsedTimer m_real;
};

} // namespace lockstock
