// The window's stress comparison against a real redis-server: every strategy
// gets a row, the rows fill in from a worker thread, the safe strategies stay
// safe, and Cancel stops between strategies.

#include "TestRedis.h"

#include "engine/Strategy.h"
#include "gui/StressComparison.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace lockstock;

class StressComparisonTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_redis = test::startRedis();
        QVERIFY(m_redis);
        m_target = RedisTarget::useExisting(m_redis->endpoint());
    }

    void comparesEveryStrategy()
    {
        StressComparison model(m_target.get());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), allStrategies().size());
        QSignalSpy finished(&model, &StressComparison::finished);
        QSignalSpy progress(&model, &StressComparison::progressChanged);
        model.start(4, 60, 30);
        QVERIFY(model.running());
        QVERIFY(finished.wait(240'000));
        QVERIFY(!model.running());
        QVERIFY(progress.count() > 1);
        QCOMPARE(model.progress(), 1.0);
        QCOMPARE(model.finishedCount(), model.rowCount());
        QVERIFY(model.error().isEmpty());

        double fastest = 0;
        for (int i = 0; i < model.rowCount(); ++i) {
            const QModelIndex row = model.index(i);
            const QString name = row.data(StressComparison::NameRole).toString();
            QVERIFY2(row.data(StressComparison::DoneRole).toBool(), qPrintable(name));
            if (name == QLatin1String("set-nx-px-wait")) {
                QVERIFY(row.data(StressComparison::NotRunRole).toString().contains(QLatin1String("replica")));
                continue;
            }
            QVERIFY2(row.data(StressComparison::ErrorRole).toString().isEmpty(), qPrintable(name));
            QVERIFY2(row.data(StressComparison::ThroughputRole).toDouble() > 0, qPrintable(name));
            QCOMPARE(row.data(StressComparison::TriedRole).toInt(), 60);
            fastest = std::max(fastest, row.data(StressComparison::ThroughputRole).toDouble());
            if (name == QLatin1String("lua-decrement") || name == QLatin1String("set-nx-ex-lua")
                || name == QLatin1String("watch-multi")) {
                QVERIFY2(!row.data(StressComparison::BrokeRole).toBool(), qPrintable(name));
                QCOMPARE(row.data(StressComparison::ProblemsRole).toInt(), 0);
                QCOMPARE(row.data(StressComparison::FinalStockRole).toLongLong(), 0); // 60 orders, 30 units
            }
        }
        QCOMPARE(model.maxThroughput(), fastest);
    }

    void cancelStopsBetweenStrategies()
    {
        StressComparison model(m_target.get());
        QSignalSpy finished(&model, &StressComparison::finished);
        model.start(2, 20, 20);
        model.cancel();
        QVERIFY(finished.wait(60'000));
        QVERIFY(model.finishedCount() < model.rowCount());
        QVERIFY(!model.running());
    }

    void withoutRedisSaysSo()
    {
        StressComparison model(nullptr);
        model.start(2, 20, 20);
        QVERIFY(!model.running());
        QVERIFY(model.error().contains(QLatin1String("Redis")));
    }

private:
    std::unique_ptr<RedisServer> m_redis;
    std::unique_ptr<RedisTarget> m_target;
};

QTEST_MAIN(StressComparisonTest)
#include "tst_stresscomparison.moc"
