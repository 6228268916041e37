// Right at every instant: every shipped scenario on the virtual clock, both
// sides, timed, scripted and seeded random, stepped as the window steps it.
// After every step (and, timed, halfway through the waits between them):
//  (a) the analysis the window shows (one analyzer fed the growing history)
//      equals an analysis of the history cut at that instant, made afresh;
//  (b) what each lock node's lane holds there, with its TTL, and the stock,
//      equal what Redis holds at that moment, read by the test itself;
//  (c) the stock lane's line parts from the expected one by what the
//      verdict says then: above it by the units lost; below it by at least
//      those taken without a sale (a deduction whose reply is still to come
//      shows in the stock before its order is known to have taken it);
// and once the run is over, the run at each of those instants as a replay,
// an animation or a lesson frame shows it (InstantAnalyzer) is what the
// window showed then: nothing from after the instant leaks in.
// Scenarios on the real clock (Sentinel, a cluster) are left out.
// LOCKSTOCK_INSTANT_SEEDS (default 2): random schedules per scenario and side
// besides the timed one (the sanitizer builds run the timed ones only).

#include "TestRedis.h"

#include "analysis/InstantAnalysis.h"
#include "engine/NodeSet.h"
#include "engine/SteppedRun.h"
#include "redis/RedisConnection.h"
#include "redis/RedisError.h"
#include "strategies/Strategies.h"

#include <QTest>

using namespace lockstock;

namespace {
// Everything a view reads of an analysis, as text: two analyses that give
// the same text show the same picture, verdict and figures.
QString digest(const RunAnalysis &a)
{
    QStringList out;
    out << QStringLiteral("end %1 events %2 commands %3").arg(a.endNs).arg(a.events.size()).arg(a.commands.size());
    for (const Finding &f : a.verdict.findings)
        out << QStringLiteral("finding %1 %2 %3 n%4 d%5 %6 %7")
                   .arg(nameOf(f.kind)).arg(f.actor).arg(f.other).arg(f.count).arg(f.durationNs).arg(f.actual).arg(f.expected);
    for (const Mark &m : a.marks)
        out << QStringLiteral("mark %1 %2 %3 %4").arg(m.event).arg(nameOf(m.kind)).arg(m.actor).arg(m.other);
    for (const Overlap &o : a.overlaps)
        out << QStringLiteral("overlap %1 %2 %3-%4").arg(o.first).arg(o.second).arg(o.span.startNs).arg(o.span.endNs);
    for (qsizetype n = 0; n < a.nodes.size(); ++n) {
        const LockNode &node = a.nodes.at(n);
        for (qsizetype i = 0; i < node.holdingCount(); ++i) {
            const Holding &h = node.holding(i);
            out << QStringLiteral("node %1 holding %2 %3-%4 %5 %6")
                       .arg(n).arg(h.owner).arg(h.span.startNs).arg(i < node.holdings.size() ? h.span.endNs : -1)
                       .arg(QString::fromUtf8(h.token)).arg(h.expired);
        }
        for (const TtlSample &t : node.ttl)
            out << QStringLiteral("node %1 ttl %2 %3").arg(n).arg(t.tNs).arg(t.ttlNs);
    }
    for (int c = 0; c < a.clientCount(); ++c) {
        for (qsizetype i = 0; i < a.beliefCount(c); ++i)
            out << QStringLiteral("belief %1 %2-%3").arg(c).arg(a.belief(c, i).startNs).arg(a.belief(c, i).endNs);
        out << QStringLiteral("lane %1 %2").arg(c).arg(a.lanes.at(c).size());
    }
    for (const StockPoint &p : a.stock)
        out << QStringLiteral("stock %1 %2").arg(p.tNs).arg(p.value);
    for (const StockPoint &p : a.expectedStock)
        out << QStringLiteral("expected %1 %2").arg(p.tNs).arg(p.value);
    const RunCounts &n = a.counts;
    out << QStringLiteral("counts sold %1 lost %2 oversold %3 overlaps %4/%5 foreign %6/%7 stuck %8 expiries %9")
               .arg(n.sold).arg(n.lostUpdates).arg(n.oversold).arg(n.exclusionViolations).arg(n.overlapNs)
               .arg(n.foreignReleases).arg(n.foreignRenewals).arg(n.stuckNs).arg(n.expiries);
    return out.join(QLatin1Char('\n'));
}

// The first line where two digests part, for the failure message.
QString firstDifference(const QString &seen, const QString &expected)
{
    const QStringList a = seen.split(QLatin1Char('\n'));
    const QStringList b = expected.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < std::max(a.size(), b.size()); ++i)
        if (a.value(i) != b.value(i))
            return QStringLiteral("line %1: shown '%2', expected '%3'").arg(i).arg(a.value(i), b.value(i));
    return {};
}

