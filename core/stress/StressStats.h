#pragma once
// The figures of a stress run, from its analysis: what went wrong (the
// verdict) next to what it cost (throughput, latency, retries).

#include "analysis/RunAnalysis.h"

#include <QJsonObject>
#include <QList>

namespace lockstock {

struct StressResult {
    QString strategy;
    bool correct = false;          // the strategy's own claim, for the table
    int clients = 0;
    int ordersTried = 0;
    int ordersSucceeded = 0;
    qint64 initialStock = 0;
    qint64 expectedStock = 0;
    qint64 finalStock = kUnknown;
    qint64 oversold = 0;
    qint64 lostUpdates = 0;
    int exclusionViolations = 0;   // times two clients believed they held the lock
    int foreignReleases = 0;
    int foreignRenewals = 0;
    qint64 commands = 0;           // Redis round trips, watchdogs included
    qint64 retries = 0;            // failed acquires, and EXECs aborted by WATCH
    double seconds = 0;            // first command to last order
    double ordersPerSecond = 0;
    double latencyP50Ms = 0;       // an order: its first command to its end
    double latencyP99Ms = 0;
    QString error;                 // why the run stopped early; empty when it completed
    QString skipped;               // why it was not run on this Redis; empty when it was
    RunInfo info;                  // the run the verdict speaks of
    Verdict verdict;
    QList<Figure> figures;         // every figure of the analysis, as `run` reports them

    // Something was oversold, lost, shared or deleted from under its owner.
    bool broke() const { return verdict.severity() == Severity::Broken; }
};

// The p-th percentile (0..100, nearest rank) of `values`; sorts them. 0 when empty.
double percentile(QList<qint64> &values, double p);

StressResult summarize(const RunAnalysis &analysis);

// One run, and a comparison of several on the same workload (what the GUI charts).
QJsonObject toJson(const StressResult &r);
QJsonObject comparisonToJson(const QJsonObject &workload, const QList<StressResult> &results);

} // namespace lockstock
