#include "LoopbackPort.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <utility>

namespace lockstock {

namespace {

// The first port the kernel hands out by itself; ours stay below it.
int ephemeralLow()
{
    int low = 32768;
    int high = 0;
    if (FILE *f = std::fopen("/proc/sys/net/ipv4/ip_local_port_range", "r")) {
        if (std::fscanf(f, "%d %d", &low, &high) != 2)
            low = 32768;
        std::fclose(f);
    }
    return low;
}

// Whether a server could listen on the port now (with SO_REUSEADDR, as
// redis-server does, so a closed connection's TIME_WAIT does not count).
bool canListen(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    const int yes = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(quint16(port));
    const bool free = ::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0;
    ::close(fd);
    return free;
}

// One byte of the shared file per port. An open-file-description lock, so
// two reservations in one process exclude each other too.
bool lockByte(int fd, int port)
{
    struct flock lock{};
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    lock.l_start = port;
    lock.l_len = 1;
    return ::fcntl(fd, F_OFD_SETLK, &lock) == 0;
}

} // namespace

LoopbackPort LoopbackPort::reserve()
{
    const int high = ephemeralLow();
    const int low = high - 12000;
    if (low < 1024)
        return {};
    const QByteArray path = QFile::encodeName(QDir::tempPath() + QStringLiteral("/lockstock-ports-%1.lock").arg(::getuid()));
    for (int attempt = 0; attempt < 200; ++attempt) {
        const int port = low + int(QRandomGenerator::global()->bounded(high - low));
        const int fd = ::open(path.constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        if (fd < 0)
            return {};
        if (lockByte(fd, port) && canListen(port))
            return LoopbackPort(port, fd);
        ::close(fd);
    }
    return {};
}

LoopbackPort::~LoopbackPort()
{
    release();
}

LoopbackPort::LoopbackPort(LoopbackPort &&other) noexcept
    : m_port(std::exchange(other.m_port, 0))
    , m_lockFd(std::exchange(other.m_lockFd, -1))
{
}

LoopbackPort &LoopbackPort::operator=(LoopbackPort &&other) noexcept
{
    if (this != &other) {
        release();
        m_port = std::exchange(other.m_port, 0);
        m_lockFd = std::exchange(other.m_lockFd, -1);
    }
    return *this;
}

void LoopbackPort::release()
{
    if (m_lockFd >= 0)
        ::close(m_lockFd);
    m_lockFd = -1;
    m_port = 0;
}

} // namespace lockstock
