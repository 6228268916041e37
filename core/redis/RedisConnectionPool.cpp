#include "RedisConnectionPool.h"

#include <algorithm>

namespace lockstock {

RedisConnectionPool::RedisConnectionPool() = default;
RedisConnectionPool::~RedisConnectionPool() = default;

QByteArray RedisConnectionPool::keyOf(const RedisEndpoint &endpoint, const QByteArray &what)
{
    return endpoint.display().toUtf8() + '\n' + endpoint.username + '\n' + what;
}

std::unique_ptr<RedisConnection> RedisConnectionPool::take(const RedisEndpoint &endpoint,
                                                           const RedisConnection::Options &options)
{
    const auto kept = std::find_if(m_idle.begin(), m_idle.end(), [&](const std::unique_ptr<RedisConnection> &c) {
        const RedisEndpoint &e = c->endpoint();
        return c->clientName() == options.clientName && e.port == endpoint.port && e.host == endpoint.host
            && e.unixSocket == endpoint.unixSocket && e.username == endpoint.username && e.password == endpoint.password;
    });
    if (kept == m_idle.end())
        return std::make_unique<RedisConnection>(endpoint, options);
    std::unique_ptr<RedisConnection> c = std::move(*kept);
    m_idle.erase(kept);
    c->setCommandTimeout(options.commandTimeoutMs);
    return c;
}

void RedisConnectionPool::give(std::unique_ptr<RedisConnection> connection)
{
    if (connection && connection->isPlain())
        m_idle.push_back(std::move(connection));
}

bool RedisConnectionPool::isDone(const RedisEndpoint &endpoint, const QByteArray &what) const
{
    return m_done.contains(keyOf(endpoint, what));
}

void RedisConnectionPool::markDone(const RedisEndpoint &endpoint, const QByteArray &what)
{
    m_done.insert(keyOf(endpoint, what));
}

} // namespace lockstock
