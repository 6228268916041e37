#include "VersionCommand.h"

#include "cli/Console.h"
#include "redis/RedisServer.h"

#include <QProcess>
#include <QRegularExpression>

#include <hiredis/hiredis.h>

namespace lockstock {

namespace {
// "Redis server v=7.0.15 sha=..." as `redis-server --version` says it; empty
// when it cannot be asked.
QString redisServerVersion(const QString &executable)
{
    QProcess process;
    process.start(executable, {QStringLiteral("--version")});
    if (!process.waitForFinished(5000))
        return {};
    static const QRegularExpression version(QStringLiteral("\\bv=(\\S+)"));
    return version.match(QString::fromLocal8Bit(process.readAllStandardOutput())).captured(1);
}
} // namespace

int versionCommand()
{
    printOut(QStringLiteral("lockstock " LOCKSTOCK_VERSION));
    printOut(QStringLiteral("Qt %1 (built with %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR)));
    printOut(QStringLiteral("hiredis %1.%2.%3").arg(HIREDIS_MAJOR).arg(HIREDIS_MINOR).arg(HIREDIS_PATCH));
    const QString redis = RedisServer::executable();
    if (redis.isEmpty()) {
        printOut(QStringLiteral("redis-server: not installed (sudo apt-get install redis-server)"));
    } else {
        const QString version = redisServerVersion(redis);
        printOut(QStringLiteral("redis-server %1 (%2)").arg(version.isEmpty() ? QStringLiteral("of unknown version") : version, redis));
    }
    const QString clock = RedisServer::clockShiftLibrary();
    printOut(QStringLiteral("clock library: %1").arg(clock.isEmpty() ? QStringLiteral("missing") : clock));
    return kExitOk;
}

} // namespace lockstock
