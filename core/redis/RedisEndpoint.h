#pragma once

#include <QByteArray>
#include <QString>

#include <memory>

namespace lockstock {

class ServerClock;

// Where a Redis server listens, and how to log in.
struct RedisEndpoint {
    QString host = QStringLiteral("127.0.0.1");
    int port = 6379;
    QString unixSocket;     // used instead of host:port when set
    QByteArray password;    // empty: no AUTH
    QByteArray username;    // ACL user; empty: the default user
    // The wall clock of a server LockStock started (RedisServer::endpoint()),
    // which a run may freeze and move; null for a server someone else runs.
    std::shared_ptr<ServerClock> clock;

    // "HOST:PORT", "HOST" (port 6379), "[::1]:6380" or "unix:/path/redis.sock".
    // Returns false and sets *error for anything else.
    static bool parse(const QString &text, RedisEndpoint *out, QString *error);

    QString display() const;
};

} // namespace lockstock
