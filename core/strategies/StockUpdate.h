#pragma once

#include "../engine/Client.h"

namespace lockstock {

// GET stock, check it covers the order, do the work, SET stock - quantity.
// Without a lock this read-modify-write is the lost update; under a lock it
// is correct only while the lock really is exclusive.
Task<bool> readCheckWrite(Client &c);

// Retries an acquire attempt, sleeping between tries, until it succeeds or
// the acquire timeout passes (the spin-with-sleep loop of the source material).
Task<bool> acquireWithRetry(Client &c, Task<bool> (*tryAcquire)(Client &));

} // namespace lockstock
