#pragma once
// Turns what the proxy recorded into the History LockStock judges, so the
// analysis and the timeline read a foreign program exactly as they read
// LockStock's own clients:
//  - lanes: one per logical client. Connections are one client when they
//    share a CLIENT SETNAME or a lock value (the token of SET k v NX, of a
//    compare-and-delete script, Redisson's hash field): a pool, or one
//    RedLock client's five connections, is one lane. Connections of
//    different processes are never merged.
//  - steps: what each command is to the lesson, from the keys it names and,
//    for scripts, what the Lua does (del: release; NX or exists+set: acquire;
//    pexpire: renew).
//  - beliefs: from the replies the client saw. A lock is held from the reply
//    that completed its grant (a quorum of the lane's lock nodes for RedLock)
//    until the client sends a release or learns it lost the lock.
//  - truth: the probes read after each command, and Redis's own expiries.
//  - orders: a read of the stock then a lower write, a DECRBY, a script that
//    lowered the stock; the value before the first order is the initial stock.

#include "KeyRoles.h"
#include "Recording.h"

#include "engine/History.h"

#include <QHash>
#include <memory>
#include <vector>

namespace lockstock {

struct ObservedTopology {
    QStringList nodes;              // names by node index ("n1".., "store"); one entry with a single server
    int storeNode = -1;             // the stock's own server in a multi-node topology
    bool independentMasters = false; // RedLock nodes: a lock needs a quorum of them
    int lockNodes() const { return int(nodes.size()) - (storeNode >= 0 ? 1 : 0); }
};

struct ObservedLane {
    QString name;
    QList<int> connections;
    qint64 pid = 0;
    QString process;
};

struct ObservedResource {
    QByteArray lockKey;             // empty: no lock seen
    QByteArray stockKey;            // empty: no stock seen
    std::unique_ptr<History> history;
};

struct ObservedRun {
    QList<ObservedLane> lanes;      // by client index of every history
    std::vector<ObservedResource> resources; // the busiest first
    QStringList notes;              // what was inferred, and what could not be
};

// `finalStock` holds each stock key's value read once recording stopped.
ObservedRun buildObservedRun(const RecordingSnapshot &recording, const KeyRoles &roles, const ObservedTopology &topology,
                             const QHash<QByteArray, qint64> &finalStock, const QString &title);

} // namespace lockstock
