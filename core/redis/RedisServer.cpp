#include "RedisServer.h"

#include "RedisConnection.h"
#include "RedisError.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSaveFile>
#include <QStandardPaths>
#include <QThread>

#include <arpa/inet.h>
#include <csignal>
#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace lockstock {

namespace {

// Asks the kernel for a free loopback port. Another process may take it before
// redis-server binds, so launch() retries on "Address already in use".
int freeLoopbackPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len) == 0)
        port = ntohs(addr.sin_port);
    ::close(fd);
    return port;
}

std::string tail(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray all = f.readAll();
    return all.right(600).trimmed().toStdString();
}

} // namespace

RedisServer::RedisServer()
    : RedisServer(Options{})
{
}

RedisServer::RedisServer(Options options)
    : m_options(std::move(options))
    , m_dir(QDir::tempPath() + QStringLiteral("/lockstock-redis-XXXXXX"))
{
}

RedisServer::~RedisServer()
{
    stop();
}

QString RedisServer::executable()
{
    QString exe = QStandardPaths::findExecutable(QStringLiteral("redis-server"));
    if (exe.isEmpty())
        exe = QStandardPaths::findExecutable(QStringLiteral("redis-server"),
                                             {QStringLiteral("/usr/bin"), QStringLiteral("/usr/sbin"),
                                              QStringLiteral("/usr/local/bin")});
    return exe;
}

QString RedisServer::clockShiftLibrary()
{
    QStringList candidates;
    if (QCoreApplication::instance())
        candidates << QDir(QCoreApplication::applicationDirPath())
                          .filePath(QStringLiteral(LOCKSTOCK_CLOCKSHIFT_INSTALLED "/" LOCKSTOCK_CLOCKSHIFT_NAME));
    candidates << QStringLiteral(LOCKSTOCK_CLOCKSHIFT_BUILT);
    for (const QString &path : std::as_const(candidates))
        if (QFileInfo::exists(path))
            return QFileInfo(path).canonicalFilePath();
    return {};
}

QString RedisServer::clockOffsetFile() const
{
    return m_dir.filePath(QStringLiteral("clock-offset-ms"));
}

void RedisServer::jumpClock(qint64 ms)
{
    if (!m_options.clockShift)
        throw RedisServerError("this redis-server's clock cannot jump: start it with Options::clockShift");
    // Written whole and renamed, so the library never reads half a number.
    QSaveFile file(clockOffsetFile());
    if (!file.open(QIODevice::WriteOnly) || file.write(QByteArray::number(m_clockOffsetMs + ms)) < 0
        || !file.commit())
        throw RedisServerError("cannot write " + clockOffsetFile().toStdString() + ": "
                               + file.errorString().toStdString());
    m_clockOffsetMs += ms;
}

QString RedisServer::logFile() const
{
    return m_dir.filePath(QStringLiteral("redis.log"));
}

RedisEndpoint RedisServer::endpoint() const
{
    RedisEndpoint e;
    if (m_options.unixSocket)
        e.unixSocket = m_dir.filePath(QStringLiteral("redis.sock"));
    else
        e.port = m_port;
    return e;
}

bool RedisServer::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

qint64 RedisServer::pid() const
{
    return isRunning() ? m_process->processId() : 0;
}

QStringList RedisServer::arguments() const
{
    QStringList args{
        QStringLiteral("--port"), QString::number(m_options.unixSocket ? 0 : m_port),
        QStringLiteral("--bind"), QStringLiteral("127.0.0.1"),
        QStringLiteral("--dir"), m_dir.path(),
        QStringLiteral("--logfile"), logFile(),
        QStringLiteral("--daemonize"), QStringLiteral("no"),
        QStringLiteral("--save"), QString(),
        // 100 Hz active expiry so a lapsed lease is reclaimed promptly even
        // when nobody touches the key; lazy expiry covers the rest.
        QStringLiteral("--hz"), QStringLiteral("100"),
    };
    if (m_options.unixSocket)
        args << QStringLiteral("--unixsocket") << m_dir.filePath(QStringLiteral("redis.sock"))
             << QStringLiteral("--unixsocketperm") << QStringLiteral("700");
    if (m_options.persistence)
        args << QStringLiteral("--appendonly") << QStringLiteral("yes")
             << QStringLiteral("--appendfsync") << QStringLiteral("always");
    else
        args << QStringLiteral("--appendonly") << QStringLiteral("no");
    if (!m_options.replicaOf.isEmpty())
        args << QStringLiteral("--replicaof") << m_options.replicaOf;
    return args + m_options.extraArgs;
}

