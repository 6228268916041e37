#pragma once
// Histories of any length without Redis, for measuring how the analysis and
// the timeline scale: clients taking turns on the lock (acquire, read, work,
// write, release), and now and then another client writing in between, so
// that a lost update gets marked; or, asked for, every lock stolen.

#include "engine/History.h"

namespace lockstock::test {

struct SyntheticRun {
    int clients = 4;
    bool probed = true;        // stepped runs: a probe after every command
    // Every lock is taken over by another client before its holder deletes
    // it, the partners going round every pair of clients: an overlap and a
    // foreign delete per order, findings for each pair.
    bool stolen = false;
};

struct SyntheticEnd {
    qint64 endNs;              // when the last event happened
    qint64 stock;              // what the stock is by then
};

// Appends `count` more events to `history` (setting its info first when it
// has none). Call again to grow it further; finish it yourself, with what
// this returns.
SyntheticEnd synthesize(History &history, qsizetype count, const SyntheticRun &run = {});
// A whole run of about `count` events, finished.
void synthesizeFinished(History &history, qsizetype count, const SyntheticRun &run = {});

} // namespace lockstock::test
