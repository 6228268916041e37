#pragma once

#include "../engine/Client.h"

namespace lockstock {

// How the stock is read and written: plain GET/SET, or through the fenced
// store, which refuses a client whose fencing token is older than one it saw.
struct StockAccess {
    Argv (*read)(Client &c);
    Argv (*write)(Client &c, long long newStock);
};
extern const StockAccess plainStock;

// GET stock, check it covers the order, do the work, SET stock - quantity.
// Without a lock this read-modify-write is the lost update; under a lock it
// is correct only while the lock really is exclusive. False when sold out,
// or when the store refused the read or the write.
Task<bool> readCheckWrite(Client &c, const StockAccess &access = plainStock);

// Retries an acquire attempt, sleeping between tries, until it succeeds or
// the acquire timeout passes (the spin-with-sleep loop of the source material).
// `jitterMs` adds a random 0..jitterMs to each sleep, so clients that failed
// together do not retry in lockstep (the Redlock advice).
Task<bool> acquireWithRetry(Client &c, Task<bool> (*tryAcquire)(Client &), qint64 jitterMs = 0);

} // namespace lockstock
