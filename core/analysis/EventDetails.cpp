#include "EventDetails.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace lockstock {

namespace {
QString said(const char *text)
{
    return QCoreApplication::translate("EventInspector", text);
}

QString belief(bool holds)
{
    return holds ? said(QT_TRANSLATE_NOOP("EventInspector", "I hold the lock"))
                 : said(QT_TRANSLATE_NOOP("EventInspector", "I do not hold the lock"));
}

QString redisText(const QVariantMap &d, const QString &suffix)
{
    const QString value = d.value(QStringLiteral("lockValue") + suffix).toString();
    const QVariant stock = d.value(QStringLiteral("stock") + suffix);
    return (value.isEmpty() ? QStringLiteral("lock=(nil)")
                            : QStringLiteral("lock=\"%1\" PTTL %2").arg(value).arg(d.value(QStringLiteral("lockPttl") + suffix).toLongLong()))
        + QStringLiteral("  stock=") + (stock.isNull() ? QStringLiteral("?") : QString::number(stock.toLongLong()));
}

// The map's facts in words, in the order the inspector shows them; a row
// with nothing to say is left out.
QVariantList rowsOf(const QVariantMap &d)
{
    QVariantList rows;
    const auto add = [&rows](const char *label, const QString &text, const QString &role = {}) {
        if (!text.isEmpty())
            rows << QVariantMap{{QStringLiteral("label"), said(label)}, {QStringLiteral("text"), text}, {QStringLiteral("role"), role}};
    };
    const QString token = d.value(QStringLiteral("token")).toString();
    add(QT_TRANSLATE_NOOP("EventInspector", "time"), QStringLiteral("%1 s").arg(d.value(QStringLiteral("timeMs")).toDouble() / 1000.0, 0, 'f', 3));
    add(QT_TRANSLATE_NOOP("EventInspector", "client"),
        d.value(QStringLiteral("clientName")).toString()
            + (d.value(QStringLiteral("watchdog")).toBool() ? QStringLiteral(" (%1)").arg(said(QT_TRANSLATE_NOOP("EventInspector", "watchdog"))) : QString()),
        QStringLiteral("who"));
    add(QT_TRANSLATE_NOOP("EventInspector", "what"), d.value(QStringLiteral("what")).toString());
    add(QT_TRANSLATE_NOOP("EventInspector", "command"), d.value(QStringLiteral("command")).toString(), QStringLiteral("command"));
    add(QT_TRANSLATE_NOOP("EventInspector", "reply"), d.value(QStringLiteral("reply")).toString(), QStringLiteral("reply"));
    // Before → after: what the event changed, as the analysis saw it.
    add(QT_TRANSLATE_NOOP("EventInspector", "believes"),
        belief(d.value(QStringLiteral("heldBefore")).toBool()) + QStringLiteral(" \u2192 ") + belief(d.value(QStringLiteral("holds")).toBool())
            + (token.isEmpty() ? QString() : QStringLiteral("  (%1)").arg(token)),
        QStringLiteral("belief"));
    if (d.contains(QStringLiteral("lockPttlBefore")))
        add(QT_TRANSLATE_NOOP("EventInspector", "Redis before"), redisText(d, QStringLiteral("Before")));
    if (d.contains(QStringLiteral("lockPttl")))
        add(QT_TRANSLATE_NOOP("EventInspector", "Redis after"), redisText(d, QString()));
    if (const QString source = d.value(QStringLiteral("source")).toString(); !source.isEmpty())
        add(QT_TRANSLATE_NOOP("EventInspector", "code"), source + QLatin1Char(':') + QString::number(d.value(QStringLiteral("line")).toInt()));
    add(QT_TRANSLATE_NOOP("EventInspector", "note"), d.value(QStringLiteral("note")).toString());
    add(QT_TRANSLATE_NOOP("EventInspector", "race"), d.value(QStringLiteral("race")).toString(), QStringLiteral("race"));
    return rows;
}
} // namespace

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
    m[QStringLiteral("rows")] = rowsOf(m);
    return m;
}

} // namespace lockstock
