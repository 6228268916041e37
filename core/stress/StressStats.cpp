#include "StressStats.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>
#include <vector>

namespace lockstock {

double percentile(QList<qint64> &values, double p)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype rank = qsizetype(std::ceil(p / 100.0 * double(values.size())));
    return double(values.at(std::clamp<qsizetype>(rank - 1, 0, values.size() - 1)));
}

StressResult summarize(const RunAnalysis &analysis)
{
    const RunInfo &info = analysis.info;
    const RunCounts &n = analysis.counts;
    StressResult r;
    r.strategy = info.strategy;
    r.clients = int(info.clients.size());
    r.ordersTried = n.ordersTried;
    r.ordersSucceeded = n.ordersSucceeded;
    r.initialStock = info.initialStock;
    r.expectedStock = n.expectedStock;
    r.finalStock = analysis.finalStock;
    r.oversold = n.oversold;
    r.lostUpdates = n.lostUpdates;
    r.exclusionViolations = n.exclusionViolations;
    r.foreignReleases = n.foreignReleases;
    r.foreignRenewals = n.foreignRenewals;
    r.info = info;
    r.verdict = analysis.verdict;
    r.figures = analysis.figures();

    // An order's latency runs from its first event (its first command, as
    // sent) to its Order event, keyed by (client, order).
    std::vector<std::vector<qint64>> firstNs(size_t(std::max(0, r.clients)));
    QList<qint64> latencies;
    latencies.reserve(n.ordersTried);
    qint64 startNs = -1;
    qint64 lastOrderNs = -1;
    for (const Event &e : analysis.events) {
        if (e.client < 0 || e.client >= r.clients || e.order < 0)
            continue;
        std::vector<qint64> &first = firstNs[size_t(e.client)];
        if (size_t(e.order) >= first.size())
            first.resize(size_t(e.order) + 1, -1);
        qint64 &orderStart = first[size_t(e.order)];
        if (e.kind == EventKind::Order) {
            latencies.append(e.tNs - (orderStart >= 0 ? orderStart : e.tNs));
            lastOrderNs = std::max(lastOrderNs, e.tNs);
            continue;
        }
        if (orderStart < 0)
            orderStart = e.tNs;
        if (startNs < 0)
            startNs = e.tNs;
        if (e.kind != EventKind::Command)
            continue;
        ++r.commands;
        if ((e.step == Step::Acquire && !e.holds) || (e.step == Step::Exec && e.reply.isNil()))
            ++r.retries;
    }
    if (startNs >= 0 && lastOrderNs > startNs) {
        r.seconds = double(lastOrderNs - startNs) / 1e9;
        r.ordersPerSecond = double(r.ordersTried) / r.seconds;
    }
    r.latencyP50Ms = percentile(latencies, 50) / 1e6;
    r.latencyP99Ms = percentile(latencies, 99) / 1e6;
    return r;
}

QJsonObject toJson(const StressResult &r)
{
    QJsonObject o;
    o[QStringLiteral("strategy")] = r.strategy;
    o[QStringLiteral("correct")] = r.correct;
    o[QStringLiteral("clients")] = r.clients;
    // The analysis' figures, under the keys `run --json` uses.
    for (const Figure &f : r.figures)
        o[QLatin1String(f.key)] = f.value;
    o[QStringLiteral("broke")] = r.broke();
    o[QStringLiteral("severity")] = QLatin1String(nameOf(r.verdict.severity()));
    o[QStringLiteral("verdict")] = r.verdict.sentences(r.info).join(QLatin1Char(' '));
    o[QStringLiteral("commands")] = r.commands;
    o[QStringLiteral("retries")] = r.retries;
    o[QStringLiteral("seconds")] = r.seconds;
    o[QStringLiteral("orders_per_second")] = r.ordersPerSecond;
    o[QStringLiteral("latency_p50_ms")] = r.latencyP50Ms;
    o[QStringLiteral("latency_p99_ms")] = r.latencyP99Ms;
    if (!r.error.isEmpty())
        o[QStringLiteral("error")] = r.error;
    if (!r.skipped.isEmpty())
        o[QStringLiteral("skipped")] = r.skipped;
    return o;
}

QJsonObject comparisonToJson(const QJsonObject &workload, const QList<StressResult> &results)
{
    QJsonArray runs;
    for (const StressResult &r : results)
        runs.append(toJson(r));
    return QJsonObject{{QStringLiteral("workload"), workload}, {QStringLiteral("results"), runs}};
}

} // namespace lockstock
