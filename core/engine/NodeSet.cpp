#include "NodeSet.h"

#include "../redis/RedisConnection.h"
#include "../redis/RedisError.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QSet>
#include <QThread>

#include <algorithm>
#include <cmath>
#include <unistd.h>

namespace lockstock {

namespace {
// The name the sentinels know the set by.
const QByteArray kMasterName = "lockstock";
// How long a sentinel waits for a valid PING reply before it calls the
// master down (SDOWN). Short, so a lesson sees the failover within its
// lease; long enough that a loaded machine does not fail over a healthy one.
constexpr int kDownAfterMs = 1000;

RedisValue commandOn(const RedisEndpoint &e, const Argv &argv)
{
    RedisConnection c(e, {.connectTimeoutMs = 500, .commandTimeoutMs = 2000, .clientName = "lockstock:faults"});
    return c.command(argv);
}
// A number of an INFO reply ("field:value"); -1 when it is not there.
qint64 infoNumber(const QByteArray &info, const QByteArray &field)
{
    const qsizetype at = info.indexOf("\n" + field + ':');
    if (at < 0)
        return -1;
    const qsizetype from = at + field.size() + 2;
    bool ok = false;
    const qint64 n = info.mid(from, info.indexOf('\r', from) - from).toLongLong(&ok);
    return ok ? n : -1;
}
// The local port of process `pid`'s TCP connection to `remotePort`, from
// /proc: its socket inodes, then /proc/net/tcp. 0 when there is none.
int localPortTowards(qint64 pid, int remotePort)
{
    QSet<QByteArray> inodes;
    const QDir fds(QStringLiteral("/proc/%1/fd").arg(pid));
    for (const QString &fd : fds.entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot)) {
        char target[64] = {};
        const ssize_t n = ::readlink(QFile::encodeName(fds.filePath(fd)).constData(), target, sizeof target - 1);
        const QByteArray link(target, n > 0 ? int(n) : 0);
        if (link.startsWith("socket:["))
            inodes.insert(link.mid(8, link.size() - 9));
    }
    QFile tcp(QStringLiteral("/proc/%1/net/tcp").arg(pid));
    if (!tcp.open(QIODevice::ReadOnly))
        return 0;
    // All of it at once: /proc files report size 0 and QFile::atEnd() may
    // say so after a first chunk; on a busy machine (10 000 sockets, the
    // link at line 9 200) a line-by-line loop stopped long before the link.
    const QList<QByteArray> lines = tcp.readAll().split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) { // line 0 is the header
        // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
        const QList<QByteArray> f = lines.at(i).simplified().split(' ');
        if (f.size() < 10 || !inodes.contains(f.at(9)))
            continue;
        bool ok = false;
        if (f.at(2).split(':').value(1).toInt(&ok, 16) == remotePort && ok)
            return f.at(1).split(':').value(1).toInt(nullptr, 16);
    }
    return 0;
}
// The last lines of a server's log, for an error message.
std::string logTail(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().right(1200).toStdString() : std::string();
}
// The hash slots, their masters (and replicas) as one node sees them
// (CLUSTER SLOTS): "0-5460:6380/6383 5461-10922:6381/6384 ...", ranges in
// the order given, replicas by port.
QByteArray slotMapOf(const RedisValue &slotList, bool withReplicas)
{
    QByteArray out;
    for (const RedisValue &range : slotList.items()) {
        const QList<RedisValue> r = range.items();
        if (r.size() < 3)
            continue;
        QList<qint64> replicas;
        for (qsizetype i = 3; i < r.size(); ++i)
            replicas << r.at(i).items().value(1).toInteger();
        std::sort(replicas.begin(), replicas.end());
        out += QByteArray::number(r.at(0).toInteger()) + '-' + QByteArray::number(r.at(1).toInteger()) + ':'
            + QByteArray::number(r.at(2).items().value(1).toInteger());
        for (const qint64 port : std::as_const(replicas))
            if (withReplicas)
                out += '/' + QByteArray::number(port);
        out += ' ';
    }
    return out;
}
} // namespace

