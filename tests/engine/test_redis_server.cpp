// The private redis-server: start, stop, faults, persistence.

#include "TestRedis.h"

#include "redis/RedisConnection.h"
#include "redis/LoopbackPort.h"
#include "redis/RedisError.h"
#include "redis/ServerDirs.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

#include <atomic>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>
#include <thread>

using namespace lockstock;

namespace {
bool pingable(const RedisEndpoint &e)
{
    try {
        return RedisConnection(e, {.connectTimeoutMs = 200, .commandTimeoutMs = 1000}).command({"PING"}).isStatus("PONG");
    } catch (const RedisError &) {
        return false;
    }
}
} // namespace

class TestRedisServer : public QObject {
    Q_OBJECT

private slots:
    void startsOnLoopbackAndStops()
    {
        RedisServer s;
        s.start();
        QVERIFY(s.isRunning());
        QVERIFY(s.endpoint().port > 0);
        QCOMPARE(s.endpoint().host, QStringLiteral("127.0.0.1"));
        RedisConnection c(s.endpoint());
        // No persistence: nothing may be written to disk behind the lesson's back.
        const RedisValue save = c.command({"CONFIG", "GET", "save"});
        QCOMPARE(save.items().at(1).bytes(), QByteArray());
        QCOMPARE(c.command({"CONFIG", "GET", "appendonly"}).items().at(1).bytes(), QByteArray("no"));
        const qint64 pid = s.pid();
        s.stop();
        QVERIFY(!s.isRunning());
        QCOMPARE(::kill(pid_t(pid), 0), -1); // the process is gone
    }

    void unixSocket()
    {
        RedisServer s(RedisServer::Options{.unixSocket = true});
        s.start();
        QVERIFY(QFileInfo::exists(s.endpoint().unixSocket));
        RedisConnection c(s.endpoint());
        QVERIFY(c.command({"PING"}).isStatus("PONG"));
    }

    void twoServersGetDifferentPorts()
    {
        RedisServer a, b;
        a.start();
        b.start();
        QVERIFY(a.endpoint().port != b.endpoint().port);
    }

    // A killed server keeps its port: no other LockStock server (in this
    // process or another) is given it while the first may restart.
    void aKilledServersPortIsNotHandedOut()
    {
        RedisServer s;
        s.start();
        const int port = s.endpoint().port;
        s.kill();
        std::vector<LoopbackPort> others;
        for (int i = 0; i < 500; ++i) {
            others.push_back(LoopbackPort::reserve());
            QVERIFY(others.back().port() > 0);
            QVERIFY(others.back().port() != port);
        }
        s.restart();
        QCOMPARE(s.endpoint().port, port);
        QVERIFY(RedisConnection(s.endpoint()).command({"PING"}).isStatus("PONG"));
    }

    // When something else took the port meanwhile (here a redis-server that is
    // not ours), restart() says so rather than hand out the other's endpoint.
    void restartOntoATakenPortFails()
    {
        RedisServer s;
        s.start();
        const int port = s.endpoint().port;
        s.kill();
        QProcess squatter;
        squatter.start(RedisServer::executable(), {QStringLiteral("--port"), QString::number(port),
                                                   QStringLiteral("--bind"), QStringLiteral("127.0.0.1"),
                                                   QStringLiteral("--save"), QString()});
        QVERIFY(squatter.waitForStarted());
        RedisEndpoint squatterEndpoint = s.endpoint();
        squatterEndpoint.password.clear(); // it refuses ours: another server
        QTRY_VERIFY_WITH_TIMEOUT(pingable(squatterEndpoint), 5000);
        QVERIFY_THROWS_EXCEPTION(RedisPortTakenError, s.restart());
        QVERIFY(!s.isRunning());
        squatter.kill();
        squatter.waitForFinished();
    }

    void restartWithoutPersistenceForgets()
    {
        RedisServer s;
        s.start();
        {
            RedisConnection c(s.endpoint());
            c.command({"SET", "lock:1", "A"});
        }
        s.kill();
        QVERIFY(!s.isRunning());
        s.restart();
        RedisConnection c(s.endpoint());
        QVERIFY(c.command({"GET", "lock:1"}).isNil());
    }

    void restartWithPersistenceRemembers()
    {
        RedisServer s(RedisServer::Options{.persistence = true});
        s.start();
        {
            RedisConnection c(s.endpoint());
            c.command({"SET", "lock:1", "A"});
        }
        s.kill();
        s.restart();
        RedisConnection c(s.endpoint());
        QCOMPARE(c.command({"GET", "lock:1"}).bytes(), QByteArray("A"));
    }

    void pauseFreezesTheServer()
    {
        RedisServer s;
        s.start();
        RedisConnection c(s.endpoint(), {.connectTimeoutMs = 500, .commandTimeoutMs = 200, .clientName = {}});
        s.pause();
        QVERIFY_THROWS_EXCEPTION(RedisTimeoutError, c.command({"PING"}));
        s.resume();
        RedisConnection again(s.endpoint());
        QVERIFY(again.command({"PING"}).isStatus("PONG"));
    }

