#include "PeerProcess.h"

#include <QDir>
#include <QFile>

#include <unistd.h>

namespace lockstock {

namespace {
// "0100007F:1F90" -> port 0x1F90
int portOf(const QByteArray &address)
{
    return address.mid(address.lastIndexOf(':') + 1).toInt(nullptr, 16);
}
} // namespace

QHash<int, PeerProcess> peerProcesses(const QHash<int, int> &clientToServerPort, const QList<qint64> &likely)
{
    QHash<int, PeerProcess> out;
    if (clientToServerPort.isEmpty())
        return out;
    // The client side of each connection: local = client port, remote = ours.
    QHash<QByteArray, int> portOfInode;
    for (const char *table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
        QFile f(QString::fromLatin1(table));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        f.readLine(); // header
        while (!f.atEnd()) {
            // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
            const QList<QByteArray> fields = f.readLine().simplified().split(' ');
            if (fields.size() < 10)
                continue;
            const int local = portOf(fields.at(1));
            const auto wanted = clientToServerPort.constFind(local);
            if (wanted != clientToServerPort.cend() && portOf(fields.at(2)) == *wanted && fields.at(9) != "0")
                portOfInode.insert("socket:[" + fields.at(9) + ']', local);
        }
    }
    if (portOfInode.isEmpty())
        return out;
    QList<qint64> pids = likely;
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (numeric && !likely.contains(pid))
            pids << pid;
    }
    const qint64 self = ::getpid();
    for (const qint64 pid : std::as_const(pids)) {
        if (pid == self)
            continue;
        const QDir fds(QStringLiteral("/proc/%1/fd").arg(pid));
        const QStringList links = fds.entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot);
        for (const QString &fd : links) {
            char target[64] = {};
            const ssize_t n = ::readlink(QFile::encodeName(fds.filePath(fd)).constData(), target, sizeof target - 1);
            if (n <= 0)
                continue;
            const auto port = portOfInode.constFind(QByteArray(target, int(n)));
            if (port == portOfInode.cend())
                continue;
            QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
            PeerProcess p{pid, {}};
            if (comm.open(QIODevice::ReadOnly))
                p.name = QString::fromUtf8(comm.readAll().trimmed());
            out.insert(*port, p);
        }
        if (out.size() == portOfInode.size())
            break;
    }
    return out;
}

} // namespace lockstock
