#pragma once
// Sleeps that end early when the process is asked to stop. A run's sleeps
// (back-off, work, a client's start offset) can be long; Ctrl-C, SIGTERM or
// a stop button must not wait them out. wakeSleepers() is one futex wake,
// safe from a signal handler: every sleeper wakes and asks its own `stop`
// whether to go on sleeping.

#include <QtGlobal>

#include <functional>

namespace lockstock {

// Async-signal-safe.
void wakeSleepers() noexcept;

// Sleeps `ns` nanoseconds (monotonic) unless `stop` is or becomes true (checked
// on every wake). Returns false when it ended early because of `stop`.
bool sleepUnlessStopped(qint64 ns, const std::function<bool()> &stop);

} // namespace lockstock
