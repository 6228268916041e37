// What `lockstock` reads and writes, and how it stops: inputs that are not
// regular files, outputs that cannot be written (a full device, a closed
// stdout, a FIFO nobody reads, a missing directory, a picture too large),
// signals in the middle of a long sleep. Every case ends with the reason on
// stderr within a bounded time, never a hang, a crash or a silent exit 0.

#include "LockstockProcess.h"
#include "TestRedis.h"

#include "redis/RedisConnection.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <sys/stat.h>
#include <thread>

using namespace lockstock;
using lockstock::test::CliResult;
using lockstock::test::describe;
using lockstock::test::kExitFailed;
using lockstock::test::kExitUsage;
using lockstock::test::runLockstock;

namespace {

// Checks that `r` ended by itself within `withinMs` of `clock` with `code`, saying `says`.
#define VERIFY_ENDED(r, clock, withinMs, code, says)                                                            \
    do {                                                                                                          \
        QVERIFY2((r).finished, "lockstock hung");                                                                 \
        QVERIFY2((clock).elapsed() < (withinMs), qPrintable(QStringLiteral("took %1 ms").arg((clock).elapsed()))); \
        QVERIFY2((r).exitStatus == QProcess::NormalExit && (r).exitCode == (code), qPrintable(describe(r)));       \
        QVERIFY2((r).err.contains(says), qPrintable(QStringLiteral("expected '%1' in: %2").arg(says, (r).err)));  \
    } while (false)

// Runs `args` and checks exit 2 with `says` within `withinMs`.
#define VERIFY_USAGE(args, says, withinMs)                                 \
    do {                                                                    \
        QElapsedTimer clock_;                                               \
        clock_.start();                                                     \
        const CliResult r_ = runLockstock((args), (withinMs) + 20000);      \
        VERIFY_ENDED(r_, clock_, (withinMs), kExitUsage, (says));           \
    } while (false)

const QString kRun = QStringLiteral("run");
const QString kQuiet = QStringLiteral("-q");

} // namespace

