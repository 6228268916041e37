#include "TimelineData.h"

#include <QCoreApplication>
#include <algorithm>

namespace lockstock {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("Timeline", text);
}

bool isProbe(const Event &e)
{
    return e.lockPttl != kUnknown;
}

// The stock value a command left in Redis, when its reply or argv says so.
bool stockAfter(const Event &e, qint64 *value)
{
    if (e.kind != EventKind::Command || e.reply.isError())
        return false;
    if (e.step == Step::WriteStock && e.reply.isStatus("OK") && e.argv.size() >= 3) {
        bool ok = false;
        *value = e.argv.at(2).toLongLong(&ok);
        return ok;
    }
    if ((e.step == Step::Decrement || e.step == Step::Compensate) && e.reply.isInteger() && e.reply.toInteger() >= 0) {
        *value = e.reply.toInteger();
        return true;
    }
    return false;
}
} // namespace

std::shared_ptr<const TimelineData> TimelineData::empty(const RunInfo &info)
{
    auto d = std::make_shared<TimelineData>();
    d->info = info;
    d->derive();
    return d;
}

std::shared_ptr<const TimelineData> TimelineData::build(const History &history)
{
    auto d = std::make_shared<TimelineData>();
    d->info = history.info();
    d->events = sortedEvents(history);
    d->outcome = check(history, d->events);
    d->findings = d->outcome.findings(d->info);
    d->finished = history.isFinished();
    d->endNs = d->finished ? history.endNs() : 0;
    d->derive();
    return d;
}

void TimelineData::derive()
{
    const int clients = clientCount();
    laneEvents = QList<QList<LaneEvent>>(clients);
    beliefs = QList<QList<Span>>(clients);
    QList<qint64> believedSince(clients, -1);
    QHash<QByteArray, int> tokenOwner;
    QSet<QByteArray> writtenValues;
    qint64 sold = 0;
    expectedStock.append({0, info.initialStock});
    stock.append({0, info.initialStock});

    for (int i = 0; i < events.size(); ++i) {
        const Event &e = events.at(i);
        const qint64 end = e.tNs + std::max<qint64>(0, e.durationNs);
        endNs = std::max(endNs, e.kind == EventKind::Pause || e.kind == EventKind::Sleep ? end : e.tNs + e.durationNs);
        const int c = e.client;
        if (c >= 0 && c < clients) {
            laneEvents[c].append({e.tNs, e.tNs + e.durationNs, i, e.kind, e.step});
            if (!e.token.isEmpty() && e.holds)
                tokenOwner.insert(e.token, c);
            // Belief: from the reply that granted the lock to the moment it let go.
            const bool believing = believedSince[c] >= 0;
            if (e.kind == EventKind::Crash) {
                if (believing)
                    beliefs[c].append({believedSince[c], e.tNs});
                believedSince[c] = -1;
            } else if (e.holds && !believing) {
                believedSince[c] = e.tNs + (e.kind == EventKind::Command ? e.durationNs : 0);
            } else if (!e.holds && believing) {
                beliefs[c].append({believedSince[c], e.tNs});
                believedSince[c] = -1;
            }
        }
        if (e.kind == EventKind::Server)
            serverFaults << i;
        if (e.kind == EventKind::Order && e.success) {
            sold += info.quantityOf(e.client);
            expectedStock.append({e.tNs, info.initialStock - sold});
            if (sold > info.initialStock)
                oversoldOrders << i;
        }
        if (e.kind == EventKind::Command && e.step == Step::WriteStock && e.argv.size() >= 3) {
            if (writtenValues.contains(e.argv.at(2)))
                sameValueWrites << i;
            writtenValues.insert(e.argv.at(2));
        }

        qint64 value = 0;
        if (isProbe(e)) {
            probed = true;
            // The probe reads Redis after the reply.
            if (e.stock != kUnknown && e.stock != stock.last().value)
                stock.append({e.tNs + e.durationNs, e.stock});
            // The lock as Redis held it: a new holding starts when the value changes.
            Holding *current = holdings.isEmpty() || holdings.last().span.endNs >= 0 ? nullptr : &holdings.last();
            if (current && current->token != e.lockValue) {
                current->span.endNs = e.tNs;
                current->expired = e.kind == EventKind::Expired;
                current = nullptr;
            }
            if (!e.lockValue.isEmpty()) {
                if (!current) {
                    Holding h;
                    h.span = {e.tNs, -1};
                    h.token = e.lockValue;
                    holdings.append(h);
                    current = &holdings.last();
                }
                const qint64 ttl = e.lockPttl > 0 ? e.lockPttl * 1000000 : e.lockPttl;
                current->ttl.append({e.tNs, ttl});
                leaseNs = std::max(leaseNs, ttl);
            }
        } else if (!probed && stockAfter(e, &value) && value != stock.last().value) {
            stock.append({e.tNs + e.durationNs, value});
        }
    }
    for (int c = 0; c < clients; ++c)
        if (believedSince[c] >= 0)
            beliefs[c].append({believedSince[c], endNs});
    for (Holding &h : holdings) {
        h.owner = tokenOwner.value(h.token, -1);
        if (h.span.endNs < 0)
            h.span.endNs = endNs;
    }

    if (probed)
        deriveBeliefGaps();

    for (const ForeignAct &f : outcome.foreignReleases)
        m_races.insert(f.event, tr("%1 deleted %2's lock").arg(info.clients.value(f.actor), info.clients.value(f.owner)));
    for (const ForeignAct &f : outcome.foreignRenewals)
        m_races.insert(f.event, tr("%1 extended %2's lock").arg(info.clients.value(f.actor), info.clients.value(f.owner)));
    for (int i : outcome.clobberingWrites)
        m_races.insert(i, tr("overwrote another client's update"));
    for (int i : sameValueWrites)
        m_races.insert(i, tr("lost update: wrote %1 again").arg(QString::fromUtf8(events.at(i).argv.at(2))));
    for (int i : oversoldOrders)
        m_races.insert(i, tr("oversold"));
    for (QList<LaneEvent> &lane : laneEvents)
        for (LaneEvent &le : lane)
            le.race = m_races.contains(le.index);
}

