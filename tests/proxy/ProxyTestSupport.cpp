#include "ProxyTestSupport.h"

#include "redis/LoopbackAddress.h"

#include <QDeadlineTimer>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace lockstock::test {

QByteArray encodeCommand(const Argv &argv)
{
    QByteArray out = '*' + QByteArray::number(argv.size()) + "\r\n";
    for (const QByteArray &a : argv)
        out += '$' + QByteArray::number(a.size()) + "\r\n" + a + "\r\n";
    return out;
}

void sendFd(int fd, const QByteArray &bytes)
{
    qsizetype sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n = ::send(fd, bytes.constData() + sent, size_t(bytes.size() - sent), MSG_NOSIGNAL);
        if (n <= 0)
            return;
        sent += n;
    }
}

QByteArray readFd(int fd, qsizetype count, int timeoutMs)
{
    QByteArray out;
    QDeadlineTimer deadline(timeoutMs);
    while (out.size() < count && !deadline.hasExpired()) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, int(std::max<qint64>(1, deadline.remainingTime()))) <= 0)
            continue;
        char buffer[65536];
        const ssize_t n = ::recv(fd, buffer, size_t(std::min<qsizetype>(qsizetype(sizeof buffer), count - out.size())), 0);
        if (n <= 0)
            break;
        out.append(buffer, n);
    }
    return out;
}

RawSocket::RawSocket(int port)
{
    m_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const sockaddr_in addr = loopbackAddress(port);
    if (::connect(m_fd, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0) {
        ::close(m_fd);
        m_fd = -1;
        return;
    }
    const int one = 1;
    ::setsockopt(m_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

RawSocket::~RawSocket()
{
    close();
}

bool RawSocket::login(const ObservedUser &user)
{
    send(encodeCommand({"AUTH", user.name, user.password}));
    return read(5, 5000) == "+OK\r\n";
}

void RawSocket::send(const QByteArray &bytes)
{
    sendFd(m_fd, bytes);
}

QByteArray RawSocket::read(qsizetype count, int timeoutMs)
{
    return readFd(m_fd, count, timeoutMs);
}

QByteArray RawSocket::readToEnd(int timeoutMs, bool *closed)
{
    QByteArray out;
    *closed = false;
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        pollfd p{m_fd, POLLIN, 0};
        if (::poll(&p, 1, int(std::max<qint64>(1, deadline.remainingTime()))) <= 0)
            continue;
        char buffer[65536];
        const ssize_t n = ::recv(m_fd, buffer, sizeof buffer, 0);
        if (n <= 0) {
            *closed = true;
            break;
        }
        out.append(buffer, n);
    }
    return out;
}

void RawSocket::shutdownWrite()
{
    ::shutdown(m_fd, SHUT_WR);
}

void RawSocket::close()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

RawListener::RawListener()
{
    m_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr = loopbackAddress(0);
    socklen_t len = sizeof addr;
    ::bind(m_fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
    ::listen(m_fd, 16);
    ::getsockname(m_fd, reinterpret_cast<sockaddr *>(&addr), &len);
    m_port = ntohs(addr.sin_port);
}

RawListener::~RawListener()
{
    ::close(m_fd);
}

int RawListener::accept(int timeoutMs)
{
    pollfd p{m_fd, POLLIN, 0};
    if (::poll(&p, 1, timeoutMs) <= 0)
        return -1;
    return ::accept4(m_fd, nullptr, nullptr, SOCK_CLOEXEC);
}

RedisEndpoint ProxiedRedis::endpoint() const
{
    RedisEndpoint e;
    e.host = QStringLiteral("127.0.0.1");
    e.port = port();
    e.username = user.name;
    e.password = user.password;
    return e;
}

std::unique_ptr<ProxiedRedis> proxiedRedis(RecordingProxy::Options options, RedisServer::Options server)
{
    auto p = std::make_unique<ProxiedRedis>();
    server.configLines += p->user.configLine();
    p->server = startRedis(std::move(server));
    if (!p->server)
        return nullptr;
    RedisEndpoint upstream = p->server->endpoint();
    for (qsizetype i = 0; i + 1 < p->server->options().extraArgs.size(); ++i)
        if (p->server->options().extraArgs.at(i) == QLatin1String("--requirepass"))
            upstream.password = p->server->options().extraArgs.at(i + 1).toUtf8();
    p->proxy = std::make_unique<RecordingProxy>(QList<ProxyNode>{{QStringLiteral("redis"), upstream}}, options, p->recording);
    p->proxy->start();
    return p;
}

} // namespace lockstock::test
