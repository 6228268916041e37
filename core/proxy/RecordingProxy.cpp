#include "ProxyLoop.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace lockstock {

namespace {
bool isLoopback(const sockaddr *addr)
{
    if (addr->sa_family == AF_INET)
        return (ntohl(reinterpret_cast<const sockaddr_in *>(addr)->sin_addr.s_addr) >> 24) == 127;
    if (addr->sa_family == AF_INET6) {
        const in6_addr &a = reinterpret_cast<const sockaddr_in6 *>(addr)->sin6_addr;
        return IN6_IS_ADDR_LOOPBACK(&a) || (IN6_IS_ADDR_V4MAPPED(&a) && a.s6_addr[12] == 127);
    }
    return false;
}
} // namespace

RecordingProxy::Loop::~Loop()
{
    stopThread();
    for (auto &l : m_listeners)
        if (l->fd >= 0)
            ::close(l->fd);
    if (m_wake >= 0)
        ::close(m_wake);
    if (m_epoll >= 0)
        ::close(m_epoll);
}

void RecordingProxy::Loop::bind()
{
    m_epoll = ::epoll_create1(EPOLL_CLOEXEC);
    m_wake = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (m_epoll < 0 || m_wake < 0)
        throw ProxyError("cannot create the proxy's event loop: " + errorText(errno).toStdString());
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.ptr = &m_wakeHandle;
    ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_wake, &ev);

    const Options &o = m_proxy.m_options;
    const QList<ProxyNode> &nodes = m_proxy.m_nodes;
    for (int i = 0; i < nodes.size(); ++i) {
        // Where the node's redis-server is, resolved once.
        const RedisEndpoint &e = nodes.at(i).upstream;
        sockaddr_storage addr{};
        socklen_t len = 0;
        if (!e.unixSocket.isEmpty()) {
            auto *un = reinterpret_cast<sockaddr_un *>(&addr);
            un->sun_family = AF_UNIX;
            const QByteArray path = e.unixSocket.toLocal8Bit();
            if (size_t(path.size()) >= sizeof un->sun_path)
                throw ProxyError("unix socket path too long: " + path.toStdString());
            std::memcpy(un->sun_path, path.constData(), size_t(path.size()));
            len = sizeof(sockaddr_un);
        } else {
            addrinfo hints{}, *res = nullptr;
            hints.ai_socktype = SOCK_STREAM;
            if (::getaddrinfo(e.host.toUtf8().constData(), QByteArray::number(e.port).constData(), &hints, &res) != 0 || !res)
                throw ProxyError("cannot resolve " + e.display().toStdString());
            std::memcpy(&addr, res->ai_addr, res->ai_addrlen);
            len = res->ai_addrlen;
            ::freeaddrinfo(res);
        }
        m_upstreamAddr.push_back(addr);
        m_upstreamAddrLen.push_back(len);

        addrinfo hints{}, *res = nullptr;
        hints.ai_socktype = SOCK_STREAM;
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
        const int port = o.port == 0 ? 0 : o.port + i;
        if (::getaddrinfo(o.host.toUtf8().constData(), QByteArray::number(port).constData(), &hints, &res) != 0 || !res)
            throw ProxyError("cannot listen on " + o.host.toStdString() + ": not an address");
        loopback = loopback && isLoopback(res->ai_addr);
        auto listener = std::make_unique<Listener>();
        listener->node = i;
        listener->fd = ::socket(res->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        const int one = 1;
        ::setsockopt(listener->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (listener->fd < 0 || ::bind(listener->fd, res->ai_addr, res->ai_addrlen) != 0 || ::listen(listener->fd, 512) != 0) {
            const int e2 = errno;
            ::freeaddrinfo(res);
            if (listener->fd >= 0)
                ::close(listener->fd);
            throw ProxyError(QStringLiteral("cannot listen on %1:%2 for %3: %4")
                                 .arg(o.host).arg(port).arg(nodes.at(i).name, errorText(e2)).toStdString());
        }
        ::freeaddrinfo(res);
        sockaddr_storage bound{};
        socklen_t boundLen = sizeof bound;
        ::getsockname(listener->fd, reinterpret_cast<sockaddr *>(&bound), &boundLen);
        ports << ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6 *>(&bound)->sin6_port
                                                    : reinterpret_cast<sockaddr_in *>(&bound)->sin_port);
        epoll_event lev{};
        lev.events = EPOLLIN;
        lev.data.ptr = &listener->handle;
        ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, listener->fd, &lev);
        m_listeners.push_back(std::move(listener));

        auto link = std::make_unique<NodeLink>();
        link->node = i;
        link->probe.handle = {HandleKind::Probe, link.get()};
        link->events.handle = {HandleKind::Events, link.get()};
        m_links.push_back(std::move(link));
    }
}