NodeSet::NodeSet(const NodeSpec &spec, const QByteArray &serverConfig)
    : m_spec(spec)
    , m_clock(std::make_shared<ServerClock>())
    , m_following(size_t(spec.count), -1)
{
    // One password for the set: a replica authenticates to whichever node is master.
    const QByteArray password = RedisServer::randomPassword();
    for (int i = 0; i < m_spec.count; ++i) {
        RedisServer::Options options;
        options.password = password;
        options.configLines = serverConfig;
        options.persistence = m_spec.persistence;
        options.clock = m_clock;
        options.clockNode = i;
        options.cluster = m_spec.kind == NodeSpec::Kind::Cluster;
        // Replicas sync at once after a failover (the default waits 5 s),
        // through an RDB file: a replica loaded that way streams at once,
        // one loaded without disk only after its first ACK, up to a second.
        options.extraArgs = {QStringLiteral("--repl-diskless-sync"), QStringLiteral("no"),
                             QStringLiteral("--repl-diskless-sync-delay"), QStringLiteral("0")};
        if (m_spec.maxMemory > 0)
            options.extraArgs << QStringLiteral("--maxmemory") << QString::number(m_spec.maxMemory)
                              << QStringLiteral("--maxmemory-policy") << m_spec.maxMemoryPolicy;
        m_servers.push_back(std::make_unique<RedisServer>(options));
    }
    // The store is never faulted: it stands for the database being protected.
    m_servers.push_back(std::make_unique<RedisServer>(RedisServer::Options{.clock = m_clock, .clockNode = m_spec.count, .configLines = serverConfig}));
    std::vector<RedisServer *> all;
    for (const std::unique_ptr<RedisServer> &s : m_servers)
        all.push_back(s.get());
    RedisServer::startAll(all);
    if (m_spec.kind == NodeSpec::Kind::Replicated)
        for (int i = 1; i < m_spec.count; ++i)
            follow(i, 0);
    if (m_spec.kind == NodeSpec::Kind::Cluster)
        formCluster();
    waitForReplicas();
    if (m_spec.kind == NodeSpec::Kind::Replicated && m_spec.sentinels > 0)
        startSentinels(password);
}

void NodeSet::formCluster()
{
    // As redis-cli --cluster create does it: slots in equal ranges to the
    // masters, a distinct config epoch each, then every node met.
    const int shards = m_spec.shards();
    QList<QByteArray> ids;
    for (int i = 0; i < m_spec.count; ++i) {
        ids << commandOn(endpoint(i), {"CLUSTER", "MYID"}).bytes();
        commandOn(endpoint(i), {"CLUSTER", "SET-CONFIG-EPOCH", QByteArray::number(i + 1)});
    }
    for (int m = 0; m < shards; ++m) {
        const RedisValue r = commandOn(endpoint(m), {"CLUSTER", "ADDSLOTSRANGE", QByteArray::number(m * 16384 / shards),
                                                     QByteArray::number((m + 1) * 16384 / shards - 1)});
        if (!r.isStatus("OK"))
            throw RedisServerError("CLUSTER ADDSLOTSRANGE on " + names().at(m).toStdString() + ": " + r.display().toStdString());
    }
    for (int i = 1; i < m_spec.count; ++i)
        commandOn(endpoint(0), {"CLUSTER", "MEET", "127.0.0.1", QByteArray::number(endpoint(i).port),
                                QByteArray::number(server(i).clusterBusPort())});
    // Every node knows every other, handshakes done, before a replica can
    // name its master.
    QDeadlineTimer deadline(20000);
    for (int i = 0; i < m_spec.count; ++i) {
        for (;;) {
            const QByteArray nodes = commandOn(endpoint(i), {"CLUSTER", "NODES"}).bytes();
            if (nodes.count('\n') >= m_spec.count && !nodes.contains("handshake") && !nodes.contains("noaddr"))
                break;
            if (deadline.hasExpired())
                throw RedisServerError("cluster node " + names().at(i).toStdString() + " did not meet the others: "
                                       + nodes.simplified().toStdString());
            QThread::msleep(20);
        }
    }
    for (int r = shards; r < m_spec.count; ++r) {
        const int master = (r - shards) % shards;
        const RedisValue reply = commandOn(endpoint(r), {"CLUSTER", "REPLICATE", ids.at(master)});
        if (!reply.isStatus("OK"))
            throw RedisServerError("CLUSTER REPLICATE on " + names().at(r).toStdString() + ": " + reply.display().toStdString());
        m_following[size_t(r)] = master;
    }
    // Gossip tells every node who replicates whom: until each knows all the
    // replicas, with every link connected, a master denies a replica's
    // failover vote ("it is a master node").
    for (int i = 0; i < m_spec.count; ++i) {
        for (;;) {
            const QByteArray nodes = commandOn(endpoint(i), {"CLUSTER", "NODES"}).bytes();
            if (nodes.count(" slave ") + nodes.count(",slave ") == m_spec.count - shards && !nodes.contains("disconnected")
                && !nodes.contains("fail") && !nodes.contains("handshake"))
                break;
            if (deadline.hasExpired())
                throw RedisServerError("cluster node " + names().at(i).toStdString() + " did not learn the replicas: "
                                       + nodes.simplified().toStdString());
            QThread::msleep(20);
        }
    }
    awaitClusterAgreement(20000, true);
}