void TimelineData::deriveBeliefGaps()
{
    beliefGaps = QList<QList<Span>>(clientCount());
    for (int c = 0; c < clientCount(); ++c) {
        QList<Span> held;
        for (const Holding &h : holdings)
            if (h.owner == c)
                held << h.span;
        // Both lists are in time order and do not overlap within themselves.
        qsizetype k = 0;
        for (const Span &b : beliefs.at(c)) {
            qint64 from = b.startNs;
            while (k < held.size() && held.at(k).endNs <= from)
                ++k;
            for (qsizetype j = k; j < held.size() && held.at(j).startNs < b.endNs && from < b.endNs; ++j) {
                if (held.at(j).startNs > from)
                    beliefGaps[c].append({from, held.at(j).startNs});
                from = std::max(from, held.at(j).endNs);
            }
            // The probe after the granting reply lands a moment later: ignore slivers under a millisecond.
            if (from < b.endNs)
                beliefGaps[c].append({from, b.endNs});
        }
        beliefGaps[c].removeIf([](const Span &s) { return s.endNs - s.startNs < 1000000; });
    }
}

int TimelineData::firstAtOrAfter(qint64 ns) const
{
    const auto it = std::lower_bound(events.cbegin(), events.cend(), ns,
                                     [](const Event &e, qint64 t) { return e.tNs < t; });
    return int(it - events.cbegin());
}

int TimelineData::lastCodeEventOf(int client, qint64 ns) const
{
    if (client < 0 || client >= laneEvents.size())
        return -1;
    const QList<LaneEvent> &lane = laneEvents.at(client);
    auto it = std::upper_bound(lane.cbegin(), lane.cend(), ns, [](qint64 t, const LaneEvent &le) { return t < le.tNs; });
    while (it != lane.cbegin()) {
        --it;
        // Start is the engine's own wait before a client joins, not strategy code.
        if (events.at(it->index).sourceFile && events.at(it->index).step != Step::Start)
            return it->index;
    }
    return -1;
}

int TimelineData::lastProbeAt(qint64 ns) const
{
    for (int i = firstAtOrAfter(ns + 1) - 1; i >= 0; --i)
        if (isProbe(events.at(i)))
            return i;
    return -1;
}

QString TimelineData::raceAt(int eventIndex) const
{
    return m_races.value(eventIndex);
}

QString TimelineData::commandText(const Event &e, int maxArg)
{
    QStringList parts;
    for (const QByteArray &a : e.argv) {
        QString s = QString::fromUtf8(a);
        if (s.size() > maxArg)
            s = s.left(maxArg - 1) + QChar(0x2026);
        parts << s;
    }
    return parts.join(QLatin1Char(' ')) + QStringLiteral(" \u2192 ") + replyText(e.reply);
}

QString TimelineData::replyText(const RedisValue &reply)
{
    switch (reply.type()) {
    case RedisValue::Type::Nil: return QStringLiteral("nil");
    case RedisValue::Type::Status: return QString::fromUtf8(reply.bytes());
    case RedisValue::Type::Error: return QStringLiteral("ERR ") + QString::fromUtf8(reply.bytes()).section(QLatin1Char(' '), 1);
    case RedisValue::Type::Integer: return QString::number(reply.toInteger());
    case RedisValue::Type::String: return QLatin1Char('"') + QString::fromUtf8(reply.bytes()) + QLatin1Char('"');
    case RedisValue::Type::Array: return QStringLiteral("[%1]").arg(reply.items().size());
    }
    return {};
}

} // namespace lockstock
