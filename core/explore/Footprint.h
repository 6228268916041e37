#pragma once
// What one step of a run touched, for deciding which steps of an exploration
// can be swapped without changing the run (dynamic partial-order reduction).
//
// Two steps of different clients are dependent when they touch a common key
// on the same server and one of them writes it, or when either depends on
// the clock. Conservative where the command alone does not say:
//   - a key is read or written as its command says (commandAccess);
//   - the clock: a command that sets or reads an expiry, and a step in which
//     the run's clock moved on its own: a background actor (a watchdog)
//     stepped, Redis expired a lease, a server fault happened, or another
//     client became able or unable to go next.
// A clock-dependent step is dependent with every step of another client.

#include "engine/Event.h"
#include "redis/CommandAccess.h"

#include <QByteArray>
#include <QHash>
#include <QList>

namespace lockstock {

struct KeyAccess {
    int server = 0;
    QByteArray key;        // empty: every key of the server
    bool write = false;

    bool operator==(const KeyAccess &) const = default;
};

struct Footprint {
    QList<KeyAccess> keys;
    bool clock = false;

    // The steps of two different clients do not commute.
    bool dependsOn(const Footprint &other) const;
    bool operator==(const Footprint &) const = default;
};


// The footprint of each step of one run, from the events the step recorded.
// Remembers what a client queued in a transaction (MULTI ... EXEC) and what
// it watches, so that EXEC touches what it really runs.
class FootprintReader {
public:
    // The events one step recorded.
    Footprint read(const QList<Event> &events);

private:
    struct Transaction {
        QList<KeyAccess> queued;
        QList<KeyAccess> watched;
    };
    QHash<int, Transaction> m_transactions; // by client
};

} // namespace lockstock
