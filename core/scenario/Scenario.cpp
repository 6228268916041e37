#include "Scenario.h"

#include "strategies/Strategies.h"

#include "../io/InputFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QSet>

#include <cmath>
#include <algorithm>
#include <functional>

namespace lockstock {

namespace {

const QString kBuiltinDir = QStringLiteral(":/scenarios");

struct Fields {
    const QByteArray &json;
    const QString &path;
    ScenarioError *error;

    // The line of the first `"key":` at or after `from`; 0 if absent.
    int lineOf(const QString &key, qsizetype from = 0, int nth = 0) const
    {
        const QByteArray needle = '"' + key.toUtf8() + '"';
        qsizetype at = from;
        for (int i = 0; i <= nth; ++i) {
            at = json.indexOf(needle, i == 0 ? at : at + 1);
            if (at < 0)
                return 0;
        }
        return int(json.left(at).count('\n')) + 1;
    }

    bool fail(const QString &field, int line, const QString &message) const
    {
        *error = ScenarioError{path, line, field, message};
        return false;
    }
};

// Reads an integer field within [min, max]; absent keeps the default.
bool readInt(const Fields &f, const QJsonObject &o, const QString &key, qint64 min, qint64 max, qint64 *out,
             const QString &field = {}, int line = 0)
{
    const QString name = field.isEmpty() ? key : field;
    const int at = line ? line : f.lineOf(key);
    if (!o.contains(key))
        return true;
    const QJsonValue v = o.value(key);
    if (!v.isDouble() || v.toDouble() != std::trunc(v.toDouble()))
        return f.fail(name, at, QStringLiteral("must be a whole number"));
    // Compare as double: converting 1e300 to qint64 first is undefined behaviour.
    const double d = v.toDouble();
    if (d < double(min))
        return f.fail(name, at, QStringLiteral("must be %1 or more (is %2)").arg(min).arg(d, 0, 'g', QLocale::FloatingPointShortest));
    if (d > double(max))
        return f.fail(name, at, QStringLiteral("must be %1 or less (is %2)").arg(max).arg(d, 0, 'g', QLocale::FloatingPointShortest));
    *out = qint64(d);
    return true;
}

// Reads a number field within [min, max]; absent keeps the default.
bool readNumber(const Fields &f, const QJsonObject &o, const QString &key, double min, double max, double *out,
                const QString &field = {}, int line = 0)
{
    if (!o.contains(key))
        return true;
    const QJsonValue v = o.value(key);
    if (!v.isDouble() || !(v.toDouble() >= min && v.toDouble() <= max))
        return f.fail(field.isEmpty() ? key : field, line ? line : f.lineOf(key),
                      QStringLiteral("must be a number from %1 to %2").arg(min).arg(max));
    *out = v.toDouble();
    return true;
}

bool readString(const Fields &f, const QJsonObject &o, const QString &key, QString *out, const QString &field = {},
                int line = 0)
{
    if (!o.contains(key))
        return true;
    if (!o.value(key).isString())
        return f.fail(field.isEmpty() ? key : field, line ? line : f.lineOf(key), QStringLiteral("must be a string"));
    *out = o.value(key).toString();
    return true;
}

bool stepFromName(const QString &name, Step *out)
{
    // Other is what an observed program does (lockstock observe): no strategy takes that step.
    const std::optional<Step> step = enumFromName<Step>(name);
    if (!step || *step == Step::Other)
        return false;
    *out = *step;
    return true;
}

bool checkKeys(const Fields &f, const QJsonObject &o, const QSet<QString> &allowed, const QString &where, int line)
{
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!allowed.contains(it.key())) {
            QStringList names(allowed.begin(), allowed.end());
            names.sort();
            return f.fail(where.isEmpty() ? it.key() : where + QLatin1Char('.') + it.key(),
                          line ? line : f.lineOf(it.key()),
                          QStringLiteral("unknown field (expected one of: %1)").arg(names.join(QStringLiteral(", "))));
        }
    return true;
}

// "partition": {"nodes": [3, 4], "delay_ms": 6000}: replies from those lock
// nodes reach the client that much later. Node numbers are checked against
// "nodes" once it is read (checkPartitions).
bool readPartition(const Fields &f, const QJsonObject &c, const QString &field, int at, ClientSpec *spec)
{
    if (!c.contains(QStringLiteral("partition")))
        return true;
    const QJsonObject p = c.value(QStringLiteral("partition")).toObject();
    if (!c.value(QStringLiteral("partition")).isObject())
        return f.fail(field, at, QStringLiteral("must be an object like {\"nodes\": [3, 4], \"delay_ms\": 6000}"));
    if (!checkKeys(f, p, {QStringLiteral("nodes"), QStringLiteral("delay_ms")}, field, at)
        || !readInt(f, p, QStringLiteral("delay_ms"), 1, 600000, &spec->partitionDelayMs, field + QStringLiteral(".delay_ms"), at))
        return false;
    const QJsonArray nodes = p.value(QStringLiteral("nodes")).toArray();
    if (!p.contains(QStringLiteral("delay_ms")))
        return f.fail(field + QStringLiteral(".delay_ms"), at, QStringLiteral("is required: how much later replies arrive"));
    if (!p.value(QStringLiteral("nodes")).isArray() || nodes.isEmpty())
        return f.fail(field + QStringLiteral(".nodes"), at, QStringLiteral("must be a non-empty list of lock node numbers"));
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const double d = nodes.at(i).toDouble(-1);
        if (!nodes.at(i).isDouble() || d != std::trunc(d) || d < 0 || d > 63)
            return f.fail(QStringLiteral("%1.nodes[%2]").arg(field).arg(i), at, QStringLiteral("must be a lock node number"));
        spec->partitionedFrom << int(d);
    }
    return true;
}

