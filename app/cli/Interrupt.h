#pragma once
// Ctrl-C and SIGTERM during a run: the first one asks the run to stop, so it
// can remove its keys from a shared server and still write --json; a second
// one kills the process the usual way.

#include <atomic>

namespace lockstock {

// Installs the SIGINT and SIGTERM handlers; the flag rises on the first signal.
const std::atomic<bool> &catchInterrupts();

} // namespace lockstock
