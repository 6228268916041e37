#include "OutputFile.h"

#include <QCoreApplication>
#include <QFile>
#include <QRandomGenerator>

#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
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
    discard();
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

namespace {
// "<dir>/.<name>.lockstock-<random>": beside `target`, hidden, never one that exists (O_EXCL).
QByteArray temporaryName(const QByteArray &target)
{
    const qsizetype slash = target.lastIndexOf('/');
    return target.left(slash + 1) + '.' + target.mid(slash + 1) + ".lockstock-"
        + QByteArray::number(QRandomGenerator::global()->generate(), 36);
}
} // namespace

int OutputFile::openReplacement(const QByteArray &target, mode_t mode)
{
    const qsizetype slash = target.lastIndexOf('/');
    const QByteArray dir = slash < 0 ? QByteArray(".") : slash == 0 ? QByteArray("/") : target.left(slash);
    // Unnamed: a process killed before commit() leaves nothing behind.
    int fd = ::open(dir.constData(), O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
    // Older kernels say EISDIR, file systems without it EOPNOTSUPP.
    if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
        return fd;
    for (int attempt = 0; attempt < 100; ++attempt) {
        m_temporary = temporaryName(target);
        fd = ::open(m_temporary.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
        if (fd >= 0 || errno != EEXIST)
            break;
    }
    if (fd < 0)
        m_temporary.clear();
    return fd;
}

bool OutputFile::open(const QString &path)
{
    m_path = path;
    const QByteArray name = QFile::encodeName(path);
    struct stat st {};
    const bool exists = ::stat(name.constData(), &st) == 0;
    if (!exists && errno != ENOENT)
        return fail(systemError(errno));
    if (exists && S_ISDIR(st.st_mode))
        return fail(QCoreApplication::translate("Output", "it is a directory"));
    if (!exists || S_ISREG(st.st_mode)) {
        // A link keeps pointing where it did: its file is the one replaced.
        char resolved[PATH_MAX];
        m_target = exists && ::realpath(name.constData(), resolved) ? QByteArray(resolved) : name;
        m_fd = openReplacement(m_target, exists ? st.st_mode & 07777 : 0666);
        // An existing file keeps its permissions, whatever the umask says.
        if (m_fd >= 0 && exists && ::fchmod(m_fd, st.st_mode & 07777) != 0)
            return fail(systemError(errno));
        if (m_fd >= 0)
            return QIODevice::open(QIODevice::WriteOnly | QIODevice::Unbuffered);
        // A file we may write but not replace (its directory is not ours): in place.
        if (!exists || (errno != EACCES && errno != EPERM && errno != EROFS))
            return fail(systemError(errno));
        m_target.clear();
    }
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

bool OutputFile::rename()
{
    // Unnamed (O_TMPFILE): a name first, through /proc (linkat's AT_EMPTY_PATH needs a capability).
    if (m_temporary.isEmpty()) {
        const QByteArray self = "/proc/self/fd/" + QByteArray::number(m_fd);
        for (int attempt = 0; attempt < 100; ++attempt) {
            m_temporary = temporaryName(m_target);
            if (::linkat(AT_FDCWD, self.constData(), AT_FDCWD, m_temporary.constData(), AT_SYMLINK_FOLLOW) == 0)
                break;
            const int error = errno;
            m_temporary.clear();
            if (error != EEXIST)
                return fail(systemError(error));
        }
    }
    const int fd = std::exchange(m_fd, -1);
    if (::close(fd) != 0)
        return fail(systemError(errno));
    if (::rename(m_temporary.constData(), m_target.constData()) != 0)
        return fail(systemError(errno));
    m_temporary.clear();
    return true;
}

void OutputFile::discard()
{
    if (m_fd >= 0)
        ::close(std::exchange(m_fd, -1));
    if (!m_temporary.isEmpty())
        ::unlink(std::exchange(m_temporary, {}).constData());
}

bool OutputFile::commit()
{
    if (m_fd >= 0 && !m_target.isEmpty() && !m_failed)
        rename();
    if (m_fd >= 0) {
        const int fd = std::exchange(m_fd, -1);
        if (::close(fd) != 0)
            fail(systemError(errno));
    }
    discard();
    if (isOpen())
        QIODevice::close();
    return !m_failed && !m_path.isEmpty();
}

} // namespace lockstock