bool checkPartitions(const Fields &f, const RunConfig &config)
{
    for (qsizetype i = 0; i < config.clients.size(); ++i)
        for (const int node : config.clients.at(i).partitionedFrom)
            if (config.nodes.kind == NodeSpec::Kind::Single || node >= config.nodes.count)
                return f.fail(QStringLiteral("clients[%1].partition.nodes").arg(i), f.lineOf(QStringLiteral("partition")),
                              config.nodes.kind == NodeSpec::Kind::Single
                                  ? QStringLiteral("a partition needs lock nodes: \"nodes\": {\"count\": ...}")
                                  : QStringLiteral("there is no lock node %1 (nodes.count is %2)").arg(node).arg(config.nodes.count));
    return true;
}

bool readClients(const Fields &f, const QJsonObject &o, RunConfig *config)
{
    const int line = f.lineOf(QStringLiteral("clients"));
    const QJsonValue v = o.value(QStringLiteral("clients"));
    config->clients.clear();
    if (v.isDouble()) {
        qint64 n = 0;
        if (!readInt(f, o, QStringLiteral("clients"), 1, 1000, &n))
            return false;
        for (qint64 i = 0; i < n; ++i) // A..Z, then C27, C28, ...
            config->clients.append({i < 26 ? QString(QChar(u'A' + int(i))) : QStringLiteral("C%1").arg(i + 1), 0});
        return true;
    }
    if (!v.isArray() || v.toArray().isEmpty())
        return f.fail(QStringLiteral("clients"), line,
                      QStringLiteral("must be a number of clients or a non-empty list of clients"));
    const QJsonArray list = v.toArray();
    if (list.size() > 1000)
        return f.fail(QStringLiteral("clients"), line, QStringLiteral("at most 1000 clients"));
    QSet<QString> seen;
    const qsizetype from = f.json.indexOf("\"clients\"");
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString field = QStringLiteral("clients[%1]").arg(i);
        ClientSpec spec;
        const QJsonValue item = list.at(i);
        if (item.isString()) {
            spec.name = item.toString();
        } else if (item.isObject()) {
            const QJsonObject c = item.toObject();
            const int at = f.lineOf(QStringLiteral("name"), from, int(i));
            if (!checkKeys(f, c, {QStringLiteral("name"), QStringLiteral("start_ms"), QStringLiteral("rtt_ms"),
                                  QStringLiteral("quantity"), QStringLiteral("clock_rate"), QStringLiteral("partition")},
                           field, at)
                || !readString(f, c, QStringLiteral("name"), &spec.name, field + QStringLiteral(".name"), at)
                || !readInt(f, c, QStringLiteral("start_ms"), 0, 86400000, &spec.startMs,
                            field + QStringLiteral(".start_ms"), at)
                || !readInt(f, c, QStringLiteral("rtt_ms"), 0, 60000, &spec.rttMs, field + QStringLiteral(".rtt_ms"), at)
                || !readInt(f, c, QStringLiteral("quantity"), 1, 1000000, &spec.quantity,
                            field + QStringLiteral(".quantity"), at)
                || !readNumber(f, c, QStringLiteral("clock_rate"), 0.1, 10, &spec.clockRate,
                               field + QStringLiteral(".clock_rate"), at)
                || !readPartition(f, c, field + QStringLiteral(".partition"), at, &spec))
                return false;
        } else {
            return f.fail(field, line, QStringLiteral("must be a name or an object with \"name\""));
        }
        if (spec.name.isEmpty() || spec.name.size() > 16 || spec.name.contains(QLatin1Char(' ')))
            return f.fail(field, line, QStringLiteral("a client name must be 1 to 16 characters without spaces"));
        if (seen.contains(spec.name))
            return f.fail(field, line, QStringLiteral("client '%1' is listed twice").arg(spec.name));
        seen.insert(spec.name);
        config->clients.append(spec);
    }
    return true;
}

