#include "RedisServer.h"

#include "RedisConnection.h"
#include "RedisError.h"

#include "../clockshift/clockpage.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QStandardPaths>
#include <QThread>

#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace lockstock {

namespace {

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
    , m_dir(runDirTemplate(kRedisDirPrefix))
{
    if (!m_options.clock)
        m_options.clock = std::make_shared<ServerClock>();
    if (m_options.password.isEmpty())
        m_options.password = randomPassword();
}

QByteArray RedisServer::randomPassword()
{
    quint64 words[2];
    QRandomGenerator::system()->fillRange(words);
    return QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex();
}

QString RedisServer::configFile() const
{
    return m_dir.filePath(QStringLiteral("redis.conf"));
}

void RedisServer::prepareDir()
{
    // Dirs left by processes that were killed or crashed (a program using
    // the engine without the `lockstock` command sweeps them here).
    sweepDeadRunDirs();
    if (!m_dir.isValid())
        throw RedisServerError("cannot create a temporary directory for redis-server: "
                               + m_dir.errorString().toStdString());
    QSaveFile config(configFile());
    config.setDirectWriteFallback(false);
    const QByteArray text = "requirepass " + m_options.password + "\nmasterauth " + m_options.password + '\n'
        + m_options.configLines;
    if (!m_owner.own(m_dir.path()) || !config.open(QIODevice::WriteOnly)
        || !config.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner) || config.write(text) != text.size()
        || !config.commit())
        throw RedisServerError("cannot write " + configFile().toStdString() + ": " + config.errorString().toStdString());
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

QString RedisServer::dataDir() const
{
    return m_dir.path();
}

QString RedisServer::logFile() const
{
    return m_dir.filePath(QStringLiteral("redis.log"));
}

RedisEndpoint RedisServer::endpoint() const
{
    RedisEndpoint e;
    e.clock = m_options.clock;
    e.password = m_options.password;
    if (m_options.unixSocket)
        e.unixSocket = m_dir.filePath(QStringLiteral("redis.sock"));
    else
        e.port = m_port.port();
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
    QStringList args{configFile()};
    if (m_options.sentinel)
        args << QStringLiteral("--sentinel");
    args << QStringList{
        QStringLiteral("--port"), QString::number(m_options.unixSocket ? 0 : m_port.port()),
        QStringLiteral("--bind"), QStringLiteral("127.0.0.1"),
        QStringLiteral("--dir"), m_dir.path(),
        QStringLiteral("--logfile"), logFile(),
        QStringLiteral("--daemonize"), QStringLiteral("no"),
        QStringLiteral("--save"), QString(),
        // 100 Hz active expiry so a lapsed lease is reclaimed promptly even
        // when nobody touches the key; lazy expiry covers the rest.
        QStringLiteral("--hz"), QStringLiteral("100"),
        // The wall clock is the run's (see clockshift.c): a virtual-time run
        // may move it minutes ahead in one step. Replication must not take
        // that for minutes of silence and drop a healthy link, nor free the
        // backlog a reconnecting replica needs.
        QStringLiteral("--repl-timeout"), QStringLiteral("2000000000"),
        QStringLiteral("--repl-backlog-ttl"), QStringLiteral("0"),
        // Stopping a private master does not wait for its replicas (7.0
        // waits up to 10 s for them to catch up): nothing is kept anyway.
        QStringLiteral("--shutdown-timeout"), QStringLiteral("0"),
    };
    if (m_options.unixSocket)
        args << QStringLiteral("--unixsocket") << m_dir.filePath(QStringLiteral("redis.sock"))
             << QStringLiteral("--unixsocketperm") << QStringLiteral("700");
    if (m_options.cluster)
        args << QStringLiteral("--cluster-enabled") << QStringLiteral("yes")
             << QStringLiteral("--cluster-port") << QString::number(m_busPort.port())
             << QStringLiteral("--cluster-config-file") << m_dir.filePath(QStringLiteral("nodes.conf"))
             << QStringLiteral("--cluster-node-timeout") << QString::number(m_options.clusterNodeTimeoutMs);
    if (m_options.persistence)
        args << QStringLiteral("--appendonly") << QStringLiteral("yes")
             << QStringLiteral("--appendfsync") << QStringLiteral("always");
    else
        args << QStringLiteral("--appendonly") << QStringLiteral("no");
    return args + m_options.extraArgs;
}

void RedisServer::start()
{
    beginStart();
    finishStart();
}

void RedisServer::startAll(const std::vector<RedisServer *> &servers)
{
    // All processes first, then wait for each: they start side by side.
    for (RedisServer *s : servers)
        s->beginStart();
    for (RedisServer *s : servers)
        s->finishStart();
}

void RedisServer::beginStart()
{
    if (isRunning())
        return;
    prepareDir();
    if (!m_options.unixSocket)
        reservePort();
    spawn();
    m_starting = true;
}

void RedisServer::finishStart()
{
    if (!m_starting)
        return;
    m_starting = false;
    for (int attempt = 1;; ++attempt) {
        try {
            waitUntilReady();
            return;
        } catch (const RedisPortTakenError &) {
            if (attempt == 5)
                throw;
        }
        if (!m_options.unixSocket)
            reservePort();
        spawn();
    }
}

void RedisServer::reservePort()
{
    m_port = LoopbackPort::reserve();
    if (m_options.cluster)
        m_busPort = LoopbackPort::reserve();
    if (m_port.port() == 0 || (m_options.cluster && m_busPort.port() == 0))
        throw RedisServerError("no free loopback port for redis-server (ports are claimed in "
                               + QDir::tempPath().toStdString() + ")");
}

void RedisServer::restart()
{
    if (isRunning())
        kill();
    spawn();
    waitUntilReady();
}

std::string RedisServer::startFailure() const
{
    // The clock library writes to stderr when it cannot follow the page.
    return tail(m_dir.filePath(QStringLiteral("stderr.log"))) + ' ' + tail(logFile());
}

void RedisServer::spawn()
{
    const QString exe = executable();
    if (exe.isEmpty())
        throw RedisServerError("redis-server is not installed: run scripts/setup.sh "
                               "(or sudo apt-get install redis-server)");
    const QString library = clockShiftLibrary();
    if (library.isEmpty())
        throw RedisServerError("the clock library " LOCKSTOCK_CLOCKSHIFT_NAME
                               " is missing: build the lockstock_clockshift target");
    m_process = std::make_unique<QProcess>();
    m_process->setStandardOutputFile(QProcess::nullDevice());
    m_process->setStandardErrorFile(m_dir.filePath(QStringLiteral("stderr.log")));
    // A private server must not outlive us, even when we crash.
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString preload = env.value(QStringLiteral("LD_PRELOAD"));
    env.insert(QStringLiteral("LD_PRELOAD"), preload.isEmpty() ? library : library + QLatin1Char(':') + preload);
    env.insert(QStringLiteral(LOCKSTOCK_CLOCK_FILE_ENV), m_options.clock->path());
    env.insert(QStringLiteral(LOCKSTOCK_CLOCK_NODE_ENV), QString::number(m_options.clockNode));
    m_process->setProcessEnvironment(env);
    m_options.clock->clearReader(m_options.clockNode);
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
    m_spawned = true;
}

void RedisServer::waitUntilReady()
{
    QDeadlineTimer deadline(m_options.startTimeoutMs);
    std::string lastError;
    while (!deadline.hasExpired()) {
        if (m_process->state() == QProcess::NotRunning) {
            if (tail(logFile()).find("Address already in use") != std::string::npos)
                throw RedisPortTakenError("redis-server could not listen on port " + std::to_string(m_port.port())
                                          + ": " + startFailure());
            throw RedisServerError("redis-server exited at start: " + startFailure());
        }
        if (m_options.unixSocket && !QFileInfo::exists(endpoint().unixSocket)) {
            QThread::msleep(10);
            continue;
        }
        try {
            RedisConnection probe(endpoint(), {.connectTimeoutMs = 200, .commandTimeoutMs = 1000});
            // A fresh replica answers PING before it has synced; that is fine.
            // But it must be this process answering, not whatever else
            // listens on the port while ours failed to bind it.
            checkAnswering(probe);
            checkClockAttached();
            return;
        } catch (const RedisAuthError &e) {
            // Ours was started with this password: a server refusing it is
            // another process on the port.
            m_process->kill();
            m_process->waitForFinished(2000);
            throw RedisPortTakenError("another server answers on port " + std::to_string(m_port.port()) + " ("
                                      + e.what() + "), not this redis-server: " + startFailure());
        } catch (const RedisServerError &) {
            throw;
        } catch (const RedisError &e) {
            lastError = e.what();
        }
        // redis-server is up in a few ms: a run that restarts one waits this long.
        QThread::msleep(2);
    }
    m_process->kill();
    m_process->waitForFinished(2000);
    throw RedisServerError("redis-server did not answer within "
                           + std::to_string(m_options.startTimeoutMs) + " ms: " + lastError);
}

void RedisServer::checkAnswering(RedisConnection &probe)
{
    const QByteArray info = probe.command({"INFO", "server"}).bytes();
    const qsizetype at = info.indexOf("process_id:");
    const qint64 answering = at < 0 ? 0 : info.mid(at + 11, info.indexOf('\r', at) - at - 11).toLongLong();
    if (answering == pid())
        return;
    m_process->kill();
    m_process->waitForFinished(2000);
    throw RedisPortTakenError("another process (pid " + std::to_string(answering) + ") answers on port "
                           + std::to_string(m_port.port()) + ", not this redis-server: " + startFailure());
}

void RedisServer::checkClockAttached()
{
    // Redis reads its wall clock before it answers (it logs "Ready"): one
    // that answers without having read it from the page ignored LD_PRELOAD,
    // and its clock is not the run's.
    if (m_options.clock->readerPid(m_options.clockNode) == pid())
        return;
    m_process->kill();
    m_process->waitForFinished(2000);
    throw RedisServerError("redis-server runs without LockStock's clock library (" LOCKSTOCK_CLOCKSHIFT_NAME
                           " was not preloaded): its wall clock would not be the run's");
}

void RedisServer::stop()
{
    m_spawned = false;
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
    m_spawned = false;
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
