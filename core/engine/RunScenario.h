#pragma once
// Runs a configured scenario to its end: the entry point of the CLI, the
// tests and the GUI's worker.

#include "History.h"
#include "RunConfig.h"
#include "Strategy.h"

#include "../redis/RedisEndpoint.h"

namespace lockstock {

enum class RunMode : quint8 { Stepped, Live };

// Fills `history`; returns an error message, empty when the run completed.
// A failed run keeps what it recorded so far.
QString runToEnd(const RunConfig &config, const Strategy &strategy, const RedisEndpoint &endpoint,
                 History &history, RunMode mode);

} // namespace lockstock