// Calls `each` for every object of the optional list `key`, with the field
// name ("faults[1]") and the line of its `lineKey`.
bool readObjectList(const Fields &f, const QJsonObject &o, const QString &key, const QString &lineKey,
                    const std::function<bool(const QJsonObject &, const QString &, int)> &each)
{
    if (!o.contains(key))
        return true;
    const int line = f.lineOf(key);
    if (!o.value(key).isArray())
        return f.fail(key, line, QStringLiteral("must be a list"));
    const QJsonArray list = o.value(key).toArray();
    const qsizetype from = f.json.indexOf('"' + key.toUtf8() + '"');
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString field = QStringLiteral("%1[%2]").arg(key).arg(i);
        const int at = f.lineOf(lineKey, from, int(i));
        if (!list.at(i).isObject())
            return f.fail(field, at ? at : line, QStringLiteral("must be an object"));
        if (!each(list.at(i).toObject(), field, at))
            return false;
    }
    return true;
}

bool isClient(const RunConfig &config, const QString &name)
{
    return std::any_of(config.clients.begin(), config.clients.end(),
                       [&name](const ClientSpec &c) { return c.name == name; });
}

bool readFaults(const Fields &f, const QJsonObject &o, RunConfig *config)
{
    return readObjectList(f, o, QStringLiteral("faults"), QStringLiteral("client"),
                          [&](const QJsonObject &j, const QString &field, int at) {
        if (!checkKeys(f, j, {QStringLiteral("client"), QStringLiteral("after"), QStringLiteral("order"),
                              QStringLiteral("action"), QStringLiteral("pause_ms"), QStringLiteral("timeout_ms")},
                       field, at))
            return false;
        Fault fault;
        QString after = QStringLiteral("acquire");
        QString action = QStringLiteral("crash");
        qint64 order = 0;
        if (!readString(f, j, QStringLiteral("client"), &fault.client, field + QStringLiteral(".client"), at)
            || !readString(f, j, QStringLiteral("after"), &after, field + QStringLiteral(".after"), at)
            || !readString(f, j, QStringLiteral("action"), &action, field + QStringLiteral(".action"), at)
            || !readInt(f, j, QStringLiteral("order"), -1, 1000000, &order, field + QStringLiteral(".order"), at)
            || !readInt(f, j, QStringLiteral("pause_ms"), 0, 86400000, &fault.pauseMs,
                        field + QStringLiteral(".pause_ms"), at)
            || !readInt(f, j, QStringLiteral("timeout_ms"), 1, 600000, &fault.timeoutMs,
                        field + QStringLiteral(".timeout_ms"), at))
            return false;
        fault.order = int(order);
        if (!isClient(*config, fault.client))
            return f.fail(field + QStringLiteral(".client"), at,
                          QStringLiteral("no client is named '%1'").arg(fault.client));
        if (!stepFromName(after, &fault.after))
            return f.fail(field + QStringLiteral(".after"), at,
                          QStringLiteral("'%1' is not a step (acquire, expire, read, write, release, renew, ...)")
                              .arg(after));
        const std::optional<Fault::Action> kind = enumFromName<Fault::Action>(action);
        if (!kind)
            return f.fail(field + QStringLiteral(".action"), at,
                          QStringLiteral("must be crash, pause, starve_watchdog, hang_worker or lose_reply (is \"%1\")")
                              .arg(action));
        fault.action = *kind;
        const bool freezes = fault.action == Fault::Action::Pause || fault.action == Fault::Action::StarveWatchdog
            || fault.action == Fault::Action::HangWorker;
        if (freezes && fault.pauseMs <= 0)
            return f.fail(field + QStringLiteral(".pause_ms"), at, QStringLiteral("%1 needs pause_ms > 0").arg(action));
        if (!freezes && j.contains(QStringLiteral("pause_ms")))
            return f.fail(field + QStringLiteral(".pause_ms"), at, QStringLiteral("%1 takes no pause_ms").arg(action));
        if ((fault.action == Fault::Action::LoseReply) != j.contains(QStringLiteral("timeout_ms")))
            return f.fail(field + QStringLiteral(".timeout_ms"), at,
                          fault.action == Fault::Action::LoseReply
                              ? QStringLiteral("lose_reply needs timeout_ms: how long the client waits for the reply")
                              : QStringLiteral("only lose_reply takes timeout_ms"));
        config->faults.append(fault);
        return true;
    });
}

