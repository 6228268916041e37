#include "BareForwarder.h"

#include "redis/LoopbackAddress.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <unordered_map>

namespace lockstock::bench {

namespace {
void noDelay(int fd)
{
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

// Blocking writes: the benchmark's messages are small, sockets never fill.
bool writeAll(int fd, const char *data, ssize_t size)
{
    while (size > 0) {
        const ssize_t n = ::send(fd, data, size_t(size), MSG_NOSIGNAL);
        if (n <= 0)
            return false;
        data += n;
        size -= n;
    }
    return true;
}
} // namespace

BareForwarder::BareForwarder(const RedisEndpoint &upstream)
    : m_upstreamPort(upstream.port)
{
    m_listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr = loopbackAddress(0);
    socklen_t len = sizeof addr;
    if (::bind(m_listener, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 || ::listen(m_listener, 128) != 0)
        throw std::runtime_error("bare forwarder: cannot listen");
    ::getsockname(m_listener, reinterpret_cast<sockaddr *>(&addr), &len);
    m_port = ntohs(addr.sin_port);
    m_epoll = ::epoll_create1(EPOLL_CLOEXEC);
    m_wake = ::eventfd(0, EFD_CLOEXEC);
    for (int fd : {m_listener, m_wake}) {
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.fd = fd;
        ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, fd, &ev);
    }
    m_thread = std::thread([this] { run(); });
}

BareForwarder::~BareForwarder()
{
    m_stop = true;
    const quint64 one = 1;
    (void)!::write(m_wake, &one, sizeof one);
    m_thread.join();
    ::close(m_listener);
    ::close(m_wake);
    ::close(m_epoll);
}

void BareForwarder::run()
{
    std::unordered_map<int, int> peer;
    epoll_event events[64];
    char buffer[65536];
    while (!m_stop) {
        const int n = ::epoll_wait(m_epoll, events, 64, -1);
        for (int i = 0; i < n; ++i) {
            const int fd = events[i].data.fd;
            if (fd == m_wake)
                continue;
            if (fd == m_listener) {
                const int client = ::accept4(m_listener, nullptr, nullptr, SOCK_CLOEXEC);
                const int upstream = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
                const sockaddr_in to = loopbackAddress(m_upstreamPort);
                if (client < 0 || ::connect(upstream, reinterpret_cast<const sockaddr *>(&to), sizeof to) != 0) {
                    ::close(client);
                    ::close(upstream);
                    continue;
                }
                noDelay(client);
                noDelay(upstream);
                peer[client] = upstream;
                peer[upstream] = client;
                for (int side : {client, upstream}) {
                    epoll_event ev{};
                    ev.events = EPOLLIN;
                    ev.data.fd = side;
                    ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, side, &ev);
                }
                continue;
            }
            const auto other = peer.find(fd);
            if (other == peer.end())
                continue;
            const ssize_t got = ::recv(fd, buffer, sizeof buffer, 0);
            if (got > 0 && writeAll(other->second, buffer, got))
                continue;
            const int to = other->second;
            ::close(fd);
            ::close(to);
            peer.erase(fd);
            peer.erase(to);
        }
    }
    for (const auto &[fd, to] : peer)
        ::close(fd);
}

} // namespace lockstock::bench
