#pragma once
// Judges a run from its history alone: the figures a lesson is about.

#include "History.h"

#include <QList>
#include <QString>

namespace lockstock {

struct Overlap {
    int first = -1;           // client indexes
    int second = -1;
    qint64 startNs = 0;
    qint64 endNs = 0;
};

struct ForeignAct {
    int event = -1;           // index into the sorted events
    int actor = -1;           // who released or renewed
    int owner = -1;           // whose lock it was
    Step step = Step::Release; // Release, Renew (a watchdog) or Expire (a waiter's EXPIRE)
};

// A lock that stayed in Redis longer than it should have: its owner was dead
// and others' renewals kept it alive, or its owner's release left it there.
struct HeldOn {
    int owner = -1;
    int by = -1;              // the client that kept it alive (kept alive only)
    qint64 startNs = 0;
    qint64 endNs = 0;
};

struct StuckLock {
    int owner = -1;           // the client that died holding it
    qint64 startNs = 0;
    qint64 endNs = 0;
};

struct Outcome {
    qint64 initialStock = 0;
    qint64 sold = 0;          // units in orders the clients believe succeeded
    qint64 expectedStock = 0; // initial - sold
    qint64 finalStock = kUnknown;
    qint64 lostUpdates = 0;   // units deducted by orders but missing from the stock
    qint64 oversold = 0;      // units sold beyond the initial stock
    int ordersTried = 0;
    int ordersSucceeded = 0;
    QList<Overlap> overlaps;            // two clients believed they held the lock
    QList<ForeignAct> foreignReleases;  // a release deleted someone else's lock
    QList<ForeignAct> foreignRenewals;  // a renewal extended someone else's lock
    QList<StuckLock> stuck;             // a lock with no TTL after its owner died
    QList<int> clobberingWrites;        // writes that overwrote another client's update
    QList<int> expiries;                // events where Redis expired a lock
    bool fenced = false;                // clients took fencing tokens
    QList<int> staleWritesRefused;      // writes the store refused: an older token after a newer one
    // Writes by a client after a newer holder had read the stock: what
    // fencing is there to stop.
    QList<int> staleWritesAccepted;
    int unavailableOrders = 0;          // orders that failed because lock nodes could not be reached
    // Failed orders that would have fitted in the stock left unsold at the end:
    int refusedOrders = 0;              // the lock was busy at the one try (no retry)
    int timedOutOrders = 0;             // gave up waiting for the lock (the acquire timeout)
    int undersoldOrders = 0;            // refused without a lock involved (a reservation counter)
    int erroredOrders = 0;              // failed on an error reply (NOSCRIPT, OOM, a lost reply)
    QString firstError;                 // the first such error, as Redis said it
    qint64 overDeducted = 0;            // units taken from the stock without a sale
    QList<HeldOn> keptAlive;            // a dead client's lock renewed by others
    QList<HeldOn> leftLocked;           // a client let go, its lock stayed in Redis

    // Two holders at once did no harm: every stale write was refused.
    bool overlapsHarmless() const { return fenced && staleWritesAccepted.isEmpty(); }

    qint64 overlapNs() const;
    qint64 stuckNs() const;
    // True when nothing went wrong.
    bool clean() const;
    // The verdict in plain words, one sentence per finding.
    QStringList findings(const RunInfo &info) const;
};

// Events sorted by time, the order the checker and the views use.
QList<Event> sortedEvents(const History &history);
Outcome check(const History &history, const QList<Event> &sorted);
inline Outcome check(const History &history) { return check(history, sortedEvents(history)); }

} // namespace lockstock