void NodeSet::awaitClusterAgreement(int timeoutMs, bool replicasStream)
{
    QDeadlineTimer deadline(timeoutMs);
    for (;;) {
        QByteArray seen;
        QString disagreement;
        for (int i = 0; i < m_spec.count && disagreement.isEmpty(); ++i) {
            if (!server(i).isRunning() || isStopped(i))
                continue;
            try {
                const QByteArray info = commandOn(endpoint(i), {"CLUSTER", "INFO"}).bytes();
                const QByteArray map = slotMapOf(commandOn(endpoint(i), {"CLUSTER", "SLOTS"}), replicasStream);
                if (!info.contains("cluster_state:ok"))
                    disagreement = names().at(i) + QStringLiteral(" is not cluster_state:ok");
                else if (seen.isEmpty())
                    seen = map;
                else if (map != seen)
                    disagreement = names().at(i) + QStringLiteral(" sees slots ") + QString::fromUtf8(map)
                        + QStringLiteral(", another ") + QString::fromUtf8(seen);
            } catch (const RedisError &e) {
                disagreement = names().at(i) + QStringLiteral(": ") + QString::fromUtf8(e.what());
            }
        }
        // Replicas stream from the master they follow.
        for (int i = 0; i < m_spec.count && replicasStream && disagreement.isEmpty(); ++i) {
            const int master = m_following[size_t(i)];
            if (master < 0 || !server(i).isRunning() || isStopped(i) || !server(master).isRunning() || isStopped(master))
                continue;
            const QByteArray info = commandOn(endpoint(i), {"INFO", "replication"}).bytes();
            if (!info.contains("master_link_status:up")
                || !info.contains("master_port:" + QByteArray::number(endpoint(master).port) + "\r\n"))
                disagreement = names().at(i) + QStringLiteral(" does not stream from ") + names().at(master);
        }
        if (disagreement.isEmpty())
            return;
        if (deadline.hasExpired())
            throw RedisServerError("the cluster did not agree within " + std::to_string(timeoutMs) + " ms: "
                                   + disagreement.toStdString());
        QThread::msleep(5);
    }
}

int NodeSet::keySlot(const QByteArray &key)
{
    // Only the part between the first '{' and the next '}' counts, if not empty.
    QByteArray hashed = key;
    if (const qsizetype open = key.indexOf('{'); open >= 0)
        if (const qsizetype close = key.indexOf('}', open + 1); close > open + 1)
            hashed = key.mid(open + 1, close - open - 1);
    quint16 crc = 0; // CRC16-CCITT (XMODEM), as Redis's crc16.c
    for (const char ch : std::as_const(hashed)) {
        crc ^= quint16(quint8(ch)) << 8;
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc & 0x8000) ? quint16((crc << 1) ^ 0x1021) : quint16(crc << 1);
    }
    return crc & 16383;
}

bool NodeSet::isRedirect(const RedisValue &reply)
{
    return reply.isError() && (reply.bytes().startsWith("MOVED ") || reply.bytes().startsWith("ASK "));
}

int NodeSet::slotOwner(int slot) const
{
    for (int i = 0; i < m_spec.count; ++i) {
        if (!m_servers[size_t(i)]->mayAnswer())
            continue;
        try {
            RedisConnection c(endpoint(i), {.connectTimeoutMs = 200, .commandTimeoutMs = 500, .clientName = "lockstock:client"});
            const RedisValue slotList = c.command({"CLUSTER", "SLOTS"});
            for (const RedisValue &range : slotList.items()) {
                const QList<RedisValue> r = range.items();
                if (r.size() >= 3 && r.at(0).toInteger() <= slot && slot <= r.at(1).toInteger())
                    return nodeOnPort(QByteArray::number(r.at(2).items().value(1).toInteger()));
            }
        } catch (const RedisError &) {
        }
    }
    return -1;
}

