#include "HistoryJson.h"

#include <QFileInfo>
#include <QJsonArray>

namespace lockstock {

namespace {
QJsonValue stockValue(qint64 v)
{
    return v == kUnknown ? QJsonValue() : QJsonValue(v);
}
} // namespace

QJsonObject eventToJson(const History &history, const Event &e)
{
    QJsonObject o;
    o[QStringLiteral("t_ms")] = history.scenarioMs(e.tNs);
    o[QStringLiteral("duration_ms")] = history.scenarioMs(e.durationNs);
    o[QStringLiteral("client")] = e.client >= 0 ? QJsonValue(history.info().clients.value(e.client)) : QJsonValue();
    o[QStringLiteral("kind")] = QLatin1String(eventKindName(e.kind));
    if (e.kind == EventKind::Command || e.kind == EventKind::Sleep) {
        o[QStringLiteral("step")] = QLatin1String(stepName(e.step));
        o[QStringLiteral("actor")] = e.role == ActorRole::Main ? QStringLiteral("main") : QStringLiteral("watchdog");
    }
    if (e.order >= 0)
        o[QStringLiteral("order")] = e.order;
    if (!history.info().nodes.isEmpty() && (e.kind == EventKind::Command || e.kind == EventKind::Server))
        o[QStringLiteral("node")] = history.info().nodes.value(e.node);
    if (!e.argv.isEmpty()) {
        QJsonArray argv;
        for (const QByteArray &a : e.argv)
            argv.append(QString::fromUtf8(a));
        o[QStringLiteral("argv")] = argv;
    }
    if (e.kind == EventKind::Command)
        o[QStringLiteral("reply")] = e.reply.display();
    if (e.kind == EventKind::Order)
        o[QStringLiteral("success")] = e.success;
    o[QStringLiteral("holds")] = e.holds;
    if (!e.token.isEmpty())
        o[QStringLiteral("token")] = QString::fromUtf8(e.token);
    if (e.sourceFile) {
        o[QStringLiteral("source")] = QFileInfo(QString::fromUtf8(e.sourceFile)).fileName();
        o[QStringLiteral("line")] = e.sourceLine;
    }
    if (e.lockPttl == kUnknown && e.stock != kUnknown)
        o[QStringLiteral("stock")] = e.stock;
    if (e.lockPttl != kUnknown) {
        o[QStringLiteral("stock")] = stockValue(e.stock); // after the step
        o[QStringLiteral("lock_pttl")] = e.lockPttl;
        o[QStringLiteral("lock_value")] = e.lockValue.isEmpty() ? QJsonValue() : QJsonValue(QString::fromUtf8(e.lockValue));
    }
    if (!e.note.isEmpty())
        o[QStringLiteral("note")] = e.note;
    return o;
}

QJsonObject toJson(const History &history, const QList<Event> &sorted, const Outcome &outcome)
{
    const RunInfo &info = history.info();
    auto ms = [&history](qint64 ns) { return history.scenarioMs(ns); };
    QJsonObject o;
    o[QStringLiteral("scenario")] = info.scenario;
    o[QStringLiteral("strategy")] = info.strategy;
    o[QStringLiteral("clock")] = QLatin1String(clockKindName(info.clock));
    o[QStringLiteral("speed")] = info.speed;
    o[QStringLiteral("initial_stock")] = outcome.initialStock;
    o[QStringLiteral("expected_stock")] = outcome.expectedStock;
    o[QStringLiteral("final_stock")] = stockValue(outcome.finalStock);
    o[QStringLiteral("orders_tried")] = outcome.ordersTried;
    o[QStringLiteral("orders_succeeded")] = outcome.ordersSucceeded;
    o[QStringLiteral("lost_updates")] = outcome.lostUpdates;
    o[QStringLiteral("oversold")] = outcome.oversold;
    o[QStringLiteral("exclusion_violations")] = int(outcome.overlaps.size());
    o[QStringLiteral("overlap_ms")] = ms(outcome.overlapNs());
    o[QStringLiteral("foreign_releases")] = int(outcome.foreignReleases.size());
    o[QStringLiteral("foreign_renewals")] = int(outcome.foreignRenewals.size());
    o[QStringLiteral("stuck_ms")] = ms(outcome.stuckNs());
    o[QStringLiteral("fenced")] = outcome.fenced;
    o[QStringLiteral("stale_writes_refused")] = int(outcome.staleWritesRefused.size());
    o[QStringLiteral("stale_writes_accepted")] = int(outcome.staleWritesAccepted.size());
    o[QStringLiteral("unavailable_orders")] = outcome.unavailableOrders;
    if (!info.nodes.isEmpty())
        o[QStringLiteral("nodes")] = QJsonArray::fromStringList(info.nodes);
    o[QStringLiteral("verdict")] = outcome.findings(info).join(QLatin1Char(' '));
    o[QStringLiteral("clean")] = outcome.clean();

    QJsonArray overlaps;
    for (const Overlap &ov : outcome.overlaps)
        overlaps.append(QJsonObject{{QStringLiteral("clients"),
                                     QJsonArray{info.clients.value(ov.first), info.clients.value(ov.second)}},
                                    {QStringLiteral("start_ms"), ms(ov.startNs)},
                                    {QStringLiteral("end_ms"), ms(ov.endNs)}});
    o[QStringLiteral("overlaps")] = overlaps;

    QJsonArray events;
    qint64 stockBefore = info.initialStock; // the run set it before the first step
    for (const Event &e : sorted) {
        QJsonObject j = eventToJson(history, e);
        if (e.lockPttl != kUnknown) {
            j[QStringLiteral("stock_before")] = stockValue(stockBefore);
            stockBefore = e.stock;
        }
        events.append(j);
    }
    o[QStringLiteral("events")] = events;
    return o;
}

} // namespace lockstock
