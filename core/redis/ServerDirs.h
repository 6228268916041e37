#pragma once
// The temp dirs of private redis-servers. Each holds an owner file naming the
// process that made it; a process that is killed or crashes never removes
// its dir (its server dies with it, PR_SET_PDEATHSIG), so the next private
// server sweeps the dirs whose owner is gone.

#include <QString>

namespace lockstock {

// Writes the owner file of `dir`: this process. False when it cannot.
bool markServerDir(const QString &dir);

// Removes the dirs matching `prefix`* in `parent` that this user owns and
// whose owner process is gone. Dirs without an owner file are left alone.
// Returns how many it removed.
int sweepDeadServerDirs(const QString &parent, const QString &prefix);

} // namespace lockstock
