#include "InputFile.h"

#include <QCoreApplication>
#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace lockstock {

namespace {
QString kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return QCoreApplication::translate("Input", "a directory");
    if (S_ISFIFO(mode))
        return QCoreApplication::translate("Input", "a FIFO");
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return QCoreApplication::translate("Input", "a device");
    if (S_ISSOCK(mode))
        return QCoreApplication::translate("Input", "a socket");
    return QCoreApplication::translate("Input", "not a plain file");
}

QString sizeText(qint64 bytes)
{
    return bytes % (1 << 20) == 0 ? QStringLiteral("%1 MiB").arg(bytes >> 20) : QStringLiteral("%1 bytes").arg(bytes);
}
} // namespace

std::optional<QByteArray> readInputFile(const QString &path, qint64 maxBytes, QString *error)
{
    if (path.startsWith(QLatin1Char(':'))) { // built into the binary
        QFile resource(path);
        if (!resource.open(QIODevice::ReadOnly)) {
            *error = resource.errorString();
            return std::nullopt;
        }
        return resource.read(maxBytes);
    }
    // O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *error = QString::fromLocal8Bit(std::strerror(errno));
        return std::nullopt;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        *error = QCoreApplication::translate("Input", "it is %1, not a regular file").arg(kindOf(st.st_mode));
        ::close(fd);
        return std::nullopt;
    }
    // The size on disk may change under us: read until one byte past the
    // limit, which is enough to know it was passed.
    QByteArray bytes;
    bytes.reserve(qsizetype(std::min<qint64>(st.st_size, maxBytes) + 1));
    char chunk[64 * 1024];
    while (bytes.size() <= maxBytes) {
        const ssize_t n = ::read(fd, chunk, size_t(std::min<qint64>(sizeof chunk, maxBytes + 1 - bytes.size())));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            *error = QString::fromLocal8Bit(std::strerror(errno));
            ::close(fd);
            return std::nullopt;
        }
        if (n == 0)
            break;
        bytes.append(chunk, n);
    }
    ::close(fd);
    if (bytes.size() > maxBytes) {
        *error = QCoreApplication::translate("Input", "it is larger than %1").arg(sizeText(maxBytes));
        return std::nullopt;
    }
    return bytes;
}

} // namespace lockstock
