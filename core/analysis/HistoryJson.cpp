#include "HistoryJson.h"

#include <QFileInfo>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>

namespace lockstock {

namespace {
QJsonValue stockValue(qint64 v)
{
    return v == kUnknown ? QJsonValue() : QJsonValue(v);
}

QJsonValue lockJson(const LockTruth &t)
{
    if (t.pttl == kUnknown)
        return QJsonValue(); // the node did not answer
    return QJsonObject{{QStringLiteral("value"), t.value.isEmpty() ? QJsonValue() : QJsonValue(QString::fromUtf8(t.value))},
                       {QStringLiteral("pttl"), t.pttl}};
}
} // namespace

QJsonObject eventToJson(const RunInfo &info, const Event &e)
{
    QJsonObject o;
    o[QStringLiteral("t_ms")] = info.scenarioMs(e.tNs);
    o[QStringLiteral("duration_ms")] = info.scenarioMs(e.durationNs);
    o[QStringLiteral("client")] = e.client >= 0 ? QJsonValue(info.clients.value(e.client)) : QJsonValue();
    o[QStringLiteral("kind")] = QLatin1String(nameOf(e.kind));
    if (e.kind == EventKind::Command || e.kind == EventKind::Sleep) {
        o[QStringLiteral("step")] = QLatin1String(nameOf(e.step));
        o[QStringLiteral("actor")] = QLatin1String(nameOf(e.role));
    }
    if (e.order >= 0)
        o[QStringLiteral("order")] = e.order;
    if (!info.nodes.isEmpty() && (e.kind == EventKind::Command || e.kind == EventKind::Server))
        o[QStringLiteral("node")] = info.nodes.value(e.node);
    if (e.kind == EventKind::Server && e.serverAction != ServerAction::Other)
        o[QStringLiteral("action")] = QLatin1String(nameOf(e.serverAction));
    if (!e.argv.isEmpty()) {
        QJsonArray argv;
        for (const QByteArray &a : e.argv)
            argv.append(QString::fromUtf8(a));
        o[QStringLiteral("argv")] = argv;
    }
    if (e.kind == EventKind::Command)
        o[QStringLiteral("reply")] = e.reply.display();
    if (e.wrote != kUnknown)
        o[QStringLiteral("wrote")] = e.wrote;
    if (e.kind == EventKind::Order)
        o[QStringLiteral("success")] = e.success;
    o[QStringLiteral("holds")] = e.holds;
    if (!e.token.isEmpty())
        o[QStringLiteral("token")] = QString::fromUtf8(e.token);
    if (e.sourceFile) {
        o[QStringLiteral("source")] = QFileInfo(QString::fromUtf8(e.sourceFile)).fileName();
        o[QStringLiteral("line")] = e.sourceLine;
    }
    if (e.probe) {
        o[QStringLiteral("stock")] = stockValue(e.probe->stock); // after the step
        if (const LockTruth *lock = e.lock(); lock && info.nodes.isEmpty()) {
            o[QStringLiteral("lock_pttl")] = lock->pttl;
            o[QStringLiteral("lock_value")] = lock->value.isEmpty() ? QJsonValue() : QJsonValue(QString::fromUtf8(lock->value));
        }
        if (!info.nodes.isEmpty()) {
            QJsonObject locks;
            for (qsizetype n = 0; n < e.probe->locks.size(); ++n)
                locks[info.nodes.value(n)] = lockJson(e.probe->locks.at(n));
            o[QStringLiteral("locks")] = locks;
        }
    }
    if (!e.note.isEmpty())
        o[QStringLiteral("note")] = e.note;
    return o;
}

QJsonObject figuresToJson(const RunAnalysis &a)
{
    const RunInfo &info = a.info;
    auto ms = [&a](qint64 ns) { return a.scenarioMs(ns); };
    QJsonObject o;
    o[QStringLiteral("scenario")] = info.scenario;
    o[QStringLiteral("strategy")] = info.strategy;
    o[QStringLiteral("speed")] = info.speed;
    o[QStringLiteral("clock")] = QLatin1String(nameOf(info.clock));
    // stuck_ms and the overlaps that last to the end are measured to end_ms.
    o[QStringLiteral("start_ms")] = 0;
    o[QStringLiteral("end_ms")] = ms(a.endNs);
    for (const Figure &f : a.figures())
        o[QLatin1String(f.key)] = f.value;
    if (!info.nodes.isEmpty())
        o[QStringLiteral("nodes")] = QJsonArray::fromStringList(info.nodes);
    o[QStringLiteral("verdict")] = a.findings().join(QLatin1Char(' '));
    o[QStringLiteral("severity")] = QLatin1String(nameOf(a.verdict.severity()));
    o[QStringLiteral("clean")] = a.clean();

    // The events that show each finding, in one pass over the marks.
    QList<QJsonArray> shownBy(a.verdict.findings.size());
    for (const Mark &m : a.marks)
        if (const qsizetype i = a.verdict.indexOf(m); i >= 0)
            shownBy[i].append(m.event);
    QJsonArray findings;
    for (qsizetype i = 0; i < a.verdict.findings.size(); ++i) {
        const Finding &f = a.verdict.findings.at(i);
        QJsonObject j{{QStringLiteral("kind"), QLatin1String(nameOf(f.kind))},
                      {QStringLiteral("severity"), QLatin1String(nameOf(f.severity))},
                      {QStringLiteral("sentence"), f.sentence(info)}};
        if (f.actor >= 0)
            j[QStringLiteral("client")] = info.clients.value(f.actor);
        if (f.other >= 0)
            j[QStringLiteral("other")] = info.clients.value(f.other);
        if (f.count > 0)
            j[QStringLiteral("count")] = f.count;
        if (!f.detail.isEmpty())
            j[QStringLiteral("detail")] = f.detail;
        if (!shownBy.at(i).isEmpty())
            j[QStringLiteral("events")] = shownBy.at(i); // indexes into "events"
        findings.append(j);
    }
    o[QStringLiteral("findings")] = findings;

    QJsonArray overlaps;
    for (const Overlap &ov : a.overlaps)
        overlaps.append(QJsonObject{{QStringLiteral("clients"),
                                     QJsonArray{info.clients.value(ov.first), info.clients.value(ov.second)}},
                                    {QStringLiteral("start_ms"), ms(ov.span.startNs)},
                                    {QStringLiteral("end_ms"), ms(ov.span.endNs)}});
    o[QStringLiteral("overlaps")] = overlaps;
    return o;
}

namespace {
// Every event as JSON, in time order, with the stock before it and the race
// it shows: handed to `take` one at a time until it returns false.
template <class Take>
void eachEventJson(const RunAnalysis &a, Take take)
{
    qint64 stockBefore = a.info.initialStock; // the run set it before the first step
    for (qsizetype i = 0; i < a.events.size(); ++i) {
        const Event &e = a.events.at(i);
        QJsonObject j = eventToJson(a.info, e);
        if (e.probe) {
            j[QStringLiteral("stock_before")] = stockValue(stockBefore);
            stockBefore = e.probe->stock;
        }
        if (const QString race = a.markTextAt(int(i)); !race.isEmpty())
            j[QStringLiteral("race")] = race;
        if (!take(i, std::move(j)))
            return;
    }
}
} // namespace

QJsonObject toJson(const RunAnalysis &a)
{
    QJsonObject o = figuresToJson(a);
    QJsonArray events;
    eachEventJson(a, [&events](qsizetype, QJsonObject j) {
        events.append(j);
        return true;
    });
    o[QStringLiteral("events")] = events;
    return o;
}

bool writeHistoryJson(QIODevice &out, const RunAnalysis &a, const QJsonObject &figures)
{
    // The figures as an indented object, left open for the events.
    QByteArray head = QJsonDocument(figures).toJson(QJsonDocument::Indented);
    head.chop(head.endsWith("}\n") ? 2 : 0);
    while (head.endsWith('\n'))
        head.chop(1);
    QByteArray pending = head + (figures.isEmpty() ? "" : ",") + "\n    \"events\": [";
    bool ok = true;
    eachEventJson(a, [&](qsizetype i, const QJsonObject &j) {
        pending += (i ? ",\n        " : "\n        ") + QJsonDocument(j).toJson(QJsonDocument::Compact);
        if (pending.size() >= 64 * 1024) {
            ok = out.write(pending) == pending.size();
            pending.clear();
        }
        return ok;
    });
    pending += a.events.isEmpty() ? "]\n}\n" : "\n    ]\n}\n";
    return ok && out.write(pending) == pending.size();
}

} // namespace lockstock
