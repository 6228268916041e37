// Servers that refuse, lie, trickle or stall: `lockstock` never takes an
// error reply for a result, never hangs, and says what the server said.
// Each case asserts the message, exit code 2 (the server is the problem, not
// the run) and a bound on the time it took.

#include "FakeRedis.h"
#include "LockstockProcess.h"
#include "TestRedis.h"

#include "redis/RedisConnection.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>

using namespace lockstock;
using lockstock::test::CliResult;
using lockstock::test::describe;
using lockstock::test::kExitFailed;
using lockstock::test::kExitUsage;
using lockstock::test::FakeRedis;

namespace {

// Runs lockstock and checks it ended with exit 2, saying `says`, within `withinMs`.
#define VERIFY_REFUSED(args, says, withinMs)                                                                   \
    do {                                                                                                         \
        QElapsedTimer clock_;                                                                                    \
        clock_.start();                                                                                          \
        const CliResult r_ = test::runLockstock((args), (withinMs) + 20000);                                      \
        QVERIFY2(r_.finished, "lockstock hung");                                                                 \
        QVERIFY2(clock_.elapsed() < (withinMs), qPrintable(QStringLiteral("took %1 ms").arg(clock_.elapsed()))); \
        QVERIFY2(r_.exitStatus == QProcess::NormalExit && r_.exitCode == kExitUsage, qPrintable(describe(r_)));   \
        QVERIFY2(r_.err.contains(QRegularExpression(says)),                                                      \
                 qPrintable(QStringLiteral("expected /%1/ in: %2").arg(says, r_.err)));                          \
        QVERIFY2(!r_.out.contains(QStringLiteral("Correct")), qPrintable(r_.out));                               \
    } while (false)

QStringList run(const QString &scenario, const QStringList &redis, const QStringList &extra = {})
{
    return QStringList{QStringLiteral("run"), scenario} + redis + extra;
}

QByteArray simpleString(const QByteArray &s)
{
    return '+' + s + "\r\n";
}

} // namespace

class TestHostileServers : public QObject {
    Q_OBJECT

    std::unique_ptr<RedisServer> m_server;
    QTemporaryDir m_dir;

    QStringList redis() const { return test::redisOptions(m_server->endpoint()); }
    RedisValue admin(const Argv &argv)
    {
        RedisConnection c(m_server->endpoint());
        return c.command(argv);
    }