void RedisServer::start()
{
    if (isRunning())
        return;
    if (!m_dir.isValid())
        throw RedisServerError("cannot create a temporary directory for redis-server: "
                               + m_dir.errorString().toStdString());
    for (int attempt = 0;; ++attempt) {
        if (!m_options.unixSocket)
            m_port = freeLoopbackPort();
        try {
            launch();
            return;
        } catch (const RedisServerError &) {
            const bool portTaken = tail(logFile()).find("Address already in use") != std::string::npos;
            if (!portTaken || attempt == 4)
                throw;
        }
    }
}

void RedisServer::restart(bool waitUntilReady)
{
    if (isRunning())
        kill();
    launch(waitUntilReady);
}

void RedisServer::launch(bool waitUntilReady)
{
    const QString exe = executable();
    if (exe.isEmpty())
        throw RedisServerError("redis-server is not installed: run scripts/setup.sh "
                               "(or sudo apt-get install redis-server)");
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process->setStandardOutputFile(QProcess::nullDevice());
    // A private server must not outlive us, even when we crash.
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    if (m_options.clockShift) {
        const QString library = clockShiftLibrary();
        if (library.isEmpty())
            throw RedisServerError("the clock-shift library " LOCKSTOCK_CLOCKSHIFT_NAME
                                   " is missing: build the lockstock_clockshift target");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        const QString preload = env.value(QStringLiteral("LD_PRELOAD"));
        env.insert(QStringLiteral("LD_PRELOAD"), preload.isEmpty() ? library : library + QLatin1Char(':') + preload);
        env.insert(QStringLiteral("LOCKSTOCK_CLOCK_OFFSET_FILE"), clockOffsetFile());
        m_process->setProcessEnvironment(env);
    }
    QStringList args = m_options.launchPrefix;
    QString program = exe;
    if (!args.isEmpty()) {
        program = args.takeFirst();
        args << exe;
    }
    m_process->start(program, args + arguments());
    if (!m_process->waitForStarted(m_options.startTimeoutMs))
        throw RedisServerError("cannot start " + program.toStdString() + ": "
                               + m_process->errorString().toStdString());
    m_paused = false;
    if (!waitUntilReady)
        return;

    QDeadlineTimer deadline(m_options.startTimeoutMs);
    std::string lastError;
    while (!deadline.hasExpired()) {
        if (m_process->state() == QProcess::NotRunning)
            throw RedisServerError("redis-server exited at start: " + tail(logFile()));
        if (m_options.unixSocket && !QFileInfo::exists(endpoint().unixSocket)) {
            QThread::msleep(10);
            continue;
        }
        try {
            RedisConnection probe(endpoint(), {.connectTimeoutMs = 200, .commandTimeoutMs = 1000});
            // A fresh replica answers PING before it has synced; that is fine.
            return;
        } catch (const RedisAuthError &) {
            return; // up, and asking for the password it was started with
        } catch (const RedisError &e) {
            lastError = e.what();
        }
        QThread::msleep(10);
    }
    m_process->kill();
    m_process->waitForFinished(2000);
    throw RedisServerError("redis-server did not answer within "
                           + std::to_string(m_options.startTimeoutMs) + " ms: " + lastError);
}

void RedisServer::stop()
{
    if (!isRunning()) {
        m_process.reset();
        return;
    }
    if (m_paused)
        resume();
    // SIGTERM: redis-server shuts down cleanly, password or not.
    m_process->terminate();
    if (!m_process->waitForFinished(2000)) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
    m_process.reset();
}

void RedisServer::kill()
{
    if (!isRunning())
        return;
    m_process->kill();
    m_process->waitForFinished(2000);
    m_paused = false;
}

void RedisServer::pause()
{
    if (isRunning() && ::kill(pid_t(m_process->processId()), SIGSTOP) == 0)
        m_paused = true;
}

void RedisServer::resume()
{
    if (isRunning() && ::kill(pid_t(m_process->processId()), SIGCONT) == 0)
        m_paused = false;
}

} // namespace lockstock
