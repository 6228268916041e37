// The window's controller without a window: runs on the worker thread
// against a private redis-server, interactive steps, side by side, a fault
// scenario on servers of its own, and a Redis that dies under it.

#include "TestRedis.h"

#include "gui/ChallengeMode.h"
#include "gui/LessonPlayer.h"
#include "gui/RunController.h"
#include "lesson/Lesson.h"
#include "gui/Translations.h"
#include "redis/RedisConnection.h"
#include "analysis/HistoryJson.h"

#include <QJsonDocument>
#include <QRegularExpression>
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
// Every text the window shows from the controller: the course, the
// strategies, the verdict, the timeline's rows (MONITOR lines and badges).
QStringList shownTexts(RunController &controller)
{
    QStringList out{controller.scenarioTitle(), controller.scenarioLesson(), controller.banner(), controller.redisLabel()};
    for (const QVariantList &list : {controller.scenarios(), controller.strategies()})
        for (const QVariant &v : list)
            out << v.toMap().value(QStringLiteral("title")).toString() << v.toMap().value(QStringLiteral("lesson")).toString();
    for (RunSession *s : {controller.primary(), controller.secondary()}) {
        out << s->strategyTitle();
        for (const QVariant &f : s->findings())
            out << f.toMap().value(QStringLiteral("text")).toString();
        const TimelineModel *m = s->model();
        for (int row = 0; row < m->rowCount(); ++row)
            out << m->data(m->index(row), TimelineModel::RaceRole).toString();
        // The inspector's lines for every event: what it was, its note.
        const auto a = s->analysis();
        for (int i = 0; i < a->events.size(); ++i) {
            const QVariantMap details = s->eventDetails(i);
            out << details.value(QStringLiteral("what")).toString();
            if (a->events.at(i).kind != EventKind::Error)
                out << details.value(QStringLiteral("note")).toString();
        }
    }
    out.removeAll(QString());
    return out;
}