// The history as recorded so far, cut at `ns`, analysed afresh.
std::shared_ptr<const RunAnalysis> analysedAfresh(const History &history, qint64 ns)
{
    History cut(history.info());
    for (const Event &e : history.events())
        if (e.tNs <= ns && knownAtNs(e) <= ns)
            cut.append(e);
    cut.advancePresent(ns);
    RunAnalyzer analyzer(history.info());
    analyzer.update(cut);
    return analyzer.snapshot();
}

quint64 randomSeeds()
{
    bool set = false;
    const int n = qEnvironmentVariableIntValue("LOCKSTOCK_INSTANT_SEEDS", &set);
    return set && n >= 0 ? quint64(n) : 2;
}

// The virtual-clock scenarios, in the course's order.
QStringList virtualScenarios()
{
    QStringList out;
    const QStringList real = test::RealClockRuns::shipped();
    for (const QString &name : builtinScenarioNames())
        if (!real.contains(name))
            out << name;
    return out;
}
} // namespace

class TestInstants : public QObject {
    Q_OBJECT

    std::unique_ptr<RedisServer> m_server;

    struct Seen {
        qint64 ns;
        qsizetype recorded;     // history events by then
        QString digest;
    };

    // (b): what the analysis says each lock node holds at `ns`, and the
    // stock, against Redis read now: the servers' clock stands at `ns`
    // between steps (a client may know the present ahead of it, when a
    // slow link brings its reply later).
    void compareWithRedis(const RunAnalysis &a, qint64 ns, NodeSet *nodes, const RunConfig &config, const QString &where)
    {
        const QByteArray lockKey = config.lockKey();
        const int lockNodes = nodes ? nodes->lockNodes() : 1;
        for (int n = 0; n < lockNodes; ++n) {
            const int server = nodes ? nodes->lockServer(n) : 0;
            if (nodes && (!nodes->server(server).isRunning() || nodes->isStopped(server)))
                continue; // down or frozen: its lane says so, nothing to read
            const bool stalled = std::any_of(a.nodes.at(n).outages.cbegin(), a.nodes.at(n).outages.cend(), [ns](const NodeOutage &o) {
                return o.span.startNs <= ns && (o.span.endNs < 0 || o.span.endNs > ns);
            });
            if (stalled)
                continue; // a read would wait out its CLIENT PAUSE
            RedisConnection c(nodes ? nodes->endpoint(server) : m_server->endpoint());
            const QList<RedisValue> r = c.pipeline({{"GET", lockKey}, {"PTTL", lockKey}});
            const QByteArray token = r.at(0).isString() ? r.at(0).bytes() : QByteArray();
            if (r.at(0).isError())
                continue; // a reentrant lock's hash: its owner is read as the probe reads it
            const RunAnalysis::LockAt lane = a.lockAt(n, ns);
            QVERIFY2(lane.probed || a.events.isEmpty(), qPrintable(where));
            if (!lane.probed || lane.ttlNs == kUnknown)
                continue;
            QVERIFY2(lane.token == token, qPrintable(QStringLiteral("%1: node %2 lane holds '%3', Redis '%4'")
                                                         .arg(where).arg(n).arg(QString::fromUtf8(lane.token), QString::fromUtf8(token))));
            const qint64 pttl = r.at(1).toInteger();
            const qint64 laneMs = lane.ttlNs < 0 ? lane.ttlNs : (lane.ttlNs + 999999) / 1000000;
            QVERIFY2(std::abs(laneMs - pttl) <= 1, qPrintable(QStringLiteral("%1: node %2 lane TTL %3 ms, Redis PTTL %4")
                                                                  .arg(where).arg(n).arg(laneMs).arg(pttl)));
        }
        RedisConnection store(nodes ? nodes->endpoint(nodes->storeIndex()) : m_server->endpoint());
        long long stock = 0;
        if (store.command({"GET", config.stockKey()}).readInteger(stock) && a.probed)
            QVERIFY2(a.stockAt(ns) == stock, qPrintable(QStringLiteral("%1: stock lane %2, Redis %3")
                                                            .arg(where).arg(a.stockAt(ns)).arg(stock)));
    }

private slots:
    void initTestCase()
    {
        m_server = test::startRedis();
        QVERIFY(m_server);
    }

