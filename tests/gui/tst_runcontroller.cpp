// The window's controller without a window: runs on the worker thread
// against a private redis-server, interactive steps, side by side, a fault
// scenario on servers of its own, and a Redis that dies under it.

#include "TestRedis.h"

#include "gui/RunController.h"
#include "redis/RedisConnection.h"

#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace lockstock;

namespace {
// The verdict as the panel shows it, in one line.
QString verdict(const RunSession *s)
{
    QStringList out;
    for (const QVariant &f : s->findings())
        out << f.toMap().value(QStringLiteral("text")).toString();
    return out.join(QLatin1Char(' '));
}
} // namespace

class RunControllerTest : public QObject {
    Q_OBJECT
private slots:
    // The Broken/Correct switch loads the scenario's own pair, in every
    // shipped scenario, and shows the side the loaded strategy is on here:
    // set-nx-ex-lua is the broken side of lease-shorter-than-work.
    void switchLoadsTheScenariosPairEverywhere()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        const QStringList names = builtinScenarioNames();
        QCOMPARE(names.size(), 15);
        for (const QString &name : names) {
            ScenarioError error;
            const std::optional<Scenario> scenario = findScenario(name, &error);
            QVERIFY(scenario);
            controller.setScenario(name);
            QCOMPARE(controller.scenario(), name);
            for (const bool correct : {false, true, false}) {
                controller.setCorrect(correct);
                const QString expected = correct ? scenario->correct : scenario->broken;
                QVERIFY2(controller.strategy() == expected, qPrintable(name + QLatin1Char(' ') + controller.strategy()));
                QCOMPARE(controller.primary()->strategyName(), expected);
                QVERIFY2(controller.correct() == correct, qPrintable(name));
                QCOMPARE(controller.primary()->correctSide(), correct);
            }
            // Side by side: the broken side on the left, the correct on the right.
            controller.setCompare(true);
            QCOMPARE(controller.primary()->strategyName(), scenario->broken);
            QCOMPARE(controller.secondary()->strategyName(), scenario->correct);
            QVERIFY(!controller.primary()->correctSide());
            QVERIFY(controller.secondary()->correctSide());
            controller.setCompare(false);
        }
    }

    void runsBothWays()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setSpeedFactor(20); // the window's pace: the run is the same at any
        controller.setScenario(QStringLiteral("lost-update"));
        controller.setCorrect(false);
        QCOMPARE(controller.strategy(), QStringLiteral("no-lock"));
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 20000);
        QCOMPARE(controller.primary()->state(), RunSession::State::Finished);
        const QString broken = verdict(controller.primary());
        QVERIFY2(broken.contains(QStringLiteral("one update lost")), qPrintable(broken));
        QVERIFY(controller.primary()->model()->rowCount() >= 4);
        QVERIFY(controller.code()->rowCount() > 0);
        QVERIFY(!controller.code()->fileName().isEmpty());

        controller.setCorrect(true);
        QCOMPARE(controller.primary()->state(), RunSession::State::Idle);
        QCOMPARE(controller.primary()->model()->rowCount(), 0);
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 20000);
        QCOMPARE(controller.primary()->outcome(), RunSession::Outcome::Clean);
        QVERIFY(verdict(controller.primary()).startsWith(QStringLiteral("Correct")));

        // The whole run can be scrubbed: the Redis panel follows the cursor.
        controller.setCursorMs(0);
        QCOMPARE(controller.redisState().value(QStringLiteral("stock")).toLongLong(), 100);
        controller.setCursorMs(controller.durationMs());
        QCOMPARE(controller.redisState().value(QStringLiteral("stock")).toLongLong(), 98);
    }

    void stepsOneClientAtATime()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setScenario(QStringLiteral("lost-update"));
        controller.setCorrect(false);
        RunSession *s = controller.primary();
        // A reads, B reads, A writes, B writes: the lost update by hand.
        for (int client : {0, 1, 0, 1}) {
            const int before = s->model()->rowCount();
            controller.step(client);
            QTRY_VERIFY_WITH_TIMEOUT(s->model()->rowCount() > before || controller.finished(), 10000);
            QCOMPARE(s->model()->eventAt(s->model()->rowCount() - 1).client, client);
        }
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 10000);
        QVERIFY(verdict(s).contains(QStringLiteral("one update lost")));
        QCOMPARE(controller.focusClient(), 1);

        controller.reset();
        QCOMPARE(s->state(), RunSession::State::Idle);
        QCOMPARE(s->model()->rowCount(), 0);
    }

    // The lesson as a teacher gives it: the correct lost-update stepped by
    // hand, with long pauses to explain. Redis's clock is the run's, so
    // nothing moves while nobody steps: A's lease keeps its 10 000 ms, the
    // lease bar does not shrink, and B never gets a lapsed lock. (Real
    // seconds stand for the minute a teacher may talk: the frozen clock
    // cannot tell them apart.)
    void steppingWithPausesFreezesTheLease()
    {
        std::unique_ptr<RedisTarget> target = RedisTarget::startPrivate();
        RedisConnection redis(target->endpoint());
        RunController controller(std::move(target), {});
        controller.setScenario(QStringLiteral("lost-update"));
        controller.setCorrect(true);
        RunSession *s = controller.primary();
        QCOMPARE(s->clock(), QStringLiteral("virtual"));
        QSignalSpy idle(s, &RunSession::workerIdle);
        const auto step = [&](int client) {
            const qsizetype before = idle.count();
            controller.step(client);
            QTRY_VERIFY_WITH_TIMEOUT(idle.count() > before || controller.finished(), 10000);
        };

        step(0); // A: SET lock:10086 A-… NX PX 10000
        QVERIFY(redis.command({"GET", "lock:10086"}).bytes().startsWith("A-"));
        QCOMPARE(redis.command({"PTTL", "lock:10086"}).toInteger(), 10000);
        const qint64 endNs = s->analysis()->endNs;
        const QVariantMap shown = controller.redisState();
        QCOMPARE(shown.value(QStringLiteral("lockPttl")).toLongLong(), 10000);

        QTest::qWait(2500); // the teacher explains
        QCOMPARE(redis.command({"PTTL", "lock:10086"}).toInteger(), 10000);
        QCOMPARE(s->analysis()->endNs, endNs);
        QCOMPARE(controller.redisState(), shown);
        QCOMPARE(s->state(), RunSession::State::Paused);

        step(1); // B: SET NX is refused, B backs off
        QTest::qWait(1000);
        for (int i = 0; i < 3; ++i) { // A: GET, SET stock, release, each shown while B waits
            const int before = s->model()->rowCount();
            step(0);
            QVERIFY(s->model()->rowCount() > before);
            QCOMPARE(s->model()->eventAt(s->model()->rowCount() - 1).client, 0);
        }
        QTest::qWait(1000);
        while (!controller.finished()) // B: wakes, locks, reads, writes, releases
            step(1);
        QTRY_VERIFY_WITH_TIMEOUT(s->isOver(), 10000);
        QVERIFY2(s->analysis()->clean(), qPrintable(verdict(s)));
        QCOMPARE(s->analysis()->finalStock, 98);
        QCOMPARE(s->analysis()->overlaps.size(), 0);
        QCOMPARE(s->analysis()->counts.expiries, 0); // no lease ran out
    }

    // Pause stops the playhead: the run's time, and Redis's, stand still.
    void pauseFreezesAPlayingRun()
    {
        std::unique_ptr<RedisTarget> target = RedisTarget::startPrivate();
        RedisConnection redis(target->endpoint());
        RunController controller(std::move(target), {});
        controller.setScenario(QStringLiteral("lease-shorter-than-work"));
        controller.setCorrect(false);
        controller.run(); // 2 scenario s per real s: A works 30 s under a 10 s lease
        QTRY_VERIFY_WITH_TIMEOUT(redis.command({"GET", "lock:10086"}).bytes().startsWith("A-"), 10000);
        controller.pause();
        QTRY_COMPARE_WITH_TIMEOUT(controller.primary()->state(), RunSession::State::Paused, 5000);
        const qint64 pttl = redis.command({"PTTL", "lock:10086"}).toInteger();
        QVERIFY2(pttl > 0 && pttl <= 10000, qPrintable(QString::number(pttl)));
        QTest::qWait(1500);
        QCOMPARE(redis.command({"PTTL", "lock:10086"}).toInteger(), pttl);
        controller.setSpeedFactor(20); // at once, mid-run: only the pace changes
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 20000);
        QVERIFY2(verdict(controller.primary()).contains(QStringLiteral("both held the lock for 20 s")),
                 qPrintable(verdict(controller.primary())));
    }

    void comparesSideBySide()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setSpeedFactor(20);
        controller.setScenario(QStringLiteral("lost-update"));
        controller.setCompare(true);
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 30000);
        QCOMPARE(controller.primary()->strategyName(), QStringLiteral("no-lock"));
        QCOMPARE(controller.secondary()->strategyName(), QStringLiteral("set-nx-ex-lua"));
        QCOMPARE(controller.primary()->outcome(), RunSession::Outcome::Broken);
        QCOMPARE(controller.secondary()->outcome(), RunSession::Outcome::Clean);
        QVERIFY(verdict(controller.primary()) != verdict(controller.secondary()));
    }

    // A fault scenario starts its own servers in the window too: each side
    // gets five masters on a clock of its own, so that n3's clock can jump.
    void faultScenarioRunsOnItsOwnServers()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setSpeedFactor(20);
        controller.setScenario(QStringLiteral("redlock-clock-jump"));
        controller.setCompare(true);
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 30000);
        for (RunSession *s : {controller.primary(), controller.secondary()}) {
            QCOMPARE(s->state(), RunSession::State::Finished);
            const SharedList<Event> &events = s->analysis()->events;
            const bool jumped = std::any_of(events.begin(), events.end(), [](const Event &e) {
                return e.kind == EventKind::Server && e.note == QStringLiteral("n3 clock jumped +15 s");
            });
            QVERIFY2(jumped, qPrintable(s->strategyName()));
        }
        const QString broken = verdict(controller.primary());
        QVERIFY2(broken.contains(QStringLiteral("A and B both held the lock")), qPrintable(broken));
        QCOMPARE(controller.primary()->outcome(), RunSession::Outcome::Broken);
        const QString fenced = verdict(controller.secondary());
        QVERIFY2(controller.secondary()->outcome() == RunSession::Outcome::Harmless, qPrintable(fenced));
        QVERIFY2(fenced.contains(QStringLiteral("refused one stale write")), qPrintable(fenced));
        QVERIFY2(fenced.contains(QStringLiteral("fencing made it harmless")), qPrintable(fenced));
    }

    void deadRedisShowsABanner()
    {
        auto server = test::startRedis();
        QVERIFY(server);
        RunController controller(RedisTarget::useExisting(server->endpoint()), {});
        QVERIFY(controller.banner().isEmpty());
        controller.setScenario(QStringLiteral("lost-update"));
        server->kill();
        controller.run();
        QTRY_COMPARE_WITH_TIMEOUT(controller.primary()->state(), RunSession::State::Failed, 20000);
        QVERIFY(!controller.banner().isEmpty());
        QVERIFY(controller.finished());
    }

    // The stress comparison runs beside a scenario on a server of its own (a
    // stepped run owns the clock of the window's): both get the verdicts
    // they would alone.
    void stressBesideAScenario()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setSpeedFactor(20);
        StressComparison *stress = controller.stress();
        QVERIFY(stress->start(4, 1'000'000, 1'000'000));
        QTRY_VERIFY_WITH_TIMEOUT(stress->data(stress->index(0), StressComparison::RowProgressRole).toDouble() > 0, 30000);
        controller.setScenario(QStringLiteral("lost-update"));
        controller.setCorrect(true);
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 30000);
        QVERIFY(stress->running());
        QVERIFY2(controller.primary()->outcome() == RunSession::Outcome::Clean, qPrintable(verdict(controller.primary())));
        controller.setCursorMs(controller.durationMs());
        QCOMPARE(controller.redisState().value(QStringLiteral("stock")).toLongLong(), 98);
        stress->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!stress->running(), 20000);
    }

    void noRedisAtAll()
    {
        RunController controller(nullptr, QStringLiteral("connection refused"));
        QVERIFY(controller.banner().contains(QStringLiteral("connection refused")));
        controller.run(); // nothing to run against; must not crash
        QCOMPARE(controller.primary()->state(), RunSession::State::Idle);
        QVERIFY(!controller.stress()->start(2, 10, 10));
        QVERIFY(!controller.stress()->error().isEmpty());
    }
};

QTEST_MAIN(RunControllerTest)
#include "tst_runcontroller.moc"
