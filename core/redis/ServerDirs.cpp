#include "ServerDirs.h"

#include <QDir>
#include <QFile>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace lockstock {

namespace {
const QString kOwnerFile = QStringLiteral("owner");

QByteArray ownerPath(const QString &dir)
{
    return QFile::encodeName(QDir(dir).filePath(kOwnerFile));
}
} // namespace

ServerDirOwner::~ServerDirOwner()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

bool ServerDirOwner::own(const QString &dir)
{
    if (m_fd >= 0)
        return true;
    // Locked under another name, then renamed: a sweeper that finds "owner"
    // finds it locked. Created and locked in place, a sweep between the two
    // took a live server's dir (its redis.conf then "No such file").
    // O_CLOEXEC: the redis-server we start must not hold the lock after us.
    const QByteArray fresh = ownerPath(dir) + ".new";
    const int fd = ::open(fresh.constData(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return false;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0 || ::rename(fresh.constData(), ownerPath(dir).constData()) != 0) {
        ::close(fd);
        ::unlink(fresh.constData());
        return false;
    }
    m_fd = fd;
    return true;
}

int sweepDeadServerDirs(const QString &parent, const QString &prefix)
{
    int removed = 0;
    const QFileInfoList dirs = QDir(parent).entryInfoList({prefix + QLatin1Char('*')},
                                                          QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden);
    for (const QFileInfo &dir : dirs) {
        if (dir.isSymLink() || dir.ownerId() != ::getuid())
            continue;
        const int fd = ::open(ownerPath(dir.filePath()).constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
        if (fd < 0)
            continue; // not one of ours, or made before owner files
        // Locked: its owner lives (or a sweeper of another process is at it).
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0)
            removed += QDir(dir.filePath()).removeRecursively() ? 1 : 0;
        ::close(fd);
    }
    return removed;
}

} // namespace lockstock
