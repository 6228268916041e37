#pragma once
// Runs a configured scenario to its end: the entry point of the CLI, the
// tests and the GUI's worker.

#include "History.h"
#include "RunConfig.h"
#include "Strategy.h"

#include "../redis/RedisEndpoint.h"

namespace lockstock {

class NodeSet;

enum class RunMode : quint8 { Stepped, Live };

// The clock a run will be on: virtual for a stepped run on servers LockStock
// starts (its own nodes, or a private server: RedisEndpoint::clock), real for
// live threads and for a server someone else runs.
ClockKind runClockFor(RunMode mode, const RunConfig &config, const RedisEndpoint &endpoint);

// Fills `history`; returns an error message, empty when the run completed.
// A failed run keeps what it recorded so far.
// A scenario with a topology or server faults (config.needsPrivateServers())
// cannot run here: it needs the overload below and gets an error.
QString runToEnd(const RunConfig &config, const Strategy &strategy, const RedisEndpoint &endpoint,
                 History &history, RunMode mode);
// Runs over private servers started for config.nodes and injects the
// server faults into them.
QString runToEnd(const RunConfig &config, const Strategy &strategy, NodeSet &nodes, History &history, RunMode mode);
// Starts the servers config.nodes asks for and runs; an error when they cannot start.
QString runWithOwnServers(const RunConfig &config, const Strategy &strategy, History &history, RunMode mode);

} // namespace lockstock
