#pragma once
// A synchronous connection to one Redis server: RAII over redisContext,
// binary-safe argv commands, pipelines, a timeout on every call.
// Not thread-safe: one connection per thread (as in hiredis itself).

#include "RedisEndpoint.h"
#include "RedisValue.h"

#include <QList>
#include <memory>

struct redisContext;

namespace lockstock {

using Argv = QList<QByteArray>;

class RedisConnection {
public:
    struct Options {
        int connectTimeoutMs = 2000;
        int commandTimeoutMs = 5000;
        QByteArray clientName; // CLIENT SETNAME, shows in CLIENT LIST and MONITOR
    };

    // Connects, AUTHs when the endpoint has a password and checks with PING
    // that the peer is Redis. Throws RedisConnectionError, RedisAuthError or
    // RedisProtocolError with a message that names the endpoint.
    RedisConnection(const RedisEndpoint &endpoint, const Options &options);
    explicit RedisConnection(const RedisEndpoint &endpoint);
    ~RedisConnection();
    RedisConnection(RedisConnection &&) noexcept;
    RedisConnection &operator=(RedisConnection &&) noexcept;

    // Sends one command and waits for its reply. An error reply is returned
    // as a RedisValue of type Error; only I/O failures throw.
    // EVALSHA answered with NOSCRIPT is retried once after SCRIPT LOAD when the
    // script is registered (see RedisScript).
    RedisValue command(const Argv &argv);
    // Sends all commands in one write and reads all replies.
    QList<RedisValue> pipeline(const QList<Argv> &commands);

    // For a reply that may be long in coming (a WAIT the server blocks, a
    // stopped server): post() writes the command out now; replyArrived()
    // says whether its reply has started to arrive within `ms`; takeReply()
    // reads it, waiting up to the command timeout.
    void post(const Argv &argv);
    bool replyArrived(int ms);
    RedisValue takeReply() { return receive(); }

    const RedisEndpoint &endpoint() const { return m_endpoint; }

private:
    void send(const Argv &argv);
    RedisValue receive();
    [[noreturn]] void fail(const char *what);

    RedisEndpoint m_endpoint;
    struct ContextDeleter {
        void operator()(redisContext *c) const;
    };
    std::unique_ptr<redisContext, ContextDeleter> m_context;
};

// Renders argv as redis-cli would show it: SET lock:10086 "a1b2" NX PX 10000
QString displayArgv(const Argv &argv);

} // namespace lockstock
