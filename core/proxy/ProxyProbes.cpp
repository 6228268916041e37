// The proxy's own connections to each node: probes that read the lock and
// stock keys back after a command on them, and Redis's expiry events.

#include "ProxyLoop.h"

#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace lockstock {

namespace {
// Reads the keys back in one step, so lock and stock come from the same
// instant: type, value (a hash's fields, for Redisson-style locks), PTTL.
const QByteArray kProbeScript = R"lua(local out = {}
for _, key in ipairs(KEYS) do
  local kind = redis.call('TYPE', key)['ok']
  local value = false
  if kind == 'string' then value = redis.call('GET', key)
  elseif kind == 'hash' then value = table.concat(redis.call('HKEYS', key), ',') end
  out[#out + 1] = kind
  out[#out + 1] = value
  out[#out + 1] = redis.call('PTTL', key)
end
return out)lua";
} // namespace

void RecordingProxy::Loop::openChannel(NodeLink &link, Channel &channel, HandleKind kind)
{
    QString error;
    channel.retryAtNs = now() + kReconnectNs;
    channel.fd = openSocket(link.node, &error);
    if (channel.fd < 0)
        return;
    channel.connected = false;
    channel.reader = resp::ReplyReader(resp::kKeptBytes, resp::kKeptItems);
    channel.out.clear();
    channel.ownReplies = 0;
    auto command = [&channel](const Argv &argv) {
        channel.out += encode(argv);
        ++channel.ownReplies;
    };
    const RedisEndpoint &e = m_proxy.m_nodes.at(link.node).upstream;
    if (!e.password.isEmpty())
        command(e.username.isEmpty() ? Argv{"AUTH", e.password} : Argv{"AUTH", e.username, e.password});
    command({"CLIENT", "SETNAME", "lockstock:observer"});
    if (kind == HandleKind::Events) {
        // Expiry events: the moment Redis really let a lease go.
        command({"CONFIG", "SET", "notify-keyspace-events", "Ex"});
        command({"PSUBSCRIBE", "__keyevent@*__:expired"});
    } else {
        link.inFlight = false;
    }
    quint32 mask = EPOLLIN | EPOLLOUT;
    epoll_event ev{};
    ev.events = mask;
    ev.data.ptr = &channel.handle;
    ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, channel.fd, &ev);
    if (kind == HandleKind::Probe && !link.pendingKeys.isEmpty())
        sendProbe(link);
}

void RecordingProxy::Loop::writeChannel(Channel &channel)
{
    while (!channel.out.isEmpty() && channel.connected) {
        const ssize_t w = ::send(channel.fd, channel.out.constData(), size_t(channel.out.size()), MSG_NOSIGNAL);
        if (w <= 0)
            break;
        channel.out.remove(0, w);
    }
    epoll_event ev{};
    ev.events = EPOLLIN | (channel.out.isEmpty() && channel.connected ? 0u : quint32(EPOLLOUT));
    ev.data.ptr = &channel.handle;
    ::epoll_ctl(m_epoll, EPOLL_CTL_MOD, channel.fd, &ev);
}

void RecordingProxy::Loop::closeChannel(NodeLink &link, Channel &channel)
{
    if (channel.fd < 0)
        return;
    ::epoll_ctl(m_epoll, EPOLL_CTL_DEL, channel.fd, nullptr);
    ::close(channel.fd);
    channel.fd = -1;
    channel.connected = false;
    if (&channel == &link.probe && link.inFlight) {
        // The answer is lost with the connection; ask again once it is back.
        link.inFlight = false;
        for (const QByteArray &k : std::as_const(link.flightKeys))
            if (!link.pendingKeys.contains(k))
                link.pendingKeys << k;
        link.pendingAfter += link.flightAfter;
    }
}

void RecordingProxy::Loop::readChannel(NodeLink &link, Channel &channel, HandleKind kind)
{
    const ssize_t n = ::recv(channel.fd, m_buffer, sizeof m_buffer, 0);
    if (n <= 0) {
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            return;
        closeChannel(link, channel);
        channel.retryAtNs = now() + kReconnectNs;
        return;
    }
    const qint64 t = now();
    channel.reader.feed(m_buffer, n, [&](resp::Reply &&frame, qsizetype) {
        if (channel.ownReplies > 0) {
            --channel.ownReplies;
            return;
        }
        if (kind == HandleKind::Events) {
            // pmessage, pattern, channel, key
            const QList<RedisValue> &items = frame.value.items();
            if (items.size() == 4 && items.first().bytes() == "pmessage") {
                const QByteArray key = items.at(3).bytes();
                bool lock;
                {
                    QMutexLocker locker(&m_rolesLock);
                    lock = m_roles.roleOf(key) == KeyRole::Lock;
                }
                if (lock)
                    m_recording.addExpiry({t, link.node, key});
            }
            return;
        }
        ObservedProbe probe;
        probe.tNs = t;
        probe.node = link.node;
        probe.after = link.flightAfter;
        const QList<RedisValue> &items = frame.value.items();
        for (qsizetype i = 0; i < link.flightKeys.size(); ++i) {
            ObservedKey k;
            k.key = link.flightKeys.at(i);
            if (items.size() >= 3 * (i + 1)) {
                k.known = true;
                k.type = items.at(3 * i).bytes();
                k.value = items.at(3 * i + 1).bytes();
                k.pttl = items.at(3 * i + 2).toInteger();
            }
            probe.keys << k;
        }
        m_recording.addProbe(std::move(probe));
        link.inFlight = false;
        link.flightKeys.clear();
        link.flightAfter.clear();
        if (!link.pendingKeys.isEmpty())
            sendProbe(link);
    });
    if (channel.reader.failed())
        closeChannel(link, channel);
}

void RecordingProxy::Loop::queueProbe(int node, const QList<QByteArray> &keys, quint64 after)
{
    NodeLink &link = *m_links.at(size_t(node));
    for (const QByteArray &k : keys)
        if (!link.pendingKeys.contains(k))
            link.pendingKeys << k;
    // A node that stays away must not make the list grow without bound.
    if (link.pendingAfter.size() < 100000)
        link.pendingAfter << after;
    if (!link.inFlight && link.probe.fd >= 0)
        sendProbe(link);
}

void RecordingProxy::Loop::sendProbe(NodeLink &link)
{
    // One probe in flight per node; what comes meanwhile shares the next.
    // At most kMaxProbeKeys at a time (three reply elements each).
    constexpr qsizetype kMaxProbeKeys = resp::kKeptItems / 3;
    link.flightKeys = link.pendingKeys.mid(0, kMaxProbeKeys);
    link.pendingKeys.remove(0, link.flightKeys.size());
    link.flightAfter = std::exchange(link.pendingAfter, {});
    link.inFlight = true;
    Argv eval{"EVAL", kProbeScript, QByteArray::number(link.flightKeys.size())};
    eval += link.flightKeys;
    link.probe.out += encode(eval);
    writeChannel(link.probe);
}

} // namespace lockstock
