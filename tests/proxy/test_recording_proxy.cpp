// The recording proxy against real redis-servers (and a fake one where the
// bytes themselves are the point): it forwards every byte unchanged, records
// each command with its reply, survives bad clients, and injects its faults.

#include "ProxyTestSupport.h"

#include "redis/RedisConnection.h"
#include "redis/RedisError.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTest>

#include <atomic>
#include <thread>
#include <unistd.h>

using namespace lockstock;
using namespace lockstock::test;

namespace {
QList<ObservedCommand> commandsNamed(const Recording &recording, const QByteArray &name)
{
    QList<ObservedCommand> out;
    for (const ObservedCommand &c : recording.snapshot(0).commands)
        if (!c.argv.isEmpty() && c.argv.first().compare(name, Qt::CaseInsensitive) == 0)
            out << c;
    return out;
}

RedisConnection::Options named(const QByteArray &name, int timeoutMs = 2000)
{
    return {.connectTimeoutMs = 2000, .commandTimeoutMs = timeoutMs, .clientName = name};
}
} // namespace

class TestRecordingProxy : public QObject {
    Q_OBJECT

private slots:
    void recordsCommandsRepliesAndTimes()
    {
        auto p = proxiedRedis();
        QVERIFY(p);
        RedisConnection c(p->endpoint(), named("alice"));
        QVERIFY(c.command({"SET", "k", "v"}).isStatus("OK"));
        QCOMPARE(c.command({"GET", "k"}).bytes(), QByteArray("v"));
        const QList<RedisValue> replies = c.pipeline({{"INCR", "n"}, {"INCR", "n"}, {"GET", "missing"}});
        QCOMPARE(replies.at(1).toInteger(), 2LL);
        p->proxy->stop();

        const RecordingSnapshot s = p->recording.snapshot(0);
        QCOMPARE(s.connections.size(), 1);
        QCOMPARE(s.connections.first().name, QByteArray("alice"));
        QCOMPARE(s.connections.first().closedBy, QStringLiteral("proxy stopped"));
        // AUTH, PING and CLIENT SETNAME of the connection itself, then ours;
        // the password it logged in with is not recorded.
        QCOMPARE(s.commands.size(), 8);
        QCOMPARE(s.commands.at(0).argv, (Argv{"AUTH", p->user.name, "(redacted)"}));
        QVERIFY(s.commands.at(0).reply.isStatus("OK"));
        const ObservedCommand &set = s.commands.at(3);
        QCOMPARE(set.argv, (Argv{"SET", "k", "v"}));
        QVERIFY(set.reply.isStatus("OK"));
        QCOMPARE(set.outcome, ObservedCommand::Outcome::Replied);
        QVERIFY(set.sentNs > 0 && set.repliedNs >= set.sentNs && set.deliveredNs >= set.repliedNs);
        QVERIFY(s.commands.at(7).reply.isNil());
        for (qsizetype i = 1; i < s.commands.size(); ++i)
            QVERIFY(s.commands.at(i).id > s.commands.at(i - 1).id);
    }