int NodeSet::nodeAt(const QByteArray &address) const
{
    return nodeOnPort(address.mid(address.lastIndexOf(':') + 1));
}

void NodeSet::startSentinels(const QByteArray &password)
{
    const RedisEndpoint master = endpoint(0);
    const QByteArray name = kMasterName;
    const QByteArray lines = "sentinel monitor " + name + " 127.0.0.1 " + QByteArray::number(master.port) + ' '
        + QByteArray::number(m_spec.sentinels / 2 + 1) + "\nsentinel auth-pass " + name + ' ' + password
        + "\nsentinel sentinel-pass " + password + "\nsentinel down-after-milliseconds " + name + ' '
        + QByteArray::number(kDownAfterMs) + "\nsentinel failover-timeout " + name + " 10000\n";
    std::vector<RedisServer *> all;
    for (int i = 0; i < m_spec.sentinels; ++i) {
        RedisServer::Options options;
        options.password = password;
        options.clock = m_clock;
        options.clockNode = m_spec.count + 1 + i;   // after the store's
        options.sentinel = true;
        options.configLines = lines;
        m_sentinels.push_back(std::make_unique<RedisServer>(options));
        all.push_back(m_sentinels.back().get());
    }
    RedisServer::startAll(all);
    QDeadlineTimer deadline(20000);
    for (int i = 0; i < m_spec.sentinels; ++i) {
        for (;;) {
            const QList<RedisValue> fields = commandOn(m_sentinels[size_t(i)]->endpoint(), {"SENTINEL", "MASTER", name}).items();
            QHash<QByteArray, QByteArray> field;
            for (qsizetype f = 0; f + 1 < fields.size(); f += 2)
                field.insert(fields.at(f).bytes(), fields.at(f + 1).bytes());
            if (field.value("num-slaves").toInt() == m_spec.count - 1
                && field.value("num-other-sentinels").toInt() == m_spec.sentinels - 1)
                break;
            if (deadline.hasExpired())
                throw RedisServerError("sentinel s" + std::to_string(i + 1) + " did not find the replicas and the other sentinels within 20 s");
            QThread::msleep(50);
        }
    }
    m_listener = std::thread([this] { listenToSentinels(); });
}

void NodeSet::listenToSentinels()
{
    std::vector<std::unique_ptr<RedisConnection>> subscribed;
    try {
        for (const std::unique_ptr<RedisServer> &s : m_sentinels) {
            subscribed.push_back(std::make_unique<RedisConnection>(
                s->endpoint(), RedisConnection::Options{.connectTimeoutMs = 1000, .commandTimeoutMs = 1000,
                                                        .clientName = "lockstock:sentinel-events"}));
            subscribed.back()->command({"PSUBSCRIBE", "*"});
        }
    } catch (const RedisError &) {
        return; // nothing heard: the run shows what the clients saw
    }
    while (!m_stopListening.load(std::memory_order_relaxed)) {
        bool waited = false; // a few ms on the first live sentinel, then a look at the others
        for (size_t i = 0; i < subscribed.size(); ++i) {
            std::unique_ptr<RedisConnection> &c = subscribed[i];
            if (!c)
                continue;
            const int waitMs = waited ? 0 : 5;
            waited = true;
            try {
                for (int ms = waitMs; c->replyArrived(ms); ms = 0) {
                    // ["pmessage", "*", channel, payload]: the channel is the event.
                    const QList<RedisValue> message = c->takeReply().items();
                    if (message.size() != 4)
                        continue;
                    if (std::optional<SentinelNotice> n = noticeOf(int(i), message.at(2).bytes(), message.at(3).bytes())) {
                        QMutexLocker locker(&m_noticeLock);
                        m_notices.append(std::move(*n));
                    }
                }
            } catch (const RedisError &) {
                c.reset(); // a sentinel gone: the others still speak
            }
        }
        if (!waited)
            QThread::msleep(5);
    }
}

int NodeSet::nodeOnPort(const QByteArray &port) const
{
    for (int i = 0; i < m_spec.count; ++i)
        if (QByteArray::number(endpoint(i).port) == port)
            return i;
    return -1;
}

