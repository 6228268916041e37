#pragma once
// What a fork at an instant of a stepped run on the virtual clock changes,
// read from the run as it played (Run::continueWith decides the same way):
// an order that did something by then finishes the way it began, every
// order after it, and one that did nothing yet, runs the fork's strategy.

#include "RunAnalysis.h"

namespace lockstock {

struct ClientAtFork {
    int firstOrder = 0;    // the first order the fork's strategy runs; `orders` when none
    int orders = 0;        // the orders the client places in all
    bool midOrder = false; // an order was under way: it finishes with the strategy it began with
    bool runsNew() const { return firstOrder < orders; }
};

// Each client at `ns` of `run` (the run as far as it went: what comes after
// `ns` tells an order under way from one that is over).
QList<ClientAtFork> clientsAtFork(const RunAnalysis &run, qint64 ns);

// The latest instant at or before `ns` where a fork's strategy would run
// some order (`ns` itself when it would); -1 when there is none.
qint64 latestForkThatRuns(const RunAnalysis &run, qint64 ns);

} // namespace lockstock
