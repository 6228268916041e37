#pragma once

namespace lockstock {

// lockstock --version: LockStock's version, and what it runs on as found
// here (Qt, hiredis, redis-server, the clock library): the first thing to
// ask of a machine where something does not work.
int versionCommand();

} // namespace lockstock