bool readNodes(const Fields &f, const QJsonObject &o, RunConfig *config)
{
    if (!o.contains(QStringLiteral("nodes")))
        return true;
    const int line = f.lineOf(QStringLiteral("nodes"));
    if (!o.value(QStringLiteral("nodes")).isObject())
        return f.fail(QStringLiteral("nodes"), line,
                      QStringLiteral("must be an object like {\"count\": 5, \"kind\": \"masters\"}"));
    const QJsonObject j = o.value(QStringLiteral("nodes")).toObject();
    if (!checkKeys(f, j, {QStringLiteral("count"), QStringLiteral("kind"), QStringLiteral("persistence"),
                          QStringLiteral("rtt_ms"), QStringLiteral("maxmemory"), QStringLiteral("maxmemory_policy"),
                          QStringLiteral("sentinels")},
                   QStringLiteral("nodes"), line))
        return false;
    NodeSpec &n = config->nodes;
    qint64 count = 1;
    QString kind = QStringLiteral("masters");
    if (!readInt(f, j, QStringLiteral("count"), 1, 9, &count, QStringLiteral("nodes.count"), line)
        || !readString(f, j, QStringLiteral("kind"), &kind, QStringLiteral("nodes.kind"), line))
        return false;
    n.count = int(count);
    const std::optional<NodeSpec::Kind> nodeKind = enumFromName<NodeSpec::Kind>(kind);
    if (nodeKind && *nodeKind != NodeSpec::Kind::Single)
        n.kind = *nodeKind;
    else
        return f.fail(QStringLiteral("nodes.kind"), line,
                      QStringLiteral("must be \"masters\", \"replicated\" or \"cluster\" (is \"%1\")").arg(kind));
    if (n.kind == NodeSpec::Kind::Replicated && n.count < 2)
        return f.fail(QStringLiteral("nodes.count"), line, QStringLiteral("replication needs 2 or more nodes"));
    if (n.kind == NodeSpec::Kind::Cluster && (n.count < 6 || n.count % 2 != 0))
        return f.fail(QStringLiteral("nodes.count"), line,
                      QStringLiteral("a cluster is 3 or more masters with a replica each: an even count of 6 or more"));
    qint64 sentinels = 0;
    if (!readInt(f, j, QStringLiteral("sentinels"), 1, 5, &sentinels, QStringLiteral("nodes.sentinels"), line))
        return false;
    n.sentinels = int(sentinels);
    if (n.sentinels > 0 && n.kind != NodeSpec::Kind::Replicated)
        return f.fail(QStringLiteral("nodes.sentinels"), line,
                      QStringLiteral("sentinels watch a master and its replicas: \"kind\": \"replicated\""));
    if (j.contains(QStringLiteral("persistence"))) {
        if (!j.value(QStringLiteral("persistence")).isBool())
            return f.fail(QStringLiteral("nodes.persistence"), line, QStringLiteral("must be true or false"));
        n.persistence = j.value(QStringLiteral("persistence")).toBool();
    }
    if (!readInt(f, j, QStringLiteral("maxmemory"), 1 << 20, 1 << 30, &n.maxMemory, QStringLiteral("nodes.maxmemory"), line)
        || !readString(f, j, QStringLiteral("maxmemory_policy"), &n.maxMemoryPolicy,
                       QStringLiteral("nodes.maxmemory_policy"), line))
        return false;
    static const QStringList policies{
        QStringLiteral("noeviction"),     QStringLiteral("allkeys-lru"),     QStringLiteral("allkeys-lfu"),
        QStringLiteral("allkeys-random"), QStringLiteral("volatile-lru"),    QStringLiteral("volatile-lfu"),
        QStringLiteral("volatile-random"), QStringLiteral("volatile-ttl")};
    if (j.contains(QStringLiteral("maxmemory_policy")) && !policies.contains(n.maxMemoryPolicy))
        return f.fail(QStringLiteral("nodes.maxmemory_policy"), line,
                      QStringLiteral("must be one of %1 (is \"%2\")").arg(policies.join(QStringLiteral(", ")), n.maxMemoryPolicy));
    if (j.contains(QStringLiteral("maxmemory_policy")) != (n.maxMemory > 0))
        return f.fail(QStringLiteral("nodes.maxmemory"), line,
                      QStringLiteral("maxmemory (bytes) and maxmemory_policy go together"));
    if (j.contains(QStringLiteral("rtt_ms"))) {
        const QJsonValue v = j.value(QStringLiteral("rtt_ms"));
        const QJsonArray list = v.toArray();
        if (!v.isArray() || list.size() > n.count)
            return f.fail(QStringLiteral("nodes.rtt_ms"), line,
                          QStringLiteral("must be a list of round trips in ms, one per lock node (at most %1)").arg(n.count));
        for (qsizetype i = 0; i < list.size(); ++i) {
            const double d = list.at(i).toDouble(-2);
            if (!list.at(i).isDouble() || d != std::trunc(d) || d < -1 || d > 60000)
                return f.fail(QStringLiteral("nodes.rtt_ms[%1]").arg(i), line,
                              QStringLiteral("must be a whole number of ms from 0 to 60000 (-1: the run's rtt_ms)"));
            n.rttMs << qint64(d);
        }
    }
    return true;
}

