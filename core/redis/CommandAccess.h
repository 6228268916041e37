#pragma once
// What a Redis command touches when it runs, from the command alone:
// conservative where the command does not say.
//   - a key is read or written as its command says; a script (EVAL, EVALSHA)
//     writes every key of its KEYS and reads no other;
//   - a command LockStock does not know touches every key of its server;
//   - the clock: an expiry set or read (SET EX/PX, EXPIRE, PTTL...), a script
//     whose source sets or reads one (or that is not known), WAIT, EXEC.
// The explorer reads which steps commute from it; a stepped run, which
// commands leave the keys it watches as they were.

#include "redis/PackedArgv.h"

#include <QByteArray>
#include <QList>

namespace lockstock {

// What a command touches when it runs: its keys, and whether its effect
// depends on the time it runs at.
struct CommandAccess {
    QList<QByteArray> reads;
    QList<QByteArray> writes;
    bool everyKey = false;   // unknown command, SCRIPT FLUSH...: all keys of its server
    bool clock = false;
    bool runsQueued = false; // EXEC: what the transaction queued

    // Running it leaves every key as it was: a read, PING, WATCH, MULTI.
    bool changesNoKey() const { return writes.isEmpty() && !everyKey && !runsQueued; }
};
CommandAccess commandAccess(const Argv &argv);
CommandAccess commandAccess(const PackedArgv &argv);

} // namespace lockstock
