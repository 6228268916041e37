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

// Takes a fencing token (INCR of a counter next to the stock), then
// readCheckWrite through the fenced store: a holder whose token is older
// than one the store has seen is refused, whatever the lock believes.
Task<bool> fencedReadCheckWrite(Client &c);

} // namespace lockstock
