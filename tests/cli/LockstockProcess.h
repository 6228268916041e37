#pragma once
// The built `lockstock` binary as a child process, for tests of what a user
// sees: exit codes, messages, what it does to a Redis server.

#include "redis/RedisEndpoint.h"

#include <QProcess>
#include <QStringList>

namespace lockstock::test {

// Exit codes of the command line (app/cli/Console.h).
inline constexpr int kExitFailed = 1;   // the run itself failed
inline constexpr int kExitUsage = 2;    // bad input, an unusable Redis or output

struct CliResult {
    bool finished = false;     // false: still running at the deadline (then killed)
    int exitCode = -1;
    QProcess::ExitStatus exitStatus = QProcess::NormalExit;
    QString out;
    QString err;
};

// Exit code, how it ended, stderr and the start of stdout: a failure message.
QString describe(const CliResult &r);
// The path of the binary under test.
QString lockstockBinary();
// Starts `lockstock ARGS...` (environment plus `env`, e.g. "REDISCLI_AUTH=x").
void startLockstock(QProcess &process, const QStringList &args, const QStringList &env = {});
// Waits for it to exit, serving this thread's event loop meanwhile (a fake
// server in the test may need to answer); kills it at the deadline.
CliResult finishLockstock(QProcess &process, int timeoutMs);
CliResult runLockstock(const QStringList &args, int timeoutMs = 30000, const QStringList &env = {});
// --redis HOST:PORT and, when it has one, --password for `endpoint`.
QStringList redisOptions(const RedisEndpoint &endpoint);

} // namespace lockstock::test
