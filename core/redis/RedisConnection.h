#pragma once
// A synchronous connection to one Redis server: RAII over redisContext,
// binary-safe argv commands, pipelines. Every call has one deadline for the
// whole exchange, kept by the socket's timeouts (a server trickling its reply
// a byte at a time cannot keep it waiting longer), and a bound on the size of
// a reply.
// Not thread-safe: one connection per thread (as in hiredis itself).

#include "PackedArgv.h"
#include "RedisEndpoint.h"
#include "RedisValue.h"

#include <QList>
#include <memory>
#include <string>

struct redisContext;

namespace lockstock {

class RedisConnection {
public:
    struct Options {
        int connectTimeoutMs = 2000;
        int commandTimeoutMs = 5000;   // for a whole command: send, then every byte of the reply
        QByteArray clientName; // CLIENT SETNAME, shows in CLIENT LIST and MONITOR
        // LockStock's replies are small (the largest, a SCAN page or INFO, a
        // few KiB): a larger one is a server gone wrong, not data to keep.
        qint64 maxReplyBytes = 16 << 20;
    };

    // Connects, AUTHs when the endpoint has a password and checks with PING
    // that the peer is Redis. Throws RedisConnectionError, RedisAuthError,
    // RedisProtocolError or (at its maxclients limit) RedisRefusedError with
    // a message that names the endpoint.
    RedisConnection(const RedisEndpoint &endpoint, const Options &options);
    explicit RedisConnection(const RedisEndpoint &endpoint);
    ~RedisConnection();
    RedisConnection(RedisConnection &&) noexcept;
    RedisConnection &operator=(RedisConnection &&) noexcept;

    // Sends one command and waits for its reply. An error reply is returned
    // as a RedisValue of type Error; only I/O failures, the deadline and an
    // oversized reply throw. After a throw the connection is unusable.
    // EVALSHA answered with NOSCRIPT is retried once after SCRIPT LOAD when the
    // script is registered (see RedisScript).
    RedisValue command(const Argv &argv);
    // Sends all commands in one write and reads all replies, within one deadline.
    QList<RedisValue> pipeline(const QList<Argv> &commands);

    // For a reply that may be long in coming (a WAIT the server blocks, a
    // stopped server): post() writes the command out now; replyArrived()
    // says whether its reply has started to arrive within `ms`; takeReply()
    // reads it, waiting up to the command timeout.
    void post(const Argv &argv);
    bool replyArrived(int ms);
    RedisValue takeReply();

    const RedisEndpoint &endpoint() const { return m_endpoint; }
    const QByteArray &clientName() const { return m_options.clientName; }
    // Whether it behaves as a new connection would: no MULTI queues a
    // command, no subscription refuses it, no SELECT or CLIENT REPLY changed
    // what it reads or returns, no reply waits unread, no WATCH waits for an
    // EXEC. Only such a connection serves another run (RedisConnectionPool).
    bool isPlain() const;
    // Whether commands pipelined right after `argv` run at once and answer
    // as on a new connection (a WATCH open does not stop them).
    bool staysPlainAfter(const Argv &argv) const;
    // The deadline of the calls from now on.
    void setCommandTimeout(int ms) { m_options.commandTimeoutMs = ms; }
    int commandTimeoutMs() const { return m_options.commandTimeoutMs; }

private:
    class Deadline;
    void append(const Argv &argv);
    void flush(const Deadline &deadline);
    RedisValue receive(const Deadline &deadline);
    RedisValue exchange(const Argv &argv, const Deadline &deadline);
    // Bounds the next blocking read or write by what is left of `deadline`.
    void keepWithin(const Deadline &deadline, const char *what);
    void setSocketTimeout(int ms);
    [[noreturn]] void timedOut(const char *what);
    [[noreturn]] void fail(const char *what);
    [[noreturn]] void broken(const std::string &message);

    RedisEndpoint m_endpoint;
    Options m_options;
    std::string m_broken;      // why the connection cannot be used any more
    std::string m_request;     // the command being appended, in RESP (kept for its capacity)
    // What the commands sent so far left open on the server's side (isPlain).
    struct Session {
        bool transaction = false;   // MULTI without EXEC or DISCARD yet
        bool watching = false;      // WATCH without EXEC, DISCARD or UNWATCH yet
        bool changed = false;       // a subscription, SELECT, CLIENT REPLY…: not reset here
        qint64 unread = 0;          // replies not read yet
        void sent(const Argv &argv);
        bool plain() const { return !transaction && !changed && unread == 0; }
    };
    Session m_session;
    int m_socketTimeoutMs = 0; // SO_RCVTIMEO and SO_SNDTIMEO as set now
    static constexpr int kTimeoutSlackMs = 10;
    struct ContextDeleter {
        void operator()(redisContext *c) const;
    };
    std::unique_ptr<redisContext, ContextDeleter> m_context;
};

// Renders argv as redis-cli would show it: SET lock:10086 "a1b2" NX PX 10000
QString displayArgv(const Argv &argv);
inline QString displayArgv(const PackedArgv &argv) { return displayArgv(argv.toList()); }

} // namespace lockstock
