#include "ServerDirs.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

#include <cerrno>
#include <csignal>
#include <unistd.h>

namespace lockstock {

namespace {
const QString kOwnerFile = QStringLiteral("owner");

// When process `pid` started, in clock ticks since boot (/proc/PID/stat,
// field 22): with the pid it names one process, even after the pid is reused.
QByteArray startTime(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return {};
    const QByteArray line = stat.readAll();
    // The command name (field 2) is in parentheses and may hold spaces.
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    return fields.size() > 19 ? fields.at(19) : QByteArray();
}

bool ownerIsGone(const QString &dir)
{
    QFile owner(QDir(dir).filePath(kOwnerFile));
    if (!owner.open(QIODevice::ReadOnly))
        return false;
    const QList<QByteArray> fields = owner.read(64).trimmed().split(' ');
    bool ok = false;
    const qint64 pid = fields.value(0).toLongLong(&ok);
    if (!ok || pid <= 0 || fields.size() != 2)
        return false;
    if (::kill(pid_t(pid), 0) != 0 && errno == ESRCH)
        return true;
    const QByteArray started = startTime(pid);
    return !started.isEmpty() && started != fields.at(1);
}
} // namespace

bool markServerDir(const QString &dir)
{
    QSaveFile owner(QDir(dir).filePath(kOwnerFile));
    return owner.open(QIODevice::WriteOnly)
        && owner.write(QByteArray::number(qint64(::getpid())) + ' ' + startTime(::getpid())) > 0 && owner.commit();
}

int sweepDeadServerDirs(const QString &parent, const QString &prefix)
{
    int removed = 0;
    const QFileInfoList dirs = QDir(parent).entryInfoList({prefix + QLatin1Char('*')},
                                                          QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden);
    for (const QFileInfo &dir : dirs) {
        if (dir.isSymLink() || dir.ownerId() != ::getuid() || !ownerIsGone(dir.filePath()))
            continue;
        removed += QDir(dir.filePath()).removeRecursively() ? 1 : 0;
    }
    return removed;
}

} // namespace lockstock
