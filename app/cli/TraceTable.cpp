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
    const RunInfo &info = analysis.info;
    for (int i = std::max(0, from); i < std::min<qsizetype>(to, analysis.events.size()); ++i) {
        const Event &e = analysis.events.at(i);
        if (e.kind == EventKind::Sleep && e.step == Step::Backoff)
            continue; // the retry loop's sleeps would drown the table
        const QString who = e.client >= 0 ? info.clients.value(e.client) : QStringLiteral("redis");
        const QString reply = e.kind == EventKind::Command ? e.reply.display() : QString();
        const QString truth = e.probe ? truthText(*e.probe) : QString();
        const Finding *finding = analysis.findingAt(i);
        printOut(QStringLiteral("%1 %2  %3  %4 %5 %6 %7")
                     .arg(!finding ? QStringLiteral(" ")
                                   : finding->severity == Severity::Broken ? QStringLiteral("!") : QStringLiteral("~"))
                     .arg(info.scenarioMs(e.tNs) / 1000.0, 8, 'f', 3)
                     .arg(who, -6)
                     .arg(clip(describe(info, e, who), 46), -46)
                     .arg(clip(reply, 14), -14)
                     .arg(e.client >= 0 && e.holds ? QStringLiteral("yes") : QString(), -7)
                     .arg(truth + (finding ? QStringLiteral("  \u2190 ") + analysis.markTextAt(i) : QString())));
    }
}

void printTrace(const RunAnalysis &analysis)
{
    printTraceHeader();
    printTraceRows(analysis, 0, int(analysis.events.size()));
    printOut(QString());
}

} // namespace lockstock
