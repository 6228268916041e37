// `lockstock explore` as a user meets it: the table and --json of a small
// space, the shortest counterexample saved and replayed by `lockstock run`,
// a space too large for --budget sampled and said so, Ctrl-C printing what
// was found, and bad input refused with exit code 2.

#include "LockstockProcess.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>

using namespace lockstock;
using lockstock::test::CliResult;
using lockstock::test::describe;
using lockstock::test::kExitFailed;
using lockstock::test::kExitUsage;
using lockstock::test::runLockstock;

namespace {
QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}
} // namespace

class TestCliExplore : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // lost-update's no-lock side: 6 interleavings, 4 traces, two of them
    // lose an update; its shortest counterexample replays through `run`.
    void counterexampleReplaysThroughRun()
    {
        const QString json = m_dir.filePath(QStringLiteral("explore.json"));
        const QString saved = m_dir.filePath(QStringLiteral("shortest.json"));
        const CliResult r = runLockstock({QStringLiteral("explore"), QStringLiteral("lost-update"), QStringLiteral("--json"), json,
                                          QStringLiteral("--save-counterexample"), saved, QStringLiteral("--language"),
                                          QStringLiteral("en")},
                                         60000);
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains(QLatin1String("complete: 4 distinct executions")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("lost_updates")), qPrintable(r.out));
        // Failures are named as what they are: refused orders fail too, and break neither stock nor lock.
        QVERIFY2(r.out.contains(QLatin1String("2 of 4 executions (50.0 %) fail.")), qPrintable(r.out));
        const QJsonObject o = readJson(json);
        const QJsonObject space = o.value(QStringLiteral("space")).toObject();
        QCOMPARE(space.value(QStringLiteral("coverage")).toString(), QStringLiteral("complete"));
        QCOMPARE(space.value(QStringLiteral("executions")).toInt(), 4);
        // Each failing finding's shortest schedule: the lost update's is both servers reading first.
        QJsonObject shortest;
        for (const QJsonValue &c : o.value(QStringLiteral("counterexamples")).toArray())
            if (c.toObject().value(QStringLiteral("finding")).toString() == QLatin1String("lost_updates"))
                shortest = c.toObject();
        QCOMPARE(shortest.value(QStringLiteral("steps")).toInt(), 4);
        QCOMPARE(shortest.value(QStringLiteral("interleaving")).toArray().at(1).toString(), QStringLiteral("B"));
        qint64 runs = 0;
        for (const QJsonValue &v : o.value(QStringLiteral("outcomes")).toArray())
            runs += v.toObject().value(QStringLiteral("count")).toInteger();
        QCOMPARE(runs, 4);

        const QString replayed = m_dir.filePath(QStringLiteral("run.json"));
        const CliResult run = runLockstock({QStringLiteral("run"), saved, QStringLiteral("--json"), replayed});
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(describe(run)));
        const QJsonObject figures = readJson(replayed);
        QStringList kinds;
        for (const QJsonValue &f : figures.value(QStringLiteral("findings")).toArray())
            kinds << f.toObject().value(QStringLiteral("kind")).toString();
        QVERIFY2(kinds.contains(QStringLiteral("lost_updates")), qPrintable(kinds.join(QLatin1Char(' '))));
        QCOMPARE(figures.value(QStringLiteral("final_stock")).toInt(), 99);
    }

    void correctSideSaysNoFinding()
    {
        const QString saved = m_dir.filePath(QStringLiteral("none.json"));
        const CliResult r = runLockstock({QStringLiteral("explore"), QStringLiteral("lost-update"), QStringLiteral("--strategy"),
                                          QStringLiteral("correct"), QStringLiteral("--save-counterexample"), saved,
                                          QStringLiteral("--language"), QStringLiteral("en")},
                                         60000);
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains(QLatin1String("No finding in all 12 distinct executions (complete).")), qPrintable(r.out));
        QVERIFY2(r.err.contains(QLatin1String("no counterexample saved")), qPrintable(r.err));
        QVERIFY(!QFile::exists(saved));
    }

    // --quiet leaves out the heading and the progress line, not the results.
    void quietPrintsOnlyTheResults()
    {
        const CliResult r = runLockstock({QStringLiteral("explore"), QStringLiteral("lost-update"), QStringLiteral("--strategy"),
                                          QStringLiteral("correct"), QStringLiteral("--quiet"), QStringLiteral("--language"),
                                          QStringLiteral("en")},
                                         60000);
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains(QLatin1String("No finding in all 12 distinct executions (complete).")), qPrintable(r.out));
        QVERIFY2(!r.out.contains(QLatin1String("every schedule, on the virtual clock")), qPrintable(r.out));
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    }

    // Twenty buyers: no budget covers the space; it is sampled, and says so.
    void largeSpaceIsSampled()
    {
        const QString json = m_dir.filePath(QStringLiteral("flash.json"));
        const CliResult r = runLockstock({QStringLiteral("explore"), QStringLiteral("flash-sale"), QStringLiteral("--budget"),
                                          QStringLiteral("2"), QStringLiteral("--json"), json},
                                         60000);
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
        const QJsonObject space = readJson(json).value(QStringLiteral("space")).toObject();
        QCOMPARE(space.value(QStringLiteral("coverage")).toString(), QStringLiteral("sampled"));
        QVERIFY(space.value(QStringLiteral("pct_runs")).toInteger() > 0);
        QVERIFY(space.value(QStringLiteral("pct_probability_per_run")).toDouble() > 0);
        QVERIFY2(r.out.contains(QLatin1String("sampled:")), qPrintable(r.out));
    }

    // Ctrl-C stops the exploration soon and prints what it found so far.
    void interruptPrintsWhatWasFound()
    {
        QProcess app;
        test::startLockstock(app, {QStringLiteral("explore"), QStringLiteral("flash-sale"), QStringLiteral("--budget"),
                                   QStringLiteral("120"), QStringLiteral("--language"), QStringLiteral("en")});
        QVERIFY(app.waitForStarted());
        QThread::msleep(1500);
        QElapsedTimer sinceSignal;
        sinceSignal.start();
        ::kill(pid_t(app.processId()), SIGINT);
        const CliResult r = test::finishLockstock(app, 30000);
        QVERIFY2(r.finished, "explore did not stop");
        QVERIFY2(sinceSignal.elapsed() < 10000, qPrintable(QString::number(sinceSignal.elapsed())));
        QCOMPARE(r.exitCode, kExitFailed);
        QVERIFY2(r.out.contains(QLatin1String("outcome")) && r.out.contains(QLatin1String("stock")), qPrintable(r.out));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        QTest::newRow("unknown strategy") << QStringList{QStringLiteral("lost-update"), QStringLiteral("--strategy"), QStringLiteral("nope")}
                                          << QStringLiteral("unknown strategy 'nope'");
        QTest::newRow("faults over the palette") << QStringList{QStringLiteral("lost-update"), QStringLiteral("--faults"), QStringLiteral("4")}
                                                 << QStringLiteral("more than the palette");
        QTest::newRow("real clock: Sentinel") << QStringList{QStringLiteral("failover-lost-lock")} << QStringLiteral("real clock");
        QTest::newRow("real clock: cluster") << QStringList{QStringLiteral("cluster-failover-lost-lock")} << QStringLiteral("real clock");
        QTest::newRow("budget 0") << QStringList{QStringLiteral("lost-update"), QStringLiteral("--budget"), QStringLiteral("0")}
                                  << QStringLiteral("--budget must be");
        QTest::newRow("unknown method") << QStringList{QStringLiteral("lost-update"), QStringLiteral("--method"), QStringLiteral("dfs")}
                                        << QStringLiteral("--method must be");
        QTest::newRow("no scenario") << QStringList{} << QStringLiteral("which scenario");
        QTest::newRow("unknown scenario") << QStringList{QStringLiteral("no-such-scenario")} << QStringLiteral("no-such-scenario");
        QTest::newRow("json not writable") << QStringList{QStringLiteral("lost-update"), QStringLiteral("--json"),
                                                          QStringLiteral("/nonexistent/dir/x.json")}
                                           << QStringLiteral("/nonexistent/dir/x.json");
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        const CliResult r = runLockstock(QStringList{QStringLiteral("explore")} + args);
        QVERIFY2(r.finished && r.exitStatus == QProcess::NormalExit && r.exitCode == kExitUsage, qPrintable(describe(r)));
        QVERIFY2(r.err.contains(says), qPrintable(QStringLiteral("expected '%1' in: %2").arg(says, r.err)));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliExplore)
#include "test_cli_explore.moc"
