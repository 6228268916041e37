// The explorer's parts on real servers: what a step touches, DPOR against
// naive enumeration (the same traces, each once, and the same outcomes),
// the same exploration twice, and scenarios it refuses.

#include "TestRedis.h"

#include "explore/CpuPlacement.h"
#include "explore/Explorer.h"
#include "lesson/Lesson.h"
#include "explore/SystematicSearch.h"
#include "strategies/Strategies.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <unistd.h>

#include <map>
#include <set>

using namespace lockstock;

namespace {

Scenario scenarioNamed(const QString &name)
{
    ScenarioError error;
    std::optional<Scenario> s = findScenario(name, &error);
    if (!s)
        qFatal("%s", qPrintable(error.display()));
    return *s;
}

// The run config the explorer steps by hand.
RunConfig steppedByHand(RunConfig c, const Scenario &scenario, const Strategy &strategy)
{
    c.schedule = Schedule::Interactive;
    c.interleaving.clear();
    c.correctSide = scenario.correctHere(strategy.name, strategy.correct);
    return c;
}

// Every execution a systematic search runs to its end.
QList<Execution> searchAll(SystematicSearch::Mode mode, const RunConfig &config, const Strategy &strategy,
                           ScheduleRunner &runner, qint64 *blocked = nullptr)
{
    SystematicSearch search(mode, {});
    QList<Execution> out;
    while (search.next([&](Chooser &c) { return runner.run(config, strategy, c); })) {
        if (search.last().complete)
            out << search.last();
        else if (blocked)
            ++*blocked;
    }
    if (search.divergences() != 0)
        qWarning("%d replays diverged", search.divergences());
    return out;
}

// The trace of an execution as its one canonical interleaving: at each
// point, of the steps all of whose predecessors (their client's earlier
// steps and the dependent steps before them) are placed, the lowest client's.
QString canonicalTrace(const Execution &e)
{
    const qsizetype n = e.steps.size();
    QList<bool> placed(n, false);
    QString out;
    for (qsizetype round = 0; round < n; ++round) {
        qsizetype best = -1;
        for (qsizetype k = 0; k < n; ++k) {
            if (placed.at(k))
                continue;
            bool ready = true;
            for (qsizetype j = 0; j < k && ready; ++j) {
                const bool ordered = e.steps.at(j).client == e.steps.at(k).client
                    || e.steps.at(j).footprint.dependsOn(e.steps.at(k).footprint);
                ready = placed.at(j) || !ordered;
            }
            if (ready && (best < 0 || e.steps.at(k).client < e.steps.at(best).client))
                best = k;
        }
        placed[best] = true;
        out += QChar(u'A' + e.steps.at(best).client);
    }
    return out;
}

QString interleavingOf(const Execution &e)
{
    QString out;
    for (const ScheduledStep &s : e.steps)
        out += QChar(u'A' + s.client);
    return out;
}

// What an exploration says, for comparing two of them.
QStringList summary(const ExploreResult &r)
{
    QStringList out{QStringLiteral("%1 %2 executions, %3 blocked").arg(QLatin1String(nameOf(r.coverage))).arg(r.executions).arg(r.blocked)};
    for (const OutcomeCount &c : r.outcomes)
        out << QStringLiteral("%1 ×%2 shortest %3").arg(c.outcome.key()).arg(c.count).arg(c.example.interleaving.join(QLatin1Char(',')));
    for (const Counterexample &c : r.counterexamples)
        out << QStringLiteral("%1: %2 + %3").arg(QLatin1String(nameOf(c.kind)), c.interleaving.join(QLatin1Char(',')), c.faults.text({}));
    return out;
}

// The CPUs process or thread `id` may run on (0: the calling thread).
QList<int> cpusOf(pid_t id)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(id, sizeof set, &set) != 0)
        return {};
    QList<int> out;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set))
            out << cpu;
    return out;
}

} // namespace