const QRegularExpression kHan(QStringLiteral("\\p{Han}"));
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
        QCOMPARE(names.size(), 36); // every file in resources/scenarios
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

    // The language switched back and forth while a run plays and after it
    // ended: every text is in the language chosen, none in the other, and
    // the views hear of it (the notifications QML re-reads on).
    void languageSwitchesMidRun()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        Translations translations(nullptr);
        controller.followLanguage(translations);
        controller.setCompare(true);
        controller.setScenario(QStringLiteral("lease-expired-wrong-delete"));
        QSignalSpy texts(&controller, &RunController::textsChanged);
        QSignalSpy timeline(controller.primary(), &RunSession::timelineChanged);
        QSignalSpy rows(controller.primary()->model(), &QAbstractItemModel::dataChanged);
        QSignalSpy redis(&controller, &RunController::redisChanged);
        const auto check = [&](const QString &language) {
            const qsizetype textsBefore = texts.count(), timelineBefore = timeline.count(), rowsBefore = rows.count();
            const qsizetype redisBefore = redis.count();
            translations.setLanguage(language);
            QCOMPARE(translations.effective(), language);
            QVERIFY(texts.count() > textsBefore);
            QVERIFY(redis.count() > redisBefore);
            QVERIFY(timeline.count() > timelineBefore);
            QVERIFY(controller.primary()->model()->rowCount() == 0 || rows.count() > rowsBefore);
            const QStringList shown = shownTexts(controller);
            QVERIFY(shown.size() > 40);
            for (const QString &text : shown) {
                if (language == QLatin1String("zh_CN"))
                    QVERIFY2(text.contains(kHan), qPrintable(QStringLiteral("English left: ") + text));
                else
                    QVERIFY2(!text.contains(kHan), qPrintable(QStringLiteral("Chinese left: ") + text));
            }
        };
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(!controller.primary()->findings().isEmpty(), 20000);
        for (const char *language : {"zh_CN", "en", "zh_CN"})
            check(QString::fromLatin1(language));
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 60000);
        QVERIFY(controller.primary()->outcome() == RunSession::Outcome::Broken);
        const QStringList badges = shownTexts(controller);
        for (const char *language : {"en", "zh_CN", "en", "zh_CN"})
            check(QString::fromLatin1(language));
        // Back in Chinese after the round trip: the very same texts.
        translations.setLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(shownTexts(controller), badges);

        // A server fault's notes: the restart of a server without persistence.
        controller.setScenario(QStringLiteral("restart-without-persistence"));
        controller.setSpeedFactor(20);
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 120000);
        for (const char *language : {"en", "zh_CN", "en"})
            check(QString::fromLatin1(language));
    }

    // The inspector's before → after comes from the analysis: A's DEL of B's
    // lock finds A believing it holds the lock and leaves it believing it does not.
    void inspectorShowsBeforeAndAfter()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setScenario(QStringLiteral("lease-expired-wrong-delete"));
        controller.setCorrect(false);
        controller.setSpeedFactor(20);
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 120000);
        const RunSession *s = controller.primary();
        const auto a = s->analysis();
        int del = -1;
        for (int i = 0; i < a->events.size() && del < 0; ++i)
            if (a->events.at(i).client == 0 && !a->events.at(i).argv.isEmpty() && a->events.at(i).argv.first() == "DEL")
                del = i;
        QVERIFY(del >= 0);
        const QVariantMap d = s->eventDetails(del);
        QCOMPARE(d.value(QStringLiteral("heldBefore")).toBool(), true);
        QCOMPARE(d.value(QStringLiteral("holds")).toBool(), false);
        // Before the DEL Redis held B's lock; after it, none.
        QVERIFY2(d.value(QStringLiteral("lockValueBefore")).toString().startsWith(QLatin1Char('B')),
                 qPrintable(d.value(QStringLiteral("lockValueBefore")).toString()));
        QCOMPARE(d.value(QStringLiteral("lockValue")).toString(), QString());
        // The same in words, row by row, as the inspector and the HTML report show it.
        QStringList rows;
        for (const QVariant &row : d.value(QStringLiteral("rows")).toList())
            rows << row.toMap().value(QStringLiteral("label")).toString() + QLatin1Char('=') + row.toMap().value(QStringLiteral("text")).toString();
        QVERIFY2(rows.contains(QStringLiteral("command=DEL ") + QString::fromUtf8(a->events.at(del).argv.at(1))), qPrintable(rows.join(QLatin1Char('|'))));
        QVERIFY2(rows.contains(QStringLiteral("believes=I hold the lock \u2192 I do not hold the lock  (") + QString::fromUtf8(a->events.at(del).token) + QLatin1Char(')')),
                 qPrintable(rows.join(QLatin1Char('|'))));
        QVERIFY2(rows.contains(QStringLiteral("Redis after=lock=(nil)  stock=") + d.value(QStringLiteral("stock")).toString()), qPrintable(rows.join(QLatin1Char('|'))));
        // In the language in use.
        Translations translations(nullptr);
        translations.setLanguage(QStringLiteral("zh_CN"));
        const QVariantList zh = s->eventDetails(del).value(QStringLiteral("rows")).toList();
        QCOMPARE(zh.size(), rows.size());
        for (const QVariant &row : zh)
            QVERIFY2(row.toMap().value(QStringLiteral("label")).toString().contains(kHan), qPrintable(row.toMap().value(QStringLiteral("label")).toString()));
        translations.setLanguage(QStringLiteral("en"));
    }

    // What the proxy and the servers answer a fault by button, and the notes
    // they record, in the window's language with their figures kept.
    void proxyMessagesSpeakTheLanguage()
    {
        Translations translations(nullptr);
        translations.setLanguage(QStringLiteral("zh_CN"));
        for (const QString &said : {QStringLiteral("A: link delayed by 300 ms each way (2 connection(s) now)"),
                                    QStringLiteral("A: link delay removed (2 connection(s) now)"),
                                    QStringLiteral("c4: the next reply will be dropped (1 connection(s))"),
                                    QStringLiteral("n2: forwarding paused"), QStringLiteral("c3 link delayed by 300 ms each way"),
                                    QStringLiteral("c3 reply to GET stock:10086 dropped (Redis answered \"99\"); the link is silent from now on"),
                                    QStringLiteral("n1 paused (SIGSTOP)"),
                                    // a watched program's commands and orders
                                    QStringLiteral("no reply by request (CLIENT REPLY)"),
                                    QStringLiteral("indeterminate: the connection closed before the client had the reply"),
                                    QStringLiteral("reply dropped by the proxy: Redis answered 99, the client never saw it"),
                                    QStringLiteral("gave the stock back (INCRBY stock:10086 1)")}) {
            const QString text = RunAnalysis::translatedNote(said);
            QVERIFY2(text.contains(kHan), qPrintable(text));
            static const QRegularExpression figure(QStringLiteral("\\d+|c\\d|n\\d|\\bA\\b"));
            for (auto m = figure.globalMatch(said); m.hasNext();) {
                const QString kept = m.next().captured();
                QVERIFY2(text.contains(kept), qPrintable(text + QStringLiteral(" lacks ") + kept));
            }
        }
        translations.setLanguage(QStringLiteral("en"));
        QCOMPARE(RunAnalysis::translatedNote(QStringLiteral("n2: forwarding paused")), QStringLiteral("n2: forwarding paused"));
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
        QVERIFY2(broken.contains(QStringLiteral("one unit lost")), qPrintable(broken));
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

    // A lesson computes its run at once: the pace set on the session before
    // the run starts is the pace it plays at (37.5 s of scenario time, not
    // 37.5 s of waiting: a fork's replay once began at the pace the session
    // was loaded with, and lessons took minutes a side).
    void paceSetBeforeTheRunIsItsPace()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setScenario(QStringLiteral("lease-expired-wrong-delete"));
        controller.setCorrect(false);
        controller.primary()->setPlaybackSpeed(1e7);
        controller.run();
        // At the scenario's own pace (×2) it would take 18.75 s; computed, well under one.
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 8000);
        QVERIFY2(controller.durationMs() > 30000, qPrintable(QString::number(controller.durationMs())));
    }

    // Play the scheduler on lost-update: stepped one way the checker finds
    // nothing, stepped the other it finds the lost update the goal names; on
    // the correct side no order of steps gets there.
    void challengeIsMetByHand()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setScenario(QStringLiteral("lost-update"));
        controller.setCorrect(false);
        ChallengeMode challenge(&controller, nullptr);
        QVERIFY(challenge.available());
        QCOMPARE(challenge.goal(), challengeGoal(FindingKind::LostUpdates));
        challenge.start();
        QVERIFY(challenge.active());
        QSignalSpy idle(controller.primary(), &RunSession::workerIdle);
        const auto stepAll = [&](const QList<int> &clients) {
            for (int client : clients) {
                if (controller.finished())
                    break;
                const qsizetype before = idle.count();
                controller.step(client);
                QTRY_VERIFY_WITH_TIMEOUT(idle.count() > before || controller.finished(), 10000);
            }
            QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 10000);
        };
        stepAll({0, 0, 1, 1}); // one after the other: nothing lost
        QVERIFY2(!challenge.achieved(), qPrintable(verdict(controller.primary())));
        controller.reset();
        QVERIFY(!challenge.achieved());
        stepAll({0, 1, 0, 1}); // both read 100
        QVERIFY2(challenge.achieved(), qPrintable(verdict(controller.primary())));

        controller.setCorrect(true);
        QVERIFY(challenge.active());
        QVERIFY(!challenge.achieved());
        QVERIFY2(challenge.note().contains(controller.strategy()), qPrintable(challenge.note()));
        QList<int> alternate;
        for (int i = 0; i < 40; ++i)
            alternate << i % 2;
        stepAll(alternate);
        QVERIFY2(!challenge.achieved(), qPrintable(verdict(controller.primary())));
        challenge.stop();
        QVERIFY(!challenge.active());
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
        QVERIFY(verdict(s).contains(QStringLiteral("one unit lost")));
        QCOMPARE(controller.focusClient(), 1);

        controller.reset();
        QCOMPARE(s->state(), RunSession::State::Idle);
        QCOMPARE(s->model()->rowCount(), 0);
    }

    // Backspace as the scheduler's undo: the last step is taken back by
    // replaying the run to just before it against a fresh Redis. The history
    // and what Redis holds are those from before the step, field by field;
    // the step taken again gives the same run as the first time.
    void undoRestoresTheStateBeforeTheStep()
    {
        std::unique_ptr<RedisTarget> target = RedisTarget::startPrivate();
        RedisConnection redis(target->endpoint());
        RunController controller(std::move(target), {});
        controller.setScenario(QStringLiteral("lost-update"));
        controller.setCorrect(false);
        RunSession *s = controller.primary();
        QVERIFY(!controller.canUndoStep());
        QSignalSpy idle(s, &RunSession::workerIdle);
        const auto step = [&](int client) {
            const qsizetype before = idle.count();
            controller.step(client);
            QTRY_VERIFY_WITH_TIMEOUT(idle.count() > before || controller.finished(), 10000);
        };
        const auto events = [s] {
            QList<QByteArray> out;
            const auto a = s->analysis();
            for (const Event &e : a->events)
                out << QJsonDocument(eventToJson(a->info, e)).toJson(QJsonDocument::Compact);
            return out;
        };
        const auto redisNow = [&redis] {
            return redis.command({"GET", "stock:10086"}).bytes() + ' ' + redis.command({"GET", "lock:10086"}).bytes();
        };
        step(0); // A reads
        step(1); // B reads
        const QList<QByteArray> beforeWrite = events();
        const QByteArray redisBefore = redisNow();
        QCOMPARE(redisBefore, QByteArray("100 "));
        step(0); // A writes 99
        QCOMPARE(redisNow(), QByteArray("99 "));
        const QList<QByteArray> afterWrite = events();
        QVERIFY(afterWrite.size() > beforeWrite.size());
        QVERIFY(controller.canUndoStep());

        const qsizetype before = idle.count();
        controller.undoStep();
        QTRY_VERIFY_WITH_TIMEOUT(s->state() == RunSession::State::Paused && s->analysis()->events.size() == beforeWrite.size(), 10000);
        QCOMPARE(events(), beforeWrite);
        QCOMPARE(redisNow(), redisBefore);
        QCOMPARE(idle.count(), before);

        step(0); // the same step again: the same run
        QCOMPARE(events(), afterWrite);
        QCOMPARE(redisNow(), QByteArray("99 "));
        step(1); // B writes 99 over A's sale
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 10000);
        QVERIFY(verdict(s).contains(QStringLiteral("one unit lost")));
        // Undone from the end too: a finished run waits for its last step again.
        controller.undoStep();
        QTRY_VERIFY_WITH_TIMEOUT(s->state() == RunSession::State::Paused, 10000);
        QCOMPARE(events(), afterWrite);
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
        // The window shows the lock at A's reply: half A's 400 ms round trip after Redis set it.
        const QVariantMap shown = controller.redisState();
        QCOMPARE(shown.value(QStringLiteral("lockPttl")).toLongLong(), 9800);

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

    // Fork the future on lease-shorter-than-work at 30 s with the watchdog:
    // both orders are under way and were the last, so the watchdog would run
    // none. The fork says so client by client, offers the last instant at
    // which it would run some order (just before B's begins), and the
    // verdict of the fork made anyway credits the watchdog with nothing.
    // Forked there, B's order runs the watchdog.
    void forkSaysWhatItChangesAndWhen()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setScenario(QStringLiteral("lease-shorter-than-work"));
        controller.setCorrect(false);
        controller.primary()->setPlaybackSpeed(1e7);
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 20000);
        const QString watchdog = QStringLiteral("watchdog");
        const QVariantMap preview = controller.forkPreview(30000, watchdog);
        QCOMPARE(preview.value(QStringLiteral("lines")).toStringList(),
                 (QStringList{QStringLiteral("A is mid-order (order 1 of 1, its last): it finishes with set-nx-ex-lua and runs no order of watchdog."),
                              QStringLiteral("B is mid-order (order 1 of 1, its last): it finishes with set-nx-ex-lua and runs no order of watchdog.")}));
        QVERIFY(!preview.value(QStringLiteral("runs")).toBool());
        const double earlier = preview.value(QStringLiteral("suggestMs")).toDouble();
        QVERIFY2(earlier >= 1000 && earlier < 1001, qPrintable(QString::number(earlier)));
        QCOMPARE(preview.value(QStringLiteral("suggestion")).toString(),
                 QStringLiteral("No order is left for watchdog from here. At 1.00 s B had not begun order 1 of 1: fork there and watchdog runs it."));
        {
            Translations translations(nullptr);
            translations.setLanguage(QStringLiteral("zh_CN"));
            const QVariantMap zh = controller.forkPreview(30000, watchdog);
            const QStringList texts = zh.value(QStringLiteral("lines")).toStringList() << zh.value(QStringLiteral("suggestion")).toString();
            for (const QString &text : texts)
                QVERIFY2(text.contains(kHan), qPrintable(text));
            translations.setLanguage(QStringLiteral("en"));
        }

        QCOMPARE(controller.fork(30000, watchdog), QString());
        controller.primary()->setPlaybackSpeed(1e7);
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 20000);
        const QString forked = verdict(controller.primary());
        QVERIFY2(!forked.contains(QStringLiteral("Correct")), qPrintable(forked));
        QVERIFY2(forked.contains(QStringLiteral("watchdog ran no order: at the fork (30 s) the orders of A and B were under way "
                                                "and finished with set-nx-ex-lua.")),
                 qPrintable(forked));
        QCOMPARE(controller.primary()->outcome(), RunSession::Outcome::Broken);

        // Before the fork point the strategy in force is the original's: forking to it there changes nothing.
        QVERIFY(controller.forkPreview(earlier, QStringLiteral("set-nx-ex-lua")).value(QStringLiteral("lines")).toStringList().isEmpty());
        // Forked where the change applies: B's order takes the lock with a watchdog.
        QVERIFY(controller.forkPreview(earlier, watchdog).value(QStringLiteral("runs")).toBool());
        QCOMPARE(controller.fork(earlier, watchdog), QString());
        controller.primary()->setPlaybackSpeed(1e7);
        controller.run();
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 20000);
        const auto a = controller.primary()->analysis();
        QCOMPARE(a->turnsRun, (QList<bool>{true, true}));
        QVERIFY(!a->verdict.has(FindingKind::ForkNotRun));
        const bool renewedByB = std::any_of(a->events.begin(), a->events.end(), [](const Event &e) {
            return e.client == 1 && e.kind == EventKind::Command && e.step == Step::Renew;
        });
        QVERIFY(renewedByB);
    }

    // The challenge with a fork: both clients read, then the run is forked
    // to the lock. Both orders were under way and finish without it, so the
    // lost update they make is the broken side's, met as the goal (it once
    // said "found on the correct side"). Backspace takes the last step back
    // with the fork kept.
    void challengeAndUndoGoOnAfterAFork()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        controller.setScenario(QStringLiteral("lost-update"));
        controller.setCorrect(false);
        ChallengeMode challenge(&controller, nullptr);
        challenge.start();
        RunSession *s = controller.primary();
        QSignalSpy idle(s, &RunSession::workerIdle);
        const auto step = [&](int client) {
            const qsizetype before = idle.count();
            controller.step(client);
            QTRY_VERIFY_WITH_TIMEOUT(idle.count() > before || controller.finished(), 10000);
        };
        step(0);
        step(1); // both read 100
        QTRY_VERIFY_WITH_TIMEOUT(controller.canFork(), 10000);
        QCOMPARE(controller.fork(-1, QStringLiteral("set-nx-ex-lua")), QString());
        QVERIFY(controller.correct());
        QTRY_VERIFY_WITH_TIMEOUT(s->state() == RunSession::State::Paused, 10000);
        step(0);
        const auto beforeLast = s->analysis()->events.size();
        step(1);
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 10000);
        QVERIFY2(challenge.achieved(), qPrintable(verdict(s)));
        QVERIFY2(challenge.note().startsWith(QStringLiteral("✓ Achieved")), qPrintable(challenge.note()));
        QVERIFY(s->analysis()->verdict.has(FindingKind::ForkNotRun));

        QVERIFY(controller.canUndoStep());
        controller.undoStep();
        QTRY_VERIFY_WITH_TIMEOUT(s->state() == RunSession::State::Paused && s->analysis()->events.size() == beforeLast, 10000);
        QCOMPARE(s->analysis()->info.turns.size(), 2);
        QVERIFY(!challenge.achieved());
        step(1);
        QTRY_VERIFY_WITH_TIMEOUT(controller.finished(), 10000);
        QVERIFY(challenge.achieved());
        // Taken back to before the fork: the run is no-lock's again, and says so.
        for (int i = 0; i < 2; ++i) {
            const qsizetype events = s->analysis()->events.size();
            controller.undoStep();
            QTRY_VERIFY_WITH_TIMEOUT(s->state() == RunSession::State::Paused && s->analysis()->events.size() < events, 10000);
        }
        QCOMPARE(controller.strategy(), QStringLiteral("set-nx-ex-lua"));
        controller.undoStep();
        QTRY_VERIFY_WITH_TIMEOUT(s->state() == RunSession::State::Paused && s->analysis()->info.turns.isEmpty(), 10000);
        QCOMPARE(controller.strategy(), QStringLiteral("no-lock"));
        QVERIFY(!controller.correct());
    }

    // The code beside the run states the run's figures: lease-shorter-than-work
    // works 30 s under a 10 s lease, retrying every 0.5 s for up to 60 s
    // (its listing said 0.5 s of work and a 5 s timeout), in Python and Java.
    void theCodeStatesTheRunsFigures()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        const auto code = [&controller] {
            QStringList lines;
            for (int row = 0; row < controller.code()->rowCount(); ++row)
                lines << controller.code()->data(controller.code()->index(row), CodeModel::TextRole).toString();
            return lines;
        };
        controller.setScenario(QStringLiteral("lease-shorter-than-work"));
        controller.setCorrect(false);
        controller.code()->setLanguage(QStringLiteral("python"));
        const QStringList python = code();
        for (const char *figure : {"LEASE_MS = 10000 ", "WORK_SECONDS = 30.0 ", "RETRY_SECONDS = 0.5", "ACQUIRE_TIMEOUT = 60.0"})
            QVERIFY2(std::any_of(python.begin(), python.end(), [figure](const QString &l) { return l.startsWith(QLatin1String(figure)); }),
                     qPrintable(figure + QStringLiteral(" in\n") + python.join(QLatin1Char('\n'))));
        // The comment after a figure stays where it was.
        const auto work = std::find_if(python.begin(), python.end(), [](const QString &l) { return l.startsWith(QLatin1String("WORK_SECONDS")); });
        const auto lease = std::find_if(python.begin(), python.end(), [](const QString &l) { return l.startsWith(QLatin1String("LEASE_MS")); });
        QCOMPARE(work->indexOf(QLatin1Char('#')), lease->indexOf(QLatin1Char('#')));
        controller.setCorrect(true);
        controller.code()->setLanguage(QStringLiteral("java"));
        const QStringList java = code();
        for (const char *figure : {"static final long WORK_MS = 30_000;", "static final long ACQUIRE_TIMEOUT_MS = 60_000;"})
            QVERIFY2(std::any_of(java.begin(), java.end(), [figure](const QString &l) { return l.trimmed().startsWith(QLatin1String(figure)); }),
                     qPrintable(figure + QStringLiteral(" in\n") + java.join(QLatin1Char('\n'))));
        controller.code()->setLanguage(QStringLiteral("python"));
    }

    // Lesson 1 tells its race step by step: each frame shows its own step
    // and nothing of the next one's. Frame 3 ("A writes 99. So far the stock
    // is right.") showed B's write over it and the lost update already: the
    // two writes were known at the same instant of a 2 ms run.
    void lessonOneShowsOneStepAtATime()
    {
        RunController controller(RedisTarget::startPrivate(), {});
        LessonPlayer player(&controller, nullptr);
        // Each frame's step: who, and what.
        const QList<std::pair<int, Step>> steps{{0, Step::ReadStock}, {1, Step::ReadStock}, {0, Step::WriteStock}, {1, Step::WriteStock}};
        const auto shows = [](const RunAnalysis &a, const std::pair<int, Step> &s) {
            return std::any_of(a.events.begin(), a.events.end(), [&s](const Event &e) {
                return e.kind == EventKind::Command && e.client == s.first && e.step == s.second;
            });
        };
        for (int frame = 0; frame < steps.size(); ++frame) {
            player.open(QStringLiteral("lost-update"), false, frame);
            QTRY_VERIFY_WITH_TIMEOUT(player.ready() || !player.error().isEmpty(), 20000);
            QVERIFY2(player.error().isEmpty(), qPrintable(player.error()));
            RunSession *s = controller.primary();
            const qint64 at = s->analysis()->clockNs(player.frameMs());
            QTRY_VERIFY_WITH_TIMEOUT(s->shown()->endNs == at, 10000);
            const auto shown = s->shown();
            QVERIFY2(shows(*shown, steps.at(frame)), qPrintable(QStringLiteral("frame %1").arg(frame + 1)));
            if (frame + 1 < steps.size())
                QVERIFY2(!shows(*shown, steps.at(frame + 1)), qPrintable(QStringLiteral("frame %1 shows the next step").arg(frame + 1)));
            QCOMPARE(shown->verdict.has(FindingKind::LostUpdates), frame == 3);
        }
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