    // Another local user may reach 127.0.0.1 but not the server: it has a
    // password, which is not on its command line (readable by all) and lives
    // in a dir only we can enter.
    void privateToThisUser()
    {
        RedisServer s;
        s.start();
        RedisEndpoint stranger = s.endpoint();
        stranger.password.clear();
        QVERIFY_THROWS_EXCEPTION(RedisAuthError, RedisConnection{stranger});
        QVERIFY(s.endpoint().password.size() >= 32);
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(s.pid()));
        QVERIFY(cmdline.open(QIODevice::ReadOnly));
        QVERIFY(!cmdline.readAll().contains(s.endpoint().password));
        QCOMPARE(QFileInfo(s.dataDir()).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::ExeOther),
                 QFileDevice::Permissions());
        RedisConnection c(s.endpoint());
        QVERIFY(c.command({"PING"}).isStatus("PONG"));
    }

    // Replicas of a topology share the master's password (masterauth).
    void replicaFollowsAPasswordedMaster()
    {
        // Sync at once, not after the default 5 s delay.
        RedisServer master(RedisServer::Options{.extraArgs = {QStringLiteral("--repl-diskless-sync-delay"), QStringLiteral("0")}});
        master.start();
        RedisServer replica(RedisServer::Options{.extraArgs = {QStringLiteral("--replicaof"),
                                                               QStringLiteral("127.0.0.1 %1").arg(master.endpoint().port)},
                                                 .password = master.endpoint().password});
        replica.start();
        RedisConnection m(master.endpoint());
        QVERIFY(m.command({"SET", "k", "v"}).isStatus("OK"));
        QCOMPARE(m.command({"WAIT", "1", "4000"}).toInteger(), 1);
        RedisConnection r(replica.endpoint());
        QCOMPARE(r.command({"GET", "k"}).bytes(), QByteArray("v"));
    }

    // A dir whose owner died (killed: it never removed it) is swept by the
    // next process that starts a server, and so is one its maker died before
    // claiming (the pid in its name is no process's); one whose owner lives,
    // one a live process is claiming, and one that is not ours (no owner
    // file, no pid in its name), stay.
    void deadOwnersDirsAreSwept()
    {
        const QString parent = QDir::tempPath();
        auto makeDir = [&](const QString &name, bool ownerFile) {
            const QString path = parent + QLatin1Char('/') + name;
            QDir().mkpath(path);
            if (ownerFile) {
                QFile f(path + QStringLiteral("/owner"));
                f.open(QIODevice::WriteOnly);
            }
            return path;
        };
        // An owner that died: its file is there, its lock went with it.
        const QString dead = makeDir(QStringLiteral("lockstock-redis-test-dead"), true);
        const QString alive = makeDir(QStringLiteral("lockstock-redis-test-alive"), false);
        ServerDirOwner owner;
        QVERIFY(owner.own(alive));
        const QString foreign = makeDir(QStringLiteral("lockstock-redis-test-foreign"), false);
        const pid_t gone = ::fork();
        if (gone == 0)
            ::_exit(0);
        QVERIFY(gone > 0 && ::waitpid(gone, nullptr, 0) == gone);
        const QString unclaimedDead = makeDir(QStringLiteral("lockstock-redis-test-%1-aB3dE9").arg(gone), false);
        const QString unclaimedLive = makeDir(QStringLiteral("lockstock-redis-test-%1-aB3dE9").arg(::getpid()), false);
        QCOMPARE(sweepDeadServerDirs(parent, QStringLiteral("lockstock-redis-test-")), 2);
        QVERIFY(!QFileInfo::exists(dead));
        QVERIFY(!QFileInfo::exists(unclaimedDead));
        QVERIFY(QFileInfo::exists(alive));
        QVERIFY(QFileInfo::exists(unclaimedLive));
        QVERIFY(QFileInfo::exists(foreign));
        // A server's own dir is marked while it runs.
        RedisServer s;
        s.start();
        QCOMPARE(sweepDeadServerDirs(QFileInfo(s.dataDir()).path(), QFileInfo(s.dataDir()).fileName()), 0);
        QVERIFY(QFileInfo::exists(s.dataDir()));
        QDir(alive).removeRecursively();
        QDir(unclaimedLive).removeRecursively();
        QDir(foreign).removeRecursively();
    }

    // Another process's sweep while dirs are being claimed takes none of them
    // (claimed by lock-then-rename; created-then-locked lost one now and then).
    void aSweepNeverTakesADirBeingClaimed()
    {
        const QString parent = QDir::tempPath();
        const QString prefix = QStringLiteral("lockstock-redis-race-%1-").arg(QCoreApplication::applicationPid());
        std::atomic<bool> done{false};
        std::thread sweeper([&] {
            while (!done.load())
                sweepDeadServerDirs(parent, prefix);
        });
        int lost = 0;
        for (int i = 0; i < 10000; ++i) {
            const QString dir = QDir(parent).filePath(prefix + QString::number(i));
            QDir().mkpath(dir);
            ServerDirOwner owner;
            if (!owner.own(dir) || !QFileInfo::exists(dir))
                ++lost;
            QDir(dir).removeRecursively();
        }
        done = true;
        sweeper.join();
        QCOMPARE(lost, 0);
    }

    void missingBinaryIsAClearError()
    {
        RedisServer s(RedisServer::Options{.launchPrefix = {QStringLiteral("/nonexistent/wrapper")}});
        try {
            s.start();
            QFAIL("started through a missing wrapper");
        } catch (const RedisServerError &err) {
            QVERIFY2(QString::fromUtf8(err.what()).contains(QStringLiteral("/nonexistent/wrapper")), err.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestRedisServer)
#include "test_redis_server.moc"