    // What each side receives is exactly what the other sent, however the
    // bytes are cut, garbage included.
    void bytesPassUnchanged()
    {
        RawListener fake;
        Recording recording;
        RedisEndpoint upstream;
        upstream.port = fake.port();
        RecordingProxy proxy({{QStringLiteral("fake"), upstream}}, {.probe = false, .watchExpiries = false}, recording);
        proxy.start();
        RawSocket client(proxy.ports().first());
        QVERIFY(client.connected());
        const int server = fake.accept(5000);
        QVERIFY(server >= 0);

        QRandomGenerator random(42);
        QByteArray requests;
        for (int i = 0; i < 300; ++i) {
            QByteArray value(random.bounded(3000), '\0');
            for (char &ch : value)
                ch = char(random.bounded(256));
            requests += i % 7 == 0 ? QByteArray("PING extra\r\n") : encodeCommand({"SET", "k" + QByteArray::number(i), value});
        }
        requests += "*1\r\n$3\r\nGET\r\n*zz\r\n\0\xff garbage \r\n";
        QByteArray replies;
        for (int i = 0; i < 300; ++i)
            replies += i % 3 == 0 ? QByteArray("+OK\r\n")
                     : i % 3 == 1 ? "$" + QByteArray::number(i) + "\r\n" + QByteArray(i, 'x') + "\r\n"
                                  : QByteArray("*2\r\n:1\r\n%1\r\n+a\r\n_\r\n");

        std::thread serverSide([&] {
            for (qsizetype at = 0; at < replies.size();) {
                const qsizetype n = 1 + random.bounded(700);
                sendFd(server, replies.mid(at, n));
                at += n;
                if (random.bounded(8) == 0)
                    ::usleep(300);
            }
        });
        for (qsizetype at = 0; at < requests.size();) {
            const qsizetype n = 1 + random.bounded(900);
            client.send(requests.mid(at, n));
            at += n;
            if (random.bounded(8) == 0)
                ::usleep(300);
        }
        const QByteArray received = readFd(server, requests.size(), 20000);
        const QByteArray answered = client.read(replies.size(), 20000);
        serverSide.join();
        ::close(server);
        QCOMPARE(received.size(), requests.size());
        QVERIFY(received == requests);
        QCOMPARE(answered.size(), replies.size());
        QVERIFY(answered == replies);
    }

    void garbageGetsRedisOwnError()
    {
        auto p = proxiedRedis();
        QVERIFY(p);
        {
            RawSocket raw(p->port());
            QVERIFY(raw.login(p->user));
            raw.send("GARBAGE here\r\n");
            QCOMPARE(raw.read(57, 3000), QByteArray("-ERR unknown command 'GARBAGE', with args beginning with: 'here' \r\n").left(57));
        }
        RawSocket raw(p->port());
        QVERIFY(raw.login(p->user));
        raw.send("*abc\r\nPING\r\n");
        bool closed = false;
        QCOMPARE(raw.readToEnd(5000, &closed), QByteArray("-ERR Protocol error: invalid multibulk length\r\n"));
        QVERIFY(closed);
        QTRY_VERIFY_WITH_TIMEOUT(p->proxy->openConnections() == 0, 5000);
        // The proxy is still fine.
        RedisConnection c(p->endpoint());
        QVERIFY(c.command({"PING"}).isStatus("PONG"));
        bool found = false;
        for (const ObservedCommand &cmd : p->recording.snapshot(0).commands)
            if (cmd.protocolError == "Protocol error: invalid multibulk length") {
                found = true;
                QVERIFY(cmd.reply.isError());
                QCOMPARE(cmd.reply.bytes(), QByteArray("ERR Protocol error: invalid multibulk length"));
            }
        QVERIFY(found);
    }

    void disconnectBeforeOrDuringTheReplyIsIndeterminate()
    {
        auto p = proxiedRedis();
        QVERIFY(p);
        {
            RedisConnection direct(p->direct());
            direct.command({"SET", "big", QByteArray(32 << 20, 'b')});
        }
        {
            RawSocket raw(p->port());
            QVERIFY(raw.login(p->user));
            raw.send(encodeCommand({"GET", "big"}));
            QCOMPARE(raw.read(1000, 5000).size(), 1000);
        } // closed mid-reply
        {
            RawSocket raw(p->port());
            QVERIFY(raw.login(p->user));
            raw.send(encodeCommand({"BLPOP", "nothing", "0"}));
            QTest::qWait(100);
        } // closed before any reply
        QTRY_VERIFY_WITH_TIMEOUT(commandsNamed(p->recording, "GET").size() == 1 && commandsNamed(p->recording, "BLPOP").size() == 1, 10000);
        QCOMPARE(commandsNamed(p->recording, "GET").first().outcome, ObservedCommand::Outcome::Indeterminate);
        QCOMPARE(commandsNamed(p->recording, "BLPOP").first().outcome, ObservedCommand::Outcome::Indeterminate);
        QVERIFY(commandsNamed(p->recording, "BLPOP").first().repliedNs < 0);
    }

