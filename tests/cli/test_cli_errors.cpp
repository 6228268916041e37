// Bad input and unusable servers: `lockstock run` exits with 2 and one line
// that names the problem (file, line and field for scenario errors), never a
// crash or a hang. Redis dying mid-run exits with 1 and still writes --json.

#include "LockstockProcess.h"
#include "TestRedis.h"

#include "redis/RedisConnection.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QTest>
#include <QThread>

using namespace lockstock;
using lockstock::test::CliResult;
using lockstock::test::describe;
using lockstock::test::kExitFailed;
using lockstock::test::kExitUsage;
using lockstock::test::runLockstock;

namespace {

// A well-formed scenario; rows replace one line of it.
const QByteArray kGood = "{\n"
                         "  \"broken\": \"no-lock\",\n"
                         "  \"correct\": \"lua-decrement\",\n"
                         "  \"clients\": 2,\n"
                         "  \"stock\": 5,\n"
                         "  \"speed\": 10\n"
                         "}\n";

QByteArray withLine(int line, const QByteArray &text)
{
    QList<QByteArray> lines = kGood.split('\n');
    lines[line - 1] = text;
    return lines.join('\n');
}

// A port nobody listens on: bind, note it, close.
int closedPort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost);
    return s.serverPort();
}

#define VERIFY_USAGE_ERROR(r, says)                                                                    \
    do {                                                                                               \
        QVERIFY2((r).finished, "lockstock hung");                                                      \
        QVERIFY2((r).exitStatus == QProcess::NormalExit && (r).exitCode == kExitUsage,                 \
                 qPrintable(describe(r)));                                                             \
        QVERIFY2((r).err.contains(says), qPrintable(QStringLiteral("expected '%1' in: %2").arg(says, (r).err))); \
    } while (false)

} // namespace

class TestCliErrors : public QObject {
    Q_OBJECT

private slots:
    // The good scenario runs: the rows below fail because of what they change.
    void goodScenarioRuns()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("good.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kGood);
        f.close();
        const CliResult r = runLockstock({QStringLiteral("run"), f.fileName(), QStringLiteral("-q")});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
    }

