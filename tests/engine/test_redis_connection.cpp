// The hiredis wrapper against a real redis-server.

#include "TestRedis.h"

#include "redis/RedisConnection.h"
#include "redis/RedisConnectionPool.h"
#include "redis/RedisError.h"
#include "redis/RedisScript.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>

using namespace lockstock;

class TestRedisConnection : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_server = test::startRedis();
        QVERIFY(m_server);
    }

    void typedReplies()
    {
        RedisConnection c(m_server->endpoint());
        QVERIFY(c.command({"SET", "k", "v"}).isStatus("OK"));
        const RedisValue s = c.command({"GET", "k"});
        QVERIFY(s.isString());
        QCOMPARE(s.bytes(), QByteArray("v"));
        QVERIFY(c.command({"GET", "missing"}).isNil());
        const RedisValue n = c.command({"INCRBY", "n", "41"});
        QVERIFY(n.isInteger());
        QCOMPARE(n.toInteger(), 41);
        const RedisValue arr = c.command({"MGET", "k", "missing"});
        QVERIFY(arr.isArray());
        QCOMPARE(arr.items().size(), 2);
        QVERIFY(arr.items().at(1).isNil());
        const RedisValue err = c.command({"INCR", "k"});
        QVERIFY(err.isError());
        QVERIFY(err.bytes().startsWith("ERR"));
        QCOMPARE(err.display(), QStringLiteral("(error) ERR value is not an integer or out of range"));
        long long parsed = 0;
        QVERIFY(c.command({"GET", "n"}).readInteger(parsed));
        QCOMPARE(parsed, 41);
    }

    void binarySafeArguments()
    {
        RedisConnection c(m_server->endpoint());
        const QByteArray key("bin\0key\r\n", 9);
        const QByteArray value("\0\x01\xff value with spaces\r\n*3\r\n", 28);
        QVERIFY(c.command({"SET", key, value}).isStatus("OK"));
        QCOMPARE(c.command({"GET", key}).bytes(), value);
        QCOMPARE(c.command({"STRLEN", key}).toInteger(), value.size());
    }

    void pipelineKeepsOrder()
    {
        RedisConnection c(m_server->endpoint());
        const QList<RedisValue> r = c.pipeline({{"SET", "p", "1"}, {"INCR", "p"}, {"GET", "p"}, {"PTTL", "p"}});
        QCOMPARE(r.size(), 4);
        QVERIFY(r.at(0).isStatus("OK"));
        QCOMPARE(r.at(1).toInteger(), 2);
        QCOMPARE(r.at(2).bytes(), QByteArray("2"));
        QCOMPARE(r.at(3).toInteger(), -1);
    }

    void evalshaReloadsAfterScriptFlush()
    {
        static const RedisScript script("return ARGV[1] .. '!'");
        RedisConnection c(m_server->endpoint());
        QVERIFY(c.command({"SCRIPT", "FLUSH"}).isStatus("OK"));
        // NOSCRIPT from the server; the connection loads the registered source and retries.
        const RedisValue r = c.command({"EVALSHA", script.sha(), "0", "hi"});
        QCOMPARE(r.bytes(), QByteArray("hi!"));
        const RedisValue unknown = c.command({"EVALSHA", QByteArray(40, 'a'), "0"});
        QVERIFY(unknown.isError());
        QVERIFY(unknown.bytes().startsWith("NOSCRIPT"));
    }

    void refusedConnectionNamesTheEndpoint()
    {
        RedisEndpoint e = m_server->endpoint();
        RedisServer other;
        other.start();
        e = other.endpoint();
        other.stop(); // a port nobody listens on now
        try {
            RedisConnection c(e, {.connectTimeoutMs = 500, .commandTimeoutMs = 500, .clientName = {}});
            QFAIL("connected to a stopped server");
        } catch (const RedisConnectionError &err) {
            QVERIFY2(QString::fromUtf8(err.what()).contains(e.display()), err.what());
        }
    }

    void stalledServerTimesOut()
    {
        RedisServer stalled;
        stalled.start();
        RedisConnection c(stalled.endpoint(), {.connectTimeoutMs = 500, .commandTimeoutMs = 300, .clientName = {}});
        stalled.pause();
        QElapsedTimer t;
        t.start();
        QVERIFY_THROWS_EXCEPTION(RedisTimeoutError, c.command({"PING"}));
        QVERIFY(t.elapsed() < 3000);
        stalled.resume();
    }

    // A reply larger than the connection allows ends the call, and the
    // connection with it; a fresh one works.
    void replyLimit()
    {
        RedisConnection c(m_server->endpoint());
        QVERIFY(c.command({"SET", "big", QByteArray(4096, 'x')}).isStatus("OK"));
        RedisConnection small(m_server->endpoint(), {.maxReplyBytes = 1000});
        QVERIFY(small.command({"GET", "k"}).isString());
        try {
            small.command({"GET", "big"});
            QFAIL("a 4 KiB reply passed a 1000-byte limit");
        } catch (const RedisProtocolError &err) {
            QVERIFY2(QString::fromUtf8(err.what()).contains(QStringLiteral("the reply is larger than")), err.what());
        }
        QVERIFY_THROWS_EXCEPTION(RedisConnectionError, small.command({"PING"}));
        QCOMPARE(c.command({"STRLEN", "big"}).toInteger(), 4096);
    }

    // One deadline for the whole pipeline, not one per reply.
    void pipelineSharesOneDeadline()
    {
        RedisConnection c(m_server->endpoint(), {.commandTimeoutMs = 300});
        QElapsedTimer t;
        t.start();
        // Two replies, each 200 ms after the one before: a timeout per read
        // would let both through.
        const Argv busy200ms{"EVAL",
                             "local t = redis.call('TIME') while true do local n = redis.call('TIME') "
                             "if (n[1] - t[1]) * 1000000 + n[2] - t[2] > 200000 then return 1 end end",
                             "0"};
        QVERIFY_THROWS_EXCEPTION(RedisTimeoutError, c.pipeline({busy200ms, busy200ms}));
        QVERIFY2(t.elapsed() < 1000, qPrintable(QString::number(t.elapsed())));
        QThread::msleep(300); // let the server finish the second script before the next test
    }

    void authIsChecked()
    {
        RedisServer locked(RedisServer::Options{.password = "s3cret"});
        locked.start();
        RedisEndpoint e = locked.endpoint();
        e.password.clear();
        QVERIFY_THROWS_EXCEPTION(RedisAuthError, RedisConnection{e});
        e.password = "wrong";
        QVERIFY_THROWS_EXCEPTION(RedisAuthError, RedisConnection{e});
        e.password = "s3cret";
        RedisConnection ok(e);
        QVERIFY(ok.command({"PING"}).isStatus("PONG"));
    }

    // A connection is plain while a new one would behave the same.
    void plainUntilATransactionOrSubscription()
    {
        RedisConnection c(m_server->endpoint(), {.clientName = "test:plain"});
        QVERIFY(c.isPlain());
        QVERIFY(c.staysPlainAfter({"GET", "k"}));
        QVERIFY(!c.staysPlainAfter({"MULTI"}));
        c.command({"WATCH", "k"});
        QVERIFY(!c.isPlain());            // another user of it would find k watched
        QVERIFY(c.staysPlainAfter({"GET", "k"}));
        c.command({"MULTI"});
        QVERIFY(!c.staysPlainAfter({"SET", "k", "1"})); // queued, not run
        QVERIFY(c.staysPlainAfter({"EXEC"}));
        c.command({"EXEC"});
        QVERIFY(c.isPlain());
        c.post({"GET", "k"});
        QVERIFY(!c.isPlain());            // its reply waits unread
        c.takeReply();
        QVERIFY(c.isPlain());
        c.command({"SUBSCRIBE", "news"});
        QVERIFY(!c.isPlain());
        QVERIFY(!c.staysPlainAfter({"UNSUBSCRIBE"}));
    }

    // The pool gives back what it kept, by name, and keeps only plain connections.
    void poolKeepsPlainConnections()
    {
        const RedisConnection::Options named{.clientName = "test:pooled"};
        RedisConnectionPool pool;
        std::unique_ptr<RedisConnection> first = pool.take(m_server->endpoint(), named);
        const long long id = first->command({"CLIENT", "ID"}).toInteger();
        pool.give(std::move(first));
        std::unique_ptr<RedisConnection> again = pool.take(m_server->endpoint(), {.commandTimeoutMs = 700, .clientName = "test:pooled"});
        QCOMPARE(again->command({"CLIENT", "ID"}).toInteger(), id);
        QCOMPARE(again->commandTimeoutMs(), 700);
        std::unique_ptr<RedisConnection> other = pool.take(m_server->endpoint(), {.clientName = "test:other"});
        QVERIFY(other->command({"CLIENT", "ID"}).toInteger() != id);
        QCOMPARE(other->command({"CLIENT", "GETNAME"}).bytes(), QByteArray("test:other"));
        again->command({"MULTI"});
        pool.give(std::move(again));      // left in a transaction: closed
        std::unique_ptr<RedisConnection> fresh = pool.take(m_server->endpoint(), named);
        QVERIFY(fresh->command({"CLIENT", "ID"}).toInteger() != id);
        QVERIFY(fresh->isPlain());
    }

    void endpointParsing()
    {
        RedisEndpoint e;
        QString error;
        QVERIFY(RedisEndpoint::parse(QStringLiteral("10.0.0.5:6380"), &e, &error));
        QCOMPARE(e.host, QStringLiteral("10.0.0.5"));
        QCOMPARE(e.port, 6380);
        QVERIFY(RedisEndpoint::parse(QStringLiteral("redis.local"), &e, &error));
        QCOMPARE(e.port, 6379);
        QVERIFY(RedisEndpoint::parse(QStringLiteral("[::1]:7000"), &e, &error));
        QCOMPARE(e.host, QStringLiteral("::1"));
        QCOMPARE(e.display(), QStringLiteral("[::1]:7000"));
        QVERIFY(RedisEndpoint::parse(QStringLiteral("unix:/tmp/r.sock"), &e, &error));
        QCOMPARE(e.unixSocket, QStringLiteral("/tmp/r.sock"));
        QVERIFY(!RedisEndpoint::parse(QStringLiteral("host:notaport"), &e, &error));
        QVERIFY(error.contains(QStringLiteral("port")));
        QVERIFY(!RedisEndpoint::parse(QStringLiteral(":6379"), &e, &error));
        QVERIFY(!RedisEndpoint::parse(QStringLiteral("h:70000"), &e, &error));
    }

private:
    std::unique_ptr<RedisServer> m_server;
};

QTEST_GUILESS_MAIN(TestRedisConnection)
#include "test_redis_connection.moc"