    void twoHundredConnectionsAtOnce()
    {
        auto p = proxiedRedis({.probe = false});
        QVERIFY(p);
        constexpr int kConnections = 200, kThreads = 4, kIncrements = 20;
        std::vector<std::unique_ptr<RedisConnection>> connections;
        for (int i = 0; i < kConnections; ++i)
            connections.push_back(std::make_unique<RedisConnection>(p->endpoint()));
        QTRY_COMPARE_WITH_TIMEOUT(p->proxy->openConnections(), kConnections, 5000);
        std::atomic<int> failures{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t)
            threads.emplace_back([&, t] {
                try {
                    for (int round = 0; round < kIncrements; ++round)
                        for (int i = t; i < kConnections; i += kThreads)
                            connections[size_t(i)]->command({"INCR", "counter"});
                } catch (const RedisError &) {
                    ++failures;
                }
            });
        for (std::thread &t : threads)
            t.join();
        QCOMPARE(failures.load(), 0);
        RedisConnection direct(p->direct());
        QCOMPARE(direct.command({"GET", "counter"}).bytes().toInt(), kConnections * kIncrements);
        QTRY_COMPARE_WITH_TIMEOUT(commandsNamed(p->recording, "INCR").size(), kConnections * kIncrements, 5000);
        QCOMPARE(p->recording.connections().size(), kConnections);
    }

    void transactionsScriptsAndPushes()
    {
        auto p = proxiedRedis();
        QVERIFY(p);
        RawSocket raw(p->port());
        QVERIFY(raw.login(p->user));
        const QByteArray script = "return redis.call('GET', KEYS[1])";
        raw.send(encodeCommand({"MULTI"}) + encodeCommand({"SET", "stock:1", "9"}) + encodeCommand({"INCR", "stock:1"})
                 + encodeCommand({"EXEC"}) + encodeCommand({"SCRIPT", "LOAD", script}));
        QByteArray got = raw.read(1000, 500);
        QVERIFY2(got.startsWith("+OK\r\n+QUEUED\r\n+QUEUED\r\n*2\r\n+OK\r\n:10\r\n$40\r\n"), got.constData());
        const QByteArray sha = got.mid(got.indexOf("$40\r\n") + 5, 40);
        raw.send(encodeCommand({"EVALSHA", sha, "1", "stock:1"}) + encodeCommand({"CLIENT", "REPLY", "OFF"})
                 + encodeCommand({"SET", "quiet", "1"}) + encodeCommand({"CLIENT", "REPLY", "ON"})
                 + encodeCommand({"HELLO", "3"}) + encodeCommand({"SUBSCRIBE", "news", "more"}));
        got = raw.read(1000, 500);
        QVERIFY2(got.startsWith("$2\r\n10\r\n+OK\r\n%"), got.constData());
        QVERIFY2(got.endsWith(">3\r\n$9\r\nsubscribe\r\n$4\r\nmore\r\n:2\r\n"), got.constData());
        {
            RedisConnection publisher(p->direct());
            QCOMPARE(publisher.command({"PUBLISH", "news", "hello"}).toInteger(), 1LL);
        }
        QVERIFY(raw.read(1000, 300).contains("hello"));
        raw.send(encodeCommand({"UNSUBSCRIBE"}) + encodeCommand({"PING"}));
        QVERIFY(raw.read(1000, 500).endsWith("+PONG\r\n"));
        p->proxy->stop();

        const RecordingSnapshot s = p->recording.snapshot(0);
        auto byName = [&s](const QByteArray &name) {
            for (const ObservedCommand &c : s.commands)
                if (commandName(c.argv) == name)
                    return c;
            return ObservedCommand();
        };
        const ObservedCommand multi = byName("MULTI");
        QVERIFY(multi.id);
        QCOMPARE(byName("INCR").multi, multi.id);
        QVERIFY(byName("INCR").reply.isStatus("QUEUED"));
        QCOMPARE(byName("EXEC").multi, multi.id);
        QCOMPARE(byName("EXEC").reply.items().size(), 2);
        QCOMPARE(byName("EVALSHA").script, script);
        QCOMPARE(byName("SET").outcome, ObservedCommand::Outcome::Replied);
        for (const ObservedCommand &c : s.commands)
            if (c.argv == Argv{"SET", "quiet", "1"})
                QCOMPARE(c.outcome, ObservedCommand::Outcome::NoReply);
        QCOMPARE(byName("SUBSCRIBE").reply.items().size(), 2); // one confirmation per channel
        QCOMPARE(byName("UNSUBSCRIBE").reply.items().size(), 2);
        QCOMPARE(byName("PING").reply.bytes(), QByteArray("PONG"));
        QCOMPARE(s.pushes.size(), 1);
        QCOMPARE(s.pushes.first().value.items().at(2).bytes(), QByteArray("hello"));
        QCOMPARE(s.connections.first().protocol, 3);
    }

