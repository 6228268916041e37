#pragma once
// Ctrl-C and SIGTERM: the first one asks the run to stop (waking it from any
// sleep), so it can remove its keys from a shared server and still write its
// output; a second one kills the process the usual way.

#include <atomic>

namespace lockstock {

// Installs the SIGINT and SIGTERM handlers; the flag rises on the first signal.
const std::atomic<bool> &catchInterrupts();
// The same for the window: the first signal also quits the application's
// event loop, so the window closes as if the user had closed it (its runs
// stop and their keys are removed). Call with the application running.
void quitOnInterrupt();

} // namespace lockstock
