#include "RedisBenchmark.h"

#include <QProcess>
#include <QStandardPaths>
#include <stdexcept>

namespace lockstock::bench {

double redisBenchmarkRps(const RedisEndpoint &endpoint, const Argv &command, int clients, int requests)
{
    const QString exe = QStandardPaths::findExecutable(QStringLiteral("redis-benchmark"));
    if (exe.isEmpty())
        throw std::runtime_error("redis-benchmark not found (Debian package redis-tools)");
    QStringList args{QStringLiteral("-h"), endpoint.host, QStringLiteral("-p"), QString::number(endpoint.port),
                     QStringLiteral("-n"), QString::number(requests), QStringLiteral("-c"), QString::number(clients),
                     QStringLiteral("-P"), QStringLiteral("1"), QStringLiteral("--csv")};
    // redis-benchmark takes a password on its command line only; the bench's
    // server is private and lives for the bench alone.
    if (!endpoint.password.isEmpty())
        args << QStringLiteral("-a") << QString::fromUtf8(endpoint.password);
    for (const QByteArray &a : command)
        args << QString::fromUtf8(a);
    QProcess p;
    p.start(exe, args);
    if (!p.waitForFinished(120'000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        throw std::runtime_error("redis-benchmark failed: " + p.readAllStandardError().toStdString());
    // "test","rps","avg_latency_ms",...  then  "SET k v NX PX 10000","8787.35",...
    const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
    if (lines.size() < 2 || !lines.first().startsWith("\"test\",\"rps\""))
        throw std::runtime_error("unexpected redis-benchmark output");
    const QList<QByteArray> fields = lines.at(1).split(',');
    bool ok = false;
    const double rps = fields.size() > 1 ? QByteArray(fields.at(1)).replace('"', "").toDouble(&ok) : 0;
    if (!ok || rps <= 0)
        throw std::runtime_error("unexpected redis-benchmark line: " + lines.at(1).toStdString());
    return rps;
}

} // namespace lockstock::bench
