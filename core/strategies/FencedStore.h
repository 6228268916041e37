#pragma once
// Fencing tokens (Kleppmann): a number that grows with every acquisition,
// and a store that remembers the highest one it has seen and refuses an
// older one. A client that paused past its lease then cannot write.

#include "StockUpdate.h"

#include "../redis/RedisScript.h"

namespace lockstock {

extern const RedisScript fencedStockScript;
// Stock access through fencedStockScript with the client's fencing token.
extern const StockAccess fencedStock;

// INCR of the fencing counter, next to the stock: the client's token.
// False when the counter could not be read.
Task<bool> takeFencingToken(Client &c);

} // namespace lockstock
