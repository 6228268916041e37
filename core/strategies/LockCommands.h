#pragma once

#include "../engine/Client.h"
#include "../redis/RedisScript.h"

namespace lockstock {

// Deletes the lock only if it still holds our token.
extern const RedisScript compareAndDeleteScript;

// Redisson's renewal: PEXPIRE only while the lock still holds our token.
extern const RedisScript renewIfOwnerScript;

// SET lock token NX PX lease: acquire and expiry in one atomic command.
Task<bool> trySetNxPx(Client &c);
// Release by compare-and-delete in Lua: never removes another client's lock.
Task<void> releaseWithLua(Client &c);
// The source material's release_lock(): WATCH, GET, and if the value is our
// token (as Python compares it: see WatchRelease.cpp) MULTI, DEL, EXEC.
Task<void> releaseWatched(Client &c, bool decodeResponses);
// Extends the lease of `token`'s lock by the scenario's lease: 1 when it
// did, 0 when the lock is gone or someone else's.
Task<RedisValue> renewIfOwner(Client &c, const QByteArray &token);
// Release by plain DEL: removes whatever lock is there, ours or not.
Task<void> releaseWithDel(Client &c);

// Redlock: SET NX PX on every lock node; held when a majority granted it and
// time is left: validity = lease - elapsed - drift (1% of the lease + 2 ms).
// Otherwise it releases every node at once and returns false.
Task<bool> tryRedlock(Client &c);
// Compare-and-delete on every node.
Task<void> releaseRedlock(Client &c);

} // namespace lockstock
