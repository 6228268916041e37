#include "Footprint.h"

namespace lockstock {

bool Footprint::dependsOn(const Footprint &other) const
{
    if (clock || other.clock)
        return true;
    for (const KeyAccess &a : keys)
        for (const KeyAccess &b : other.keys)
            if (a.server == b.server && (a.write || b.write) && (a.key.isEmpty() || b.key.isEmpty() || a.key == b.key))
                return true;
    return false;
}

Footprint FootprintReader::read(const QList<Event> &events)
{
    Footprint out;
    const auto add = [&out](const KeyAccess &a) {
        if (!out.keys.contains(a))
            out.keys << a;
    };
    for (const Event &e : events) {
        if (e.role == ActorRole::Watchdog || e.kind == EventKind::Expired || e.kind == EventKind::Server) {
            // A watchdog steps when the clock reaches it, whoever the schedule
            // picked; so do expiries and faults.
            out.clock = true;
        }
        if (e.kind != EventKind::Command)
            continue;
        const CommandAccess access = commandAccess(e.argv);
        const int server = e.node;
        Transaction &t = m_transactions[e.client * 2 + int(e.role)];
        const QByteArray name = e.argv.first().toUpper();
        const bool queued = e.reply.isStatus("QUEUED");
        if (queued) {
            // Runs at EXEC, with what EXEC does.
            for (const QByteArray &k : access.reads)
                t.queued << KeyAccess{server, k, false};
            for (const QByteArray &k : access.writes)
                t.queued << KeyAccess{server, k, true};
            if (access.everyKey)
                t.queued << KeyAccess{server, {}, true};
            out.clock = out.clock || access.clock;
            continue;
        }
        if (name == "WATCH")
            for (const QByteArray &k : access.reads)
                t.watched << KeyAccess{server, k, false};
        if (name == "EXEC") {
            // It reads what it watches (a change aborts it) and runs what was queued.
            for (const KeyAccess &a : std::as_const(t.watched))
                add(a);
            for (const KeyAccess &a : std::as_const(t.queued))
                add(a);
            t = {};
        } else if (name == "UNWATCH" || name == "DISCARD") {
            t.watched.clear();
            if (name == "DISCARD")
                t.queued.clear();
        }
        out.clock = out.clock || access.clock;
        if (access.everyKey)
            add({server, {}, true});
        for (const QByteArray &k : access.reads)
            add({server, k, false});
        for (const QByteArray &k : access.writes)
            add({server, k, true});
    }
    return out;
}

} // namespace lockstock
