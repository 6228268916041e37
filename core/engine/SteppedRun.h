#pragma once
// A run on one thread, one Redis command per step. Who steps next comes from
// the schedule: timed, the scenario's script, a seeded random pick, or the
// caller (interactive). After every step it reads the lock and the stock back
// from Redis, so the history holds the truth beside each client's belief, and
// it notices when Redis expires the lock.

#include "Run.h"

#include <QRandomGenerator>

namespace lockstock {

class SteppedRun : public Run {
public:
    using Run::Run;

    bool finished() const;
    // Steps whoever the schedule picks; false once the run is over.
    bool stepNext();
    // Interactive: steps client `index` (waiting out its sleep, if any);
    // background actors that are due go first.
    bool stepClient(int index);
    // Steps until the run is over and closes the history.
    void runToEnd();
    // Closes the history (final stock). runToEnd() does it; call it after stepping by hand.
    void close();
    // Clients with an actor left, in index order.
    QList<int> activeClients() const;

protected:
    void observe(Event &e) override;

private:
    Actor *earliest(bool backgroundOnly) const;
    Actor *mainOf(int index) const;
    bool stepActor(Actor &actor);
    // Sleeps until `ns`, waking to record the lock's expiry when it is due.
    void waitUntil(qint64 ns);
    void probe(Event *into);
    int scriptedClient();

    qsizetype m_scriptPos = 0;
    QRandomGenerator m_random;
    bool m_randomSeeded = false;
    bool m_closed = false;
    // The last probe: the lock as Redis held it, and when that lease runs out.
    QByteArray m_lockValue;
    qint64 m_lockExpiresNs = -1;
};

} // namespace lockstock
