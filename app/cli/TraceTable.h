#pragma once
// The history as a table, one row per event: `lockstock run --trace` prints
// it, the HTML report shows the same rows.

#include "analysis/RunAnalysis.h"

namespace lockstock {

struct TraceRow {
    int event = -1;        // index into the analysis' events
    QString flag;          // "!" broken, "~" harmless, " " nothing found here
    double timeMs = 0;
    QString who;
    QString command;       // the command, or what happened
    QString reply;
    bool holds = false;    // the client believes it holds the lock
    QString truth;         // the lock in Redis (every node) / the stock, after it
    QString race;          // the finding's mark on it
};

// Every row but the retry loop's sleeps, which would drown the table.
QList<TraceRow> traceRows(const RunAnalysis &analysis);
void printTrace(const RunAnalysis &analysis);

} // namespace lockstock