bool readServerFaults(const Fields &f, const QJsonObject &o, RunConfig *config)
{
    const int nodes = config->nodes.count;
    return readObjectList(f, o, QStringLiteral("server_faults"), QStringLiteral("action"),
                          [&](const QJsonObject &j, const QString &field, int at) {
        if (!checkKeys(f, j, {QStringLiteral("node"), QStringLiteral("action"), QStringLiteral("at_ms"),
                              QStringLiteral("client"), QStringLiteral("after"), QStringLiteral("order"),
                              QStringLiteral("delay_ms"), QStringLiteral("jump_ms"), QStringLiteral("rate")}, field, at))
            return false;
        ServerFault fault;
        qint64 node = 0;
        qint64 order = 0;
        QString action;
        QString after = QStringLiteral("acquire");
        if (!readInt(f, j, QStringLiteral("node"), 0, nodes - 1, &node, field + QStringLiteral(".node"), at)
            || !readString(f, j, QStringLiteral("action"), &action, field + QStringLiteral(".action"), at)
            || !readInt(f, j, QStringLiteral("at_ms"), 0, 86400000, &fault.atMs, field + QStringLiteral(".at_ms"), at)
            || !readString(f, j, QStringLiteral("client"), &fault.client, field + QStringLiteral(".client"), at)
            || !readString(f, j, QStringLiteral("after"), &after, field + QStringLiteral(".after"), at)
            || !readInt(f, j, QStringLiteral("order"), -1, 1000000, &order, field + QStringLiteral(".order"), at)
            || !readInt(f, j, QStringLiteral("delay_ms"), 0, 86400000, &fault.delayMs,
                        field + QStringLiteral(".delay_ms"), at)
            || !readInt(f, j, QStringLiteral("jump_ms"), -86400000, 86400000, &fault.jumpMs,
                        field + QStringLiteral(".jump_ms"), at)
            || !readNumber(f, j, QStringLiteral("rate"), 0.01, 100, &fault.rate, field + QStringLiteral(".rate"), at))
            return false;
        fault.node = int(node);
        fault.order = int(order);
        const std::optional<ServerFault::Action> known = enumFromName<ServerFault::Action>(action);
        // What a sentinel says is heard, not injected.
        if (known && *known != ServerFault::Action::Sentinel && *known != ServerFault::Action::SwitchMaster)
            fault.action = *known;
        else
            return f.fail(field + QStringLiteral(".action"), at,
                          QStringLiteral("must be kill, pause, resume, restart, restart_delayed, promote, isolate, "
                                         "clock_jump, clock_drift, fill_memory, client_pause, script_flush, "
                                         "sentinel_failover or cluster_failover (is \"%1\")")
                              .arg(action));
        if ((fault.action == ServerFault::Action::RestartDelayed || fault.action == ServerFault::Action::ClientPause)
            && fault.delayMs <= 0)
            return f.fail(field + QStringLiteral(".delay_ms"), at, QStringLiteral("%1 needs delay_ms > 0").arg(action));
        if (fault.action == ServerFault::Action::FillMemory && config->nodes.maxMemory <= 0)
            return f.fail(field + QStringLiteral(".action"), at,
                          QStringLiteral("fill_memory needs \"nodes\": {\"maxmemory\": ..., \"maxmemory_policy\": ...}"));
        if ((fault.action == ServerFault::Action::ClockJump) != (fault.jumpMs != 0))
            return f.fail(field + QStringLiteral(".jump_ms"), at,
                          fault.jumpMs == 0 ? QStringLiteral("clock_jump needs jump_ms, not 0")
                                            : QStringLiteral("only clock_jump takes jump_ms"));
        if ((fault.action == ServerFault::Action::ClockDrift) != j.contains(QStringLiteral("rate")))
            return f.fail(field + QStringLiteral(".rate"), at,
                          j.contains(QStringLiteral("rate")) ? QStringLiteral("only clock_drift takes rate")
                                                             : QStringLiteral("clock_drift needs rate (1.2: 20 % fast)"));
        const bool cluster = config->nodes.kind == NodeSpec::Kind::Cluster;
        if ((fault.action == ServerFault::Action::Isolate || fault.action == ServerFault::Action::ClusterFailover)
            && cluster && fault.node < config->nodes.shards())
            return f.fail(field + QStringLiteral(".node"), at,
                          QStringLiteral("%1 needs a replica: in a cluster of %2 nodes, node %3 or more")
                              .arg(action).arg(config->nodes.count).arg(config->nodes.shards()));
        if (fault.action == ServerFault::Action::ClusterFailover && !cluster)
            return f.fail(field + QStringLiteral(".action"), at,
                          QStringLiteral("cluster_failover needs a cluster: \"nodes\": {\"kind\": \"cluster\", \"count\": 6}"));
        if (fault.action == ServerFault::Action::Promote && cluster)
            return f.fail(field + QStringLiteral(".action"), at,
                          QStringLiteral("a cluster node cannot be promoted by REPLICAOF: use cluster_failover"));
        if ((fault.action == ServerFault::Action::Promote || fault.action == ServerFault::Action::Isolate) && !cluster
            && (config->nodes.kind != NodeSpec::Kind::Replicated || fault.node == 0))
            return f.fail(field + QStringLiteral(".action"), at,
                          QStringLiteral("%1 needs a replica: \"nodes\": {\"kind\": \"replicated\"} and node 1 or more")
                              .arg(action));
        if (fault.action == ServerFault::Action::SentinelFailover && config->nodes.sentinels == 0)
            return f.fail(field + QStringLiteral(".action"), at,
                          QStringLiteral("sentinel_failover needs sentinels: \"nodes\": {\"kind\": \"replicated\", \"sentinels\": 3}"));
        const bool timed = j.contains(QStringLiteral("at_ms"));
        if (timed == j.contains(QStringLiteral("client")))
            return f.fail(field, at, QStringLiteral("give either \"at_ms\" or \"client\" (with \"after\")"));
        if (!timed) {
            if (!isClient(*config, fault.client))
                return f.fail(field + QStringLiteral(".client"), at,
                              QStringLiteral("no client is named '%1'").arg(fault.client));
            if (!stepFromName(after, &fault.after))
                return f.fail(field + QStringLiteral(".after"), at, QStringLiteral("'%1' is not a step").arg(after));
        }
        config->serverFaults.append(fault);
        return true;
    });
}

} // namespace

