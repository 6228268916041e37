#pragma once
// Keys by prefix on a server LockStock shares with others.

#include "RedisConnection.h"

namespace lockstock {

// Removes every key under `prefix` (SCAN + UNLINK) and returns how many went.
// An empty prefix removes nothing: a whole server is never swept.
qint64 removeKeysUnder(RedisConnection &connection, const QByteArray &prefix);

} // namespace lockstock