    void probesReadLocksBackAndHearExpiries()
    {
        auto p = proxiedRedis({.lockPattern = "lock:*", .stockPattern = "stock:*"});
        QVERIFY(p);
        RedisConnection c(p->endpoint());
        c.command({"SET", "stock:1", "5"});
        QVERIFY(c.command({"SET", "lock:1", "token-a", "NX", "PX", "150"}).isStatus("OK"));
        const quint64 acquire = commandsNamed(p->recording, "SET").size() ? 0 : 0;
        (void)acquire;
        QTRY_VERIFY_WITH_TIMEOUT(!p->recording.snapshot(0).expiries.isEmpty(), 3000);
        const RecordingSnapshot s = p->recording.snapshot(0);
        QCOMPARE(s.expiries.first().key, QByteArray("lock:1"));
        bool sawLock = false;
        for (const ObservedProbe &probe : s.probes)
            for (const ObservedKey &k : probe.keys)
                if (k.key == "lock:1" && k.value == "token-a") {
                    sawLock = true;
                    QVERIFY(k.pttl > 0 && k.pttl <= 150);
                    QCOMPARE(k.type, QByteArray("string"));
                }
        QVERIFY(sawLock);
    }

    void delayedLink()
    {
        auto p = proxiedRedis();
        QVERIFY(p);
        RedisConnection c(p->endpoint(), named("slow"));
        p->proxy->delay(QStringLiteral("slow"), 100);
        QElapsedTimer t;
        t.start();
        QVERIFY(c.command({"PING"}).isStatus("PONG"));
        QVERIFY2(t.elapsed() >= 200, qPrintable(QString::number(t.elapsed())));
        p->proxy->delay(QStringLiteral("slow"), 0);
        t.restart();
        c.command({"PING"});
        QVERIFY(t.elapsed() < 200);
        QCOMPARE(p->recording.snapshot(0).faults.size(), 2);
    }

    // The classic lost reply: Redis applied the write, the client timed out.
    void droppedReply()
    {
        auto p = proxiedRedis();
        QVERIFY(p);
        RedisConnection c(p->endpoint(), named("victim", 300));
        p->proxy->dropNextReply(QStringLiteral("victim"));
        QVERIFY_THROWS_EXCEPTION(RedisTimeoutError, c.command({"SET", "lock:1", "t", "NX", "PX", "10000"}));
        RedisConnection direct(p->direct());
        QCOMPARE(direct.command({"GET", "lock:1"}).bytes(), QByteArray("t"));
        QTRY_VERIFY_WITH_TIMEOUT(!commandsNamed(p->recording, "SET").isEmpty(), 2000);
        const ObservedCommand set = commandsNamed(p->recording, "SET").first();
        QCOMPARE(set.outcome, ObservedCommand::Outcome::Dropped);
        QVERIFY(set.reply.isStatus("OK"));
        QCOMPARE(p->recording.snapshot(0).faults.size(), 1);
        QVERIFY(p->recording.snapshot(0).faults.first().note.contains(QStringLiteral("dropped")));
    }

