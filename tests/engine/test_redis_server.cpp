// The private redis-server: start, stop, faults, persistence.

#include "TestRedis.h"

#include "redis/RedisConnection.h"
#include "redis/LoopbackPort.h"
#include "redis/RedisError.h"

#include <QFileInfo>
#include <QProcess>
#include <QTest>

#include <csignal>

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
        QTRY_VERIFY_WITH_TIMEOUT(pingable(s.endpoint()), 5000);
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
