#pragma once
// Where runs go: a private redis-server we start (the default, no config),
// or a server someone else runs (--redis). On a server we did not start,
// every key lives under a per-run prefix, only those keys are removed, and
// nothing is ever flushed.

#include "../redis/RedisEndpoint.h"
#include "../redis/RedisServer.h"

#include <memory>

namespace lockstock {

class RedisTarget {
public:
    // How long removing a shared server's keys may take in all.
    static constexpr int kCleanupMs = 5000;

    // Starts a private server. Throws RedisServerError.
    static std::unique_ptr<RedisTarget> startPrivate();
    // startPrivate() in two halves, for a caller with other work while the
    // server comes up: the process is started, finishStart() waits until it
    // answers (and throws what startPrivate() throws). endpoint() is valid after it.
    static std::unique_ptr<RedisTarget> beginPrivate();
    void finishStart();
    // Checks that the server answers (PING, AUTH). Throws RedisError.
    static std::unique_ptr<RedisTarget> useExisting(const RedisEndpoint &endpoint);
    // Removes the keys if removeKeys() was not called; says so on stderr when it cannot.
    ~RedisTarget();

    const RedisEndpoint &endpoint() const { return m_endpoint; }
    bool isPrivate() const { return m_server != nullptr; }
    RedisServer *server() const { return m_server.get(); }
    // Empty on a private server; "lockstock:<random>:" on a shared one.
    const QByteArray &keyPrefix() const { return m_prefix; }
    // Removes this target's keys from a shared server (SCAN + UNLINK), all
    // within `budgetMs`; a no-op on a private one and after the first call.
    // Returns what went wrong, naming the prefix left and how to remove it;
    // empty when the keys are gone.
    QString removeKeys(int budgetMs = kCleanupMs);
    QString display() const;

private:
    RedisTarget() = default;
    RedisEndpoint m_endpoint;
    std::unique_ptr<RedisServer> m_server;
    QByteArray m_prefix;
    bool m_cleaned = false;
};

} // namespace lockstock
