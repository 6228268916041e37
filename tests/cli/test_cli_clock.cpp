// Which clock a `lockstock run` is on, as a user sees it: a run on its own
// server is on the virtual clock and sends the lesson's numbers, the same
// every time; live threads and --redis are on the real clock and say so.

#include "LockstockProcess.h"
#include "TestRedis.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace lockstock;
using lockstock::test::CliResult;
using lockstock::test::runLockstock;

class TestCliClock : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // `lockstock run ARGS --json FILE`: the JSON it wrote.
    QJsonObject run(QStringList args, CliResult *result = nullptr)
    {
        const QString file = m_dir.filePath(QStringLiteral("run.json"));
        QFile::remove(file);
        const CliResult r = runLockstock(QStringList{QStringLiteral("run")} + args + QStringList{QStringLiteral("--json"), file});
        if (result)
            *result = r;
        if (!r.finished || r.exitCode != 0)
            qWarning("%s", qPrintable(r.err));
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
    }

private slots:
    void virtualRunSendsTheLessonsNumbersTheSameEveryTime()
    {
        CliResult r;
        const QJsonObject first = run({QStringLiteral("lease-shorter-than-work")}, &r);
        QVERIFY2(r.out.contains(QStringLiteral("· clock: virtual ·")), qPrintable(r.out));
        QCOMPARE(first.value(QStringLiteral("clock")).toString(), QStringLiteral("virtual"));
        QCOMPARE(first.value(QStringLiteral("speed")).toDouble(), 1.0);
        QStringList acquire;
        for (const QJsonValue &e : first.value(QStringLiteral("events")).toArray())
            if (e[QStringLiteral("step")] == QStringLiteral("acquire")) {
                for (const QJsonValue &a : e[QStringLiteral("argv")].toArray())
                    acquire << a.toString();
                break;
            }
        QCOMPARE(acquire.size(), 6);
        QCOMPARE(acquire.at(0), QStringLiteral("SET"));
        QCOMPARE(acquire.at(1), QStringLiteral("lock:10086"));
        QCOMPARE(acquire.mid(3), (QStringList{QStringLiteral("NX"), QStringLiteral("PX"), QStringLiteral("10000")}));
        QCOMPARE(first.value(QStringLiteral("lost_updates")).toInt(), 1);
        QCOMPARE(first.value(QStringLiteral("overlaps")).toArray().size(), 1);
        for (int i = 0; i < 2; ++i)
            QCOMPARE(run({QStringLiteral("lease-shorter-than-work")}), first); // figures, events, times
    }

    void liveRunIsOnTheRealClock()
    {
        CliResult r;
        const QJsonObject json = run({QStringLiteral("lost-update"), QStringLiteral("--live")}, &r);
        QVERIFY2(r.out.contains(QStringLiteral("· clock: real, speed ×10 ·")), qPrintable(r.out));
        QCOMPARE(json.value(QStringLiteral("clock")).toString(), QStringLiteral("real"));
        QCOMPARE(json.value(QStringLiteral("speed")).toDouble(), 10.0);
    }

    // A server LockStock did not start has a clock it cannot own.
    void sharedServerIsOnTheRealClock()
    {
        const auto server = test::startRedis();
        QVERIFY(server);
        CliResult r;
        const QJsonObject json = run({QStringLiteral("lease-shorter-than-work"), QStringLiteral("--redis"),
                                      server->endpoint().display(), QStringLiteral("--speed"), QStringLiteral("50")},
                                     &r);
        QVERIFY2(r.out.contains(QStringLiteral("· clock: real, speed ×50 ·")), qPrintable(r.out));
        QCOMPARE(json.value(QStringLiteral("clock")).toString(), QStringLiteral("real"));
        // The lease scaled to real time: PX 200 for the lesson's 10 s.
        const QJsonArray events = json.value(QStringLiteral("events")).toArray();
        const auto acquire = std::find_if(events.begin(), events.end(), [](const QJsonValue &e) {
            return e[QStringLiteral("step")] == QStringLiteral("acquire");
        });
        QVERIFY(acquire != events.end());
        QCOMPARE((*acquire)[QStringLiteral("argv")].toArray().last().toString(), QStringLiteral("200"));
        // Still the lesson: the lease ran out under A's work.
        QCOMPARE(json.value(QStringLiteral("lost_updates")).toInt(), 1);
    }
};

QTEST_GUILESS_MAIN(TestCliClock)
#include "test_cli_clock.moc"