    void badScenarioFile_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("says");
        QTest::addRow("malformed") << withLine(5, "  \"stock\": 5 5,") << QStringLiteral("bad.json:5: not valid JSON");
        QTest::addRow("truncated") << kGood.left(kGood.indexOf("\"stock\"")) << QStringLiteral("bad.json:5: not valid JSON");
        QTest::addRow("empty file") << QByteArray() << QStringLiteral("bad.json:1: not valid JSON");
        QTest::addRow("binary garbage") << QByteArray("\x00\xff\xfe{\x01", 5) << QStringLiteral("not valid JSON");
        QTest::addRow("not an object") << QByteArray("[1, 2]") << QStringLiteral("must be a JSON object");
        QTest::addRow("unknown field") << withLine(5, "  \"stok\": 5,")
                                       << QStringLiteral("bad.json:5: field 'stok': unknown field");
        QTest::addRow("unknown strategy") << withLine(3, "  \"correct\": \"nope\",")
                                          << QStringLiteral("bad.json:3: field 'correct': unknown strategy 'nope'");
        QTest::addRow("negative stock") << withLine(5, "  \"stock\": -5,")
                                        << QStringLiteral("bad.json:5: field 'stock': must be 0 or more (is -5)");
        QTest::addRow("huge stock") << withLine(5, "  \"stock\": 1e300,")
                                    << QStringLiteral("bad.json:5: field 'stock': must be 1000000000 or less");
        QTest::addRow("fractional stock") << withLine(5, "  \"stock\": 1.5,")
                                          << QStringLiteral("bad.json:5: field 'stock': must be a whole number");
        QTest::addRow("stock as text") << withLine(5, "  \"stock\": \"5\",")
                                       << QStringLiteral("bad.json:5: field 'stock': must be a whole number");
        QTest::addRow("zero clients") << withLine(4, "  \"clients\": 0,")
                                      << QStringLiteral("bad.json:4: field 'clients': must be 1 or more (is 0)");
        QTest::addRow("no clients") << withLine(4, "  \"clients\": [],") << QStringLiteral("bad.json:4: field 'clients'");
        QTest::addRow("a million clients") << withLine(4, "  \"clients\": 1000000,")
                                           << QStringLiteral("bad.json:4: field 'clients': must be 1000 or less");
        QTest::addRow("duplicate client") << withLine(4, "  \"clients\": [\"A\", \"A\"],")
                                          << QStringLiteral("field 'clients[1]': client 'A' is listed twice");
        QTest::addRow("zero speed") << withLine(6, "  \"speed\": 0")
                                    << QStringLiteral("bad.json:6: field 'speed': must be a number from 0.01 to 10000");
        QTest::addRow("absurd speed") << withLine(6, "  \"speed\": 1e300")
                                      << QStringLiteral("bad.json:6: field 'speed': must be a number from 0.01 to 10000");
        QTest::addRow("fault for nobody") << withLine(6, "  \"faults\": [{\"client\": \"Z\"}]")
                                          << QStringLiteral("bad.json:6: field 'faults[0].client': no client is named 'Z'");
    }

    void badScenarioFile()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, says);
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(json);
        f.close();
        const CliResult r = runLockstock({QStringLiteral("run"), f.fileName()});
        VERIFY_USAGE_ERROR(r, says);
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1); // one line, not a dump
        // `lockstock bad.json` says the same and opens no window (no display is needed to say it).
        const CliResult window = runLockstock({f.fileName()}, 30000, {QStringLiteral("QT_QPA_PLATFORM="), QStringLiteral("DISPLAY="), QStringLiteral("WAYLAND_DISPLAY=")});
        VERIFY_USAGE_ERROR(window, says);
        QCOMPARE(window.err.count(QLatin1Char('\n')), 1);
    }

    void badArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        const QString run = QStringLiteral("run");
        const QString scenario = QStringLiteral("lost-update");
        QTest::addRow("no command") << QStringList{QStringLiteral("frobnicate")} << QStringLiteral("unknown command 'frobnicate'");
        QTest::addRow("no scenario") << QStringList{run} << QStringLiteral("which scenario?");
        QTest::addRow("no such scenario") << QStringList{run, QStringLiteral("nope")} << QStringLiteral("nope: no such scenario");
        QTest::addRow("a directory") << QStringList{run, QStringLiteral("/tmp")} << QStringLiteral("cannot read the file");
        QTest::addRow("unknown option") << QStringList{run, scenario, QStringLiteral("--frobnicate")} << QStringLiteral("frobnicate");
        QTest::addRow("unknown strategy") << QStringList{run, scenario, QStringLiteral("--strategy"), QStringLiteral("nope")}
                                          << QStringLiteral("unknown strategy 'nope'");
        for (const char *speed : {"0", "-1", "1e9", "nan", "inf", "fast"})
            QTest::addRow("--speed %s", speed) << QStringList{run, scenario, QStringLiteral("--speed"), QString::fromLatin1(speed)}
                                               << QStringLiteral("--speed must be a number from 0.01 to 10000");
        QTest::addRow("negative seed") << QStringList{run, scenario, QStringLiteral("--seed"), QStringLiteral("-1")}
                                       << QStringLiteral("--seed must be");
        QTest::addRow("unknown schedule") << QStringList{run, scenario, QStringLiteral("--schedule"), QStringLiteral("soon")}
                                          << QStringLiteral("--schedule must be");
        QTest::addRow("port out of range") << QStringList{run, scenario, QStringLiteral("--redis"), QStringLiteral("127.0.0.1:99999")}
                                           << QStringLiteral("the port must be a number from 1 to 65535");
        QTest::addRow("empty host") << QStringList{run, scenario, QStringLiteral("--redis"), QStringLiteral(":6379")}
                                    << QStringLiteral("the host is empty");
        const QString closed = QStringLiteral("127.0.0.1:%1").arg(closedPort());
        QTest::addRow("nobody listening") << QStringList{run, scenario, QStringLiteral("--redis"), closed}
                                          << QStringLiteral("cannot connect to Redis at %1").arg(closed);
    }

    void badArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        const CliResult r = runLockstock(args);
        VERIFY_USAGE_ERROR(r, says);
    }

    // The window's --redis is checked as `run`'s is: a bad one exits 2 with
    // its message before any window (it used to open the window anyway and,
    // offscreen, never exit).
    void windowRedisErrors_data()
    {
        QTest::addColumn<QString>("redis");
        QTest::addColumn<QString>("says");
        QTest::addRow("port 0") << QStringLiteral("127.0.0.1:0") << QStringLiteral("the port must be a number from 1 to 65535");
        const QString closed = QStringLiteral("127.0.0.1:%1").arg(closedPort());
        QTest::addRow("nobody listening") << closed << QStringLiteral("cannot connect to Redis at %1").arg(closed);
    }

    void windowRedisErrors()
    {
        QFETCH(QString, redis);
        QFETCH(QString, says);
        const CliResult r = runLockstock({QStringLiteral("--redis"), redis}, 10000, {QStringLiteral("QT_QPA_PLATFORM=offscreen")});
        VERIFY_USAGE_ERROR(r, says);
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
    }

    // No display: what to do instead, and exit 2 (Qt aborted: "could not
    // connect to display", exit 134).
    void windowWithoutADisplay()
    {
        const CliResult r = runLockstock({}, 30000, {QStringLiteral("QT_QPA_PLATFORM="), QStringLiteral("DISPLAY="), QStringLiteral("WAYLAND_DISPLAY=")});
        VERIFY_USAGE_ERROR(r, QStringLiteral("the window needs a display"));
        for (const QString &hint : {QStringLiteral("DISPLAY"), QStringLiteral("lockstock lesson"), QStringLiteral("lockstock run")})
            QVERIFY2(r.err.contains(hint), qPrintable(r.err));
    }

    // An HTTP server where Redis should be.
    void serverIsNotRedis()
    {
        QTcpServer http;
        QVERIFY(http.listen(QHostAddress::LocalHost));
        connect(&http, &QTcpServer::newConnection, this, [&http] {
            QTcpSocket *s = http.nextPendingConnection();
            connect(s, &QTcpSocket::readyRead, s, [s] {
                s->readAll();
                s->write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
                s->flush();
            });
        });
        const QString at = QStringLiteral("127.0.0.1:%1").arg(http.serverPort());
        const CliResult r = runLockstock({QStringLiteral("run"), QStringLiteral("lost-update"), QStringLiteral("--redis"), at});
        VERIFY_USAGE_ERROR(r, QStringLiteral("does not speak the Redis protocol"));
        QVERIFY(r.err.contains(at));
    }

    // Accepts the connection and never says a word: the command timeout ends it.
    void serverNeverAnswers()
    {
        QTcpServer mute;
        QVERIFY(mute.listen(QHostAddress::LocalHost));
        const QString at = QStringLiteral("127.0.0.1:%1").arg(mute.serverPort());
        const CliResult r = runLockstock({QStringLiteral("run"), QStringLiteral("lost-update"), QStringLiteral("--redis"), at}, 20000);
        VERIFY_USAGE_ERROR(r, QStringLiteral("no answer within the command timeout"));
        QVERIFY(r.err.contains(at));
    }

    void password()
    {
        RedisServer::Options options;
        options.password = "s3cret";
        const std::unique_ptr<RedisServer> server = test::startRedis(options);
        QVERIFY(server);
        const QStringList run{QStringLiteral("run"), QStringLiteral("lost-update"), QStringLiteral("-q"),
                              QStringLiteral("--redis"), server->endpoint().display()};
        VERIFY_USAGE_ERROR(runLockstock(run), QStringLiteral("requires a password"));
        VERIFY_USAGE_ERROR(runLockstock(run + QStringList{QStringLiteral("--password"), QStringLiteral("wrong")}),
                           QStringLiteral("refused the password"));
        VERIFY_USAGE_ERROR(runLockstock(run, 30000, {QStringLiteral("REDISCLI_AUTH=wrong")}),
                           QStringLiteral("refused the password"));
        const CliResult ok = runLockstock(run + QStringList{QStringLiteral("--password"), QStringLiteral("s3cret")});
        QVERIFY2(ok.finished && ok.exitCode == 0, qPrintable(describe(ok)));
    }

    // Redis is killed while the CLI runs: exit 1, the reason on stderr, and
    // the history up to then in the --json file.
    void redisDiesMidRun()
    {
        const std::unique_ptr<RedisServer> server = test::startRedis();
        QVERIFY(server);
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("long.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(withLine(6, "  \"speed\": 1, \"orders_per_client\": 1000000, \"stock\": 1000000000, \"work_ms\": 1"));
        f.close();
        const QString json = dir.filePath(QStringLiteral("history.json"));
        QProcess app;
        test::startLockstock(app, QStringList{QStringLiteral("run"), f.fileName(), QStringLiteral("--strategy"),
                                              QStringLiteral("correct"), QStringLiteral("--json"), json}
                                      + test::redisOptions(server->endpoint()));
        // Wait until the run is deducting stock on the server.
        RedisConnection watch(server->endpoint());
        QDeadlineTimer deadline(20000);
        qint64 stock = 1000000000;
        while (stock > 999999990 && !deadline.hasExpired() && app.state() == QProcess::Running) {
            const RedisValue keys = watch.command({"KEYS", "lockstock:*:stock:10086"});
            long long v = 0;
            if (keys.isArray() && keys.items().size() == 1
                && watch.command({"GET", keys.items().first().bytes()}).readInteger(v))
                stock = v;
            QThread::msleep(10);
        }
        QVERIFY2(stock <= 999999990, "the run never sold anything");
        server->kill();
        const CliResult r = test::finishLockstock(app, 15000);
        QVERIFY2(r.finished, "lockstock hung after Redis died");
        QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == kExitFailed, qPrintable(describe(r)));
        // The broken connection is reopened once, which the dead server refuses.
        const QRegularExpression said(QStringLiteral("closed the connection|Connection refused"));
        QVERIFY2(r.err.contains(QStringLiteral("the run stopped")) && r.err.contains(said),
                 qPrintable(r.err));

        QFile out(json);
        QVERIFY(out.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(out.readAll()).object();
        QVERIFY(doc.value(QStringLiteral("error")).toString().contains(said));
        QVERIFY(doc.value(QStringLiteral("orders_succeeded")).toInt() >= 10);
        QVERIFY(doc.value(QStringLiteral("events")).toArray().size() > 40);
    }
};

QTEST_GUILESS_MAIN(TestCliErrors)
#include "test_cli_errors.moc"
