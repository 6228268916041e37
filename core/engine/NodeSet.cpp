#include "NodeSet.h"

#include "../redis/RedisConnection.h"
#include "../redis/RedisError.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QSet>
#include <QThread>

#include <unistd.h>

namespace lockstock {

namespace {
QByteArray hostPort(const RedisEndpoint &e)
{
    return e.host.toUtf8() + ' ' + QByteArray::number(e.port);
}

RedisValue commandOn(const RedisEndpoint &e, const Argv &argv)
{
    RedisConnection c(e, {.connectTimeoutMs = 500, .commandTimeoutMs = 2000, .clientName = "lockstock:faults"});
    return c.command(argv);
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
    tcp.readLine(); // header
    while (!tcp.atEnd()) {
        // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
        const QList<QByteArray> f = tcp.readLine().simplified().split(' ');
        if (f.size() < 10 || !inodes.contains(f.at(9)))
            continue;
        bool ok = false;
        if (f.at(2).split(':').value(1).toInt(&ok, 16) == remotePort && ok)
            return f.at(1).split(':').value(1).toInt(nullptr, 16);
    }
    return 0;
}
} // namespace

NodeSet::NodeSet(const NodeSpec &spec, const QList<int> &clockShifted)
    : m_spec(spec)
{
    for (int i = 0; i < m_spec.count; ++i) {
        RedisServer::Options options;
        options.persistence = m_spec.persistence;
        options.clockShift = clockShifted.contains(i);
        // Replicas sync at once after a failover (the default waits 5 s).
        options.extraArgs = {QStringLiteral("--repl-diskless-sync-delay"), QStringLiteral("0")};
        if (m_spec.kind == NodeSpec::Kind::Replicated && i > 0)
            options.replicaOf = QString::fromUtf8(hostPort(m_servers.front()->endpoint()));
        m_servers.push_back(std::make_unique<RedisServer>(options));
        m_servers.back()->start();
    }
    // The store is never faulted: it stands for the database being protected.
    m_servers.push_back(std::make_unique<RedisServer>());
    m_servers.back()->start();
    waitForReplicas();
}

NodeSet::~NodeSet() = default;

void NodeSet::waitForReplicas()
{
    if (m_spec.kind != NodeSpec::Kind::Replicated)
        return;
    QDeadlineTimer deadline(10000);
    for (int i = 1; i < m_spec.count; ++i) {
        for (;;) {
            const RedisValue info = commandOn(endpoint(i), {"INFO", "replication"});
            if (info.bytes().contains("master_link_status:up"))
                break;
            if (deadline.hasExpired())
                throw RedisServerError("replica " + names().at(i).toStdString() + " did not sync with its master");
            QThread::msleep(10);
        }
    }
    // A replica loaded without disk gets the stream only after its first
    // ACK, up to a second later: until then WAIT would count it out. A
    // write every replica acknowledges shows they all stream.
    RedisConnection master(endpoint(0));
    master.command({"SET", "lockstock:synced", "1"});
    const qint64 replicas = m_spec.count - 1;
    if (master.command({"WAIT", QByteArray::number(replicas), "5000"}).toInteger() < replicas)
        throw RedisServerError("the replicas did not acknowledge a write within 5 s");
    master.command({"DEL", "lockstock:synced"});
}

void NodeSet::cutReplicationLink(int node)
{
    const RedisEndpoint master = endpoint(m_master.load());
    const int port = localPortTowards(server(node).pid(), master.port);
    if (port == 0)
        throw RedisServerError("no replication link from " + names().at(node).toStdString() + " to its master");
    commandOn(master, {"CLIENT", "KILL", "ADDR", "127.0.0.1:" + QByteArray::number(port)});
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
    return m_spec.kind == NodeSpec::Kind::Replicated ? m_master.load() : node;
}

QString NodeSet::apply(const ServerFault &fault, double speed)
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
        return QStringLiteral("%1 resumed (SIGCONT)").arg(name);
    case ServerFault::Action::Restart:
        // Not waiting for it to answer: the run goes on while it starts,
        // and clients that try it meanwhile find it refusing, as they would.
        s.restart(false);
        return QStringLiteral("%1 restarting (%2)").arg(name, data);
    case ServerFault::Action::Isolate:
        // Stopped first: a running replica would reconnect and catch up.
        s.pause();
        cutReplicationLink(node);
        return QStringLiteral("%1 cut off from its master (SIGSTOP, replication link closed)").arg(name);
    case ServerFault::Action::Promote: {
        commandOn(s.endpoint(), {"REPLICAOF", "NO", "ONE"});
        m_master = node;
        // The other live replicas follow the new master, as Sentinel makes them.
        for (int i = 0; i < m_spec.count; ++i)
            if (i != node && server(i).isRunning()) {
                try {
                    commandOn(endpoint(i), {"REPLICAOF", s.endpoint().host.toUtf8(),
                                            QByteArray::number(s.endpoint().port)});
                } catch (const RedisError &) {
                    // Paused or gone: it stays behind, as it would in production.
                }
            }
        return QStringLiteral("%1 promoted to master (REPLICAOF NO ONE)").arg(name);
    }
    case ServerFault::Action::ClockJump:
        s.jumpClock(qRound64(double(fault.jumpMs) / speed));
        return QStringLiteral("%1 clock jumped %2%3 s").arg(name, fault.jumpMs > 0 ? QStringLiteral("+") : QString(),
                                                           QString::number(double(fault.jumpMs) / 1000.0));
    }
    return {};
}

} // namespace lockstock
