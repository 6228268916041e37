#pragma once
// Connections kept open from one run to the next on the same servers, by
// server and client name. Opening one costs a TCP handshake, a PING and a
// CLIENT SETNAME: more round trips than the commands of a short run, and the
// explorer runs thousands of them. Only a connection as plain as a new one
// (RedisConnection::isPlain) is kept. Also remembers what a run checks of a
// server once (the preflight, the scripts it loaded).
// Not thread-safe: one pool per thread.

#include "RedisConnection.h"

#include <QByteArray>
#include <QSet>

#include <memory>
#include <vector>

namespace lockstock {

class RedisConnectionPool {
public:
    RedisConnectionPool();
    ~RedisConnectionPool();
    RedisConnectionPool(const RedisConnectionPool &) = delete;
    RedisConnectionPool &operator=(const RedisConnectionPool &) = delete;

    // A kept connection to `endpoint` named `options.clientName`, with
    // `options`' command timeout; else a new one. Throws as RedisConnection does.
    std::unique_ptr<RedisConnection> take(const RedisEndpoint &endpoint, const RedisConnection::Options &options);
    // Keeps `connection` for the next take() when it is plain; else closes it.
    void give(std::unique_ptr<RedisConnection> connection);

    // Whether `what` (a check, a script's SHA) was done on `endpoint` since markDone().
    bool isDone(const RedisEndpoint &endpoint, const QByteArray &what) const;
    void markDone(const RedisEndpoint &endpoint, const QByteArray &what);

private:
    // A run holds a few connections on a few servers: lists are searched
    // faster than a key is made.
    std::vector<std::unique_ptr<RedisConnection>> m_idle;
    struct Done {
        RedisEndpoint endpoint;
        QSet<QByteArray> what;
    };
    std::vector<Done> m_done;
};

} // namespace lockstock
