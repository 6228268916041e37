#include "OutputFile.h"

#include <QCoreApplication>
#include <QFile>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace lockstock {

namespace {
QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}
} // namespace

OutputFile::~OutputFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

bool OutputFile::fail(const QString &reason)
{
    if (!m_failed)
        setErrorString(reason);
    m_failed = true;
    return false;
}

QString OutputFile::failure() const
{
    return QCoreApplication::translate("Output", "cannot write %1: %2").arg(m_path, errorString());
}

bool OutputFile::open(const QString &path)
{
    m_path = path;
    const QByteArray name = QFile::encodeName(path);
    // O_NONBLOCK: opening a FIFO nobody reads fails with ENXIO instead of
    // blocking; give a reader that is on its way a moment to appear.
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(kReaderWaitMs);
    for (;;) {
        m_fd = ::open(name.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0666);
        if (m_fd >= 0 || errno != ENXIO || std::chrono::steady_clock::now() >= until)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    if (m_fd < 0)
        return fail(errno == ENXIO ? QCoreApplication::translate("Output", "it is a FIFO and nothing reads it")
                                   : systemError(errno));
    struct stat st {};
    if (::fstat(m_fd, &st) != 0)
        return fail(systemError(errno));
    if (S_ISDIR(st.st_mode))
        return fail(QCoreApplication::translate("Output", "it is a directory"));
    return QIODevice::open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

qint64 OutputFile::writeData(const char *data, qint64 size)
{
    if (m_failed || m_fd < 0)
        return -1;
    qint64 written = 0;
    while (written < size) {
        const ssize_t n = ::write(m_fd, data + written, size_t(size - written));
        if (n > 0) {
            written += n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            // A full pipe: wait for the reader, but not for ever.
            pollfd p{m_fd, POLLOUT, 0};
            int ready = 0;
            do
                ready = ::poll(&p, 1, kStallMs);
            while (ready < 0 && errno == EINTR);
            if (ready == 0) {
                fail(QCoreApplication::translate("Output", "nothing read it for %1 s").arg(kStallMs / 1000));
                return -1;
            }
            continue;
        }
        fail(n < 0 ? systemError(errno) : QCoreApplication::translate("Output", "nothing was written"));
        return -1;
    }
    return written;
}

bool OutputFile::commit()
{
    if (m_fd >= 0) {
        const int fd = std::exchange(m_fd, -1);
        if (::close(fd) != 0)
            fail(systemError(errno));
    }
    if (isOpen())
        QIODevice::close();
    return !m_failed && !m_path.isEmpty();
}

} // namespace lockstock
