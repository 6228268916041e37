#include "NodeSet.h"

#include "../redis/RedisConnection.h"
#include "../redis/RedisError.h"

#include <QDeadlineTimer>
#include <QThread>

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
} // namespace

NodeSet::NodeSet(const NodeSpec &spec)
    : m_spec(spec)
{
    for (int i = 0; i < m_spec.count; ++i) {
        RedisServer::Options options;
        options.persistence = m_spec.persistence;
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
}

QStringList NodeSet::names() const
{
    QStringList out;
    for (int i = 0; i < m_spec.count; ++i)
        out << QStringLiteral("n%1").arg(i + 1);
    out << QStringLiteral("store");
    return out;
}

int NodeSet::lockServer(int node) const
{
    return m_spec.kind == NodeSpec::Kind::Replicated ? m_master.load() : node;
}

QString NodeSet::apply(ServerFault::Action action, int node)
{
    RedisServer &s = server(node);
    const QString name = names().at(node);
    const QString data = m_spec.persistence ? QStringLiteral("AOF replayed") : QStringLiteral("no persistence: empty");
    switch (action) {
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
        s.restart();
        return QStringLiteral("%1 restarted (%2)").arg(name, data);
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
    }
    return {};
}

} // namespace lockstock
