#include "RedisTarget.h"

#include "../redis/RedisConnection.h"
#include "../redis/RedisError.h"
#include "../redis/RedisKeys.h"

#include <QRandomGenerator>

namespace lockstock {

std::unique_ptr<RedisTarget> RedisTarget::startPrivate()
{
    std::unique_ptr<RedisTarget> t(new RedisTarget);
    t->m_server = std::make_unique<RedisServer>();
    t->m_server->start();
    t->m_endpoint = t->m_server->endpoint();
    return t;
}

std::unique_ptr<RedisTarget> RedisTarget::useExisting(const RedisEndpoint &endpoint)
{
    std::unique_ptr<RedisTarget> t(new RedisTarget);
    t->m_endpoint = endpoint;
    RedisConnection check(endpoint); // throws with a clear message
    t->m_prefix = "lockstock:"
        + QByteArray::number(QRandomGenerator::global()->generate64() & 0xffffffffffULL, 16) + ':';
    return t;
}

RedisTarget::~RedisTarget()
{
    try {
        removeKeys();
    } catch (const RedisError &) {
        // The server went away; nothing left to clean.
    }
}

void RedisTarget::removeKeys() const
{
    if (isPrivate() || m_prefix.isEmpty())
        return;
    RedisConnection c(m_endpoint);
    removeKeysUnder(c, m_prefix);
}

QString RedisTarget::display() const
{
    return m_endpoint.display() + (isPrivate() ? QStringLiteral(" (private)") : QStringLiteral(" (shared, keys under %1)").arg(QString::fromUtf8(m_prefix)));
}

} // namespace lockstock