    QString writeScenario(const QString &name, const QByteArray &json)
    {
        QFile f(m_dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(json);
        return f.fileName();
    }

private slots:
    void initTestCase()
    {
        m_server = test::startRedis();
        QVERIFY(m_server);
    }

    void readOnlyReplica()
    {
        RedisServer::Options options;
        options.extraArgs = {QStringLiteral("--replicaof"), QStringLiteral("127.0.0.1 %1").arg(m_server->endpoint().port)};
        options.password = m_server->endpoint().password;
        const std::unique_ptr<RedisServer> replica = test::startRedis(options);
        QVERIFY(replica);
        VERIFY_REFUSED(run(QStringLiteral("lost-update"), test::redisOptions(replica->endpoint())),
                       QStringLiteral("refused SET lockstock:[0-9a-f]+:preflight:10086 .*: READONLY You can't write "
                                      "against a read only replica"),
                       10000);
    }

    void aclUser_data()
    {
        QTest::addColumn<QStringList>("rules");
        QTest::addColumn<QString>("says");
        QTest::addRow("limited to other keys") << QStringList{QStringLiteral("~other:*"), QStringLiteral("+@all")}
                                               << QStringLiteral("NOPERM this user has no permissions to access one of the keys");
        QTest::addRow("read commands only") << QStringList{QStringLiteral("~*"), QStringLiteral("+@read"), QStringLiteral("+ping"),
                                                           QStringLiteral("+client")}
                                            << QStringLiteral("NOPERM this user has no permissions to run the 'set' command");
    }

    void aclUser()
    {
        QFETCH(QStringList, rules);
        QFETCH(QString, says);
        Argv setuser{"ACL", "SETUSER", "limited", "reset", "on", ">pw"};
        for (const QString &rule : rules)
            setuser << rule.toUtf8();
        QVERIFY(admin(setuser).isStatus("OK"));
        QStringList options{QStringLiteral("--redis"), m_server->endpoint().display(), QStringLiteral("--user"),
                            QStringLiteral("limited"), QStringLiteral("--password"), QStringLiteral("pw")};
        VERIFY_REFUSED(run(QStringLiteral("lost-update"), options), says, 10000);
    }

    // An ACL that lets the preflight through but not DECRBY: the run stops
    // at the first order, with exit 2 and no verdict.
    void refusalMidRun()
    {
        QVERIFY(admin({"ACL", "SETUSER", "nodecr", "reset", "on", ">pw", "~*", "+@all", "-decrby"}).isStatus("OK"));
        QStringList options{QStringLiteral("--redis"), m_server->endpoint().display(), QStringLiteral("--user"),
                            QStringLiteral("nodecr"), QStringLiteral("--password"), QStringLiteral("pw"),
                            QStringLiteral("--strategy"), QStringLiteral("decr-compensate"), QStringLiteral("--json"),
                            m_dir.filePath(QStringLiteral("refused.json"))};
        VERIFY_REFUSED(run(QStringLiteral("lost-update"), options),
                       QStringLiteral("client A: Redis at .* refused DECRBY lockstock:[0-9a-f]+:stock:10086 1: NOPERM "
                                      "this user has no permissions to run the 'decrby' command"),
                       10000);
        QFile json(m_dir.filePath(QStringLiteral("refused.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QByteArray text = json.readAll();
        QVERIFY2(text.contains("\"clean\": false") && text.contains("NOPERM"), text.left(800).constData());
    }

    void outOfMemory()
    {
        const std::unique_ptr<RedisServer> full = test::startRedis(
            {.extraArgs = {QStringLiteral("--maxmemory"), QStringLiteral("1mb"), QStringLiteral("--maxmemory-policy"),
                           QStringLiteral("noeviction")}});
        QVERIFY(full);
        RedisConnection c(full->endpoint());
        c.command({"SET", "filler", QByteArray(2 << 20, 'x')}); // refused or not, memory is over the limit now
        VERIFY_REFUSED(run(QStringLiteral("lost-update"), test::redisOptions(full->endpoint())),
                       QStringLiteral("OOM command not allowed when used memory > 'maxmemory'"), 10000);
        VERIFY_REFUSED(QStringList({QStringLiteral("stress"), QStringLiteral("--strategy"), QStringLiteral("no-lock")})
                           + test::redisOptions(full->endpoint()),
                       QStringLiteral("no-lock stopped: .*OOM command not allowed"), 10000);
    }

    void renamedCommand()
    {
        const std::unique_ptr<RedisServer> renamed = test::startRedis(
            {.extraArgs = {QStringLiteral("--rename-command"), QStringLiteral("EVALSHA"), QString()}});
        QVERIFY(renamed);
        VERIFY_REFUSED(run(QStringLiteral("lost-update"), test::redisOptions(renamed->endpoint()),
                           {QStringLiteral("--strategy"), QStringLiteral("correct")}),
                       QStringLiteral("refused EVALSHA .*: ERR unknown command 'EVALSHA'"), 10000);
    }

    // Answers +PONG to everything: a PING check alone would take it for Redis.
    void pongLiar()
    {
        FakeRedis liar([](QTcpSocket *client, const FakeRedis::Argv &) {
            client->write(simpleString("PONG"));
            return true;
        });
        VERIFY_REFUSED(run(QStringLiteral("lost-update"), {QStringLiteral("--redis"), liar.endpoint()}),
                       QStringLiteral("does not behave like Redis: SET lockstock:[0-9a-f]+:preflight:10086 .* answered PONG"),
                       10000);
    }

    // A reply a byte every 100 ms: each read gets something, the command
    // never completes. One deadline per command ends it.
    void trickledReply()
    {
        FakeRedis trickler([](QTcpSocket *client, const FakeRedis::Argv &) {
            auto *timer = new QTimer(client);
            auto *left = new QByteArray("$100000\r\n" + QByteArray(100000, 'x') + "\r\n");
            connect(timer, &QObject::destroyed, [left] { delete left; });
            connect(timer, &QTimer::timeout, client, [client, left] {
                if (!left->isEmpty())
                    client->write(left->left(1));
                left->remove(0, 1);
            });
            timer->start(100);
            return true;
        });
        VERIFY_REFUSED(run(QStringLiteral("lost-update"), {QStringLiteral("--redis"), trickler.endpoint()}),
                       QStringLiteral("no answer within the command timeout of 5000 ms"), 9000);
    }

    // A bulk reply of 1.5 GB, sent fast: the reply limit ends it, memory stays small.
    void hugeReply()
    {
        FakeRedis huge([](QTcpSocket *client, const FakeRedis::Argv &) {
            client->write("$1500000000\r\n");
            auto *timer = new QTimer(client);
            connect(timer, &QTimer::timeout, client, [client] {
                if (client->bytesToWrite() < (4 << 20))
                    client->write(QByteArray(1 << 20, 'x'));
            });
            timer->start(1);
            return true;
        });
        VERIFY_REFUSED(run(QStringLiteral("lost-update"), {QStringLiteral("--redis"), huge.endpoint()}),
                       QStringLiteral("the reply is larger than 16 MiB"), 9000);
    }

    // SCAN always answers cursor 1: the cleanup gives up within its budget
    // and names the exact prefix it left, with the command to remove it.
    void scanCursorLiar()
    {
        FakeRedis proxy([](QTcpSocket *client, const FakeRedis::Argv &request) {
            if (request.value(0).compare("SCAN", Qt::CaseInsensitive) != 0)
                return false;
            client->write("*2\r\n$1\r\n1\r\n*0\r\n");
            return true;
        });
        proxy.setUpstream(quint16(m_server->endpoint().port));
        QStringList options{QStringLiteral("--redis"), proxy.endpoint(), QStringLiteral("--password"),
                            QString::fromUtf8(m_server->endpoint().password)};
        QElapsedTimer clock;
        clock.start();
        const CliResult r = test::runLockstock(run(QStringLiteral("lost-update"), options, {QStringLiteral("-q")}), 40000);
        QVERIFY2(r.finished, "lockstock hung in its cleanup");
        QVERIFY2(clock.elapsed() < 15000, qPrintable(QStringLiteral("took %1 ms").arg(clock.elapsed())));
        QVERIFY2(r.exitCode == kExitUsage, qPrintable(describe(r)));
        const QRegularExpression said(QStringLiteral("could not remove the keys under (lockstock:[0-9a-f]+:) from Redis at "
                                                     "[^ ]+ \\(SCAN did not come back to cursor 0 within 5000 ms\\); remove "
                                                     "them with: redis-cli -h 127.0.0.1 -p \\d+ --scan --pattern '\\1\\*'"));
        const QRegularExpressionMatch m = said.match(r.err);
        QVERIFY2(m.hasMatch(), qPrintable(r.err));
        // It is the prefix really left on the server.
        const RedisValue left = admin({"KEYS", m.captured(1).toUtf8() + '*'});
        QVERIFY2(!left.items().isEmpty(), qPrintable(r.err));
        Argv del{"DEL"};
        for (const RedisValue &k : left.items())
            del << k.bytes();
        admin(del);
    }

    // The server freezes (SIGSTOP) for longer than the command timeout while
    // the run goes: one timeout ends the run, the final read and the cleanup
    // add a second each, not a full timeout each; the prefix left is named.
    void stalledServer()
    {
        const std::unique_ptr<RedisServer> frozen = test::startRedis();
        QVERIFY(frozen);
        const QString scenario = writeScenario(QStringLiteral("long.json"), R"({"broken": "no-lock", "correct": "set-nx-ex-lua",
            "clients": 3, "orders_per_client": 1000000, "stock": 1000000000, "work_ms": 1, "speed": 1})");
        QProcess app;
        test::startLockstock(app, run(scenario, test::redisOptions(frozen->endpoint()),
                                      {QStringLiteral("--strategy"), QStringLiteral("correct"), QStringLiteral("--live"),
                                       QStringLiteral("-q")}));
        RedisConnection watch(frozen->endpoint());
        QDeadlineTimer busy(20000);
        while (watch.command({"DBSIZE"}).toInteger() < 2 && !busy.hasExpired())
            QThread::msleep(10);
        QVERIFY2(!busy.hasExpired(), "the run never got going");
        frozen->pause();
        QElapsedTimer clock;
        clock.start();
        const CliResult r = test::finishLockstock(app, 30000);
        const qint64 tookMs = clock.elapsed();
        frozen->resume();
        QVERIFY2(r.finished, "lockstock hung on a frozen server");
        qInfo("exited %lld ms after the server froze", tookMs);
        // 5 s command timeout + 1 s final read + 1 s cleanup, and slack for a loaded machine.
        QVERIFY2(tookMs < 10000, qPrintable(QStringLiteral("took %1 ms: %2").arg(tookMs).arg(r.err)));
        QVERIFY2(r.exitCode == kExitFailed, qPrintable(describe(r)));
        QVERIFY2(r.err.contains(QStringLiteral("no answer within the command timeout")), qPrintable(r.err));
        const QRegularExpressionMatch m =
            QRegularExpression(QStringLiteral("could not remove the keys under (lockstock:[0-9a-f]+:)")).match(r.err);
        QVERIFY2(m.hasMatch(), qPrintable(r.err));
        RedisConnection after(frozen->endpoint());
        QVERIFY(!after.command({"KEYS", m.captured(1).toUtf8() + '*'}).items().isEmpty());
    }

    // More clients than the server's maxclients: the run names the limit.
    void thousandClients()
    {
        const std::unique_ptr<RedisServer> small =
            test::startRedis({.extraArgs = {QStringLiteral("--maxclients"), QStringLiteral("100")}});
        QVERIFY(small);
        const QString scenario = writeScenario(QStringLiteral("crowd.json"),
                                               R"({"broken": "no-lock", "correct": "lua-decrement", "clients": 1000, "stock": 5000})");
        VERIFY_REFUSED(run(scenario, test::redisOptions(small->endpoint())),
                       QStringLiteral("allows 100 clients \\(maxclients\\) and has \\d+ connected; this run needs 1000 more "
                                      "connections"),
                       10000);
    }

    void cleanupTestCase()
    {
        m_server.reset();
    }
};

QTEST_GUILESS_MAIN(TestHostileServers)
#include "test_hostile_servers.moc"
