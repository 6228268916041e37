#pragma once
// A reference beside the limit: what redis-benchmark (the tool shipped with
// Redis) gets from the same server for one command. It is one event loop
// for all its clients, not a client like ours: shown, never a target.

#include "redis/RedisConnection.h"
#include "redis/RedisEndpoint.h"

namespace lockstock::bench {

// Requests per second for `command` sent `requests` times over `clients`
// connections, one at a time each (-P 1). Throws std::runtime_error when
// redis-benchmark is missing or prints something unexpected.
double redisBenchmarkRps(const RedisEndpoint &endpoint, const Argv &command, int clients, int requests);

} // namespace lockstock::bench