QString ScenarioError::display() const
{
    QString where = QFileInfo(path).fileName();
    if (where.isEmpty())
        where = QStringLiteral("scenario");
    if (line > 0)
        where += QLatin1Char(':') + QString::number(line);
    if (field.isEmpty())
        return where + QStringLiteral(": ") + message;
    return where + QStringLiteral(": field '") + field + QStringLiteral("': ") + message;
}

std::optional<Scenario> parseScenario(const QByteArray &json, const QString &path, ScenarioError *error)
{
    const Fields f{json, path, error};
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const int line = int(json.left(parseError.offset).count('\n')) + 1;
        f.fail({}, line, QStringLiteral("not valid JSON: %1").arg(parseError.errorString()));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        f.fail({}, 1, QStringLiteral("a scenario must be a JSON object { ... }"));
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    // "$schema" points editors at docs/scenario.schema.json; the run ignores it.
    static const QSet<QString> allowed{
        QStringLiteral("$schema"), QStringLiteral("name"), QStringLiteral("title"), QStringLiteral("lesson"), QStringLiteral("broken"),
        QStringLiteral("correct"), QStringLiteral("stock"), QStringLiteral("clients"),
        QStringLiteral("orders_per_client"), QStringLiteral("quantity"), QStringLiteral("lease_ms"),
        QStringLiteral("work_ms"), QStringLiteral("retry_ms"), QStringLiteral("acquire_timeout_ms"),
        QStringLiteral("speed"), QStringLiteral("schedule"), QStringLiteral("interleaving"),
        QStringLiteral("faults"), QStringLiteral("seed"), QStringLiteral("max_run_ms"),
        QStringLiteral("nodes"), QStringLiteral("server_faults"), QStringLiteral("rtt_ms"),
        QStringLiteral("node_timeout_ms"), QStringLiteral("playback_speed"),
    };
    if (!checkKeys(f, o, allowed, {}, 0))
        return std::nullopt;

    Scenario s;
    s.path = path;
    // my.lockstock.json (the scenario file type's name) and my.json are both "my".
    s.name = QFileInfo(path).completeBaseName();
    if (s.name.endsWith(QLatin1String(".lockstock")))
        s.name.chop(int(qstrlen(".lockstock")));
    RunConfig &c = s.config;
    qint64 orders = c.ordersPerClient;
    qint64 seed = 1;
    QString schedule;
    if (!readString(f, o, QStringLiteral("name"), &s.name) || !readString(f, o, QStringLiteral("title"), &s.title)
        || !readString(f, o, QStringLiteral("lesson"), &s.lesson)
        || !readString(f, o, QStringLiteral("broken"), &s.broken)
        || !readString(f, o, QStringLiteral("correct"), &s.correct)
        || !readInt(f, o, QStringLiteral("stock"), 0, 1000000000, &c.stock)
        || !readInt(f, o, QStringLiteral("orders_per_client"), 1, 1000000, &orders)
        || !readInt(f, o, QStringLiteral("quantity"), 1, 1000000, &c.quantity)
        || !readInt(f, o, QStringLiteral("lease_ms"), 1, 86400000, &c.leaseMs)
        || !readInt(f, o, QStringLiteral("work_ms"), 0, 86400000, &c.workMs)
        || !readInt(f, o, QStringLiteral("retry_ms"), 1, 3600000, &c.retryMs)
        || !readInt(f, o, QStringLiteral("acquire_timeout_ms"), 0, 86400000, &c.acquireTimeoutMs)
        || !readInt(f, o, QStringLiteral("max_run_ms"), 1, 86400000, &c.maxRunMs)
        || !readInt(f, o, QStringLiteral("seed"), 0, std::numeric_limits<qint32>::max(), &seed)
        || !readInt(f, o, QStringLiteral("rtt_ms"), 0, 60000, &c.rttMs)
        || !readInt(f, o, QStringLiteral("node_timeout_ms"), 1, 600000, &c.nodeTimeoutMs)
        || !readNumber(f, o, QStringLiteral("playback_speed"), 0.0001, 10000, &c.playbackSpeed)
        || !readString(f, o, QStringLiteral("schedule"), &schedule))
        return std::nullopt;
    c.ordersPerClient = int(orders);
    c.seed = quint64(seed);
    c.scenario = s.name;

    if (!o.contains(QStringLiteral("clients"))) {
        f.fail(QStringLiteral("clients"), 0, QStringLiteral("is required (a number, or a list of names)"));
        return std::nullopt;
    }
    if (!readClients(f, o, &c))
        return std::nullopt;

    if (o.contains(QStringLiteral("speed"))) {
        const QJsonValue v = o.value(QStringLiteral("speed"));
        if (!v.isDouble() || v.toDouble() < 0.01 || v.toDouble() > 10000) {
            f.fail(QStringLiteral("speed"), f.lineOf(QStringLiteral("speed")),
                   QStringLiteral("must be a number from 0.01 to 10000 (scenario ms per real ms)"));
            return std::nullopt;
        }
        c.speed = v.toDouble();
    }
    for (const QString &key : {QStringLiteral("broken"), QStringLiteral("correct")}) {
        const QString name = key == QLatin1String("broken") ? s.broken : s.correct;
        if (name.isEmpty()) {
            f.fail(key, 0, QStringLiteral("is required: the name of a strategy"));
            return std::nullopt;
        }
        if (!findStrategy(name)) {
            f.fail(key, f.lineOf(key), QStringLiteral("unknown strategy '%1' (see 'lockstock list')").arg(name));
            return std::nullopt;
        }
    }
    if (o.contains(QStringLiteral("interleaving"))) {
        const int line = f.lineOf(QStringLiteral("interleaving"));
        const QJsonValue v = o.value(QStringLiteral("interleaving"));
        if (!v.isArray()) {
            f.fail(QStringLiteral("interleaving"), line, QStringLiteral("must be a list of client names"));
            return std::nullopt;
        }
        for (qsizetype i = 0; i < v.toArray().size(); ++i) {
            const QString name = v.toArray().at(i).toString();
            bool known = false;
            for (const ClientSpec &cs : c.clients)
                known = known || cs.name == name;
            if (!known) {
                f.fail(QStringLiteral("interleaving[%1]").arg(i), line,
                       QStringLiteral("no client is named '%1'").arg(v.toArray().at(i).toVariant().toString()));
                return std::nullopt;
            }
            c.interleaving << name;
        }
        c.schedule = Schedule::Scripted;
    }
    if (!schedule.isEmpty()) {
        // Interactive is the window's, never a file's.
        const std::optional<Schedule> named = enumFromName<Schedule>(schedule);
        if (named && *named != Schedule::Interactive)
            c.schedule = *named;
        else {
            f.fail(QStringLiteral("schedule"), f.lineOf(QStringLiteral("schedule")),
                   QStringLiteral("must be \"timed\", \"scripted\" or \"random\" (is \"%1\")").arg(schedule));
            return std::nullopt;
        }
    }
    if (!readFaults(f, o, &c) || !readNodes(f, o, &c) || !checkPartitions(f, c) || !readServerFaults(f, o, &c))
        return std::nullopt;
    return s;
}

