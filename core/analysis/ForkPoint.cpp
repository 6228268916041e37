#include "ForkPoint.h"

#include <QHash>

namespace lockstock {

namespace {
// When an order's operation was done, as a fork replays it: a command once
// its step was (the servers' time its probe was read at), a sleep from its start.
qint64 doneAtNs(const Event &e)
{
    return e.kind == EventKind::Command && e.probe && e.probe->atNs >= 0 ? e.probe->atNs : e.tNs;
}

bool isOrderOperation(const Event &e)
{
    return (e.kind == EventKind::Command || e.kind == EventKind::Sleep) && e.client >= 0 && e.order >= 0;
}
} // namespace

QList<ClientAtFork> clientsAtFork(const RunAnalysis &run, qint64 ns)
{
    const int clients = run.clientCount();
    QList<ClientAtFork> out(clients);
    QList<int> latest(clients, -1);     // the latest order that did something by `ns`
    QList<bool> crashed(clients, false);
    for (const Event &e : run.events) {
        if (e.client < 0 || e.client >= clients)
            continue;
        if (e.kind == EventKind::Crash && e.tNs <= ns)
            crashed[e.client] = true;
        if (isOrderOperation(e) && doneAtNs(e) <= ns)
            latest[e.client] = std::max(latest[e.client], int(e.order));
    }
    // That order is under way unless it ended, and did nothing after `ns`.
    QList<bool> ended(clients, false), goesOn(clients, false);
    for (const Event &e : run.events) {
        if (e.client < 0 || e.client >= clients || latest[e.client] < 0 || e.order != latest[e.client])
            continue;
        if (e.kind == EventKind::Order)
            ended[e.client] = true;
        else if (isOrderOperation(e) && doneAtNs(e) > ns)
            goesOn[e.client] = true;
    }
    for (int c = 0; c < clients; ++c) {
        ClientAtFork &f = out[c];
        f.orders = run.info.orders.value(c);
        f.firstOrder = crashed[c] ? f.orders : std::min(f.orders, latest[c] + 1);
        f.midOrder = !crashed[c] && latest[c] >= 0 && (!ended[c] || goesOn[c]);
    }
    return out;
}

qint64 latestForkThatRuns(const RunAnalysis &run, qint64 ns)
{
    for (const ClientAtFork &c : clientsAtFork(run, ns))
        if (c.runsNew())
            return ns;
    // Just before some order did its first thing: it has not begun then.
    QHash<std::pair<int, int>, qint64> began;
    for (const Event &e : run.events)
        if (isOrderOperation(e)) {
            auto it = began.find({e.client, e.order});
            if (it == began.end())
                began.insert({e.client, e.order}, doneAtNs(e));
            else
                *it = std::min(*it, doneAtNs(e));
        }
    qint64 best = -1;
    for (const qint64 at : std::as_const(began))
        if (at - 1 <= ns && at - 1 > best)
            best = at - 1;
    return best;
}

} // namespace lockstock
