#pragma once
// The wall clock of the redis-servers LockStock starts: one clock page
// (core/clockshift/clockpage.h) in a private temp dir, mapped here and by
// every server started on it (RedisServer::Options::clock), each as one node.
//
// Real mode (the default) follows CLOCK_REALTIME. A virtual-time run
// freezes the clock and then moves it itself; per node, a fault can jump the
// clock (offset) or make it drift (rate). Changes are seen by the servers at
// their next clock read.
//
// Who may move the clock: the holder of the latest claim (freeze() or
// thaw()). A run that was replaced (a window's old run still finishing its
// step) can no longer move a clock a newer run froze. Thread-safe.

#include <QMutex>
#include <QString>
#include <QTemporaryDir>

#include "ServerDirs.h"

struct lockstock_clock_page;

namespace lockstock {

class ServerClock {
public:
    static constexpr int kMaxNodes = 16;

    // Creates the page, in real mode. Throws RedisServerError.
    ServerClock();
    ~ServerClock();
    ServerClock(const ServerClock &) = delete;
    ServerClock &operator=(const ServerClock &) = delete;

    QString path() const { return m_path; }

    // Stops the clock at the current time rounded up to a whole second (so
    // that every millisecond Redis computes is the same run after run) and
    // claims it. From then on it moves only by advanceTo().
    quint64 freeze();
    // Claims the clock and lets it follow CLOCK_REALTIME again, from where
    // it stands: no server sees its clock go back.
    quint64 thaw();
    // The claim's holder is done: back to real time. A stale claim does nothing.
    void release(quint64 claim);
    bool holds(quint64 claim) const;
    bool isFrozen() const;

    // The run's wall time (ns since the epoch): virtual, or real in real mode.
    qint64 nowNs() const;
    // Virtual mode: moves the run's time forward to `wallNs`. False (and no
    // change) when `claim` is not the latest or the clock is not frozen.
    bool advanceTo(quint64 claim, qint64 wallNs);

    // Node `node`'s clock jumps by `ns` now (forward when positive).
    void jump(int node, qint64 ns);
    // Node `node`'s clock runs at `rate` times the run's pace from now on.
    void setRate(int node, double rate);
    qint64 offsetNs(int node) const;
    double rate(int node) const;
    // Node `node`'s wall clock now, as its server reads it.
    qint64 nodeNs(int node) const;
    // The run's wall time at which node `node`'s clock shows `nodeWallNs`.
    qint64 runNsWhenNodeShows(int node, qint64 nodeWallNs) const;

    // The pid of the last process that read its wall clock from the page
    // as `node`; 0 after clearReader().
    qint64 readerPid(int node) const;
    void clearReader(int node);

private:
    template <class F>
    void write(F &&change);

    QTemporaryDir m_dir;
    ServerDirOwner m_owner;    // marks m_dir as in use against sweeps
    QString m_path;
    lockstock_clock_page *m_page = nullptr;
    mutable QMutex m_lock;
    quint64 m_claim = 0;
};

} // namespace lockstock