std::optional<Scenario> loadScenarioFile(const QString &path, ScenarioError *error)
{
    QString why;
    const std::optional<QByteArray> bytes = readInputFile(path, 4 * 1024 * 1024, &why);
    if (!bytes) {
        *error = ScenarioError{path, 0, {}, QStringLiteral("cannot read the file: %1").arg(why)};
        return std::nullopt;
    }
    return parseScenario(*bytes, path, error);
}

QString Scenario::titleText() const
{
    return QCoreApplication::translate("Scenario", title.toUtf8().constData());
}

QString Scenario::lessonText() const
{
    return QCoreApplication::translate("Scenario", lesson.toUtf8().constData());
}

namespace {
QStringList listBuiltinScenarios()
{
    QStringList files;
    for (const QFileInfo &fi : QDir(kBuiltinDir).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        files << fi.completeBaseName();
    QFile course(kBuiltinDir + QStringLiteral("/course.txt"));
    QStringList names;
    if (course.open(QIODevice::ReadOnly | QIODevice::Text)) {
        for (const QByteArray &raw : course.readAll().split('\n')) {
            const QString line = QString::fromUtf8(raw).trimmed();
            if (!line.isEmpty() && !line.startsWith(QLatin1Char('#')) && files.contains(line) && !names.contains(line))
                names << line;
        }
    }
    for (const QString &name : std::as_const(files))
        if (!names.contains(name))
            names << name;
    return names;
}

// The built-in scenarios are resources, the same bytes for the life of the
// process: each is parsed once. The window lists them all whenever its texts
// change, which was some 300 parses as it started.
std::optional<Scenario> loadBuiltinScenario(const QString &name, ScenarioError *error)
{
    static QMutex mutex;
    static QHash<QString, Scenario> parsed;
    const QMutexLocker lock(&mutex);
    if (const auto it = parsed.constFind(name); it != parsed.cend())
        return *it;
    std::optional<Scenario> scenario = loadScenarioFile(kBuiltinDir + QLatin1Char('/') + name + QStringLiteral(".json"), error);
    if (scenario)
        parsed.insert(name, *scenario);
    return scenario;
}
} // namespace

QStringList builtinScenarioNames()
{
    static const QStringList names = listBuiltinScenarios();
    return names;
}

std::optional<Scenario> findScenario(const QString &nameOrPath, ScenarioError *error)
{
    if (!nameOrPath.contains(QLatin1Char('/')) && builtinScenarioNames().contains(nameOrPath))
        return loadBuiltinScenario(nameOrPath, error);
    if (QFile::exists(nameOrPath))
        return loadScenarioFile(nameOrPath, error);
    *error = ScenarioError{nameOrPath, 0, {},
                           QStringLiteral("no such scenario (built in: %1)").arg(builtinScenarioNames().join(QStringLiteral(", ")))};
    return std::nullopt;
}

} // namespace lockstock
