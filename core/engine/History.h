#pragma once
// The append-only record of a run. Runs append from their threads; viewers
// copy what is new with eventsSince() from any thread.

#include "Event.h"

#include <QList>
#include <QMutex>
#include <QStringList>
#include <vector>

namespace lockstock {

struct RunInfo {
    QString scenario;
    QString strategy;
    QStringList clients;
    QList<int> orders;         // how many orders each client places
    qint64 initialStock = 0;
    qint64 quantity = 1;
    double speed = 1.0;        // scenario ms per ms of the run's clock
    qint64 leaseMs = 0;        // the lock's lease, in scenario ms
    QByteArray lockKey;
    QByteArray stockKey;
    QStringList nodes;         // server names ("n1".., "store") when the run has several
    // The strategy is the broken side of this run's lesson (or says of
    // itself that it is broken), and what breaks it (Strategy::weakness).
    bool brokenSide = false;
    const char *weakness = nullptr;

    // A moment on the run's clock (ns since the run started) in scenario
    // milliseconds, and back: every conversion goes through these two.
    double scenarioMs(qint64 ns) const { return double(ns) * speed / 1e6; }
    qint64 clockNs(double scenarioMs) const { return qint64(scenarioMs * 1e6 / speed); }
};

class History {
public:
    explicit History(RunInfo info = {}) : m_info(std::move(info)) {}

    const RunInfo &info() const { return m_info; }
    void setInfo(RunInfo info) { m_info = std::move(info); }

    void append(Event e);
    // At most `max` of them (all with -1): a reader can take a long history in parts.
    QList<Event> eventsSince(qsizetype first, qsizetype max = -1) const;
    QList<Event> events() const { return eventsSince(0); }
    qsizetype size() const;

    // Set once the run is over.
    void finish(qint64 finalStock, qint64 endNs);
    bool isFinished() const;
    qint64 finalStock() const;
    qint64 endNs() const;

    double scenarioMs(qint64 ns) const { return m_info.scenarioMs(ns); }

private:
    RunInfo m_info;
    mutable QMutex m_lock;
    // Fixed-size chunks, never reallocated: an append costs one event, not a
    // move of the whole history when a single array would have to grow, and a
    // stress run's memory is its events, not twice that.
    static constexpr size_t kChunk = 1024;
    std::vector<std::vector<Event>> m_chunks;
    qsizetype m_size = 0;
    bool m_finished = false;
    qint64 m_finalStock = kUnknown;
    qint64 m_endNs = 0;
};

} // namespace lockstock
