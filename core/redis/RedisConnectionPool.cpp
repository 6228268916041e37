#include "RedisConnectionPool.h"

#include <algorithm>

namespace lockstock {

RedisConnectionPool::RedisConnectionPool() = default;
RedisConnectionPool::~RedisConnectionPool() = default;

namespace {
bool sameServer(const RedisEndpoint &a, const RedisEndpoint &b)
{
    return a.port == b.port && a.host == b.host && a.unixSocket == b.unixSocket && a.username == b.username
        && a.password == b.password;
}
} // namespace

std::unique_ptr<RedisConnection> RedisConnectionPool::take(const RedisEndpoint &endpoint,
                                                           const RedisConnection::Options &options)
{
    const auto kept = std::find_if(m_idle.begin(), m_idle.end(), [&](const std::unique_ptr<RedisConnection> &c) {
        return c->clientName() == options.clientName && sameServer(c->endpoint(), endpoint);
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
    const auto on = std::find_if(m_done.begin(), m_done.end(), [&](const Done &d) { return sameServer(d.endpoint, endpoint); });
    return on != m_done.end() && on->what.contains(what);
}

void RedisConnectionPool::markDone(const RedisEndpoint &endpoint, const QByteArray &what)
{
    auto on = std::find_if(m_done.begin(), m_done.end(), [&](const Done &d) { return sameServer(d.endpoint, endpoint); });
    if (on == m_done.end())
        on = m_done.insert(m_done.end(), Done{endpoint, {}});
    on->what.insert(what);
}

} // namespace lockstock