class TestExplore : public QObject {
    Q_OBJECT

private slots:
    void commandsSayWhatTheyTouch()
    {
        const CommandAccess acquire = commandAccess(PackedArgv{"SET", "lock:1", "t", "NX", "PX", "10000"});
        QCOMPARE(acquire.writes, QList<QByteArray>{"lock:1"});
        QVERIFY(acquire.clock);
        const CommandAccess read = commandAccess(PackedArgv{"GET", "stock:1"});
        QCOMPARE(read.reads, QList<QByteArray>{"stock:1"});
        QVERIFY(!read.clock);
        QVERIFY(commandAccess(PackedArgv{"set", "stock:1", "99"}).writes == QList<QByteArray>{"stock:1"});
        QVERIFY(!commandAccess(PackedArgv{"SET", "stock:1", "99"}).clock);
        QVERIFY(commandAccess(PackedArgv{"PTTL", "lock:1"}).clock);
        QCOMPARE(commandAccess(PackedArgv{"DEL", "a", "b"}).writes, (QList<QByteArray>{"a", "b"}));
        // A script: its KEYS; the clock only when its source sets or reads an expiry.
        const CommandAccess script = commandAccess(PackedArgv{"EVAL", "return redis.call('GET', KEYS[1])", "1", "k", "arg"});
        QCOMPARE(script.writes, QList<QByteArray>{"k"});
        QVERIFY(!script.clock);
        QVERIFY(commandAccess(PackedArgv{"EVAL", "return redis.call('PEXPIRE', KEYS[1], 5)", "1", "k"}).clock);
        QVERIFY(commandAccess(PackedArgv{"EVALSHA", "0123456789012345678901234567890123456789", "1", "k"}).clock);
        // Unknown: every key, and the clock.
        const CommandAccess unknown = commandAccess(PackedArgv{"OBJECT", "FREQ", "k"});
        QVERIFY(unknown.everyKey && unknown.clock);

        const Footprint readStock{{{0, "stock:1", false}}, false};
        const Footprint otherRead{{{0, "stock:1", false}}, false};
        const Footprint writeStock{{{0, "stock:1", true}}, false};
        const Footprint writeElsewhere{{{1, "stock:1", true}}, false};
        const Footprint lease{{{0, "lock:1", true}}, true};
        QVERIFY(!readStock.dependsOn(otherRead));
        QVERIFY(readStock.dependsOn(writeStock));
        QVERIFY(!writeStock.dependsOn(writeElsewhere));
        QVERIFY(lease.dependsOn(readStock)); // the clock: dependent with everything
    }

    // WATCH reads at WATCH and at EXEC; what MULTI queued runs at EXEC.
    void transactionsTouchWhatTheyRunAtExec()
    {
        FootprintReader reader;
        const auto command = [](int client, const PackedArgv &argv, const RedisValue &reply) {
            Event e;
            e.client = client;
            e.argv = argv;
            e.reply = reply;
            return e;
        };
        const Footprint watch = reader.read({command(0, {"WATCH", "stock:1"}, RedisValue::status("OK"))});
        QCOMPARE(watch.keys, (QList<KeyAccess>{{0, "stock:1", false}}));
        const Footprint multi = reader.read({command(0, {"MULTI"}, RedisValue::status("OK"))});
        QVERIFY(multi.keys.isEmpty() && !multi.clock);
        const Footprint queued = reader.read({command(0, {"SET", "stock:1", "9"}, RedisValue::status("QUEUED"))});
        QVERIFY(queued.keys.isEmpty());
        const Footprint exec = reader.read({command(0, {"EXEC"}, RedisValue::array({}))});
        QVERIFY(exec.keys.contains(KeyAccess{0, "stock:1", true}));
        QVERIFY(exec.keys.contains(KeyAccess{0, "stock:1", false}));
    }

