#include "TraceTable.h"

#include "cli/Console.h"

#include <algorithm>


namespace lockstock {

namespace {
QString clip(const QString &s, int width)
{
    return s.size() <= width ? s : s.left(width - 1) + QChar(0x2026);
}

QString lockText(const LockTruth &t)
{
    if (t.pttl == kUnknown)
        return QStringLiteral("down");
    if (t.pttl == kNoKey)
        return QStringLiteral("free");
    const QString value = QString::fromUtf8(t.value);
    return t.pttl == kNoTtl ? value + QStringLiteral(" (no TTL!)") : value + QStringLiteral(" %1ms").arg(t.pttl);
}

// What Redis held after the event: the lock (on every lock node) / the stock.
QString truthText(const Probe &probe)
{
    QStringList locks;
    for (const LockTruth &t : probe.locks)
        locks << lockText(t);
    return locks.join(QStringLiteral(" | ")) + QStringLiteral(" / ")
        + (probe.stock == kUnknown ? QStringLiteral("?") : QString::number(probe.stock));
}

QString describe(const RunInfo &info, const Event &e, const QString &client)
{
    switch (e.kind) {
    case EventKind::Command:
        return displayArgv(e.argv);
    case EventKind::Sleep:
        return QStringLiteral("(%1 for %2 ms)").arg(QLatin1String(nameOf(e.step))).arg(qRound64(info.scenarioMs(e.durationNs)));
    case EventKind::Order:
        return e.success ? QStringLiteral("order sold") : QStringLiteral("order failed");
    case EventKind::Crash:
    case EventKind::Pause:
    case EventKind::Error:
    case EventKind::Server:
        return e.note;
    case EventKind::Expired:
        return QStringLiteral("Redis expired %1").arg(QString::fromUtf8(e.token));
    case EventKind::Probe:
        return QStringLiteral("(what Redis holds at the end)");
    }
    return client;
}
} // namespace

QList<TraceRow> traceRows(const RunAnalysis &analysis, int from, int to)
{
    const RunInfo &info = analysis.info;
    QList<TraceRow> rows;
    for (int i = std::max(0, from); i < std::min<qsizetype>(to, analysis.events.size()); ++i) {
        const Event &e = analysis.events.at(i);
        if (e.kind == EventKind::Sleep && e.step == Step::Backoff)
            continue;
        TraceRow row;
        row.event = i;
        row.timeMs = info.scenarioMs(e.tNs);
        row.who = e.client >= 0 ? info.clients.value(e.client) : QStringLiteral("redis");
        row.command = describe(info, e, row.who);
        row.reply = e.kind == EventKind::Command ? e.reply.display() : QString();
        row.holds = e.client >= 0 && e.holds;
        row.truth = e.probe ? truthText(*e.probe) : QString();
        const Finding *finding = analysis.findingAt(i);
        row.flag = !finding ? QStringLiteral(" ") : finding->severity == Severity::Broken ? QStringLiteral("!") : QStringLiteral("~");
        if (finding)
            row.race = analysis.markTextAt(i);
        rows << row;
    }
    return rows;
}

void printTraceHeader()
{
    printOut(QStringLiteral("  %1  %2  %3 %4 %5 %6")
                 .arg(QStringLiteral("t (s)"), 8)
                 .arg(QStringLiteral("who"), -6)
                 .arg(QStringLiteral("command"), -46)
                 .arg(QStringLiteral("reply"), -14)
                 .arg(QStringLiteral("holds?"), -7)
                 .arg(QStringLiteral("lock in Redis / stock")));
}

void printTraceRows(const RunAnalysis &analysis, int from, int to)
{
    for (const TraceRow &row : traceRows(analysis, from, to))
        printOut(QStringLiteral("%1 %2  %3  %4 %5 %6 %7")
                     .arg(row.flag)
                     .arg(row.timeMs / 1000.0, 8, 'f', 3)
                     .arg(row.who, -6)
                     .arg(clip(row.command, 46), -46)
                     .arg(clip(row.reply, 14), -14)
                     .arg(row.holds ? QStringLiteral("yes") : QString(), -7)
                     .arg(row.truth + (row.race.isEmpty() ? QString() : QStringLiteral("  \u2190 ") + row.race)));
}

void printTrace(const RunAnalysis &analysis)
{
    printTraceHeader();
    printTraceRows(analysis, 0, int(analysis.events.size()));
    printOut(QString());
}

} // namespace lockstock
