#pragma once
// The temp dirs a run makes: its private redis-servers' (lockstock-redis-*)
// and their clock page's (lockstock-clock-*). Each is named after the pid
// of the process that makes it, which holds a lock on its owner file
// (flock) for as long as the dir is in use. A process that is killed or
// crashes never removes its dirs (its servers die with it,
// PR_SET_PDEATHSIG), but the kernel drops its lock. The next LockStock to
// start sweeps the dirs whose lock nobody holds, and those not claimed yet
// whose maker is gone.

#include <QString>

namespace lockstock {

inline const QString kRedisDirPrefix = QStringLiteral("lockstock-redis-");
inline const QString kClockDirPrefix = QStringLiteral("lockstock-clock-");

// The template (for QTemporaryDir) of a new dir of `prefix` in the temp dir:
// "<temp>/<prefix><pid>-XXXXXX".
QString runDirTemplate(const QString &prefix);

// The owner lock of one dir, held while this object lives.
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
// that are dead: their owner file is there and nobody holds its lock, or
// there is none yet and the pid in their name is no process's. A dir of a
// live process is never removed; one without an owner file or a pid in its
// name (not ours) is left alone. Returns how many it removed.
int sweepDeadServerDirs(const QString &parent, const QString &prefix);

// Both kinds in the temp dir, once per process (later calls do nothing):
// what every LockStock does as it starts.
void sweepDeadRunDirs();

} // namespace lockstock
