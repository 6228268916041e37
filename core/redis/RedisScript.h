#pragma once
// A Lua script known by its SHA1. Every script is registered process-wide so
// that a connection can reload it when a restarted or promoted server answers
// NOSCRIPT, the way redis-plus-plus and Redisson do.

#include <QByteArray>

namespace lockstock {

class RedisScript {
public:
    explicit RedisScript(QByteArray source);
    const QByteArray &source() const { return m_source; }
    const QByteArray &sha() const { return m_sha; }

    // The source registered for a SHA1, or an empty array.
    static QByteArray sourceFor(const QByteArray &sha);

private:
    QByteArray m_source;
    QByteArray m_sha;
};

} // namespace lockstock
