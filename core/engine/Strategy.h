#pragma once
// A lock strategy: one order placed by one client, written as plain
// sequential code over Client. The same function runs stepped and live.

#include "Client.h"

#include <QList>
#include <QString>

namespace lockstock {

class RedisScript;

struct Strategy {
    QString name;       // "set-nx-ex-lua"
    QString title;      // "SET NX PX, release with Lua compare-and-delete"
    QString lesson;     // one line: what it shows
    bool correct = false;
    bool usesLock = true;
    bool needsReplica = false;          // WAITs for one: on a server without replicas no order gets through
    bool neverReleases = false;         // its lock outlives the order with no TTL: every later order waits it out
    Task<bool> (*placeOrder)(Client &client) = nullptr;
    QList<const RedisScript *> scripts; // loaded before a run
    const char *sourceFile = nullptr;   // __FILE__ of its code, for the code panel
};

const QList<const Strategy *> &allStrategies();
const Strategy *findStrategy(const QString &name);

} // namespace lockstock