std::optional<NodeSet::SentinelNotice> NodeSet::noticeOf(int sentinel, const QByteArray &event, const QByteArray &payload) const
{
    const QList<QByteArray> words = payload.split(' ');
    SentinelNotice n;
    n.sentinel = sentinel;
    const QString who = QStringLiteral("s%1: ").arg(sentinel + 1);
    if (event == "+switch-master") {
        // <name> <old ip> <old port> <new ip> <new port>
        const int from = nodeOnPort(words.value(2));
        n.node = nodeOnPort(words.value(4));
        if (from < 0 || n.node < 0)
            return std::nullopt;
        n.action = ServerAction::SwitchMaster;
        n.text = who + QStringLiteral("+switch-master %1 → %2").arg(names().at(from), names().at(n.node));
        return n;
    }
    if (event == "+tilt" || event == "-tilt") {
        // About the sentinel itself: shown on the master's lane.
        n.node = m_master.load();
        n.text = who + QString::fromUtf8(event + ' ' + payload);
        return n;
    }
    // Instance events: <type> <name> <ip> <port> [@ <master> <ip> <port>] [details]
    static const QList<QByteArray> masterEvents{"+sdown", "-sdown", "+odown", "-odown", "+try-failover", "+elected-leader"};
    static const QList<QByteArray> replicaEvents{"+selected-slave", "+promoted-slave", "+convert-to-slave"};
    const QByteArray type = words.value(0);
    if (!(type == "master" && masterEvents.contains(event)) && !(type == "slave" && replicaEvents.contains(event)))
        return std::nullopt;
    n.node = nodeOnPort(words.value(3));
    if (n.node < 0)
        return std::nullopt;
    QString text = who + QString::fromUtf8(event + ' ' + type + ' ') + names().at(n.node);
    if (const qsizetype at = words.indexOf("#quorum"); at >= 0)
        text += QStringLiteral(" #quorum ") + QString::fromUtf8(words.value(at + 1));
    n.text = text;
    return n;
}

QList<NodeSet::SentinelNotice> NodeSet::takeSentinelNotices()
{
    QList<SentinelNotice> taken;
    {
        QMutexLocker locker(&m_noticeLock);
        taken.swap(m_notices);
    }
    for (SentinelNotice &n : taken) {
        if (n.action != ServerAction::SwitchMaster)
            continue;
        if (m_following[size_t(n.node)] < 0) {
            // Another sentinel learning what the first announced.
            n.action = ServerAction::Sentinel;
            continue;
        }
        // Sentinel has promoted it and points the other replicas at it.
        m_master = n.node;
        for (int i = 0; i < m_spec.count; ++i)
            m_following[size_t(i)] = i == n.node ? -1 : n.node;
    }
    return taken;
}

void NodeSet::follow(int replica, int master)
{
    // REPLICAOF connects at once; --replicaof at start waits for the
    // replication cron, up to a second.
    const RedisEndpoint m = endpoint(master);
    commandOn(endpoint(replica), {"REPLICAOF", m.host.toUtf8(), QByteArray::number(m.port)});
    m_following[size_t(replica)] = master;
}

NodeSet::~NodeSet()
{
    m_stopListening = true;
    if (m_listener.joinable())
        m_listener.join();
    for (const std::unique_ptr<RedisServer> &s : m_sentinels)
        s->kill();
    // Nothing of a finished run is kept: no need to wait for each server to
    // notice a SIGTERM on its next cron tick.
    for (const std::unique_ptr<RedisServer> &s : m_servers)
        s->kill();
}

bool NodeSet::isStopped(int index) const
{
    return m_servers.at(size_t(index))->isPaused();
}

int NodeSet::replicasThatAcknowledge(int index) const
{
    if (index >= m_spec.count || m_following[size_t(index)] >= 0)
        return 0;
    int n = 0;
    for (int i = 0; i < m_spec.count; ++i)
        n += m_following[size_t(i)] == index && m_servers[size_t(i)]->isRunning() && !isStopped(i);
    return n;
}

