#pragma once
// The ceiling: what redis-benchmark (the tool shipped with Redis) gets from
// the same server for one command, so LockStock's figures have a reference.

#include "redis/RedisConnection.h"
#include "redis/RedisEndpoint.h"

namespace lockstock::bench {

// Requests per second for `command` sent `requests` times over `clients`
// connections, one at a time each (-P 1). Throws std::runtime_error when
// redis-benchmark is missing or prints something unexpected.
double redisBenchmarkRps(const RedisEndpoint &endpoint, const Argv &command, int clients, int requests);

} // namespace lockstock::bench