class TestCliIo : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString writeFile(const QString &name, const QByteArray &bytes)
    {
        QFile f(m_dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(bytes);
        return f.fileName();
    }

    QString fifo(const QString &name)
    {
        const QString path = m_dir.filePath(name);
        ::unlink(QFile::encodeName(path).constData());
        return ::mkfifo(QFile::encodeName(path).constData(), 0600) == 0 ? path : QString();
    }

    // Starts `args`, waits until it printed `started` on stdout and then
    // `afterMs` more, sends `signal`, and waits for it to end.
    CliResult signalled(const QStringList &args, const QString &started, int afterMs, int signal, QElapsedTimer *sinceSignal,
                        const QStringList &env = {})
    {
        QProcess app;
        test::startLockstock(app, args, env);
        QByteArray out;
        QDeadlineTimer deadline(30000);
        while (!out.contains(started.toUtf8()) && !deadline.hasExpired() && app.state() == QProcess::Running) {
            app.waitForReadyRead(50);
            out += app.readAllStandardOutput();
        }
        QThread::msleep(afterMs);
        sinceSignal->start();
        if (app.state() == QProcess::Running)
            ::kill(pid_t(app.processId()), signal);
        CliResult r = test::finishLockstock(app, 20000);
        r.out.prepend(QString::fromUtf8(out));
        return r;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
    }

    // Devices, FIFOs and directories are refused as scenarios at once:
    // /dev/zero would be read for ever, a FIFO would block.
    void inputThatIsNotAFile_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("says");
        QTest::addRow("/dev/zero") << QStringLiteral("/dev/zero") << QStringLiteral("it is a device, not a regular file");
        QTest::addRow("/dev/urandom") << QStringLiteral("/dev/urandom") << QStringLiteral("it is a device, not a regular file");
        QTest::addRow("a FIFO") << fifo(QStringLiteral("scenario.fifo")) << QStringLiteral("it is a FIFO, not a regular file");
        QTest::addRow("a directory") << m_dir.path() << QStringLiteral("it is a directory, not a regular file");
    }

    void inputThatIsNotAFile()
    {
        QFETCH(QString, path);
        QFETCH(QString, says);
        QVERIFY(!path.isEmpty());
        VERIFY_USAGE((QStringList{kRun, path}), QStringLiteral("%1: cannot read the file: %2").arg(QFileInfo(path).fileName(), says),
                     5000);
    }

    // A scenario just past the limit is refused, one at the limit read.
    void inputLimit()
    {
        const QString big = writeFile(QStringLiteral("big.json"), QByteArray(4 * 1024 * 1024 + 1, ' '));
        VERIFY_USAGE((QStringList{kRun, big}), QStringLiteral("cannot read the file: it is larger than 4 MiB"), 5000);
        const QString atLimit = writeFile(QStringLiteral("limit.json"), QByteArray(4 * 1024 * 1024, ' '));
        VERIFY_USAGE((QStringList{kRun, atLimit}), QStringLiteral("limit.json:1: not valid JSON"), 5000);
    }

    void outputToAFullDevice_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addRow("run --json") << QStringList{kRun, QStringLiteral("lost-update"), kQuiet, QStringLiteral("--json"),
                                                   QStringLiteral("/dev/full")};
        QTest::addRow("stress --json") << QStringList{QStringLiteral("stress"), QStringLiteral("--strategy"),
                                                      QStringLiteral("lua-decrement"), QStringLiteral("--orders"),
                                                      QStringLiteral("50"), kQuiet, QStringLiteral("--json"),
                                                      QStringLiteral("/dev/full")};
        QTest::addRow("shot --out") << QStringList{QStringLiteral("shot"), QStringLiteral("lost-update"), QStringLiteral("--out"),
                                                   QStringLiteral("/dev/full")};
    }

    void outputToAFullDevice()
    {
        QFETCH(QStringList, args);
        VERIFY_USAGE(args, QStringLiteral("cannot write /dev/full: No space left on device"), 20000);
    }

    void stdoutFull()
    {
        QProcess app;
        app.setStandardOutputFile(QStringLiteral("/dev/full"));
        test::startLockstock(app, {kRun, QStringLiteral("lost-update")});
        QElapsedTimer clock;
        clock.start();
        const CliResult r = test::finishLockstock(app, 30000);
        VERIFY_ENDED(r, clock, 20000, kExitUsage, QStringLiteral("cannot write to standard output: No space left on device"));
    }

    void stdoutClosed()
    {
        QProcess sh;
        sh.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("exec \"$0\" list >&-"), test::lockstockBinary()});
        QElapsedTimer clock;
        clock.start();
        const CliResult r = test::finishLockstock(sh, 20000);
        VERIFY_ENDED(r, clock, 10000, kExitUsage, QStringLiteral("cannot write to standard output: Bad file descriptor"));
    }

    // A FIFO nobody reads: refused after a short wait, not blocked on for ever.
    void jsonToAFifoNobodyReads()
    {
        const QString path = fifo(QStringLiteral("out.fifo"));
        QVERIFY(!path.isEmpty());
        VERIFY_USAGE((QStringList{kRun, QStringLiteral("lost-update"), kQuiet, QStringLiteral("--json"), path}),
                     QStringLiteral("cannot write %1: it is a FIFO and nothing reads it").arg(path), 10000);
    }

    // A FIFO somebody reads gets the whole history.
    void jsonToAFifoBeingRead()
    {
        const QString path = fifo(QStringLiteral("read.fifo"));
        QVERIFY(!path.isEmpty());
        QByteArray received;
        std::thread reader([&] {
            QFile f(path);
            if (f.open(QIODevice::ReadOnly))
                received = f.readAll();
        });
        const CliResult r = runLockstock({kRun, QStringLiteral("lost-update"), kQuiet, QStringLiteral("--json"), path});
        reader.join();
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
        QJsonParseError error;
        const QJsonObject doc = QJsonDocument::fromJson(received, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(doc.value(QStringLiteral("orders_tried")).toInt(), 2);
    }

    // It used to crash painting on a painter that never began.
    void pictureIntoAMissingDirectory_data()
    {
        QTest::addColumn<QString>("out");
        QTest::addRow("svg") << QStringLiteral("/nonexistent/dir/x.svg");
        QTest::addRow("png") << QStringLiteral("/nonexistent/dir/x.png");
    }

    void pictureIntoAMissingDirectory()
    {
        QFETCH(QString, out);
        VERIFY_USAGE((QStringList{QStringLiteral("shot"), QStringLiteral("lost-update"), QStringLiteral("--out"), out}),
                     QStringLiteral("cannot write %1: no such directory").arg(out), 10000);
    }

    // 300 clients at full height would be 1600x51 000 pixels: refused by size.
    void pictureTooLarge()
    {
        const QString crowd = writeFile(QStringLiteral("crowd.json"),
                                        R"({"broken": "lua-decrement", "correct": "lua-decrement", "clients": 300, "stock": 1000})");
        VERIFY_USAGE((QStringList{QStringLiteral("shot"), crowd, QStringLiteral("--out"), m_dir.filePath(QStringLiteral("crowd.png"))}),
                     QStringLiteral("megapixels a picture may have"), 60000);
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("crowd.png"))));
        VERIFY_USAGE((QStringList{QStringLiteral("shot"), QStringLiteral("lost-update"), QStringLiteral("--width"),
                                  QStringLiteral("16000"), QStringLiteral("--height"), QStringLiteral("16000"),
                                  QStringLiteral("--out"), m_dir.filePath(QStringLiteral("huge.png"))}),
                     QStringLiteral("the picture would be 16000x16000 pixels (256 megapixels)"), 5000);
    }

    void scaleIsANumber_data()
    {
        QTest::addColumn<QString>("scale");
        for (const char *s : {"nan", "inf", "-1", "0.1", "9"})
            QTest::addRow("%s", s) << QString::fromLatin1(s);
    }

    void scaleIsANumber()
    {
        QFETCH(QString, scale);
        VERIFY_USAGE((QStringList{QStringLiteral("shot"), QStringLiteral("lost-update"), QStringLiteral("--scale"), scale,
                                  QStringLiteral("--out"), m_dir.filePath(QStringLiteral("s.png"))}),
                     QStringLiteral("--scale must be a number from 0.25 to 8"), 5000);
    }

    // A client name is the scenario author's, a reply the server's: neither
    // may drive the terminal.
    void controlCharactersAreShown()
    {
        const QString named = writeFile(QStringLiteral("named.json"),
                                        "{\"broken\": \"no-lock\", \"correct\": \"lua-decrement\", \"clients\": "
                                        "[\"\\u001b[2J\", \"B\"], \"stock\": 5, \"speed\": 10}");
        const CliResult r = runLockstock({kRun, named, QStringLiteral("--trace")});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(!r.out.contains(QChar(0x1b)) && !r.err.contains(QChar(0x1b)), "an escape code reached the terminal");
        QVERIFY2(r.out.contains(QStringLiteral("^[[2J")), qPrintable(r.out));
    }

    // A client about to sleep ten minutes; SIGTERM or Ctrl-C ends the run at
    // once, not when the sleep would have.
    void signalDuringALongSleep_data()
    {
        QTest::addColumn<int>("signal");
        QTest::addRow("SIGTERM") << SIGTERM;
        QTest::addRow("SIGINT") << SIGINT;
    }

    void signalDuringALongSleep()
    {
        QFETCH(int, signal);
        const QString sleepy = writeFile(QStringLiteral("sleepy.json"),
                                         R"({"broken": "no-lock", "correct": "lua-decrement", "speed": 1,
                                             "clients": [{"name": "A", "start_ms": 600000}, "B"]})");
        QElapsedTimer sinceSignal;
        const CliResult r = signalled({kRun, sleepy, QStringLiteral("--live")}, QStringLiteral("Redis"), 700, signal, &sinceSignal);
        VERIFY_ENDED(r, sinceSignal, 3000, kExitFailed, QStringLiteral("the run stopped: interrupted"));
    }

    // `shot` stops the same way and removes its keys from a shared server.
    void shotInterrupted()
    {
        const std::unique_ptr<RedisServer> server = test::startRedis();
        QVERIFY(server);
        const QString sleepy = writeFile(QStringLiteral("sleepy-shot.json"),
                                         R"({"broken": "no-lock", "correct": "lua-decrement", "speed": 1,
                                             "clients": [{"name": "A", "start_ms": 600000}, "B"]})");
        QProcess app;
        test::startLockstock(app, QStringList{QStringLiteral("shot"), sleepy, QStringLiteral("--live"), QStringLiteral("--out"),
                                              m_dir.filePath(QStringLiteral("stopped.png"))}
                                      + test::redisOptions(server->endpoint()));
        RedisConnection watch(server->endpoint());
        QDeadlineTimer deadline(20000);
        while (watch.command({"DBSIZE"}).toInteger() == 0 && !deadline.hasExpired())
            QThread::msleep(10);
        QVERIFY2(!deadline.hasExpired(), "the shot never wrote its stock");
        QElapsedTimer sinceSignal;
        sinceSignal.start();
        ::kill(pid_t(app.processId()), SIGTERM);
        const CliResult r = test::finishLockstock(app, 20000);
        VERIFY_ENDED(r, sinceSignal, 3000, kExitFailed, QStringLiteral("the run stopped: interrupted"));
        QCOMPARE(watch.command({"DBSIZE"}).toInteger(), 0);
    }

    // A run killed outright (SIGKILL: nothing unwinds) leaves --json as it
    // was, not empty: the file is written under no name and named once
    // whole. A run that ends replaces it.
    void killedRunLeavesTheOutputAsItWas()
    {
        const QString out = writeFile(QStringLiteral("kept.json"), "previous\n");
        const QString sleepy = writeFile(QStringLiteral("sleepy-killed.json"),
                                         R"({"broken": "no-lock", "correct": "lua-decrement", "speed": 1,
                                             "clients": [{"name": "A", "start_ms": 600000}, "B"]})");
        QElapsedTimer sinceSignal;
        const CliResult killed = signalled({kRun, sleepy, QStringLiteral("--live"), QStringLiteral("--json"), out},
                                           QStringLiteral("Redis"), 300, SIGKILL, &sinceSignal);
        QVERIFY2(killed.finished && killed.exitStatus == QProcess::CrashExit, qPrintable(describe(killed)));
        QFile kept(out);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("previous\n"));
        kept.close();
        QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral(".kept.json*")}, QDir::Files | QDir::Hidden), QStringList());
        const CliResult done = runLockstock({kRun, QStringLiteral("lost-update"), kQuiet, QStringLiteral("--json"), out});
        QVERIFY2(done.exitCode == 0, qPrintable(describe(done)));
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QVERIFY(QJsonDocument::fromJson(kept.readAll()).isObject());
    }

    // The temp dirs of a killed run (its server's, its clock page's) go at
    // the next LockStock start, whatever the command; those of a run still
    // going stay.
    void killedRunsTempDirsGoAtTheNextStart()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QStringList env{QStringLiteral("TMPDIR=") + tmp.path()};
        const QString sleepy = writeFile(QStringLiteral("sleepy-dirs.json"),
                                         R"({"broken": "no-lock", "correct": "lua-decrement", "speed": 1,
                                             "clients": [{"name": "A", "start_ms": 600000}, "B"]})");
        const auto dirs = [&tmp] {
            const QStringList names = QDir(tmp.path()).entryList({QStringLiteral("lockstock-*")}, QDir::Dirs);
            return QSet<QString>(names.cbegin(), names.cend());
        };
        // Up once it says which Redis it runs on.
        const auto start = [&](QProcess &app) {
            test::startLockstock(app, {kRun, sleepy, QStringLiteral("--live")}, env);
            QByteArray out;
            QDeadlineTimer deadline(30000);
            while (!out.contains("Redis") && !deadline.hasExpired() && app.state() == QProcess::Running) {
                app.waitForReadyRead(50);
                out += app.readAllStandardOutput();
            }
            return out.contains("Redis");
        };
        QProcess killed, going;
        QVERIFY(start(killed));
        const QSet<QString> killedDirs = dirs();
        QVERIFY2(killedDirs.size() >= 2, qPrintable(killedDirs.values().join(QLatin1Char(' '))));
        QVERIFY(start(going));
        const QSet<QString> goingDirs = dirs() - killedDirs;
        QVERIFY2(goingDirs.size() >= 2, qPrintable(goingDirs.values().join(QLatin1Char(' '))));
        ::kill(pid_t(killed.processId()), SIGKILL);
        QVERIFY(test::finishLockstock(killed, 20000).finished);
        QCOMPARE(dirs(), killedDirs + goingDirs); // nothing removed them: the process was gone at once
        const CliResult next = runLockstock({QStringLiteral("list")}, 30000, env);
        QVERIFY2(next.exitCode == 0, qPrintable(describe(next)));
        QCOMPARE(dirs(), goingDirs);
        ::kill(pid_t(going.processId()), SIGTERM);
        QVERIFY(test::finishLockstock(going, 20000).finished);
        QCOMPARE(dirs(), QSet<QString>());
    }

    // The window closes on SIGTERM as if the user closed it: a normal exit.
    void windowSigterm()
    {
        const std::unique_ptr<RedisServer> server = test::startRedis();
        QVERIFY(server);
        QProcess app;
        test::startLockstock(app, test::redisOptions(server->endpoint()),
                             {QStringLiteral("QT_QPA_PLATFORM=offscreen"), QStringLiteral("QT_QUICK_CONTROLS_STYLE=Material")});
        // Up once it has loaded its first scenario's code panel: give it time, then stop it.
        QVERIFY(!app.waitForFinished(3000));
        QElapsedTimer sinceSignal;
        sinceSignal.start();
        ::kill(pid_t(app.processId()), SIGTERM);
        const CliResult r = test::finishLockstock(app, 20000);
        QVERIFY2(r.finished, "the window did not close");
        QVERIFY2(sinceSignal.elapsed() < 5000, qPrintable(QString::number(sinceSignal.elapsed())));
        QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 0, qPrintable(describe(r)));
    }
};

QTEST_GUILESS_MAIN(TestCliIo)
#include "test_cli_io.moc"
