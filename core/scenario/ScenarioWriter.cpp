#include "ScenarioWriter.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <utility>

namespace lockstock {

namespace {

// QJsonObject sorts its keys; a scenario reads best in the order of its
// shipped files, so objects are written here from ordered pairs.
using Fields = QList<std::pair<const char *, QByteArray>>;

QByteArray scalar(const QJsonValue &value)
{
    // QJsonDocument writes arrays and objects only: the one-element array, unwrapped.
    return QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact).chopped(1).mid(1);
}

QByteArray number(qint64 value)
{
    return scalar(QJsonValue(value));
}

QByteArray text(const QString &value)
{
    return scalar(QJsonValue(value));
}

QByteArray inlineObject(const Fields &fields)
{
    QByteArrayList parts;
    for (const auto &[key, value] : fields)
        parts << '"' + QByteArray(key) + "\": " + value;
    return '{' + parts.join(", ") + '}';
}

QByteArray inlineList(const QByteArrayList &items)
{
    return '[' + items.join(", ") + ']';
}

// A list of objects: one per line, indented under its key.
QByteArray blockList(const QByteArrayList &items)
{
    return "[\n    " + items.join(",\n    ") + "\n  ]";
}

bool defaultClients(const QList<ClientSpec> &clients)
{
    // What "clients": N gives: A..Z, then C27, C28, ..., each with no settings of its own.
    for (qsizetype i = 0; i < clients.size(); ++i) {
        ClientSpec plain{i < 26 ? QString(QChar(u'A' + int(i))) : QStringLiteral("C%1").arg(i + 1), 0};
        if (!(clients.at(i) == plain))
            return false;
    }
    return true;
}

QByteArray client(const ClientSpec &c)
{
    Fields f{{"name", text(c.name)}};
    if (c.startMs != 0)
        f.append({"start_ms", number(c.startMs)});
    if (c.rttMs >= 0)
        f.append({"rtt_ms", number(c.rttMs)});
    if (c.quantity > 0)
        f.append({"quantity", number(c.quantity)});
    if (c.clockRate != 1.0)
        f.append({"clock_rate", scalar(c.clockRate)});
    if (!c.partitionedFrom.isEmpty()) {
        QByteArrayList nodes;
        for (const int node : c.partitionedFrom)
            nodes << number(node);
        f.append({"partition", inlineObject({{"nodes", inlineList(nodes)}, {"delay_ms", number(c.partitionDelayMs)}})});
    }
    return f.size() == 1 ? text(c.name) : inlineObject(f);
}

QByteArray clients(const QList<ClientSpec> &list)
{
    if (defaultClients(list))
        return number(list.size());
    QByteArrayList items;
    bool objects = false;
    for (const ClientSpec &c : list) {
        items << client(c);
        objects = objects || items.last().startsWith('{');
    }
    return objects ? blockList(items) : inlineList(items);
}

QByteArray fault(const Fault &fault)
{
    Fields f{{"client", text(fault.client)},
             {"after", text(QLatin1String(nameOf(fault.after)))},
             {"order", number(fault.order)},
             {"action", text(QLatin1String(nameOf(fault.action)))}};
    // The loader takes pause_ms only where the process freezes, timeout_ms only for a lost reply.
    if (fault.action == Fault::Action::Pause || fault.action == Fault::Action::StarveWatchdog
        || fault.action == Fault::Action::HangWorker)
        f.append({"pause_ms", number(fault.pauseMs)});
    if (fault.action == Fault::Action::LoseReply)
        f.append({"timeout_ms", number(fault.timeoutMs)});
    return inlineObject(f);
}

QByteArray nodes(const NodeSpec &n)
{
    Fields f{{"count", number(n.count)}, {"kind", text(QLatin1String(nameOf(n.kind)))}};
    if (n.persistence)
        f.append({"persistence", scalar(true)});
    if (!n.rttMs.isEmpty()) {
        QByteArrayList rtts;
        for (const qint64 rtt : n.rttMs)
            rtts << number(rtt);
        f.append({"rtt_ms", inlineList(rtts)});
    }
    if (n.maxMemory > 0) {
        f.append({"maxmemory", number(n.maxMemory)});
        f.append({"maxmemory_policy", text(n.maxMemoryPolicy)});
    }
    if (n.sentinels > 0)
        f.append({"sentinels", number(n.sentinels)});
    return inlineObject(f);
}

QByteArray serverFault(const ServerFault &fault)
{
    Fields f{{"node", number(fault.node)}, {"action", text(QLatin1String(nameOf(fault.action)))}};
    // At a time, or right after a client's step: never both.
    if (fault.client.isEmpty()) {
        f.append({"at_ms", number(fault.atMs)});
    } else {
        f.append({"client", text(fault.client)});
        f.append({"after", text(QLatin1String(nameOf(fault.after)))});
        f.append({"order", number(fault.order)});
    }
    if (fault.delayMs != 0)
        f.append({"delay_ms", number(fault.delayMs)});
    if (fault.action == ServerFault::Action::ClockJump)
        f.append({"jump_ms", number(fault.jumpMs)});
    if (fault.action == ServerFault::Action::ClockDrift)
        f.append({"rate", scalar(fault.rate)});
    return inlineObject(f);
}

} // namespace