void NodeSet::waitForReplicas()
{
    if (m_spec.kind != NodeSpec::Kind::Replicated)
        return;
    QDeadlineTimer deadline(10000);
    QList<int> masters;
    for (int i = 0; i < m_spec.count; ++i) {
        const int master = m_following[size_t(i)];
        if (master < 0 || !server(i).isRunning() || isStopped(i) || !server(master).isRunning() || isStopped(master))
            continue;
        const QByteArray port = "master_port:" + QByteArray::number(endpoint(master).port) + "\r\n";
        for (;;) {
            const QByteArray info = commandOn(endpoint(i), {"INFO", "replication"}).bytes();
            if (info.contains("master_link_status:up") && info.contains(port))
                break;
            if (deadline.hasExpired())
                throw RedisServerError("replica " + names().at(i).toStdString() + " did not sync with its master");
            QThread::msleep(10);
        }
        if (!masters.contains(master))
            masters << master;
    }
    // A write every replica acknowledges shows they all stream. (WAIT with
    // no timeout: on a frozen clock a timeout would never come; the
    // connection's own 5 s are the limit.)
    for (int master : std::as_const(masters)) {
        RedisConnection c(endpoint(master), {.connectTimeoutMs = 500, .commandTimeoutMs = 5000, .clientName = "lockstock:faults"});
        c.command({"SET", "lockstock:synced", "1"});
        const qint64 replicas = replicasThatAcknowledge(master);
        if (c.command({"WAIT", QByteArray::number(replicas), "0"}).toInteger() < replicas)
            throw RedisServerError("the replicas of " + names().at(master).toStdString() + " did not acknowledge a write");
        c.command({"DEL", "lockstock:synced"});
    }
}

void NodeSet::awaitReplication()
{
    if (m_spec.kind != NodeSpec::Kind::Replicated && m_spec.kind != NodeSpec::Kind::Cluster)
        return;
    // A cluster's replicas change masters on their own (a demoted master
    // syncs in full, in its own time): only one that streams is waited for.
    const bool onlyStreaming = m_spec.kind == NodeSpec::Kind::Cluster;
    QDeadlineTimer deadline(2000);
    try {
        for (int i = 0; i < m_spec.count; ++i) {
            const int master = m_following[size_t(i)];
            if (master < 0 || !server(i).isRunning() || isStopped(i) || !server(master).isRunning() || isStopped(master))
                continue;
            const qint64 wrote = infoNumber(commandOn(endpoint(master), {"INFO", "replication"}).bytes(), "master_repl_offset");
            const QByteArray port = "master_port:" + QByteArray::number(endpoint(master).port) + "\r\n";
            for (;;) {
                const QByteArray info = commandOn(endpoint(i), {"INFO", "replication"}).bytes();
                const bool streaming = info.contains("master_link_status:up") && info.contains(port);
                if ((streaming && infoNumber(info, "slave_repl_offset") >= wrote) || (onlyStreaming && !streaming))
                    break;
                if (deadline.hasExpired())
                    return; // a replica that cannot catch up is read as it is
                QThread::msleep(1);
            }
        }
    } catch (const RedisError &) {
        // A node going away: the probe reads it as unknown.
    }
}

void NodeSet::drain(int index)
{
    // Commands a stopped server received sit in its sockets. Those became
    // readable before this connection existed, so by the time it answers
    // the server has run them (one event loop pass reads every ready socket).
    commandOn(endpoint(index), {"PING"});
}

void NodeSet::requireReplicasToWrite(int replicas)
{
    if (m_spec.kind != NodeSpec::Kind::Replicated)
        return;
    for (int i = 0; i < m_spec.count; ++i)
        if (server(i).isRunning() && !isStopped(i))
            commandOn(endpoint(i), {"CONFIG", "SET", "min-replicas-to-write", QByteArray::number(replicas),
                                    "min-replicas-max-lag", "10"});
    const int master = m_master.load();
    QDeadlineTimer deadline(5000);
    while (replicas > 0
           && infoNumber(commandOn(endpoint(master), {"INFO", "replication"}).bytes(), "min_slaves_good_slaves") < replicas) {
        if (deadline.hasExpired())
            throw RedisServerError("master " + names().at(master).toStdString() + " counts fewer than "
                                   + std::to_string(replicas) + " good replicas (min-replicas-to-write)");
        QThread::msleep(20);
    }
}

void NodeSet::cutReplicationLink(int node)
{
    const int following = m_following[size_t(node)];
    const RedisEndpoint master = endpoint(following >= 0 ? following : m_master.load());
    // The replica is stopped: only the master can say how it sees the link.
    const int port = localPortTowards(server(node).pid(), master.port);
    if (port == 0)
        throw RedisServerError("no replication link from " + names().at(node).toStdString() + " to its master on port "
                               + std::to_string(master.port) + "; the master reports: "
                               + commandOn(master, {"INFO", "replication"}).bytes().simplified().toStdString());
    commandOn(master, {"CLIENT", "KILL", "ADDR", "127.0.0.1:" + QByteArray::number(port)});
}