    void everyInstant_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("side");
        QTest::addColumn<int>("schedule");
        QTest::addColumn<quint64>("seed");
        for (const QString &name : virtualScenarios())
            for (const char *side : {"broken", "correct"}) {
                QTest::addRow("%s/%s/timed", qPrintable(name), side) << name << side << int(Schedule::Timed) << quint64(0);
                for (quint64 seed = 1; seed <= randomSeeds(); ++seed)
                    QTest::addRow("%s/%s/random%llu", qPrintable(name), side, seed)
                        << name << side << int(Schedule::Random) << seed;
            }
        // Scripted: the first lesson's clients in turn, each step a command or the end of a wait.
        for (const char *side : {"broken", "correct"})
            QTest::addRow("lost-update/%s/scripted", side) << QStringLiteral("lost-update") << side << int(Schedule::Scripted) << quint64(0);
    }

    void everyInstant()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, side);
        QFETCH(int, schedule);
        QFETCH(quint64, seed);
        ScenarioError error;
        const std::optional<Scenario> s = findScenario(scenario, &error);
        QVERIFY2(s, qPrintable(error.display()));
        const Strategy *strategy = findStrategy(side == QLatin1String("broken") ? s->broken : s->correct);
        QVERIFY(strategy);
        RunConfig config = s->config;
        config.correctSide = s->correctHere(strategy->name, strategy->correct);
        // Scripted scenarios keep their script: it is their schedule.
        if (config.schedule != Schedule::Scripted) {
            config.schedule = Schedule(schedule);
            config.seed = seed;
        } else if (schedule != int(Schedule::Timed)) {
            QSKIP("scripted: its interleaving is its schedule");
        }
        if (config.schedule == Schedule::Scripted && config.interleaving.isEmpty())
            for (int turn = 0; turn < 8; ++turn)
                config.interleaving << config.clients.at(turn % config.clients.size()).name;
        std::unique_ptr<NodeSet> nodes;
        if (config.needsPrivateServers())
            nodes = std::make_unique<NodeSet>(config.nodes);
        History history;
        std::unique_ptr<SteppedRun> run = nodes ? std::make_unique<SteppedRun>(config, *strategy, *nodes, history)
                                                : std::make_unique<SteppedRun>(config, *strategy, m_server->endpoint(), history);
        run->prepare();
        QVERIFY2(run->clockKind() == ClockKind::Virtual, "a virtual-clock scenario");
        RunAnalyzer window(history.info());
        QList<Seen> seen;
        const auto look = [&](const QString &when) {
            window.update(history);
            const std::shared_ptr<const RunAnalysis> shown = window.snapshot();
            const QString where = QStringLiteral("%1 at %2 ms").arg(when).arg(shown->scenarioMs(shown->endNs));
            QCOMPARE(shown->endNs, history.presentNs());
            const QString now = digest(*shown);
            const QString afresh = digest(*analysedAfresh(history, shown->endNs));
            QVERIFY2(now == afresh, qPrintable(where + QStringLiteral(" (a): ") + firstDifference(now, afresh)));
            QVERIFY2(run->nowNs() <= shown->endNs, qPrintable(where + QStringLiteral(": Redis is ahead of the picture")));
            compareWithRedis(*shown, run->nowNs(), nodes.get(), config, where);
            // (c): the stock lane's two lines part by what the verdict says by then.
            const qint64 stock = shown->stockAt(shown->endNs);
            const qint64 expected = shown->expectedStockAt(shown->endNs);
            const RunCounts &n = shown->counts;
            QVERIFY2(std::max<qint64>(0, stock - expected) == n.lostUpdates && n.overDeducted <= std::max<qint64>(0, expected + n.lostUpdates - stock),
                     qPrintable(QStringLiteral("%1 (c): stock %2, expected %3, units lost %4, taken without a sale %5")
                                    .arg(where).arg(stock).arg(expected).arg(n.lostUpdates).arg(n.overDeducted)));
            seen.append({shown->endNs, history.size(), now});
        };
        int step = 0;
        for (;;) {
            // Halfway through a wait: leases run out and faults happen on the way.
            const qint64 due = run->nextDueNs();
            if (config.schedule == Schedule::Timed && due > run->nowNs() + 2'000'000) {
                run->advanceTo((run->nowNs() + due) / 2);
                look(QStringLiteral("waiting before step %1").arg(step + 1));
                if (QTest::currentTestFailed())
                    return;
            }
            if (!run->stepNext())
                break;
            look(QStringLiteral("after step %1").arg(++step));
            if (QTest::currentTestFailed())
                return;
        }
        run->close();
        QVERIFY2(run->error().isEmpty(), qPrintable(run->error()));
        // Replayed, the run at each of those instants is what was shown there
        // after the last step at that instant. Left out: an instant an event
        // recorded later is known by (a command sent half a round trip
        // before a reply another client had had, when clients' round trips
        // differ), or what Redis held after it (it ran before the instant,
        // its reply came after): the window started over for it when it came.
        // The run's end shows the finished verdict (the final stock read).
        const std::shared_ptr<const RunAnalysis> whole = analyze(history);
        InstantAnalyzer replay(whole);
        const QList<Event> all = history.events();
        int compared = 0;
        bool beforeEnd = false;
        for (qsizetype i = 0; i < seen.size(); ++i) {
            const Seen &x = seen.at(i);
            if ((i + 1 < seen.size() && seen.at(i + 1).ns == x.ns) || x.ns >= whole->endNs)
                continue;
            beforeEnd = true;
            if (std::any_of(all.cbegin() + x.recorded, all.cend(), [&x](const Event &e) {
                    return knownAtNs(e) <= x.ns || (e.probe && e.probe->atNs >= 0 && e.probe->atNs <= x.ns);
                }))
                continue;
            ++compared;
            const QString replayed = digest(*replay.at(x.ns));
            QVERIFY2(replayed == x.digest, qPrintable(QStringLiteral("replayed at %1 ms: ").arg(history.scenarioMs(x.ns))
                                                      + firstDifference(replayed, x.digest)));
        }
        QVERIFY2(compared > 0 || !beforeEnd, "no instant to compare with its replay");
    }

    // Replayed, the lanes of Redis show what it held from the moment a
    // command ran, not from its reply: lost-update's A wrote 99 at 0.6 s and
    // heard OK at 0.8 s; in between the stock lane said 100. The command
    // itself, its reply and what the verdict makes of it wait for the reply.
    void redisLanesShowACommandFromWhenItRan_data()
    {
        QTest::addColumn<QString>("side");
        QTest::addColumn<int>("step");
        QTest::newRow("a write, no lock") << "broken" << int(Step::WriteStock);
        QTest::newRow("an acquire") << "correct" << int(Step::Acquire);
    }
    void redisLanesShowACommandFromWhenItRan()
    {
        QFETCH(QString, side);
        QFETCH(int, step);
        const auto r = test::runScenarioOnOwnServers(QStringLiteral("lost-update"), side);
        QVERIFY(r && r->error.isEmpty());
        const RunAnalysis &whole = *r->analysis;
        const auto first = std::find_if(whole.events.begin(), whole.events.end(), [step](const Event &e) {
            return e.kind == EventKind::Command && int(e.step) == step && e.client == 0;
        });
        QVERIFY(first != whole.events.end() && first->probe);
        const Event &e = *first;
        const qint64 ranNs = e.probe->atNs;
        const qint64 replyNs = knownAtNs(e);
        QVERIFY2(e.tNs < ranNs && ranNs < replyNs, qPrintable(QStringLiteral("%1 %2 %3").arg(e.tNs).arg(ranNs).arg(replyNs)));
        const qint64 between = (ranNs + replyNs) / 2;
        const std::shared_ptr<const RunAnalysis> then = analyzeAt(r->analysis, between);
        const std::shared_ptr<const RunAnalysis> before = analyzeAt(r->analysis, ranNs - 1);
        QVERIFY(std::none_of(then->events.begin(), then->events.end(), [&e](const Event &x) {
            return x.kind == EventKind::Command && x.client == e.client && x.tNs == e.tNs;
        }));
        QCOMPARE(then->findings(), before->findings());
        if (e.step == Step::WriteStock) {
            QCOMPARE(before->stock.last().value, qint64(100));
            QCOMPARE(then->stock.last().value, e.wrote);
            QCOMPARE(then->stock.last().tNs, ranNs);
        } else {
            QVERIFY(!before->nodes.first().open);
            QVERIFY(then->nodes.first().open);
            QCOMPARE(then->nodes.first().open->owner, 0);
            QCOMPARE(then->nodes.first().open->span.startNs, ranNs);
            QCOMPARE(then->beliefCount(0), before->beliefCount(0)); // A does not know yet
            QVERIFY(!then->openBeliefs.at(0));
        }
    }

    // At the failed release's instant a lock left in Redis is said to be
    // held still, not "kept for 0.0 s"; at the end, for how long it was.
    void aLockLeftBehindIsHeldStillAtItsInstant()
    {
        const auto r = test::runScenarioOnOwnServers(QStringLiteral("noscript-after-flush"), QStringLiteral("broken"));
        QVERIFY(r && r->error.isEmpty());
        const RunAnalysis &whole = *r->analysis;
        const auto release = std::find_if(whole.events.begin(), whole.events.end(), [](const Event &e) {
            return e.kind == EventKind::Command && e.step == Step::Release && e.reply.isError();
        });
        QVERIFY(release != whole.events.end());
        const QString then = analyzeAt(r->analysis, knownAtNs(*release))->findings().join(QLatin1Char('\n'));
        QVERIFY2(then.contains(QLatin1String("let go of the lock, yet Redis still holds it.")), qPrintable(then));
        const QString end = whole.findings().join(QLatin1Char('\n'));
        QVERIFY2(end.contains(QLatin1String("let go of the lock, yet Redis kept it for")), qPrintable(end));
    }

    // A fault on the lock node after a lease ran out leaves that expiry
    // where Redis made it: restarting n1 at 14 s drew A's 10 s lease as a
    // 13 s one with no "TTL expired" (the lock node's lease was not watched).
    void aFaultLeavesAnEarlierExpiryAlone()
    {
        const auto r = test::runScenarioOnOwnServers(QStringLiteral("lease-shorter-than-work"), QStringLiteral("broken"),
                                                     RunMode::Stepped, [](RunConfig &c) {
                                                         ServerFault restart;
                                                         restart.node = 0;
                                                         restart.action = ServerAction::Restart;
                                                         restart.atMs = 14000;
                                                         c.serverFaults << restart;
                                                     });
        QVERIFY(r && r->error.isEmpty());
        const RunAnalysis &a = *r->analysis;
        QVERIFY(a.nodes.first().holdingCount() >= 2);
        const Holding &first = a.nodes.first().holding(0);
        QCOMPARE(first.owner, 0);
        QVERIFY2(first.expired, qPrintable(test::timeline(*r)));
        QVERIFY2(std::abs(a.scenarioMs(first.span.endNs) - 10000) < 5, qPrintable(QString::number(a.scenarioMs(first.span.endNs))));
    }
};

QTEST_GUILESS_MAIN(TestInstants)
#include "test_instants.moc"
