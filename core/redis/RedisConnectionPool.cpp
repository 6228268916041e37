#include "RedisConnectionPool.h"

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
    std::vector<std::unique_ptr<RedisConnection>> &idle = m_idle[keyOf(endpoint, options.clientName)];
    if (idle.empty())
        return std::make_unique<RedisConnection>(endpoint, options);
    std::unique_ptr<RedisConnection> c = std::move(idle.back());
    idle.pop_back();
    c->setCommandTimeout(options.commandTimeoutMs);
    return c;
}

void RedisConnectionPool::give(std::unique_ptr<RedisConnection> connection)
{
    if (connection && connection->isPlain())
        m_idle[keyOf(connection->endpoint(), connection->clientName())].push_back(std::move(connection));
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