QString NodeSet::fillMemory(int node)
{
    const RedisEndpoint e = endpoint(node);
    RedisConnection c(e, {.connectTimeoutMs = 500, .commandTimeoutMs = 5000, .clientName = "lockstock:faults"});
    const auto infoField = [&c](const QByteArray &section, const QByteArray &name) {
        const QByteArray info = c.command({"INFO", section}).bytes();
        const qsizetype at = info.indexOf("\n" + name + ':');
        return at < 0 ? -1 : info.mid(at + name.size() + 2, info.indexOf('\r', at) - at - name.size() - 2).toLongLong();
    };
    // The LRU clock is the wall clock in seconds, cached by the server's cron
    // (ten times a second, in real time): once it shows the clock as it is
    // now, the cache value is newer than every key written before.
    QDeadlineTimer deadline(2000);
    for (;;) {
        const qint64 seconds = c.command({"TIME"}).items().value(0).bytes().toLongLong();
        if (infoField("server", "lru_clock") == (seconds & ((1 << 24) - 1)))
            break;
        if (deadline.hasExpired())
            throw RedisServerError("the LRU clock of " + names().at(node).toStdString() + " did not catch up");
        QThread::msleep(10);
    }
    // Just past the limit: Redis accepts the write (it checks before a
    // command), then evicts before the next command until it is under.
    const qint64 size = std::max<qint64>(1, m_spec.maxMemory - infoField("memory", "used_memory") + 64 * 1024);
    c.command({"SET", "cache:report", QByteArray(size, 'x')});
    c.command({"PING"});
    // What went shows in the probes; the value's size depends on what the
    // server holds besides (buffers, connections), so the note leaves it out.
    return QStringLiteral("%1: a cache value takes it past maxmemory (%2 KiB): %3 evicts")
        .arg(names().at(node)).arg(m_spec.maxMemory / 1024).arg(m_spec.maxMemoryPolicy);
}

QStringList NodeSet::namesFor(const NodeSpec &spec)
{
    QStringList out;
    for (int i = 0; i < spec.count; ++i)
        out << QStringLiteral("n%1").arg(i + 1);
    out << QStringLiteral("store");
    return out;
}

int NodeSet::lockServer(int node) const
{
    if (m_spec.kind != NodeSpec::Kind::Replicated)
        return node;
    if (m_sentinels.empty())
        return m_master.load();
    QMutexLocker locker(&m_askLock);
    // The first sentinel that answers, as redis-py's Sentinel does.
    for (size_t attempt = 0; attempt < m_sentinels.size(); ++attempt) {
        try {
            if (!m_asker)
                m_asker = std::make_unique<RedisConnection>(
                    m_sentinels[size_t(m_askAt)]->endpoint(),
                    RedisConnection::Options{.connectTimeoutMs = 200, .commandTimeoutMs = 500, .clientName = "lockstock:client"});
            const QList<RedisValue> addr = m_asker->command({"SENTINEL", "get-master-addr-by-name", kMasterName}).items();
            if (const int at = nodeOnPort(addr.value(1).bytes()); at >= 0)
                return at;
        } catch (const RedisError &) {
        }
        m_asker.reset();
        m_askAt = (m_askAt + 1) % int(m_sentinels.size());
    }
    return m_master.load(); // no sentinel answers: where the client last was
}

