#pragma once
// The temp dirs of private redis-servers. The process that makes one holds
// a lock on its owner file (flock) for as long as the server lives; a
// process that is killed or crashes never removes its dir (its server dies
// with it, PR_SET_PDEATHSIG), but the kernel drops its lock. The next
// private server sweeps the dirs whose lock nobody holds.

#include <QString>

namespace lockstock {

// The owner lock of one server dir, held while this object lives.
class ServerDirOwner {
public:
    ServerDirOwner() = default;
    ~ServerDirOwner();
    ServerDirOwner(const ServerDirOwner &) = delete;
    ServerDirOwner &operator=(const ServerDirOwner &) = delete;

    // Creates and locks the owner file of `dir`; true when held (already or now).
    bool own(const QString &dir);

private:
    int m_fd = -1;
};

// Removes the dirs matching `prefix`* in `parent` that this user owns and
// whose owner lock nobody holds. Dirs without an owner file are left alone.
// Returns how many it removed.
int sweepDeadServerDirs(const QString &parent, const QString &prefix);

} // namespace lockstock
