// `lockstock stress` end to end: the real binary, its own private Redis, the JSON.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestStressCli : public QObject {
    Q_OBJECT
private slots:
    void writesSaneJson()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString json = dir.filePath(QStringLiteral("stress.json"));
        QProcess p;
        p.start(QStringLiteral(LOCKSTOCK_EXE),
                {QStringLiteral("stress"), QStringLiteral("--strategy"), QStringLiteral("lua-decrement"),
                 QStringLiteral("--clients"), QStringLiteral("4"), QStringLiteral("--orders"), QStringLiteral("100"),
                 QStringLiteral("--stock"), QStringLiteral("50"), QStringLiteral("--json"), json});
        QVERIFY(p.waitForFinished(30'000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QByteArray out = p.readAllStandardOutput();
        QVERIFY2(out.contains("orders succeeded       50 of 100"), out.constData());

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
        QProcess p;
        p.start(QStringLiteral(LOCKSTOCK_EXE), QStringList{QStringLiteral("stress")} + args);
        QVERIFY(p.waitForFinished(30'000));
        QCOMPARE(p.exitCode(), 2);
    }
};

QTEST_MAIN(TestStressCli)
#include "test_stress_cli.moc"
