#include "LockstockProcess.h"

#include <QCoreApplication>
#include <QDeadlineTimer>

namespace lockstock::test {

QString describe(const CliResult &r)
{
    return QStringLiteral("exit %1 (%2)\nstderr: %3\nstdout: %4")
        .arg(r.exitCode)
        .arg(r.exitStatus == QProcess::NormalExit ? QStringLiteral("normal") : QStringLiteral("crashed"))
        .arg(r.err, r.out.left(600));
}

QString lockstockBinary()
{
    return QStringLiteral(LOCKSTOCK_BINARY);
}

void startLockstock(QProcess &process, const QStringList &args, const QStringList &env)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &pair : env)
        environment.insert(pair.section(QLatin1Char('='), 0, 0), pair.section(QLatin1Char('='), 1));
    process.setProcessEnvironment(environment);
    process.start(lockstockBinary(), args);
    process.waitForStarted(5000);
}

CliResult finishLockstock(QProcess &process, int timeoutMs)
{
    CliResult r;
    QDeadlineTimer deadline(timeoutMs);
    while (process.state() != QProcess::NotRunning && !deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        process.waitForFinished(10);
    }
    r.finished = process.state() == QProcess::NotRunning;
    if (!r.finished) {
        process.kill();
        process.waitForFinished(5000);
    }
    r.exitCode = process.exitCode();
    r.exitStatus = process.exitStatus();
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

CliResult runLockstock(const QStringList &args, int timeoutMs, const QStringList &env)
{
    QProcess process;
    startLockstock(process, args, env);
    return finishLockstock(process, timeoutMs);
}

QStringList redisOptions(const RedisEndpoint &endpoint)
{
    QStringList args{QStringLiteral("--redis"), endpoint.display()};
    if (!endpoint.password.isEmpty())
        args << QStringLiteral("--password") << QString::fromUtf8(endpoint.password);
    return args;
}

} // namespace lockstock::test