QByteArray writeScenario(const Scenario &s)
{
    const RunConfig &c = s.config;
    Fields f{{"name", text(s.name)}};
    if (!s.title.isEmpty())
        f.append({"title", text(s.title)});
    if (!s.lesson.isEmpty())
        f.append({"lesson", text(s.lesson)});
    f.append({"broken", text(s.broken)});
    f.append({"correct", text(s.correct)});
    f.append({"stock", number(c.stock)});
    if (c.nodes.kind != NodeSpec::Kind::Single)
        f.append({"nodes", nodes(c.nodes)});
    f.append({"clients", clients(c.clients)});
    f.append({"orders_per_client", number(c.ordersPerClient)});
    f.append({"quantity", number(c.quantity)});
    f.append({"lease_ms", number(c.leaseMs)});
    f.append({"work_ms", number(c.workMs)});
    f.append({"retry_ms", number(c.retryMs)});
    f.append({"acquire_timeout_ms", number(c.acquireTimeoutMs)});
    f.append({"max_run_ms", number(c.maxRunMs)});
    f.append({"rtt_ms", number(c.rttMs)});
    f.append({"node_timeout_ms", number(c.nodeTimeoutMs)});
    f.append({"speed", scalar(c.speed)});
    f.append({"playback_speed", scalar(c.playbackSpeed)});
    f.append({"seed", number(qint64(c.seed))});
    // Interactive is the window's own and never in a file.
    if (c.schedule != Schedule::Interactive)
        f.append({"schedule", text(QLatin1String(nameOf(c.schedule)))});
    if (!c.interleaving.isEmpty()) {
        QByteArrayList names;
        for (const QString &name : c.interleaving)
            names << text(name);
        f.append({"interleaving", inlineList(names)});
    }
    if (!c.faults.isEmpty()) {
        QByteArrayList items;
        for (const Fault &x : c.faults)
            items << fault(x);
        f.append({"faults", blockList(items)});
    }
    if (!c.serverFaults.isEmpty()) {
        QByteArrayList items;
        for (const ServerFault &x : c.serverFaults)
            items << serverFault(x);
        f.append({"server_faults", blockList(items)});
    }
    QByteArrayList lines;
    for (const auto &[key, value] : std::as_const(f))
        lines << "  \"" + QByteArray(key) + "\": " + value;
    return "{\n" + lines.join(",\n") + "\n}\n";
}

bool saveScenarioFile(const Scenario &scenario, const QString &path, QString *error)
{
    // Written beside, then renamed over: a failed save leaves the old file as it was.
    QSaveFile file(path);
    const QByteArray bytes = writeScenario(scenario);
    if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit())
        return true;
    *error = QCoreApplication::translate("Output", "cannot write %1: %2").arg(path, file.errorString());
    return false;
}

} // namespace lockstock