void RecordingProxy::Loop::stopThread()
{
    if (!m_thread.joinable())
        return;
    m_stopping = true;
    const quint64 one = 1;
    (void)!::write(m_wake, &one, sizeof one);
    m_thread.join();
}

QString RecordingProxy::Loop::post(std::function<QString(Loop &)> action)
{
    std::future<QString> result;
    {
        QMutexLocker locker(&m_postLock);
        m_posted.emplace_back(std::move(action), std::promise<QString>());
        result = m_posted.back().second.get_future();
    }
    const quint64 one = 1;
    (void)!::write(m_wake, &one, sizeof one);
    if (result.wait_for(std::chrono::seconds(10)) != std::future_status::ready)
        throw ProxyError("the proxy did not answer within 10 s");
    return result.get();
}

void RecordingProxy::Loop::watch(int fd, Handle *handle, qint64 mask, qint64 *current)
{
    if (mask == *current)
        return;
    epoll_event ev{};
    ev.events = quint32(std::max<qint64>(0, mask));
    ev.data.ptr = handle;
    ::epoll_ctl(m_epoll, *current < 0 ? EPOLL_CTL_ADD : mask < 0 ? EPOLL_CTL_DEL : EPOLL_CTL_MOD, fd, &ev);
    *current = mask;
}