QString NodeSet::apply(const ServerFault &fault, const RunInfo &run)
{
    const int node = fault.node;
    RedisServer &s = server(node);
    const QString name = names().at(node);
    const QString data = m_spec.persistence ? QStringLiteral("AOF replayed") : QStringLiteral("no persistence: empty");
    switch (fault.action) {
    case ServerFault::Action::Kill:
    case ServerFault::Action::RestartDelayed:
        s.kill();
        return QStringLiteral("%1 killed (SIGKILL)").arg(name);
    case ServerFault::Action::Pause:
        s.pause();
        return QStringLiteral("%1 paused (SIGSTOP)").arg(name);
    case ServerFault::Action::Resume:
        s.resume();
        drain(node);
        if (m_spec.kind == NodeSpec::Kind::Cluster)
            awaitClusterAgreement(10000); // a master that lost its slots meanwhile learns it
        return QStringLiteral("%1 resumed (SIGCONT)").arg(name);
    case ServerFault::Action::Restart:
        // Back when it answers (on the virtual clock, at the instant it is
        // due), following its master again, if it had one.
        s.restart();
        if (m_spec.kind == NodeSpec::Kind::Cluster)
            awaitClusterAgreement(10000); // it rejoins from its nodes.conf
        else if (const int master = m_following[size_t(node)]; master >= 0)
            follow(node, master);
        return QStringLiteral("%1 restarted (%2)").arg(name, data);
    case ServerFault::Action::Isolate:
        // Stopped first: a running replica would reconnect and catch up.
        s.pause();
        cutReplicationLink(node);
        return QStringLiteral("%1 cut off from its master (SIGSTOP, replication link closed)").arg(name);
    case ServerFault::Action::Promote: {
        commandOn(s.endpoint(), {"REPLICAOF", "NO", "ONE"});
        m_master = node;
        m_following[size_t(node)] = -1;
        // The other live replicas follow the new master, as Sentinel makes
        // them; a stopped or dead one stays behind, as it would in production.
        for (int i = 0; i < m_spec.count; ++i)
            if (i != node && server(i).isRunning() && !isStopped(i))
                follow(i, node);
        return QStringLiteral("%1 promoted to master (REPLICAOF NO ONE)").arg(name);
    }
    case ServerFault::Action::ClockJump:
        m_clock->jump(node, run.clockNs(double(fault.jumpMs)));
        return QStringLiteral("%1 clock jumped %2%3 s").arg(name, fault.jumpMs > 0 ? QStringLiteral("+") : QString(),
                                                           QString::number(double(fault.jumpMs) / 1000.0));
    case ServerFault::Action::FillMemory:
        return fillMemory(node);
    case ServerFault::Action::ClientPause:
        commandOn(s.endpoint(), {"CLIENT", "PAUSE", QByteArray::number(run.redisMs(fault.delayMs)), "ALL"});
        return QStringLiteral("%1 stalls for %2 ms (CLIENT PAUSE): commands wait").arg(name).arg(fault.delayMs);
    case ServerFault::Action::ScriptFlush:
        commandOn(s.endpoint(), {"SCRIPT", "FLUSH"});
        return QStringLiteral("%1 script cache flushed (SCRIPT FLUSH)").arg(name);
    case ServerFault::Action::ClockDrift:
        m_clock->setRate(node, fault.rate);
        return QStringLiteral("%1 clock runs %2 % %3").arg(name).arg(qRound(std::abs(fault.rate - 1) * 100))
            .arg(fault.rate >= 1 ? QStringLiteral("fast") : QStringLiteral("slow"));
    case ServerFault::Action::SentinelFailover: {
        commandOn(m_sentinels.at(0)->endpoint(), {"SENTINEL", "FAILOVER", kMasterName});
        return QStringLiteral("SENTINEL FAILOVER asked of s1: it promotes a replica of its choice");
    }
    case ServerFault::Action::ClusterFailover: {
        const int master = m_following[size_t(node)];
        const RedisValue r = commandOn(s.endpoint(), {"CLUSTER", "FAILOVER", "FORCE"});
        if (!r.isStatus("OK"))
            throw RedisServerError("CLUSTER FAILOVER FORCE on " + name.toStdString() + ": " + r.display().toStdString());
        // Over once it serves its master's slots and every node knows it.
        QDeadlineTimer deadline(10000);
        while (!commandOn(s.endpoint(), {"INFO", "replication"}).bytes().contains("role:master")) {
            if (deadline.hasExpired())
            {
                std::string votes; // what the masters said of its request
                for (int i = 0; i < m_spec.count; ++i) {
                    QFile f(server(i).logFile());
                    if (f.open(QIODevice::ReadOnly))
                        for (const QByteArray &line : f.readAll().split('\n'))
                            if (line.contains("ailover auth") || line.contains("vote"))
                                votes += names().at(i).toStdString() + ": " + line.toStdString() + '\n';
                }
                throw RedisServerError(name.toStdString() + " was not elected within 10 s (CLUSTER FAILOVER FORCE); its log: "
                                       + logTail(s.logFile()) + "\nvotes:\n" + votes);
            }
            QThread::msleep(2);
        }
        m_following[size_t(node)] = -1;
        if (master >= 0)
            m_following[size_t(master)] = node; // the old master follows it once it hears of it
        awaitClusterAgreement(int(std::max<qint64>(1000, deadline.remainingTime())));
        return QStringLiteral("%1 takes over its master's slots (CLUSTER FAILOVER FORCE)").arg(name);
    }
    case ServerFault::Action::Sentinel:
    case ServerFault::Action::SwitchMaster:
    case ServerFault::Action::Other:
        break; // no fault of a scenario's
    }
    return {};
}

} // namespace lockstock
