// A Redis server LockStock did not start ("someone else's"): whatever the run
// does — finish, get Ctrl-C or SIGTERM, SIGKILL or crash — every key outside
// the run's own prefix keeps its value and TTL, and nothing is ever flushed.

#include "LockstockProcess.h"
#include "TestRedis.h"

#include "redis/RedisConnection.h"

#include <QDeadlineTimer>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>

using namespace lockstock;
using lockstock::test::CliResult;

namespace {

struct Sentinel {
    QByteArray key;
    QByteArray dump;   // DUMP: type, value and encoding in one blob
    qint64 pttl = 0;
};

// What a run may leave behind when it cannot clean up: its own keys only.
const QRegularExpression kRunKey(QStringLiteral("^lockstock:[0-9a-f]+:(lock|stock|fence):10086$"));

} // namespace

class TestSharedServer : public QObject {
    Q_OBJECT

    std::unique_ptr<RedisServer> m_server;
    std::unique_ptr<RedisConnection> m_admin;
    QList<Sentinel> m_sentinels;
    QTemporaryDir m_dir;

    RedisValue admin(const Argv &argv) { return m_admin->command(argv); }

    QStringList runArgs(const QString &scenario) const
    {
        return QStringList{QStringLiteral("run"), scenario, QStringLiteral("-q")} + test::redisOptions(m_server->endpoint());
    }

    // Keys that are not sentinels.
    QList<QByteArray> foreignKeys()
    {
        QList<QByteArray> out;
        const RedisValue keys = admin({"KEYS", "*"});
        for (const RedisValue &k : keys.items())
            if (std::none_of(m_sentinels.begin(), m_sentinels.end(), [&k](const Sentinel &s) { return s.key == k.bytes(); }))
                out << k.bytes();
        return out;
    }

    void verifySentinels()
    {
        for (const Sentinel &s : m_sentinels) {
            QCOMPARE(admin({"DUMP", s.key}).bytes(), s.dump);
            const qint64 pttl = admin({"PTTL", s.key}).toInteger();
            if (s.pttl < 0)
                QCOMPARE(pttl, s.pttl);
            else // only the clock moved it
                QVERIFY2(pttl > s.pttl - 120000 && pttl <= s.pttl, s.key.constData());
        }
        const QByteArray stats = admin({"INFO", "commandstats"}).bytes();
        QVERIFY2(!stats.contains("cmdstat_flushdb") && !stats.contains("cmdstat_flushall"), stats.constData());
    }

