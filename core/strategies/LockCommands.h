#pragma once

#include "../engine/Client.h"
#include "../redis/RedisScript.h"

namespace lockstock {

// Deletes the lock only if it still holds our token.
extern const RedisScript compareAndDeleteScript;

// SET lock token NX PX lease: acquire and expiry in one atomic command.
Task<bool> trySetNxPx(Client &c);
// Release by compare-and-delete in Lua: never removes another client's lock.
Task<void> releaseWithLua(Client &c);
// Release by plain DEL: removes whatever lock is there, ours or not.
Task<void> releaseWithDel(Client &c);

} // namespace lockstock