int RecordingProxy::Loop::timeoutMs()
{
    qint64 next = -1;
    auto consider = [&next](qint64 at) {
        if (at > 0 && (next < 0 || at < next))
            next = at;
    };
    for (Connection *c : std::as_const(m_timed)) {
        consider(c->closeAtNs);
        if (!c->up.chunks.empty())
            consider(c->up.chunks.front().releaseNs);
        if (!c->down.chunks.empty())
            consider(c->down.chunks.front().releaseNs);
    }
    for (const auto &link : m_links) {
        if (link->probe.fd < 0 && m_proxy.m_options.probe)
            consider(link->probe.retryAtNs);
        if (link->events.fd < 0 && m_proxy.m_options.watchExpiries)
            consider(link->events.retryAtNs);
    }
    if (next < 0)
        return -1;
    const qint64 wait = next - now();
    return wait <= 0 ? 0 : int(std::min<qint64>((wait + 999'999) / 1'000'000, 1000));
}

void RecordingProxy::Loop::runTimers()
{
    const qint64 t = now();
    if (!m_timed.isEmpty()) {
        const QList<Connection *> timed = m_timed.values();
        m_timed.clear();
        for (Connection *c : timed) {
            if (c->closed)
                continue;
            if (!c->refused.isEmpty()) {
                if (c->closeAtNs <= t)
                    close(*c, c->refused);
                else
                    m_timed.insert(c);
                continue;
            }
            flush(*c, true);
            if (!c->closed)
                flush(*c, false);
            if (!c->closed)
                afterFlush(*c);
        }
    }
    for (const auto &link : m_links) {
        if (m_proxy.m_options.probe && link->probe.fd < 0 && link->probe.retryAtNs <= t)
            openChannel(*link, link->probe, HandleKind::Probe);
        if (m_proxy.m_options.watchExpiries && link->events.fd < 0 && link->events.retryAtNs <= t)
            openChannel(*link, link->events, HandleKind::Events);
    }
}

void RecordingProxy::Loop::run()
{
    std::vector<epoll_event> events(256);
    runTimers(); // opens the probe and event links
    while (!m_stopping.load()) {
        const int n = ::epoll_wait(m_epoll, events.data(), int(events.size()), timeoutMs());
        for (int i = 0; i < n; ++i) {
            auto *h = static_cast<Handle *>(events[size_t(i)].data.ptr);
            const quint32 ev = events[size_t(i)].events;
            switch (h->kind) {
            case HandleKind::Wake: {
                quint64 count = 0;
                (void)!::read(m_wake, &count, sizeof count);
                decltype(m_posted) posted;
                {
                    QMutexLocker locker(&m_postLock);
                    posted.swap(m_posted);
                }
                for (auto &[action, promise] : posted) {
                    try {
                        promise.set_value(action(*this));
                    } catch (...) {
                        promise.set_exception(std::current_exception());
                    }
                }
                break;
            }
            case HandleKind::Listener:
                accept(*static_cast<Listener *>(h->owner));
                break;
            case HandleKind::Client: {
                auto *c = static_cast<Connection *>(h->owner);
                if (c->closed)
                    break;
                if (ev & EPOLLOUT) {
                    c->down.blocked = false;
                    flush(*c, false);
                }
                if (!c->closed && (ev & (EPOLLIN | EPOLLHUP | EPOLLERR)))
                    readClient(*c);
                if (!c->closed)
                    afterFlush(*c);
                break;
            }
            case HandleKind::Upstream: {
                auto *c = static_cast<Connection *>(h->owner);
                if (c->closed)
                    break;
                if (!c->upstreamConnected) {
                    if (ev & (EPOLLOUT | EPOLLERR | EPOLLHUP))
                        upstreamConnected(*c);
                    break;
                }
                if (ev & EPOLLOUT) {
                    c->up.blocked = false;
                    flush(*c, true);
                }
                if (!c->closed && (ev & (EPOLLIN | EPOLLHUP | EPOLLERR)))
                    readUpstream(*c);
                if (!c->closed)
                    afterFlush(*c);
                break;
            }
            case HandleKind::Probe:
            case HandleKind::Events: {
                auto *link = static_cast<NodeLink *>(h->owner);
                Channel &ch = h->kind == HandleKind::Probe ? link->probe : link->events;
                if (ch.fd < 0)
                    break;
                if (!ch.connected && (ev & (EPOLLOUT | EPOLLERR | EPOLLHUP))) {
                    int err = 0;
                    socklen_t len = sizeof err;
                    ::getsockopt(ch.fd, SOL_SOCKET, SO_ERROR, &err, &len);
                    if (err != 0) {
                        closeChannel(*link, ch);
                        break;
                    }
                    ch.connected = true;
                }
                if (ev & EPOLLOUT)
                    writeChannel(ch);
                if (ch.fd >= 0 && (ev & (EPOLLIN | EPOLLHUP | EPOLLERR)))
                    readChannel(*link, ch, h->kind);
                break;
            }
            }
        }
        runTimers();
        for (int id : m_dead)
            m_connections.erase(id);
        m_dead.clear();
    }
    // Stopping: whatever still waits for a reply is indeterminate.
    std::vector<Connection *> all;
    for (auto &[id, c] : m_connections)
        all.push_back(c.get());
    for (Connection *c : all)
        close(*c, QStringLiteral("proxy stopped"));
    m_connections.clear();
    for (auto &link : m_links) {
        closeChannel(*link, link->probe);
        closeChannel(*link, link->events);
    }
}

// --- client connections -------------------------------------------------------

void RecordingProxy::Loop::accept(Listener &listener)
{
    for (int round = 0; round < 64; ++round) {
        sockaddr_storage addr{};
        socklen_t len = sizeof addr;
        const int fd = ::accept4(listener.fd, reinterpret_cast<sockaddr *>(&addr), &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0)
            return; // EAGAIN, or a client that left before we took it
        const int one = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        char host[INET6_ADDRSTRLEN] = {};
        int port = 0;
        if (addr.ss_family == AF_INET) {
            auto *in = reinterpret_cast<sockaddr_in *>(&addr);
            ::inet_ntop(AF_INET, &in->sin_addr, host, sizeof host);
            port = ntohs(in->sin_port);
        } else if (addr.ss_family == AF_INET6) {
            auto *in6 = reinterpret_cast<sockaddr_in6 *>(&addr);
            ::inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof host);
            port = ntohs(in6->sin6_port);
        }
        ObservedConnection record;
        record.node = listener.node;
        record.openedNs = now();
        record.peer = QStringLiteral("%1:%2").arg(QLatin1String(host)).arg(port);
        const int id = m_recording.addConnection(record);
        auto c = std::make_unique<Connection>(id, listener.node, &m_scripts);
        c->clientFd = fd;
        Connection &conn = *c;
        m_connections.emplace(id, std::move(c));
        m_open.fetch_add(1);
        applyRules(conn);
        connectUpstream(conn);
        if (!conn.closed)
            updateMasks(conn);
    }
}

int RecordingProxy::Loop::openSocket(int node, QString *error)
{
    const sockaddr_storage &addr = m_upstreamAddr.at(size_t(node));
    const int fd = ::socket(addr.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        *error = errorText(errno);
        return -1;
    }
    if (addr.ss_family != AF_UNIX) {
        const int one = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
    if (::connect(fd, reinterpret_cast<const sockaddr *>(&addr), m_upstreamAddrLen.at(size_t(node))) != 0
        && errno != EINPROGRESS && errno != EAGAIN) {
        *error = errorText(errno);
        ::close(fd);
        return -1;
    }
    return fd;
}

void RecordingProxy::Loop::connectUpstream(Connection &c)
{
    QString error;
    c.upstreamFd = openSocket(c.node, &error);
    if (c.upstreamFd < 0) {
        refuse(c, QStringLiteral("proxy: %1 refused the connection (%2)").arg(m_proxy.m_nodes.at(c.node).name, error));
        return;
    }
}

void RecordingProxy::Loop::upstreamConnected(Connection &c)
{
    int err = 0;
    socklen_t len = sizeof err;
    ::getsockopt(c.upstreamFd, SOL_SOCKET, SO_ERROR, &err, &len);
    if (err != 0) {
        refuse(c, QStringLiteral("proxy: %1 refused the connection (%2)").arg(m_proxy.m_nodes.at(c.node).name, errorText(err)));
        return;
    }
    c.upstreamConnected = true;
    flush(c, true);
    if (!c.closed)
        afterFlush(c);
}

bool RecordingProxy::Loop::held(const Connection &c, bool up) const
{
    return c.partitioned || m_pausedNodes.contains(c.node) || (up && !c.upstreamConnected);
}

void RecordingProxy::Loop::updateMasks(Connection &c)
{
    if (c.closed)
        return;
    quint32 client = 0, upstream = 0;
    if (!c.clientEof && c.up.queued < kStopReadingAt)
        client |= EPOLLIN;
    if (c.down.blocked)
        client |= EPOLLOUT;
    if (!c.upstreamConnected) {
        upstream |= EPOLLOUT;
    } else {
        if (!c.upstreamEof && c.down.queued < kStopReadingAt)
            upstream |= EPOLLIN;
        if (c.up.blocked)
            upstream |= EPOLLOUT;
    }
    // A side with nothing to wait for stays registered with no events, so
    // that errors still arrive; once Redis has closed, its side is done.
    watch(c.clientFd, &c.clientHandle, client, &c.clientMask);
    if (c.upstreamFd >= 0)
        watch(c.upstreamFd, &c.upstreamHandle, c.upstreamEof ? -1 : qint64(upstream), &c.upstreamMask);
}

void RecordingProxy::Loop::readClient(Connection &c)
{
    const ssize_t n = ::recv(c.clientFd, m_buffer, sizeof m_buffer, 0);
    if (n < 0) {
        if (errno == EAGAIN || errno == EINTR)
            return;
        close(c, QStringLiteral("client: %1").arg(errorText(errno)));
        return;
    }
    if (n == 0) {
        c.clientEof = true;
        return;
    }
    const qint64 t = now();
    c.requests.feed(m_buffer, n, [&](resp::Request &&request, qsizetype) {
        if (std::optional<ObservedCommand> done = c.conversation.request(std::move(request), ++m_nextId, t))
            commit(c, std::move(*done));
    });
    // After a dropped reply the link is down: what the client sends now is
    // recorded (it never gets an answer) but reaches nobody.
    if (!c.cut)
        send(c, true, m_buffer, n, {});
}

void RecordingProxy::Loop::readUpstream(Connection &c)
{
    const ssize_t n = ::recv(c.upstreamFd, m_buffer, sizeof m_buffer, 0);
    if (n < 0) {
        if (errno == EAGAIN || errno == EINTR)
            return;
        c.upstreamEof = true;
        return;
    }
    if (n == 0) {
        c.upstreamEof = true;
        return;
    }
    const qint64 t = now();
    // Runs of bytes passed on as they are; a frame kept back for a drop
    // decision breaks a run.
    qsizetype runStart = 0;
    std::vector<qsizetype> runEnds;
    auto passRun = [&](qsizetype end) {
        if (end > runStart && !c.cut) {
            for (qsizetype &e : runEnds)
                e -= runStart;
            send(c, false, m_buffer + runStart, end - runStart, std::move(runEnds));
        }
        runEnds.clear();
        runStart = end;
    };
    qsizetype pos = 0;
    c.replies.feed(m_buffer, n, [&](resp::Reply &&frame, qsizetype end) {
        const qsizetype start = pos;
        pos = end;
        if (c.closed)
            return;
        if (c.holdingFrame)
            passRun(start);
        std::optional<ObservedCommand> done;
        // The conversation takes the frame's value only when it is a reply.
        if (c.conversation.reply(std::move(frame), t, &done) == Conversation::Frame::Push)
            m_recording.addPush({c.id, c.node, t, std::move(frame.value)});
        if (c.holdingFrame) {
            c.heldFrame.append(m_buffer + start, end - start);
            runStart = end;
            const bool drop = done.has_value();
            if (drop) {
                done->outcome = ObservedCommand::Outcome::Dropped;
                c.dropArmed = false;
                c.cut = true;
                fault(c.id, c.node, QStringLiteral("reply to %1 dropped (Redis answered %2); the link is silent from now on")
                                        .arg(displayArgv(done->argv), done->reply.display()));
                commit(c, std::move(*done));
            } else if (!c.cut) {
                const QByteArray held = std::exchange(c.heldFrame, {});
                send(c, false, held.constData(), held.size(), {});
            }
            c.heldFrame.clear();
        } else if (done) {
            c.undelivered.push_back(std::move(*done));
            runEnds.push_back(end);
        }
        c.holdingFrame = c.dropArmed && !c.cut;
    });
    if (c.replies.failed() && !c.closed) {
        close(c, QStringLiteral("proxy: %1 sent bytes that are not RESP (%2)")
                     .arg(m_proxy.m_nodes.at(c.node).name, QString::fromUtf8(c.replies.error())));
        return;
    }
    if (c.closed)
        return;
    if (c.holdingFrame) {
        passRun(pos);
        if (pos < n)
            c.heldFrame.append(m_buffer + pos, n - pos);
    } else {
        passRun(n);
    }
}

void RecordingProxy::Loop::send(Connection &c, bool up, const char *data, qsizetype size, std::vector<qsizetype> replyEnds)
{
    Pipe &pipe = up ? c.up : c.down;
    const int fd = up ? c.upstreamFd : c.clientFd;
    const qint64 t = now();
    const qint64 release = c.delayNs > 0 ? t + c.delayNs : 0;
    qsizetype written = 0;
    if (pipe.chunks.empty() && release == 0 && !held(c, up) && !pipe.blocked) {
        const ssize_t w = ::send(fd, data, size_t(size), MSG_NOSIGNAL);
        if (w < 0 && errno != EAGAIN) {
            if (up)
                c.upstreamEof = true; // the server is gone; its EOF follows
            else
                close(c, QStringLiteral("client: %1").arg(errorText(errno)));
            return;
        }
        written = std::max<qsizetype>(0, qsizetype(w));
        size_t reached = 0;
        while (reached < replyEnds.size() && replyEnds[reached] <= written)
            ++reached;
        delivered(c, reached, t);
        if (written == size)
            return;
        replyEnds.erase(replyEnds.begin(), replyEnds.begin() + qsizetype(reached));
        for (qsizetype &e : replyEnds)
            e -= written;
        pipe.blocked = true;
    }
    pipe.chunks.push_back({QByteArray(data + written, size - written), release, std::move(replyEnds), 0});
    pipe.queued += size - written;
    if (release > 0)
        m_timed.insert(&c);
}

void RecordingProxy::Loop::delivered(Connection &c, size_t count, qint64 at)
{
    for (size_t i = 0; i < count && !c.undelivered.empty(); ++i) {
        ObservedCommand command = std::move(c.undelivered.front());
        c.undelivered.pop_front();
        command.deliveredNs = at;
        commit(c, std::move(command));
    }
}

void RecordingProxy::Loop::flush(Connection &c, bool up)
{
    Pipe &pipe = up ? c.up : c.down;
    const int fd = up ? c.upstreamFd : c.clientFd;
    if (held(c, up) || pipe.blocked)
        return;
    const qint64 t = now();
    while (!pipe.chunks.empty()) {
        Chunk &chunk = pipe.chunks.front();
        if (chunk.releaseNs > t) {
            m_timed.insert(&c);
            break;
        }
        const ssize_t w = ::send(fd, chunk.bytes.constData() + pipe.written, size_t(chunk.bytes.size() - pipe.written), MSG_NOSIGNAL);
        if (w < 0) {
            if (errno == EAGAIN) {
                pipe.blocked = true;
                break;
            }
            if (up)
                c.upstreamEof = true;
            else
                close(c, QStringLiteral("client: %1").arg(errorText(errno)));
            return;
        }
        pipe.written += w;
        pipe.queued -= w;
        size_t reached = chunk.delivered;
        while (reached < chunk.replyEnds.size() && chunk.replyEnds[reached] <= pipe.written)
            ++reached;
        delivered(c, reached - chunk.delivered, t);
        chunk.delivered = reached;
        if (pipe.written < chunk.bytes.size()) {
            pipe.blocked = true;
            break;
        }
        pipe.chunks.pop_front();
        pipe.written = 0;
    }
}

void RecordingProxy::Loop::afterFlush(Connection &c)
{
    if (c.closed)
        return;
    if (!c.refused.isEmpty()) {
        updateMasks(c); // closed by its timer
        return;
    }
    // The client is done sending: tell Redis so, once what it sent is through.
    if (c.clientEof && c.up.chunks.empty() && c.upstreamConnected && !c.upstreamShut) {
        ::shutdown(c.upstreamFd, SHUT_WR);
        c.upstreamShut = true;
    }
    // Redis closed: the client learns it once every reply before is through.
    if (c.upstreamEof && (c.down.chunks.empty() || c.cut)) {
        close(c, c.clientEof ? QStringLiteral("client") : QStringLiteral("server"));
        return;
    }
    if (c.clientEof && c.upstreamShut && !c.conversation.waiting() && c.undelivered.empty() && c.down.chunks.empty()) {
        close(c, QStringLiteral("client"));
        return;
    }
    updateMasks(c);
}

void RecordingProxy::Loop::refuse(Connection &c, const QString &why)
{
    if (c.upstreamFd >= 0) {
        watch(c.upstreamFd, &c.upstreamHandle, -1, &c.upstreamMask);
        ::close(c.upstreamFd);
        c.upstreamFd = -1;
    }
    c.upstreamEof = true;
    c.refused = why;
    c.closeAtNs = now() + kRefusedCloseNs;
    m_timed.insert(&c);
}

void RecordingProxy::Loop::close(Connection &c, const QString &by)
{
    if (c.closed)
        return;
    c.closed = true;
    watch(c.clientFd, &c.clientHandle, -1, &c.clientMask);
    ::close(c.clientFd);
    if (c.upstreamFd >= 0) {
        watch(c.upstreamFd, &c.upstreamHandle, -1, &c.upstreamMask);
        ::close(c.upstreamFd);
    }
    m_timed.remove(&c);
    const qint64 t = now();
    // Replies Redis sent that never reached the client, then the commands
    // still waiting: the client cannot know whether they ran.
    while (!c.undelivered.empty()) {
        ObservedCommand command = std::move(c.undelivered.front());
        c.undelivered.pop_front();
        command.outcome = ObservedCommand::Outcome::Indeterminate;
        commit(c, std::move(command));
    }
    for (ObservedCommand &command : c.conversation.close())
        commit(c, std::move(command));
    m_recording.updateConnection(c.id, [&](ObservedConnection &r) {
        r.closedNs = t;
        r.closedBy = by;
    });
    m_dead.push_back(c.id);
    m_open.fetch_sub(1); // last: whoever sees it closed sees its record complete
}

void RecordingProxy::Loop::commit(Connection &c, ObservedCommand command)
{
    const QList<QByteArray> keys = commandKeys(command.argv);
    QList<QByteArray> probeKeys;
    {
        QMutexLocker locker(&m_rolesLock);
        for (InferredKey &k : m_roles.learn(command, &c.lastRead))
            m_recording.addInferred(std::move(k));
        for (const QByteArray &key : keys) {
            if (m_roles.roleOf(key) == KeyRole::None)
                continue;
            QSet<int> &nodes = m_keyNodes[key];
            if (!nodes.contains(c.node)) {
                nodes.insert(c.node);
                QList<QByteArray> &same = m_resourceKeys[m_roles.resourceOf(key)];
                if (!same.contains(key))
                    same << key;
            }
            for (const QByteArray &k : m_resourceKeys.value(m_roles.resourceOf(key)))
                if (!probeKeys.contains(k))
                    probeKeys << k;
        }
    }
    const quint64 id = command.id;
    const bool renamed = c.conversation.name() != c.name || c.conversation.protocol() != c.protocol;
    m_recording.addCommand(std::move(command));
    if (renamed)
        nameChanged(c);
    if (probeKeys.isEmpty() || !m_proxy.m_options.probe)
        return;
    // Each key is read on this node if it lives here, else where it does
    // (the stock on its store while the lock is on the lock nodes).
    QHash<int, QList<QByteArray>> byNode;
    for (const QByteArray &k : std::as_const(probeKeys)) {
        const QSet<int> nodes = m_keyNodes.value(k);
        byNode[nodes.contains(c.node) || nodes.isEmpty() ? c.node : *nodes.begin()] << k;
    }
    for (auto it = byNode.cbegin(); it != byNode.cend(); ++it)
        queueProbe(it.key(), it.value(), id);
}

void RecordingProxy::Loop::nameChanged(Connection &c)
{
    c.name = c.conversation.name();
    c.protocol = c.conversation.protocol();
    m_recording.updateConnection(c.id, [&](ObservedConnection &r) {
        r.name = c.name;
        r.protocol = c.conversation.protocol();
    });
    applyRules(c);
}

// --- RecordingProxy ---------------------------------------------------------------

RecordingProxy::RecordingProxy(QList<ProxyNode> nodes, Options options, Recording &recording)
    : m_nodes(std::move(nodes))
    , m_options(std::move(options))
    , m_recording(recording)
{
}

RecordingProxy::~RecordingProxy()
{
    stop();
}

void RecordingProxy::start()
{
    if (m_loop)
        return;
    m_clock.start();
    auto loop = std::make_unique<Loop>(*this);
    loop->bind();
    m_ports = loop->ports;
    m_loopbackOnly = loop->loopback;
    m_loop = std::move(loop);
    m_loop->startThread();
}

void RecordingProxy::stop()
{
    if (m_loop)
        m_loop->stopThread();
    m_loop.reset();
}

int RecordingProxy::openConnections() const
{
    return m_loop ? m_loop->open() : 0;
}

QString RecordingProxy::control(std::function<QString(Loop &)> action)
{
    if (!m_loop)
        throw ProxyError("the proxy is not running");
    return m_loop->post(std::move(action));
}

QString RecordingProxy::delay(const QString &client, int ms)
{
    return control([client, ms](Loop &l) { return l.delay(client, ms); });
}

QString RecordingProxy::dropNextReply(const QString &client)
{
    return control([client](Loop &l) { return l.drop(client); });
}

QString RecordingProxy::partition(const QString &client, const QList<int> &nodes)
{
    return control([client, nodes](Loop &l) { return l.partition(client, nodes); });
}

QString RecordingProxy::pauseNode(int node, bool paused)
{
    if (node < 0 || node >= m_nodes.size())
        throw ProxyError("no such node");
    return control([node, paused](Loop &l) { return l.pause(node, paused); });
}

void RecordingProxy::recordFault(qint64 tNs, int node, const QString &note, ServerAction action, bool dataKept)
{
    m_recording.addFault({tNs, -1, node, note, action, dataKept});
}

KeyRoles RecordingProxy::keyRoles() const
{
    return m_loop ? m_loop->roles() : KeyRoles(m_options.lockPattern, m_options.stockPattern);
}

} // namespace lockstock