    // Starts a run that lasts, waits until it has written its keys, then
    // sends it `signal`.
    CliResult abortRun(int signal)
    {
        QFile f(m_dir.filePath(QStringLiteral("long.json")));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        f.write(R"({"broken": "no-lock", "correct": "set-nx-ex-lua", "clients": 3, "orders_per_client": 1000000,
                    "stock": 1000000000, "work_ms": 1, "speed": 1})");
        f.close();
        QProcess app;
        test::startLockstock(app, runArgs(f.fileName()) + QStringList{QStringLiteral("--strategy"), QStringLiteral("correct")});
        QDeadlineTimer deadline(20000);
        bool busy = false;
        while (!busy && !deadline.hasExpired() && app.state() == QProcess::Running) {
            const QList<QByteArray> keys = foreignKeys();
            busy = keys.size() >= 2; // the stock and a held lock
            QThread::msleep(10);
        }
        if (!busy || ::kill(pid_t(app.processId()), signal) != 0)
            return {};
        return test::finishLockstock(app, 15000);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_server = test::startRedis();
        QVERIFY(m_server);
        m_admin = std::make_unique<RedisConnection>(m_server->endpoint());
        // Someone else's data, some of it named just like ours.
        const QList<Argv> fill{
            {"SET", "lock:10086", "someone-elses-token", "PX", "3600000"},
            {"SET", "stock:10086", "42"},
            {"SET", "fence:10086", "7"},
            {"SET", "lockstock:", "the bare prefix"},
            {"HSET", "lockstock:other:x", "field", "value", "n", "1"},
            {"SET", "lockstock:other:ttl", "v", "EX", "3600"},
            {"RPUSH", "orders", "o1", "o2", "o3"},
            {"SADD", "users", "u1", "u2"},
            {"ZADD", "board", "1", "a", "2", "b"},
            {"XADD", "events", "*", "k", "v"},
        };
        for (const Argv &cmd : fill)
            QVERIFY(!admin(cmd).isError());
        const RedisValue keys = admin({"KEYS", "*"});
        for (const RedisValue &k : keys.items())
            m_sentinels.append({k.bytes(), admin({"DUMP", k.bytes()}).bytes(), admin({"PTTL", k.bytes()}).toInteger()});
        QCOMPARE(m_sentinels.size(), fill.size());
        admin({"CONFIG", "RESETSTAT"});
    }

    // Finished runs, every lesson: they clean up their own prefix too.
    void normalRuns_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("scenario");
        for (const char *name : {"lost-update", "crash-between-setnx-expire", "lease-expired-wrong-delete", "flash-sale"})
            for (const char *strategy : {"broken", "correct"}) {
                QTest::addRow("%s %s", name, strategy)
                    << QStringList{QStringLiteral("--strategy"), QString::fromLatin1(strategy)} << QString::fromLatin1(name);
                QTest::addRow("%s %s live", name, strategy)
                    << QStringList{QStringLiteral("--strategy"), QString::fromLatin1(strategy), QStringLiteral("--live")}
                    << QString::fromLatin1(name);
            }
    }

    void normalRuns()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, scenario);
        const CliResult r = test::runLockstock(runArgs(scenario) + extra, 120000);
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.err));
        verifySentinels();
        QCOMPARE(foreignKeys(), QList<QByteArray>());
    }

    // Ctrl-C and SIGTERM stop the run: it says so and removes its own keys.
    void interruptedRuns_data()
    {
        QTest::addColumn<int>("signal");
        QTest::addRow("SIGTERM") << SIGTERM;
        QTest::addRow("SIGINT") << SIGINT;
    }

    void interruptedRuns()
    {
        QFETCH(int, signal);
        const CliResult r = abortRun(signal);
        QVERIFY2(r.finished, "the run never got going, or did not stop");
        QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 1, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("the run stopped: interrupted")), qPrintable(r.err));
        verifySentinels();
        QCOMPARE(foreignKeys(), QList<QByteArray>());
    }

    // Killed runs cannot clean up: what they leave is under their own prefix.
    void killedRuns_data()
    {
        QTest::addColumn<int>("signal");
        QTest::addRow("SIGKILL") << SIGKILL;
        QTest::addRow("crash (SIGSEGV)") << SIGSEGV;
        QTest::addRow("crash (SIGABRT)") << SIGABRT;
    }

    void killedRuns()
    {
        QFETCH(int, signal);
        const CliResult r = abortRun(signal);
        QVERIFY2(r.finished, "the run never got going, or did not die");
        QCOMPARE(r.exitStatus, QProcess::CrashExit);
        verifySentinels();
        const QList<QByteArray> left = foreignKeys();
        QVERIFY(!left.isEmpty());
        const QByteArray prefix = left.first().left(left.first().indexOf(':', 10) + 1);
        for (const QByteArray &k : left) {
            QVERIFY2(kRunKey.match(QString::fromUtf8(k)).hasMatch(), k.constData());
            QVERIFY2(k.startsWith(prefix), "one run, one prefix");
        }
        // Leave the server as the next row expects it.
        Argv del{"DEL"};
        del += left;
        admin(del);
    }

    void cleanupTestCase()
    {
        if (m_admin)
            verifySentinels();
        m_admin.reset();
        m_server.reset();
    }
};

QTEST_GUILESS_MAIN(TestSharedServer)
#include "test_shared_server.moc"
