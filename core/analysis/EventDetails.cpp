#include "EventDetails.h"

#include <QFileInfo>

namespace lockstock {

QVariantMap eventDetails(const RunAnalysis &analysis, int sortedIndex)
{
    if (sortedIndex < 0 || sortedIndex >= analysis.events.size())
        return {};
    const Event &e = analysis.events.at(sortedIndex);
    QVariantMap m;
    m[QStringLiteral("index")] = sortedIndex;
    m[QStringLiteral("timeMs")] = analysis.scenarioMs(e.tNs);
    m[QStringLiteral("durationMs")] = analysis.scenarioMs(e.durationNs);
    m[QStringLiteral("client")] = e.client;
    m[QStringLiteral("clientName")] = analysis.info.clients.value(e.client, QStringLiteral("Redis"));
    m[QStringLiteral("kind")] = QString::fromLatin1(nameOf(e.kind));
    m[QStringLiteral("step")] = QString::fromLatin1(nameOf(e.step));
    m[QStringLiteral("watchdog")] = e.role == ActorRole::Watchdog;
    QStringList argv;
    for (const QByteArray &arg : e.argv)
        argv << QString::fromUtf8(arg);
    m[QStringLiteral("command")] = argv.join(QLatin1Char(' '));
    m[QStringLiteral("reply")] = e.kind == EventKind::Command ? e.reply.display() : QString();
    // Before → after, as the analysis saw them: belief and Redis's truth.
    const RunAnalysis::Change change = analysis.changeAt(sortedIndex);
    m[QStringLiteral("heldBefore")] = change.heldBefore;
    m[QStringLiteral("holds")] = change.holdsAfter;
    m[QStringLiteral("token")] = QString::fromUtf8(e.token);
    m[QStringLiteral("note")] = analysis.noteText(e);
    m[QStringLiteral("what")] = RunAnalysis::kindText(e);
    m[QStringLiteral("race")] = analysis.markTextAt(sortedIndex);
    m[QStringLiteral("source")] = e.sourceFile ? QFileInfo(QString::fromUtf8(e.sourceFile)).fileName() : QString();
    m[QStringLiteral("line")] = e.sourceLine;
    const auto putProbe = [&m](const Probe *probe, const QString &suffix) {
        if (!probe)
            return;
        if (const LockTruth *lock = probe->lockOn(0)) {
            m[QStringLiteral("lockValue") + suffix] = QString::fromUtf8(lock->value);
            m[QStringLiteral("lockPttl") + suffix] = lock->pttl;
        }
        m[QStringLiteral("stock") + suffix] = probe->stock == kUnknown ? QVariant() : QVariant(probe->stock);
    };
    putProbe(change.before, QStringLiteral("Before"));
    putProbe(change.after, QString());
    return m;
}

} // namespace lockstock
