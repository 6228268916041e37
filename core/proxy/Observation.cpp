#include "Observation.h"

#include "PeerProcess.h"

#include "engine/NodeSet.h"
#include "redis/RedisConnection.h"
#include "redis/RedisError.h"
#include "redis/RedisServer.h"

#include <QSet>


namespace lockstock {

Observation::Observation(Options options)
    : m_options(std::move(options))
    , m_user(ObservedUser::withPassword(m_options.password))
{
    QList<ProxyNode> nodes;
    if (m_options.topology.kind == NodeSpec::Kind::Single) {
        m_server = std::make_unique<RedisServer>(RedisServer::Options{.configLines = m_user.configLine()});
        m_server->start();
        nodes.append({QStringLiteral("redis"), m_server->endpoint()});
    } else {
        m_nodeSet = std::make_unique<NodeSet>(m_options.topology, m_user.configLine());
        const QStringList names = m_nodeSet->names();
        for (int i = 0; i < m_nodeSet->serverCount(); ++i)
            nodes.append({names.at(i), m_nodeSet->endpoint(i)});
    }
    m_proxy = std::make_unique<RecordingProxy>(nodes, m_options.proxy, m_recording);
    m_proxy->start();
    m_resolver = std::thread([this] { resolvePeers(); });
}

Observation::~Observation()
{
    m_stopping = true;
    if (m_resolver.joinable())
        m_resolver.join();
    m_proxy.reset();
}

ObservedTopology Observation::topology() const
{
    ObservedTopology t;
    for (const ProxyNode &n : m_proxy->nodes())
        t.nodes << n.name;
    if (m_nodeSet) {
        t.storeNode = m_nodeSet->storeIndex();
        t.independentMasters = m_options.topology.kind == NodeSpec::Kind::Masters;
    }
    return t;
}

void Observation::resolvePeers()
{
    // Woken by each new connection: one /proc scan names every client that
    // connected meanwhile, while its process still has the socket (even a
    // connection its node refused stays open long enough, see the proxy).
    QSet<int> tried;
    QList<qint64> seen; // processes found so far, looked at first next time
    qsizetype known = 0;
    while (!m_stopping.load()) {
        m_recording.waitForConnections(known, 100);
        QHash<int, int> wanted;   // client port -> proxy port
        QHash<int, int> idOfPort;
        const QList<int> ports = m_proxy->ports();
        const QList<ObservedConnection> connections = m_recording.connections();
        known = connections.size();
        for (const ObservedConnection &c : connections) {
            if (c.pid || c.closedNs >= 0 || tried.contains(c.id))
                continue;
            const int port = c.peer.mid(c.peer.lastIndexOf(QLatin1Char(':')) + 1).toInt();
            wanted.insert(port, ports.value(c.node));
            idOfPort.insert(port, c.id);
            tried.insert(c.id);
        }
        const QHash<int, PeerProcess> found = peerProcesses(wanted, seen);
        for (auto it = found.cbegin(); it != found.cend(); ++it) {
            if (!seen.contains(it->pid))
                seen.prepend(it->pid);
            m_recording.updateConnection(idOfPort.value(it.key()), [&](ObservedConnection &c) {
                c.pid = it->pid;
                c.process = it->name;
            });
        }
    }
}

QString Observation::serverFault(ServerFault::Action action, int node)
{
    const QString name = m_proxy->nodes().value(node).name;
    // When it began: a restart returns once the server is back, and what a
    // probe read meanwhile is already the fault's doing.
    const qint64 beganNs = m_proxy->nowNs();
    QString note;
    if (m_nodeSet) {
        ServerFault fault;
        fault.node = node;
        fault.action = action;
        note = m_nodeSet->apply(fault);
    } else {
        switch (action) {
        case ServerFault::Action::Kill:
            m_server->kill();
            note = QStringLiteral("%1 killed (SIGKILL)").arg(name);
            break;
        case ServerFault::Action::Restart:
            m_server->restart();
            note = QStringLiteral("%1 restarting (no persistence: empty)").arg(name);
            break;
        case ServerFault::Action::Pause:
            m_server->pause();
            note = QStringLiteral("%1 paused (SIGSTOP)").arg(name);
            break;
        case ServerFault::Action::Resume:
            m_server->resume();
            note = QStringLiteral("%1 resumed (SIGCONT)").arg(name);
            break;
        default:
            throw RedisError("that server fault needs a topology of several servers");
        }
    }
    m_proxy->recordFault(beganNs, node, note, action,
                         action == ServerFault::Action::Restart && m_nodeSet && m_nodeSet->persistent());
    return note;
}

QString Observation::address(int node) const
{
    const QString host = m_proxy->listenHost();
    return (host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host) + QLatin1Char(':')
        + QString::number(m_proxy->ports().value(node));
}

QString Observation::pythonExample() const
{
    return QStringLiteral("import redis\n"
                          "r = redis.Redis(host=\"%1\", port=%2, username=\"%3\", password=\"%4\")\n"
                          "with r.lock(\"lock:10086\", timeout=10):\n"
                          "    r.decr(\"stock:10086\")")
        .arg(m_proxy->listenHost())
        .arg(m_proxy->ports().value(0))
        .arg(QString::fromUtf8(m_user.name), QString::fromUtf8(m_user.password));
}

QString Observation::nodeExample() const
{
    const QString login = QStringLiteral("host: \"%1\", username: \"%2\", password: \"%3\"")
                              .arg(m_proxy->listenHost(), QString::fromUtf8(m_user.name), QString::fromUtf8(m_user.password));
    if (!redlock())
        return QStringLiteral("const redis = new Redis({%1, port: %2});").arg(login).arg(m_proxy->ports().value(0));
    QStringList ports;
    for (int i = 0; i < topology().lockNodes(); ++i)
        ports << QString::number(m_proxy->ports().at(i));
    return QStringLiteral("const login = {%1};\n"
                          "const redlock = new Redlock([%2].map((port) => new Redis({...login, port})));")
        .arg(login, ports.join(QStringLiteral(", ")));
}

bool Observation::redlock() const
{
    const ObservedTopology t = topology();
    return t.independentMasters && t.lockNodes() >= 2;
}

QString Observation::cliExample() const
{
    return QStringLiteral("REDISCLI_AUTH='%1' redis-cli --user %2 -h %3 -p %4")
        .arg(QString::fromUtf8(m_user.password), QString::fromUtf8(m_user.name), m_proxy->listenHost())
        .arg(m_proxy->ports().value(0));
}

std::function<ObservedRun()> Observation::sofar() const
{
    return [recording = m_recording.snapshot(m_proxy->nowNs()), roles = m_proxy->keyRoles(), topology = topology(),
            title = m_options.title] { return buildObservedRun(recording, roles, topology, {}, title); };
}

ObservedRun Observation::finish()
{
    m_stopping = true;
    if (m_resolver.joinable())
        m_resolver.join();
    const KeyRoles roles = m_proxy->keyRoles();
    m_proxy->stop();
    const RecordingSnapshot snapshot = m_recording.snapshot(m_proxy->nowNs());

    // The final stock: each stock key read where it was last written.
    QHash<QByteArray, int> stockNode;
    for (const ObservedCommand &c : snapshot.commands)
        for (const QByteArray &k : commandKeys(c.argv))
            if (roles.roleOf(k) == KeyRole::Stock)
                stockNode.insert(k, c.node);
    QHash<QByteArray, qint64> finalStock;
    for (auto it = stockNode.cbegin(); it != stockNode.cend(); ++it) {
        try {
            RedisConnection c(m_proxy->nodes().at(it.value()).upstream,
                              {.connectTimeoutMs = 1000, .commandTimeoutMs = 2000, .clientName = "lockstock:observer"});
            long long v = 0;
            if (c.command({"GET", it.key()}).readInteger(v))
                finalStock.insert(it.key(), v);
        } catch (const RedisError &) {
            // Its server is down: the final stock stays unknown.
        }
    }
    return buildObservedRun(snapshot, roles, topology(), finalStock, m_options.title);
}

} // namespace lockstock
