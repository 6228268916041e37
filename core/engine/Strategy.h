#pragma once
// A lock strategy: one order placed by one client, written as plain
// sequential code over Client. The same function runs stepped and live.

#include "Client.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace lockstock {

class RedisScript;

struct Strategy {
    QString name;       // "set-nx-ex-lua"
    // QT_TRANSLATE_NOOP("Strategy", ...): titleText() and lessonText() translate them.
    const char *title = "";   // "SET NX PX, release with Lua compare-and-delete"
    const char *lesson = "";  // one line: what it shows
    bool correct = false;
    // What breaks it (QT_TRANSLATE_NOOP("Strategy", ...)): a verdict that saw
    // nothing go wrong says this run never tested it. Null when nothing known does.
    const char *weakness = nullptr;
    bool needsReplica = false;          // WAITs for one: on a server without replicas no order gets through
    // Its deployment: the masters of a replicated set refuse writes (NOREPLICAS)
    // unless this many replicas acknowledged within 10 s (min-replicas-to-write).
    int minReplicasToWrite = 0;
    bool neverReleases = false;         // its lock outlives the order with no TTL: every later order waits it out
    Task<bool> (*placeOrder)(Client &client) = nullptr;
    QList<const RedisScript *> scripts; // loaded before a run
    const char *sourceFile = nullptr;   // __FILE__ of its code, for the code panel

    QString titleText() const { return QCoreApplication::translate("Strategy", title); }
    QString lessonText() const { return QCoreApplication::translate("Strategy", lesson); }
};

} // namespace lockstock
