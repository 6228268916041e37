#pragma once
// The physical limit: plain synchronous hiredis clients doing exactly
// LockStock's work on the same server — a thread and a connection per
// client, the same commands on the same keys, the same failure path (a SET
// NX that finds the lock held is sent again at once, with a fresh token) —
// and nothing else: no engine, no coroutines, no recording.

#include "redis/RedisEndpoint.h"

#include <QByteArray>
#include <QList>

#include <memory>

namespace lockstock::bench {

enum class Work {
    LockCycle,     // SET lock token NX PX 10000 until granted, then EVALSHA compare-and-delete
    LuaDecrement,  // EVALSHA check-and-decrement on the stock
};

struct Keys {
    QByteArray lock;
    QByteArray stock;
    QByteArray releaseSha;
    QByteArray decrementSha;
};

struct LoopRun {
    double seconds = 0;         // first command to the last client's last reply
    qint64 operations = 0;      // cycles or decrements done
    qint64 failedAttempts = 0;  // SET NX answered nil (lock cycles)
    double perSecond() const { return seconds > 0 ? operations / seconds : 0; }
};

// `operations` in all, spread over `clients` as stress runs spread orders.
// Throws std::runtime_error when a connection or a command fails.
LoopRun hiredisLoop(const RedisEndpoint &endpoint, const Keys &keys, Work work, int clients, int operations);

// Commands sent one at a time by redisCommandArgv on one plain hiredis
// connection, each reply freed unread: the least a client can spend on them.
class HiredisCommands {
public:
    explicit HiredisCommands(const RedisEndpoint &endpoint);
    ~HiredisCommands();
    HiredisCommands(const HiredisCommands &) = delete;
    HiredisCommands &operator=(const HiredisCommands &) = delete;
    // Sends `commands` in order, `times` times over. Throws
    // std::runtime_error on a connection error (a command's error reply is
    // a reply like any other).
    void send(const QList<QList<QByteArray>> &commands, int times);

private:
    struct Connection;
    std::unique_ptr<Connection> m_connection;
};

} // namespace lockstock::bench
