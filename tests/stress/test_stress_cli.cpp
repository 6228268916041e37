// `lockstock stress` end to end: the real binary, its own private Redis, the JSON.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {
struct Finished {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// Runs `lockstock stress ARGS` to its end.
Finished stress(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(LOCKSTOCK_EXE), QStringList{QStringLiteral("stress")} + args);
    if (!p.waitForFinished(60'000))
        return {};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}
} // namespace

class TestStressCli : public QObject {
    Q_OBJECT
private slots:
    void writesSaneJson()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString json = dir.filePath(QStringLiteral("stress.json"));
        const Finished p = stress({QStringLiteral("--strategy"), QStringLiteral("lua-decrement"),
                                   QStringLiteral("--clients"), QStringLiteral("4"), QStringLiteral("--orders"),
                                   QStringLiteral("100"), QStringLiteral("--stock"), QStringLiteral("50"),
                                   QStringLiteral("--json"), json});
        QVERIFY2(p.exitCode == 0, p.err.constData());
        QVERIFY2(p.out.contains("orders sold            50 of 100"), p.out.constData());

        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(doc[QStringLiteral("workload")][QStringLiteral("clients")].toInt(), 4);
        QCOMPARE(doc[QStringLiteral("workload")][QStringLiteral("orders")].toInt(), 100);
        const QJsonArray results = doc[QStringLiteral("results")].toArray();
        QCOMPARE(results.size(), 1);
        const QJsonObject r = results.first().toObject();
        QCOMPARE(r[QStringLiteral("strategy")].toString(), QStringLiteral("lua-decrement"));
        QCOMPARE(r[QStringLiteral("orders_tried")].toInt(), 100);
        QCOMPARE(r[QStringLiteral("orders_succeeded")].toInt(), 50);
        QCOMPARE(r[QStringLiteral("final_stock")].toInt(), 0);
        QCOMPARE(r[QStringLiteral("oversold")].toInt(), 0);
        QCOMPARE(r[QStringLiteral("lost_updates")].toInt(), 0);
        QCOMPARE(r[QStringLiteral("broke")].toBool(), false);
        QVERIFY(r[QStringLiteral("orders_per_second")].toDouble() > 0);
        QVERIFY(r[QStringLiteral("latency_p99_ms")].toDouble() >= r[QStringLiteral("latency_p50_ms")].toDouble());
        QVERIFY(!r.contains(QStringLiteral("error")));
    }

    // --all: one table, every strategy; the two that need a replica and the
    // one that never releases its lock are skipped at once on the private
    // server, which is not a failure.
    void comparesAllStrategies()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString json = dir.filePath(QStringLiteral("all.json"));
        const Finished p = stress({QStringLiteral("--all"), QStringLiteral("--clients"), QStringLiteral("4"),
                                   QStringLiteral("--orders"), QStringLiteral("100"), QStringLiteral("--stock"),
                                   QStringLiteral("50"), QStringLiteral("--quiet"), QStringLiteral("--json"), json});
        QVERIFY2(p.exitCode == 0, p.err.constData());
        QVERIFY2(p.out.contains("set-nx-px-wait") && p.out.contains("skipped: needs a replica"), p.out.constData());
        QVERIFY2(p.out.contains("skipped: never releases its lock"), p.out.constData());

        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray results = QJsonDocument::fromJson(f.readAll()).object()[QStringLiteral("results")].toArray();
        QVERIFY(results.size() > 10);
        for (const QJsonValue &v : results) {
            const QJsonObject r = v.toObject();
            const QString name = r[QStringLiteral("strategy")].toString();
            const bool skipped = name == QLatin1String("set-nx-px-wait") || name == QLatin1String("set-nx-px-min-replicas")
                || name == QLatin1String("watch-release-bytes");
            QCOMPARE(r.contains(QStringLiteral("skipped")), skipped);
            QVERIFY(!r.contains(QStringLiteral("error")));
            if (!skipped)
                QCOMPARE(r[QStringLiteral("orders_tried")].toInt(), 100);
            // Oversold (no-lock nearly always is), no stock is expected: the
            // table says none, as `run` does, not a negative stock.
            const QString row = QString::fromUtf8(p.out).split(QLatin1Char('\n')).filter(
                QRegularExpression(QStringLiteral("^%1 ").arg(name))).value(0);
            const int expected = r[QStringLiteral("expected_stock")].toInt();
            if (!skipped)
                QVERIFY2(row.contains(QRegularExpression(QStringLiteral(" -?\\d+/%1 ").arg(expected < 0 ? QStringLiteral("none") : QString::number(expected)))),
                         qPrintable(row));
        }

        // Asked for by name, a strategy that cannot run here: nothing ran,
        // the Redis given is the problem (exit 2, as for bad input).
        const Finished one = stress({QStringLiteral("--strategy"), QStringLiteral("set-nx-px-wait"), QStringLiteral("--quiet")});
        QCOMPARE(one.exitCode, 2);
        QVERIFY2(one.err.contains("not run: needs a replica"), one.err.constData());
    }

    void rejectsBadInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no strategy") << QStringList{};
        QTest::newRow("both") << QStringList{QStringLiteral("--all"), QStringLiteral("--strategy"), QStringLiteral("no-lock")};
        QTest::newRow("unknown") << QStringList{QStringLiteral("--strategy"), QStringLiteral("nope")};
        QTest::newRow("zero clients") << QStringList{QStringLiteral("--strategy"), QStringLiteral("no-lock"),
                                                     QStringLiteral("--clients"), QStringLiteral("0")};
    }
    void rejectsBadInput()
    {
        QFETCH(QStringList, args);
        QCOMPARE(stress(args).exitCode, 2);
    }
};

QTEST_MAIN(TestStressCli)
#include "test_stress_cli.moc"
