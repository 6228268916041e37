#pragma once
// Which local process is at the other end of a loopback TCP connection: its
// socket in /proc/net/tcp, then the process holding that socket. Lanes are
// named after it ("python3:4242"), and connections of different processes
// are never taken for one client.

#include <QHash>
#include <QString>

namespace lockstock {

struct PeerProcess {
    qint64 pid = 0;
    QString name;   // /proc/PID/comm
};

// For each client port (key) connected to `serverPort` on this machine, the
// process that owns it. Ports it cannot resolve (another user's process, a
// process already gone) are missing from the result. One scan of /proc,
// the processes in `likely` first (the clients seen so far reconnect).
QHash<int, PeerProcess> peerProcesses(const QHash<int, int> &clientToServerPort, const QList<qint64> &likely = {});

} // namespace lockstock
