// Redis dies, freezes or drops us in the middle of a run, stepped and live:
// the run must end within its command timeout, say what happened, and keep
// the history recorded so far, which still exports as JSON.

#include "TestRedis.h"

#include "analysis/HistoryJson.h"
#include "redis/RedisConnection.h"
#include "strategies/Strategies.h"

#include <QBuffer>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <QThread>

#include <atomic>
#include <thread>

using namespace lockstock;

namespace {

enum class RedisFault { Kill, Pause };

constexpr int kCommandTimeoutMs = 300;

// Three clients taking a real lock (SET NX PX + Lua release) for far more
// orders than the test waits for: the run is surely busy when the fault hits.
RunConfig busyConfig(RunMode mode, int orders)
{
    RunConfig c;
    c.scenario = QStringLiteral("resilience");
    c.clients = {{QStringLiteral("A"), 0}, {QStringLiteral("B"), 0}, {QStringLiteral("C"), 0}};
    c.stock = 1000000;
    c.ordersPerClient = orders;
    c.leaseMs = 5000;
    c.workMs = 1;
    c.retryMs = 1;
    c.speed = 1;
    c.commandTimeoutMs = kCommandTimeoutMs;
    c.probe = mode == RunMode::Stepped;
    return c;
}

// Runs `config` on a thread so the test can strike while it is going.
class BackgroundRun {
public:
    BackgroundRun(RunConfig config, RunMode mode, const RedisEndpoint &endpoint)
        : m_thread([this, config, mode, endpoint]() mutable {
            config.interrupt = &m_interrupt;
            m_error = runToEnd(config, *findStrategy(QStringLiteral("set-nx-ex-lua")), endpoint, m_history, mode);
            m_done = true;
        })
    {
    }
    // A run that outlives its test is interrupted, never waited out.
    ~BackgroundRun()
    {
        interrupt();
        m_thread.join();
    }
    void interrupt() { m_interrupt = true; }

    History &history() { return m_history; }
    bool done() const { return m_done; }
    const QString &error() const { return m_error; }
    int commands() const
    {
        int n = 0;
        for (const Event &e : m_history.events())
            n += e.kind == EventKind::Command ? 1 : 0;
        return n;
    }

private:
    History m_history;
    QString m_error;
    std::atomic<bool> m_done{false};
    std::atomic<bool> m_interrupt{false};
    std::thread m_thread;
};

bool waitFor(const std::function<bool()> &condition, int ms)
{
    QDeadlineTimer deadline(ms);
    while (!condition()) {
        if (deadline.hasExpired())
            return false;
        QThread::msleep(5);
    }
    return true;
}

} // namespace

class TestRedisFailure : public QObject {
    Q_OBJECT

private slots:
    void runEndsAndKeepsItsHistory_data()
    {
        QTest::addColumn<RunMode>("mode");
        QTest::addColumn<RedisFault>("fault");
        QTest::addColumn<QString>("says");
        for (RunMode mode : {RunMode::Stepped, RunMode::Live}) {
            const char *m = mode == RunMode::Stepped ? "stepped" : "live";
            // Killed: the broken connection is reopened once, which is refused
            // (or reset, when it reached the listener as the process died).
            QTest::addRow("%s: server killed", m) << mode << RedisFault::Kill
                                                 << QStringLiteral("closed the connection|Connection refused|Connection reset by peer");
            QTest::addRow("%s: server SIGSTOPped", m) << mode << RedisFault::Pause
                                                     << QStringLiteral("no answer within the command timeout");
        }
    }

