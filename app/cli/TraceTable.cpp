#include "TraceTable.h"

#include "cli/Console.h"

#include <QSet>

namespace lockstock {

namespace {
QString clip(const QString &s, int width)
{
    return s.size() <= width ? s : s.left(width - 1) + QChar(0x2026);
}

QString lockText(const Event &e)
{
    if (e.lockPttl == kUnknown)
        return {};
    if (e.lockPttl == kNoKey)
        return QStringLiteral("free");
    const QString value = QString::fromUtf8(e.lockValue);
    return e.lockPttl == kNoTtl ? value + QStringLiteral(" (no TTL!)")
                                : value + QStringLiteral(" %1ms").arg(e.lockPttl);
}

QString describe(const History &history, const Event &e, const QString &client)
{
    switch (e.kind) {
    case EventKind::Command:
        return displayArgv(e.argv);
    case EventKind::Sleep:
        return QStringLiteral("(%1 for %2 ms)").arg(QLatin1String(stepName(e.step))).arg(qRound64(history.scenarioMs(e.durationNs)));
    case EventKind::Order:
        return e.success ? QStringLiteral("order sold") : QStringLiteral("order failed");
    case EventKind::Crash:
    case EventKind::Pause:
    case EventKind::Error:
    case EventKind::Server:
        return e.note;
    case EventKind::Expired:
        return QStringLiteral("Redis expired %1").arg(QString::fromUtf8(e.token));
    }
    return client;
}
} // namespace

void printTrace(const History &history, const QList<Event> &sorted, const Outcome &outcome)
{
    QSet<int> marked;
    for (const ForeignAct &f : outcome.foreignReleases)
        marked << f.event;
    for (const ForeignAct &f : outcome.foreignRenewals)
        marked << f.event;
    for (int i : outcome.clobberingWrites)
        marked << i;

    printOut(QStringLiteral("  %1  %2  %3 %4 %5 %6")
                 .arg(QStringLiteral("t (s)"), 8)
                 .arg(QStringLiteral("who"), -6)
                 .arg(QStringLiteral("command"), -46)
                 .arg(QStringLiteral("reply"), -14)
                 .arg(QStringLiteral("holds?"), -7)
                 .arg(QStringLiteral("lock in Redis / stock")));
    for (int i = 0; i < sorted.size(); ++i) {
        const Event &e = sorted.at(i);
        if (e.kind == EventKind::Sleep && e.step == Step::Backoff)
            continue; // the retry loop's sleeps would drown the table
        const QString who = e.client >= 0 ? history.info().clients.value(e.client) : QStringLiteral("redis");
        const QString reply = e.kind == EventKind::Command ? e.reply.display() : QString();
        const QString truth = e.lockPttl == kUnknown
            ? QString()
            : lockText(e) + QStringLiteral(" / ") + (e.stock == kUnknown ? QStringLiteral("?") : QString::number(e.stock));
        printOut(QStringLiteral("%1 %2  %3  %4 %5 %6 %7")
                     .arg(marked.contains(i) ? QStringLiteral("!") : QStringLiteral(" "))
                     .arg(history.scenarioMs(e.tNs) / 1000.0, 8, 'f', 3)
                     .arg(who, -6)
                     .arg(clip(describe(history, e, who), 46), -46)
                     .arg(clip(reply, 14), -14)
                     .arg(e.client >= 0 && e.holds ? QStringLiteral("yes") : QString(), -7)
                     .arg(truth));
    }
    printOut(QString());
}

} // namespace lockstock
