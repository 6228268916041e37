#include "RedisTarget.h"

#include "RedisChecks.h"

#include "../redis/RedisConnection.h"
#include "../redis/RedisError.h"

#include <QElapsedTimer>
#include <QRandomGenerator>

namespace lockstock {

namespace {
// redis-cli's options for `endpoint`, for a command the user can paste.
QString redisCliTarget(const RedisEndpoint &endpoint)
{
    if (!endpoint.unixSocket.isEmpty())
        return QStringLiteral("-s %1").arg(endpoint.unixSocket);
    return QStringLiteral("-h %1 -p %2").arg(endpoint.host).arg(endpoint.port);
}
} // namespace

std::unique_ptr<RedisTarget> RedisTarget::startPrivate()
{
    std::unique_ptr<RedisTarget> t = beginPrivate();
    t->finishStart();
    return t;
}

std::unique_ptr<RedisTarget> RedisTarget::beginPrivate()
{
    std::unique_ptr<RedisTarget> t(new RedisTarget);
    t->m_server = std::make_unique<RedisServer>();
    t->m_server->beginStart();
    return t;
}

void RedisTarget::finishStart()
{
    if (!m_server)
        return;
    m_server->finishStart();
    m_endpoint = m_server->endpoint(); // a taken port is retried on another
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
    if (const QString left = removeKeys(); !left.isEmpty())
        qWarning("lockstock: %s", qPrintable(left));
}

QString RedisTarget::removeKeys(int budgetMs)
{
    if (isPrivate() || m_prefix.isEmpty() || m_cleaned)
        return {};
    m_cleaned = true;
    QElapsedTimer clock;
    clock.start();
    auto leftMs = [&] { return int(budgetMs - clock.elapsed()); };
    try {
        RedisConnection c(m_endpoint, {.connectTimeoutMs = std::min(2000, budgetMs), .commandTimeoutMs = budgetMs});
        QByteArray cursor = "0";
        // A server whose SCAN never comes back to cursor 0 must not keep us.
        const auto outOfTime = [&] {
            return RedisTimeoutError("SCAN did not come back to cursor 0 within " + std::to_string(budgetMs) + " ms");
        };
        do {
            if (leftMs() <= 0)
                throw outOfTime();
            c.setCommandTimeout(leftMs());
            RedisValue page;
            try {
                page = expectReply(c, {"SCAN", cursor, "MATCH", m_prefix + '*', "COUNT", "500"}, RedisValue::Type::Array);
            } catch (const RedisTimeoutError &) {
                if (leftMs() <= 0)
                    throw outOfTime(); // the budget ran out during the page, not the server
                throw;
            }
            if (page.items().size() != 2 || !page.items().at(1).isArray())
                throw RedisProtocolError("SCAN answered " + page.display().toStdString());
            cursor = page.items().at(0).bytes();
            Argv unlink{"UNLINK"};
            for (const RedisValue &key : page.items().at(1).items())
                if (key.bytes().startsWith(m_prefix)) // never trust a page with someone else's key
                    unlink << key.bytes();
            if (unlink.size() > 1)
                expectReply(c, unlink, RedisValue::Type::Integer);
        } while (cursor != "0");
    } catch (const RedisError &err) {
        const QString prefix = QString::fromUtf8(m_prefix);
        return QStringLiteral("could not remove the keys under %1 from Redis at %2 (%3); remove them with: "
                              "redis-cli %4 --scan --pattern '%1*' | xargs redis-cli %4 unlink")
            .arg(prefix, m_endpoint.display(), QString::fromUtf8(err.what()), redisCliTarget(m_endpoint));
    }
    return {};
}

QString RedisTarget::display() const
{
    return m_endpoint.display() + (isPrivate() ? QStringLiteral(" (private)") : QStringLiteral(" (shared, keys under %1)").arg(QString::fromUtf8(m_prefix)));
}

} // namespace lockstock