    void runEndsAndKeepsItsHistory()
    {
        QFETCH(RunMode, mode);
        QFETCH(RedisFault, fault);
        QFETCH(QString, says);
        const std::unique_ptr<RedisServer> server = test::startRedis();
        QVERIFY(server);
        const RedisEndpoint endpoint = server->endpoint();

        BackgroundRun run(busyConfig(mode, 1000000), mode, endpoint);
        QVERIFY2(waitFor([&] { return run.commands() >= 60 || run.done(); }, 20000), "the run never got going");
        QVERIFY2(!run.done(), qPrintable(run.error()));
        const QList<Event> before = run.history().events();

        QElapsedTimer sinceFault;
        sinceFault.start();
        switch (fault) {
        case RedisFault::Kill:
            server->kill();
            break;
        case RedisFault::Pause:
            server->pause();
            break;
        }
        // Worst case: a client command and then the final read each wait out the timeout.
        const bool ended = waitFor([&] { return run.done(); }, 2 * kCommandTimeoutMs + 3000);
        const qint64 tookMs = sinceFault.elapsed();
        server->resume(); // a stuck run must not hang the test in ~BackgroundRun
        QVERIFY2(ended, "the run did not stop after Redis failed");
        qInfo("run stopped %lld ms after the fault: %s", tookMs, qPrintable(run.error()));

        // It says what happened, and where.
        QVERIFY(!run.error().isEmpty());
        QVERIFY2(run.error().contains(endpoint.display()), qPrintable(run.error()));
        QVERIFY2(run.error().contains(QRegularExpression(says)), qPrintable(run.error()));

        // Everything recorded before the fault is still there, in order,
        // followed by the error, and the history is closed.
        const QList<Event> after = run.history().events();
        QVERIFY(after.size() > before.size());
        for (qsizetype i = 0; i < before.size(); ++i) {
            QCOMPARE(after.at(i).tNs, before.at(i).tNs);
            QCOMPARE(after.at(i).argv, before.at(i).argv);
        }
        QVERIFY(std::any_of(after.begin() + before.size(), after.end(),
                            [](const Event &e) { return e.kind == EventKind::Error && !e.note.isEmpty(); }));
        QVERIFY(run.history().isFinished());

        // And it exports.
        const auto analysis = analyze(run.history());
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        QVERIFY(writeHistoryJson(out, *analysis, figuresToJson(*analysis)));
        const QByteArray json = out.data();
        QJsonParseError parseError;
        const QJsonDocument back = QJsonDocument::fromJson(json, &parseError);
        QCOMPARE(parseError.error, QJsonParseError::NoError);
        QCOMPARE(back.object().value(QStringLiteral("events")).toArray().size(), analysis->events.size());
        QVERIFY(back.object().value(QStringLiteral("orders_tried")).toInt() > 0);
    }

    // Clients whose connections are dropped open them again, as client
    // libraries do, and carry on without losing a sale; so does a stepped
    // run's own reading of the truth.
    void droppedConnectionsAreReopened_data()
    {
        QTest::addColumn<RunMode>("mode");
        QTest::addRow("stepped") << RunMode::Stepped;
        QTest::addRow("live") << RunMode::Live;
    }

    void droppedConnectionsAreReopened()
    {
        QFETCH(RunMode, mode);
        const std::unique_ptr<RedisServer> server = test::startRedis();
        QVERIFY(server);
        BackgroundRun run(busyConfig(mode, 1000000), mode, server->endpoint());
        QVERIFY2(waitFor([&] { return run.commands() >= 60 || run.done(); }, 20000), "the run never got going");
        RedisConnection admin(server->endpoint());
        QVERIFY(admin.command({"CLIENT", "KILL", "TYPE", "normal"}).toInteger() >= 3);
        const int atFault = run.commands();
        QVERIFY2(waitFor([&] { return run.commands() >= atFault + 60 || run.done(); }, 20000),
                 "the run did not carry on after its connections were dropped");
        QVERIFY2(!run.done(), qPrintable(run.error()));
        run.interrupt();
        QVERIFY(waitFor([&] { return run.done(); }, 10000));
        QVERIFY2(run.error().contains(QStringLiteral("interrupted")), qPrintable(run.error()));
        // Interrupted mid-order, each client may have written a sale it had
        // not yet recorded; beyond that, nothing was lost.
        const auto a = analyze(run.history());
        QCOMPARE(a->counts.lostUpdates, qint64(0));
        QVERIFY2(a->finalStock >= a->counts.expectedStock - 3, qPrintable(a->findings().join(' ')));
        QVERIFY(a->overlaps.isEmpty());
    }

    // A stall shorter than the command timeout is ridden out: the run finishes
    // cleanly and the correct strategy still sells exactly what it deducts.
    void shortStallIsRiddenOut_data()
    {
        QTest::addColumn<RunMode>("mode");
        QTest::addRow("stepped") << RunMode::Stepped;
        QTest::addRow("live") << RunMode::Live;
    }

    void shortStallIsRiddenOut()
    {
        QFETCH(RunMode, mode);
        const std::unique_ptr<RedisServer> server = test::startRedis();
        QVERIFY(server);
        RunConfig config = busyConfig(mode, 40);
        config.commandTimeoutMs = 3000;
        BackgroundRun run(config, mode, server->endpoint());
        QVERIFY(waitFor([&] { return run.commands() >= 30 || run.done(); }, 20000));
        QVERIFY2(!run.done(), "the run ended before the stall");
        server->pause();
        QThread::msleep(200); // the stall itself, well inside the 3 s timeout
        server->resume();
        QVERIFY2(waitFor([&] { return run.done(); }, 60000), "the run did not finish after the stall");
        QVERIFY2(run.error().isEmpty(), qPrintable(run.error()));
        const auto a = analyze(run.history());
        QCOMPARE(a->counts.ordersTried, 3 * 40);
        QCOMPARE(a->counts.ordersSucceeded, 3 * 40);
        QCOMPARE(a->finalStock, a->counts.expectedStock);
        QCOMPARE(a->counts.lostUpdates, qint64(0));
    }
};

QTEST_GUILESS_MAIN(TestRedisFailure)
#include "test_redis_failure.moc"