    void partitionHoldsBytesUntilHealed()
    {
        auto p = proxiedRedis();
        QVERIFY(p);
        RedisConnection c(p->endpoint(), named("cut", 300));
        p->proxy->partition(QStringLiteral("cut"), {0});
        QVERIFY_THROWS_EXCEPTION(RedisTimeoutError, c.command({"SET", "k", "written"}));
        RedisConnection direct(p->direct());
        QVERIFY(direct.command({"GET", "k"}).isNil()); // it never got through
        p->proxy->partition(QStringLiteral("cut"), {});
        QTRY_COMPARE_WITH_TIMEOUT(direct.command({"GET", "k"}).bytes(), QByteArray("written"), 2000); // as TCP would retransmit
    }

    void pausedNode()
    {
        auto p = proxiedRedis();
        QVERIFY(p);
        RawSocket raw(p->port());
        QVERIFY(raw.login(p->user));
        p->proxy->pauseNode(0, true);
        raw.send(encodeCommand({"PING"}));
        QCOMPARE(raw.read(7, 300), QByteArray());
        p->proxy->pauseNode(0, false);
        QCOMPARE(raw.read(7, 2000), QByteArray("+PONG\r\n"));
    }

    // A node that is down: the client's connection is taken, then closed,
    // and what it sent meanwhile never ran.
    void refusedByADeadNode()
    {
        auto p = proxiedRedis();
        QVERIFY(p);
        p->server->kill();
        RawSocket raw(p->port());
        raw.send(encodeCommand({"PING"}));
        bool closed = false;
        QCOMPARE(raw.readToEnd(5000, &closed), QByteArray());
        QVERIFY(closed);
        QTRY_VERIFY_WITH_TIMEOUT(p->proxy->openConnections() == 0, 2000);
        const RecordingSnapshot s = p->recording.snapshot(0);
        QCOMPARE(s.connections.size(), 1);
        QVERIFY2(s.connections.first().closedBy.contains(QStringLiteral("refused the connection")), qPrintable(s.connections.first().closedBy));
        QCOMPARE(s.commands.size(), 1);
        QCOMPARE(s.commands.first().outcome, ObservedCommand::Outcome::Indeterminate);
    }

    // The server wants a password: the proxy never gives it for a client.
    // Each logs in itself, its AUTH and HELLO passed on as sent, and what it
    // may do is what its Redis user may do.
    void clientsLogInThemselves()
    {
        auto p = proxiedRedis({}, {.password = "s3cret-admin"});
        QVERIFY(p);
        RawSocket raw(p->port());
        raw.send(encodeCommand({"PING"}) + encodeCommand({"AUTH", p->user.name, "not-it"})
                 + encodeCommand({"HELLO", "2", "AUTH", p->user.name, p->user.password, "SETNAME", "hello"})
                 + encodeCommand({"CONFIG", "GET", "requirepass"}) + encodeCommand({"SET", "k", "v"}) + encodeCommand({"QUIT"}));
        bool closed = false;
        const QByteArray replies = raw.readToEnd(5000, &closed);
        QVERIFY(closed);
        QVERIFY2(replies.startsWith("-NOAUTH Authentication required.\r\n-WRONGPASS "), replies.constData());
        QVERIFY2(replies.contains("\r\n*14\r\n$6\r\nserver\r\n$5\r\nredis\r\n"), replies.constData());
        QVERIFY2(replies.endsWith("-NOPERM this user has no permissions to run the 'config|get' command\r\n+OK\r\n+OK\r\n"),
                 replies.constData());
        p->proxy->stop();
        QList<Argv> sent;
        for (const ObservedCommand &c : p->recording.snapshot(0).commands)
            sent << c.argv;
        QCOMPARE(sent, (QList<Argv>{{"PING"},
                                    {"AUTH", p->user.name, "(redacted)"},
                                    {"HELLO", "2", "AUTH", p->user.name, "(redacted)", "SETNAME", "hello"},
                                    {"CONFIG", "GET", "requirepass"},
                                    {"SET", "k", "v"},
                                    {"QUIT"}}));
        QCOMPARE(p->recording.connections().first().name, QByteArray("hello"));
    }
};

QTEST_GUILESS_MAIN(TestRecordingProxy)
#include "test_recording_proxy.moc"
