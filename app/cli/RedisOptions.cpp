#include "RedisOptions.h"

#include "cli/Console.h"
#include "redis/RedisError.h"

namespace lockstock {

void addRedisOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("redis"),
                      QStringLiteral("Use the Redis at HOST:PORT (or unix:/path) instead of a private server. "
                                     "Only keys under a per-run prefix are touched."),
                      QStringLiteral("HOST:PORT")});
    parser.addOption({QStringLiteral("password"),
                      QStringLiteral("Password for --redis (default: $REDISCLI_AUTH)."), QStringLiteral("PASSWORD")});
    parser.addOption({QStringLiteral("user"), QStringLiteral("ACL user name for --redis."), QStringLiteral("USER")});
}

std::unique_ptr<RedisTarget> openRedisTarget(const QCommandLineParser &parser)
{
    try {
        if (!parser.isSet(QStringLiteral("redis")))
            return RedisTarget::startPrivate();
        RedisEndpoint endpoint;
        QString error;
        if (!RedisEndpoint::parse(parser.value(QStringLiteral("redis")), &endpoint, &error)) {
            printError(QStringLiteral("--redis %1").arg(error));
            return nullptr;
        }
        endpoint.password = parser.isSet(QStringLiteral("password")) ? parser.value(QStringLiteral("password")).toUtf8()
                                                                     : qgetenv("REDISCLI_AUTH");
        endpoint.username = parser.value(QStringLiteral("user")).toUtf8();
        return RedisTarget::useExisting(endpoint);
    } catch (const RedisError &err) {
        printError(QString::fromStdString(err.what()));
        return nullptr;
    }
}

} // namespace lockstock
