// The proxy's faults: rules that follow a client by connection or name,
// applied on the loop's thread as bytes pass.

#include "ProxyLoop.h"

namespace lockstock {

QList<Connection *> RecordingProxy::Loop::matching(const QString &client)
{
    QList<Connection *> out;
    for (auto &[id, c] : m_connections) {
        if (c->closed)
            continue;
        if (client == QLatin1String("all") || client == QStringLiteral("c%1").arg(id)
            || (!c->name.isEmpty() && QString::fromUtf8(c->name) == client))
            out << c.get();
    }
    return out;
}

void RecordingProxy::Loop::applyRules(Connection &c)
{
    const qint64 oldDelay = c.delayNs;
    const bool wasPartitioned = c.partitioned;
    c.delayNs = 0;
    c.partitioned = false;
    for (auto it = m_rules.cbegin(); it != m_rules.cend(); ++it) {
        const QString &who = it.key();
        if (who != QLatin1String("all") && who != QStringLiteral("c%1").arg(c.id) && who != QString::fromUtf8(c.name))
            continue;
        c.delayNs = std::max(c.delayNs, it->delayNs);
        c.partitioned = c.partitioned || it->partitioned.contains(c.node);
    }
    if ((oldDelay != c.delayNs || wasPartitioned != c.partitioned) && c.upstreamFd >= 0 && !c.closed) {
        flush(c, true);
        if (!c.closed)
            flush(c, false);
        if (!c.closed)
            afterFlush(c);
    }
}

void RecordingProxy::Loop::fault(int connection, int node, const QString &note)
{
    m_recording.addFault({now(), connection, node, note});
}

QString RecordingProxy::Loop::delay(const QString &client, qint64 ms)
{
    const QList<Connection *> targets = matching(client);
    if (targets.isEmpty() && client.startsWith(QLatin1Char('c')) && client.mid(1).toInt() > 0)
        throw ProxyError(("no open connection " + client).toStdString());
    m_rules[client].delayNs = ms * 1'000'000;
    const QString what = ms > 0 ? QStringLiteral("link delayed by %1 ms each way").arg(ms) : QStringLiteral("link delay removed");
    for (Connection *c : targets) {
        applyRules(*c);
        fault(c->id, c->node, what);
    }
    if (targets.isEmpty())
        fault(-1, -1, QStringLiteral("%1: %2 (no such connection yet)").arg(client, what));
    // In one of RunAnalysis's note formats, so the window can say it in its language.
    return ms > 0 ? QStringLiteral("%1: link delayed by %2 ms each way (%3 connection(s) now)").arg(client).arg(ms).arg(targets.size())
                  : QStringLiteral("%1: link delay removed (%2 connection(s) now)").arg(client).arg(targets.size());
}

QString RecordingProxy::Loop::drop(const QString &client)
{
    const QList<Connection *> targets = matching(client);
    if (targets.isEmpty())
        throw ProxyError(("no open connection matches '" + client + "'").toStdString());
    for (Connection *c : targets) {
        c->dropArmed = true;
        // Mid-frame, part of the reply is already with the client: the next one goes.
        if (!c->replies.midFrame())
            c->holdingFrame = true;
    }
    return QStringLiteral("%1: the next reply will be dropped (%2 connection(s))").arg(client).arg(targets.size());
}

QString RecordingProxy::Loop::partition(const QString &client, const QList<int> &nodes)
{
    const QList<Connection *> targets = matching(client);
    if (targets.isEmpty() && client.startsWith(QLatin1Char('c')) && client.mid(1).toInt() > 0)
        throw ProxyError(("no open connection " + client).toStdString());
    QStringList names;
    for (int n : nodes)
        names << m_proxy.m_nodes.value(n).name;
    m_rules[client].partitioned = QSet<int>(nodes.cbegin(), nodes.cend());
    const QString what = nodes.isEmpty() ? QStringLiteral("partition healed")
                                         : QStringLiteral("partitioned from %1").arg(names.join(QLatin1Char(',')));
    for (Connection *c : targets) {
        applyRules(*c);
        fault(c->id, c->node, what);
    }
    if (targets.isEmpty())
        fault(-1, -1, QStringLiteral("%1: %2 (no such connection yet)").arg(client, what));
    return QStringLiteral("%1: %2").arg(client, what);
}

QString RecordingProxy::Loop::pause(int node, bool paused)
{
    if (paused)
        m_pausedNodes.insert(node);
    else
        m_pausedNodes.remove(node);
    for (auto &[id, c] : m_connections)
        if (c->node == node && !c->closed) {
            flush(*c, true);
            if (!c->closed)
                flush(*c, false);
            if (!c->closed)
                afterFlush(*c);
        }
    const QString what = paused ? QStringLiteral("%1: forwarding paused").arg(m_proxy.m_nodes.value(node).name)
                                : QStringLiteral("%1: forwarding resumed").arg(m_proxy.m_nodes.value(node).name);
    fault(-1, node, what);
    return what;
}

} // namespace lockstock