    // On small scenarios reduction explores exactly the traces naive
    // enumeration finds, each once, and finds the same outcomes; each
    // outcome's count with reduction is the number of its traces.
    // `retryMs` (0: the scenario's) makes a client's back-off end while
    // another client's commands are in flight.
    void reductionMatchesNaiveEnumeration_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("side");
        QTest::addColumn<int>("clients");
        QTest::addColumn<int>("retryMs");
        QTest::newRow("lost-update broken") << "lost-update" << "broken" << 2 << 0;
        QTest::newRow("lost-update correct") << "lost-update" << "correct" << 2 << 0;
        QTest::newRow("lost-update correct, retry 100 ms") << "lost-update" << "correct" << 2 << 100;
        QTest::newRow("lost-update, 3 clients, broken") << "lost-update" << "broken" << 3 << 0;
        QTest::newRow("flash-sale, 3 clients, correct") << "flash-sale" << "correct" << 3 << 0;
        QTest::newRow("watch-release-bytes broken") << "watch-release-bytes" << "broken" << 3 << 0;
        QTest::newRow("watch-release-bytes correct") << "watch-release-bytes" << "correct" << 3 << 0;
    }
    void reductionMatchesNaiveEnumeration()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, side);
        QFETCH(int, clients);
        QFETCH(int, retryMs);
        const Scenario s = scenarioNamed(scenario);
        const Strategy &strategy = *findStrategy(side == QLatin1String("broken") ? s.broken : s.correct);
        RunConfig config = steppedByHand(s.config, s, strategy);
        while (config.clients.size() < clients)
            config.clients << ClientSpec{QString(QChar(u'A' + int(config.clients.size()))), 0};
        config.clients.resize(clients);
        if (retryMs > 0)
            config.retryMs = retryMs;
        ScheduleRunner runner(config);
        qint64 blocked = 0;
        const QList<Execution> reduced = searchAll(SystematicSearch::Mode::Reduced, config, strategy, runner, &blocked);
        const QList<Execution> naive = searchAll(SystematicSearch::Mode::Naive, config, strategy, runner);

        // Naive: every interleaving once.
        std::set<QString> interleavings;
        for (const Execution &e : naive)
            QVERIFY2(interleavings.insert(interleavingOf(e)).second, qPrintable(interleavingOf(e)));
        // Its interleavings, by trace: each trace has one outcome.
        std::map<QString, QString> outcomeOfTrace;
        std::map<QString, int> interleavingsOfTrace;
        for (const Execution &e : naive) {
            const QString trace = canonicalTrace(e);
            const auto [it, fresh] = outcomeOfTrace.emplace(trace, e.outcome.key());
            QVERIFY2(fresh || it->second == e.outcome.key(),
                     qPrintable(QStringLiteral("trace %1: %2 and %3").arg(trace, it->second, e.outcome.key())));
            ++interleavingsOfTrace[trace];
        }
        // Reduced: one execution per trace, every trace.
        std::set<QString> traces;
        std::map<QString, int> reducedByOutcome;
        for (const Execution &e : reduced) {
            const QString trace = canonicalTrace(e);
            QVERIFY2(traces.insert(trace).second, qPrintable(QStringLiteral("trace %1 explored twice").arg(trace)));
            QVERIFY2(outcomeOfTrace.count(trace), qPrintable(QStringLiteral("trace %1 unknown to naive").arg(trace)));
            QCOMPARE(e.outcome.key(), outcomeOfTrace.at(trace));
            ++reducedByOutcome[e.outcome.key()];
        }
        QCOMPARE(traces.size(), outcomeOfTrace.size());
        std::map<QString, int> tracesByOutcome;
        std::map<QString, int> naiveByOutcome;
        for (const auto &[trace, outcome] : outcomeOfTrace) {
            ++tracesByOutcome[outcome];
            naiveByOutcome[outcome] += interleavingsOfTrace.at(trace);
        }
        QCOMPARE(reducedByOutcome, tracesByOutcome);
        for (const auto &[outcome, count] : naiveByOutcome)
            qInfo("%s: %d interleavings in %d traces", qPrintable(outcome), count, tracesByOutcome.at(outcome));
        qInfo("%lld interleavings, %lld distinct executions (%lld runs cut short by the sleep set)",
              qint64(naive.size()), qint64(reduced.size()), blocked);
        QVERIFY(reduced.size() <= naive.size());
    }

    // Two workers, twice: the same counts, outcomes and shortest
    // counterexamples, whichever worker ran what.
    void sameExplorationTwice_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("side");
        QTest::addColumn<int>("faults");
        QTest::newRow("lost-update broken") << "lost-update" << "broken" << 0;
        QTest::newRow("watch-release-bytes correct") << "watch-release-bytes" << "correct" << 0;
        QTest::newRow("lost-update correct, 1 fault") << "lost-update" << "correct" << 1;
    }
    void sameExplorationTwice()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, side);
        QFETCH(int, faults);
        const Scenario s = scenarioNamed(scenario);
        const Strategy &strategy = *findStrategy(side == QLatin1String("broken") ? s.broken : s.correct);
        ExploreOptions options;
        options.faults = faults;
        options.budgetSeconds = 120;
        const ExploreResult first = Explorer(s, strategy, options).run();
        const ExploreResult second = Explorer(s, strategy, options).run();
        QVERIFY2(first.error.isEmpty(), qPrintable(first.error));
        QCOMPARE(first.coverage, Coverage::Complete);
        QCOMPARE(first.divergences, 0);
        QCOMPARE(summary(second), summary(first));
    }

    // The palette: what every scenario offers, and what needs lock nodes of its own.
    void paletteDependsOnTheScenario()
    {
        using P = PaletteFault;
        QCOMPARE(faultPalette(scenarioNamed(QStringLiteral("lost-update")).config), (QList<P>{P::Pause, P::Crash, P::LostReply}));
        QCOMPARE(faultPalette(scenarioNamed(QStringLiteral("restart-without-persistence")).config),
                 (QList<P>{P::Pause, P::Crash, P::LostReply, P::Restart}));
        const RunConfig redlock = scenarioNamed(QStringLiteral("redlock-clock-jump")).config;
        QCOMPARE(faultPalette(redlock), (QList<P>{P::Pause, P::Crash, P::LostReply, P::Restart, P::ClockJump}));

        // One point, a command: every kind once, the server faults on each of the 5 nodes.
        const QList<StepPoint> acquire{{0, 0, Step::Acquire}};
        const QList<FaultSet> one = faultPlacements(redlock, acquire, 1);
        QCOMPARE(one.size(), 3 + 5 + 5);
        const FaultSet &pause = one.first();
        QCOMPARE(pause.faults.size(), 1);
        QCOMPARE(pause.faults.first().action, Fault::Action::Pause);
        QVERIFY(pause.faults.first().pauseMs > redlock.leaseMs); // longer than the lease
        const FaultSet &jump = one.last();
        QCOMPARE(jump.serverFaults.size(), 1);
        QCOMPARE(jump.serverFaults.first().action, ServerFault::Action::ClockJump);
        QCOMPARE(jump.serverFaults.first().node, 4);
        QCOMPARE(jump.serverFaults.first().client, QStringLiteral("A"));
        // Two faults: two distinct kinds, each placed: C(5,2) kinds' pairs of placements.
        const QList<FaultSet> two = faultPlacements(redlock, acquire, 2);
        QCOMPARE(two.size(), 13 + (1 * 1 + 1 * 1 + 1 * 5 + 1 * 5) + (1 * 1 + 1 * 5 + 1 * 5) + (1 * 5 + 1 * 5) + 5 * 5);
        // A sleep has no reply to lose.
        QCOMPARE(faultPlacements(redlock, {{0, 0, Step::Work}}, 1).size(), 2 + 5 + 5);
    }

    // The correct side of lost-update breaks once a client may crash or
    // lose a reply; each shortest counterexample, faults included, replays
    // from its file. A restart of a lock node replays as well.
    void injectedFaultsReplayFromTheFile()
    {
        const Scenario s = scenarioNamed(QStringLiteral("lost-update"));
        const Strategy &correct = *findStrategy(s.correct);
        ExploreOptions options;
        options.faults = 1;
        options.budgetSeconds = 120;
        const ExploreResult r = Explorer(s, correct, options).run();
        QCOMPARE(r.coverage, Coverage::Complete);
        QVERIFY(r.variants.size() > 1);
        QVERIFY(!r.counterexamples.isEmpty());
        const std::unique_ptr<RedisServer> server = test::startRedis();
        QVERIFY(server);
        for (const Counterexample &c : r.counterexamples) {
            QVERIFY2(!c.faults.isEmpty(), qPrintable(QLatin1String(nameOf(c.kind))));
            const Scenario file = Explorer::counterexampleScenario(s, correct, c);
            RunConfig config = file.config;
            config.correctSide = true;
            History history;
            const QString stopped = runToEnd(config, correct, server->endpoint(), history, RunMode::Stepped);
            QCOMPARE(outcomeOf(history, stopped), c.outcome);
        }

        const Scenario restart = scenarioNamed(QStringLiteral("restart-without-persistence"));
        const Strategy &broken = *findStrategy(restart.broken);
        const QList<FaultSet> placements = faultPlacements(restart.config, {{1, 0, Step::Acquire}}, 1);
        const FaultSet &restartAfterB = placements.last();
        QCOMPARE(restartAfterB.serverFaults.size(), 1);
        const RunConfig config = steppedByHand(withFaults(restart.config, restartAfterB), restart, broken);
        ScheduleRunner runner(config);
        ReplayChooser timed({});
        const Execution e = runner.run(config, broken, timed);
        QVERIFY(e.complete);
        Counterexample c;
        c.interleaving = e.interleaving(config);
        c.faults = restartAfterB;
        const Scenario file = Explorer::counterexampleScenario(restart, broken, c);
        QCOMPARE(file.config.serverFaults.size(), restart.config.serverFaults.size() + 1);
        RunConfig again = file.config;
        again.correctSide = false;
        History history;
        const QString stopped = runWithOwnServers(again, broken, history, RunMode::Stepped);
        QCOMPARE(outcomeOf(history, stopped), e.outcome);
    }

    // The figures the lessons quote ({explored.failing}...) are what the
    // explorer counts now: every interleaving, and those that fail.
    void lessonFiguresAreTheExplorers()
    {
        QFile file(QStringLiteral(":/explored.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject figures = QJsonDocument::fromJson(file.readAll()).object();
        QVERIFY(!figures.isEmpty());
        for (auto scenario = figures.begin(); scenario != figures.end(); ++scenario) {
            const Scenario s = scenarioNamed(scenario.key());
            for (const QString &side : {QStringLiteral("broken"), QStringLiteral("correct")}) {
                const QJsonObject stored = scenario.value().toObject().value(side).toObject();
                ExploreOptions options;
                options.method = ExploreMethod::Naive;
                options.budgetSeconds = 120;
                const ExploreResult r = Explorer(s, *findStrategy(side == QLatin1String("broken") ? s.broken : s.correct), options).run();
                QCOMPARE(r.coverage, Coverage::Complete);
                qint64 failing = 0;
                for (const OutcomeCount &c : r.outcomes)
                    failing += c.outcome.failures().isEmpty() ? 0 : c.count;
                const QString where = scenario.key() + QLatin1Char('/') + side + QStringLiteral(": run scripts/explore-all.sh");
                QVERIFY2(stored.value(QStringLiteral("interleavings")).toInteger() == r.executions, qPrintable(where));
                QVERIFY2(stored.value(QStringLiteral("failing")).toInteger() == failing, qPrintable(where));
            }
        }
        // Quoted in the lesson, in both languages.
        LessonError error;
        const std::optional<Lesson> lesson = findLesson(QStringLiteral("lost-update"), &error);
        QVERIFY2(lesson, qPrintable(error.display()));
        const qint64 ways = figures.value(QStringLiteral("lost-update")).toObject().value(QStringLiteral("broken")).toObject()
                                .value(QStringLiteral("interleavings")).toInteger();
        bool quoted = false;
        for (const bool correct : {false, true})
            for (const LessonFrame &f : lesson->frames(correct)) {
                for (const QString &t : {f.text.en, f.text.zh, f.question.en, f.question.zh})
                    QVERIFY2(!t.contains(QLatin1String("{explored")), qPrintable(t));
                quoted = quoted || f.question.en.contains(QStringLiteral("of the %1 orders").arg(ways));
                // Choices stay apart whatever the figures are.
                QSet<QString> choices;
                for (const LessonChoice &c : f.choices)
                    QVERIFY2(!choices.contains(c.text.en) && (choices.insert(c.text.en), true), qPrintable(c.text.en));
            }
        QVERIFY(quoted);
    }

    void lessonQuotingTheExplorerIsChecked()
    {
        const auto parse = [](const QByteArray &text, const QByteArray &scenario = "lost-reply-retry") {
            const QByteArray json = "{\"scenario\": \"" + scenario + "\", \"title\": {\"en\": \"t\", \"zh_CN\": \"t\"},"
                                    "\"summary\": {\"en\": \"s\", \"zh_CN\": \"s\"}, \"minutes\": 1,"
                                    "\"broken\": [{\"at\": {\"end\": true}, \"text\": {\"en\": \"" + text + "\", \"zh_CN\": \"z\"}}],"
                                    "\"correct\": [{\"at\": {\"end\": true}, \"text\": {\"en\": \"c\", \"zh_CN\": \"z\"}}]}";
            LessonError error;
            const std::optional<Lesson> l = parseLesson(json, QStringLiteral("quote.json"), &error);
            return l ? QString() : error.display();
        };
        QCOMPARE(parse("no figures"), QString());
        QVERIFY2(parse("{explored.failing} fail").contains(QLatin1String("no figures for lost-reply-retry")),
                 qPrintable(parse("{explored.failing} fail")));
        const QString unknown = parse("{explored.ways}", "lost-update");
        QVERIFY2(unknown.contains(QLatin1String("broken[0].text")) && unknown.contains(QLatin1String("not a figure")), qPrintable(unknown));
        QCOMPARE(parse("{explored.failing} of {explored.interleavings}", "lost-update"), QString());
    }

    // A worker and the servers it starts keep to one CPU, each worker its own (CpuPlacement.h says why).
    void workersKeepToOneCpuWithTheirServers()
    {
        QList<int> cpus = usableCpus();
        if (cpus.size() < 2)
            QSKIP("one CPU: nothing to place");
        std::sort(cpus.begin(), cpus.end());
        const Scenario s = scenarioNamed(QStringLiteral("lost-update"));
        ExploreOptions options;
        options.workers = 2;
        Explorer explorer(s, *findStrategy(s.correct), options);
        std::map<pid_t, QList<int>> workers;   // thread: its CPUs
        QStringList wrong;
        explorer.onSchedule = [&](const ExploredSchedule &) {
            const pid_t thread = gettid();
            const QList<int> mine = cpusOf(0);
            workers[thread] = mine;
            if (mine.size() != 1)
                wrong << QStringLiteral("worker %1 may run on %2 CPUs").arg(thread).arg(mine.size());
            // The processes this thread started: its redis-server.
            QFile children(QStringLiteral("/proc/self/task/%1/children").arg(thread));
            QVERIFY(children.open(QIODevice::ReadOnly));
            const QList<QByteArray> pids = children.readAll().simplified().split(' ');
            if (pids.value(0).isEmpty())
                wrong << QStringLiteral("worker %1 started no server").arg(thread);
            for (const QByteArray &pid : pids)
                if (!pid.isEmpty() && cpusOf(pid.toInt()) != mine)
                    wrong << QStringLiteral("server %1 of worker %2 may run elsewhere").arg(QString::fromLatin1(pid)).arg(thread);
        };
        const ExploreResult r = explorer.run();
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1String("; "))));
        QCOMPARE(workers.size(), size_t(2));
        QVERIFY(workers.begin()->second != std::next(workers.begin())->second);
        // Off the workers, a thread held on one CPU runs where it could before once let go.
        {
            const OneCpu held(cpus.last());
            QVERIFY(held.kept());
            QCOMPARE(cpusOf(0), QList<int>{cpus.last()});
        }
        QCOMPARE(cpusOf(0), cpus);
    }

    void realClockScenariosAreRefused()
    {
        const Scenario s = scenarioNamed(QStringLiteral("failover-lost-lock"));
        QVERIFY(explorable(s).contains(QLatin1String("real clock")));
        const ExploreResult r = Explorer(s, *findStrategy(s.broken), {}).run();
        QVERIFY(!r.error.isEmpty());
        QCOMPARE(r.executions, 0);
        QVERIFY(explorable(scenarioNamed(QStringLiteral("redlock-clock-jump"))).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestExplore)
#include "test_explore.moc"
