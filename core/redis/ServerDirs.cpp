#include "ServerDirs.h"

#include <QDir>
#include <QFile>

#include <cerrno>
#include <csignal>
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

// Whether the process `pid` lives (EPERM: it does, another user's).
bool alive(pid_t pid)
{
    return ::kill(pid, 0) == 0 || errno == EPERM;
}

// A dir not claimed yet (no owner file): dead when the pid its name starts
// with is no process's; without one (not ours) it is kept.
bool makerIsGone(const QString &name, const QString &prefix)
{
    const QString rest = name.mid(prefix.size());
    const qsizetype dash = rest.indexOf(QLatin1Char('-'));
    bool number = false;
    const qint64 pid = rest.left(dash).toLongLong(&number);
    return dash > 0 && number && pid > 0 && !alive(pid_t(pid));
}
} // namespace

QString runDirTemplate(const QString &prefix)
{
    return QDir::tempPath() + QLatin1Char('/') + prefix + QString::number(::getpid()) + QStringLiteral("-XXXXXX");
}

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
        // Locked: its owner lives (or a sweeper of another process is at it).
        const bool dead = fd >= 0 ? ::flock(fd, LOCK_EX | LOCK_NB) == 0 : makerIsGone(dir.fileName(), prefix);
        if (dead)
            removed += QDir(dir.filePath()).removeRecursively() ? 1 : 0;
        if (fd >= 0)
            ::close(fd);
    }
    return removed;
}

void sweepDeadRunDirs()
{
    static const bool swept = [] {
        for (const QString &prefix : {kRedisDirPrefix, kClockDirPrefix})
            sweepDeadServerDirs(QDir::tempPath(), prefix);
        return true;
    }();
    Q_UNUSED(swept);
}

} // namespace lockstock
