#pragma once
// The history as a table, one row per event: `lockstock run --trace` prints
// it, a lesson prints it between its frames, the HTML report shows it.

#include "analysis/RunAnalysis.h"

#include <limits>

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

// The rows of events [from, to), but the retry loop's sleeps, which would drown the table.
QList<TraceRow> traceRows(const RunAnalysis &analysis, int from = 0, int to = std::numeric_limits<int>::max());
void printTrace(const RunAnalysis &analysis);
// The table's head, and its rows for events [from, to) (a lesson prints the
// rows between its frames).
void printTraceHeader();
void printTraceRows(const RunAnalysis &analysis, int from, int to);

} // namespace lockstock
