// The lessons: the loader names the file, line and field of what is wrong;
// every shipped scenario has a lesson; every frame of every shipped lesson
// stops at an event of its run, on the side it belongs to, in order, and at
// the same event in every run (LOCKSTOCK_TEST_REPEAT runs, default 20, on
// the virtual clock against real redis-servers; on real Sentinel, which
// needs the real clock, LOCKSTOCK_SENTINEL_REPEAT runs, default 2).

#include "TestRedis.h"

#include "lesson/Lesson.h"

#include <QTest>

using namespace lockstock;

namespace {
int repeat()
{
    const int n = qEnvironmentVariableIntValue("LOCKSTOCK_TEST_REPEAT");
    return n > 0 ? n : 20;
}

// A valid lesson to break in one place.
QByteArray minimal(const QByteArray &brokenFrame = R"({"at": {"client": "A", "step": "read"}, "text": {"en": "a", "zh_CN": "甲"}})")
{
    return R"({
  "scenario": "lost-update",
  "title": {"en": "T", "zh_CN": "题"},
  "summary": {"en": "S", "zh_CN": "要"},
  "minutes": 3,
  "broken": [
    )" + brokenFrame + R"(
  ],
  "correct": [
    {"at": {"end": true}, "highlight": "verdict", "text": {"en": "b", "zh_CN": "乙"}}
  ]
}
)";
}
} // namespace

class TestLessons : public QObject {
    Q_OBJECT
    test::RealClockRuns m_realClockRuns;

private slots:
    void parsesMinimal()
    {
        LessonError error;
        const std::optional<Lesson> l = parseLesson(minimal(), QStringLiteral("x.json"), &error);
        QVERIFY2(l, qPrintable(error.display()));
        QCOMPARE(l->scenario, QStringLiteral("lost-update"));
        QCOMPARE(l->broken.size(), 1);
        QCOMPARE(l->broken.first().at.client, QStringLiteral("A"));
        QCOMPARE(l->broken.first().at.step, Step::ReadStock);
        QCOMPARE(l->broken.first().line, 7);
        QCOMPARE(l->correct.first().highlight, LessonHighlight::Verdict);
        QCOMPARE(l->title.in(QStringLiteral("zh_CN")), QStringLiteral("题"));
        QCOMPARE(l->title.in(QStringLiteral("en")), QStringLiteral("T"));
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("syntax") << QByteArray("{\n\"scenario\": }") << QStringLiteral("x.json:2: not valid JSON");
        QTest::newRow("not an object") << QByteArray("[]") << QStringLiteral("x.json:1: a lesson must be a JSON object");
        QTest::newRow("unknown field") << minimal().replace("\"minutes\"", "\"minute\"")
                                       << QStringLiteral("x.json:5: field 'minute': unknown field");
        QTest::newRow("no scenario") << minimal().replace("\"lost-update\"", "\"nope\"")
                                     << QStringLiteral("x.json:2: field 'scenario': no built-in scenario 'nope'");
        QTest::newRow("scenario path") << minimal().replace("\"lost-update\"", "\"/etc/passwd\"")
                                       << QStringLiteral("x.json:2: field 'scenario': no built-in scenario");
        QTest::newRow("minutes") << minimal().replace("\"minutes\": 3", "\"minutes\": 0")
                                 << QStringLiteral("x.json:5: field 'minutes': is required");
        QTest::newRow("no chinese") << minimal().replace(", \"zh_CN\": \"题\"", "")
                                    << QStringLiteral("x.json:3: field 'title.zh_CN': is required: the text in Simplified Chinese");
        QTest::newRow("unknown client")
            << minimal(R"({"at": {"client": "Z"}, "text": {"en": "a", "zh_CN": "甲"}})")
            << QStringLiteral("x.json:7: field 'broken[0].at.client': scenario 'lost-update' has no client 'Z'");
        QTest::newRow("unknown step")
            << minimal(R"({"at": {"step": "fly"}, "text": {"en": "a", "zh_CN": "甲"}})")
            << QStringLiteral("x.json:7: field 'broken[0].at.step': 'fly' is not one of");
        QTest::newRow("unknown finding")
            << minimal(R"({"at": {"finding": "lost"}, "text": {"en": "a", "zh_CN": "甲"}})")
            << QStringLiteral("x.json:7: field 'broken[0].at.finding': 'lost' is not one of");
        QTest::newRow("empty anchor") << minimal(R"({"at": {}, "text": {"en": "a", "zh_CN": "甲"}})")
                                      << QStringLiteral("x.json:7: field 'broken[0].at': says no event");
        QTest::newRow("nth") << minimal(R"({"at": {"client": "A", "nth": 0}, "text": {"en": "a", "zh_CN": "甲"}})")
                             << QStringLiteral("x.json:7: field 'broken[0].at.nth': must be a whole number from 1");
        QTest::newRow("highlight")
            << minimal(R"({"at": {"client": "A"}, "highlight": "glow", "text": {"en": "a", "zh_CN": "甲"}})")
            << QStringLiteral("x.json:7: field 'broken[0].highlight': must be \"event\"");
        QTest::newRow("finding highlight needs finding")
            << minimal(R"({"at": {"client": "A"}, "highlight": "finding", "text": {"en": "a", "zh_CN": "甲"}})")
            << QStringLiteral("x.json:7: field 'broken[0].highlight': \"finding\" needs an anchor on a finding");
        QTest::newRow("question without choices")
            << minimal(R"({"at": {"client": "A"}, "text": {"en": "a", "zh_CN": "甲"}, "question": {"en": "q", "zh_CN": "问"}})")
            << QStringLiteral("x.json:7: field 'broken[0].choices': a question and its choices go together");
        QTest::newRow("one choice")
            << minimal(R"({"at": {"client": "A"}, "text": {"en": "a", "zh_CN": "甲"}, "question": {"en": "q", "zh_CN": "问"},
                         "choices": [{"en": "x", "zh_CN": "x", "right": true}]})")
            << QStringLiteral("x.json:7: field 'broken[0].choices': must be a list of 2 or 3 choices");
        QTest::newRow("two right")
            << minimal(R"({"at": {"client": "A"}, "text": {"en": "a", "zh_CN": "甲"}, "question": {"en": "q", "zh_CN": "问"},
                         "choices": [{"en": "x", "zh_CN": "x", "right": true}, {"en": "y", "zh_CN": "y", "right": true}]})")
            << QStringLiteral("x.json:7: field 'broken[0].choices': exactly one choice must be \"right\": true (2 are)");
        QTest::newRow("no frames") << minimal().replace("\"correct\": [", "\"correct\": [], \"x\": [")
                                   << QStringLiteral("field 'x': unknown field");
        QTest::newRow("challenge") << minimal().replace("\"minutes\": 3", "\"minutes\": 3, \"challenge\": \"correct\"")
                                   << QStringLiteral("x.json:5: field 'challenge': must name what the checker finds");
        QTest::newRow("end and more")
            << minimal(R"({"at": {"end": true, "client": "A"}, "text": {"en": "a", "zh_CN": "甲"}})")
            << QStringLiteral("x.json:7: field 'broken[0].at.end': the run's end takes no other criterion");
    }

    void errors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        LessonError error;
        QVERIFY(!parseLesson(json, QStringLiteral("/some/dir/x.json"), &error));
        QVERIFY2(error.display().contains(expected), qPrintable(error.display() + QStringLiteral("\n  expected: ") + expected));
    }

    void missingFile()
    {
        LessonError error;
        QVERIFY(!findLesson(QStringLiteral("/nonexistent/x.json"), &error));
        QVERIFY(!findLesson(QStringLiteral("no-such-lesson"), &error));
        QVERIFY2(error.display().contains(QStringLiteral("no such lesson")), qPrintable(error.display()));
    }

    // Every shipped scenario has a lesson, in the course's order.
    void everyScenarioHasALesson()
    {
        const QStringList lessons = builtinLessonNames();
        for (const QString &scenario : builtinScenarioNames()) {
            LessonError error;
            const std::optional<Lesson> l = findLesson(scenario, &error);
            QVERIFY2(l, qPrintable(scenario + QStringLiteral(": ") + error.display()));
            QCOMPARE(l->scenario, scenario);
        }
        QCOMPARE(lessons.mid(0, builtinScenarioNames().size()), builtinScenarioNames());
    }

    void anchors_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("correct");
        for (const QString &name : builtinLessonNames()) {
            QTest::newRow(qPrintable(name + QStringLiteral("/broken"))) << name << false;
            QTest::newRow(qPrintable(name + QStringLiteral("/correct"))) << name << true;
        }
    }

    // Every frame stops at an event of the side it belongs to, the same one every run.
    void anchors()
    {
        QFETCH(QString, name);
        QFETCH(bool, correct);
        LessonError error;
        const std::optional<Lesson> lesson = findLesson(name, &error);
        QVERIFY2(lesson, qPrintable(error.display()));
        QVERIFY2(lesson->challenge, qPrintable(lesson->path + QStringLiteral(": no challenge")));
        ScenarioError scenarioError;
        const std::optional<Scenario> s = findScenario(lesson->scenario, &scenarioError);
        QVERIFY2(s, qPrintable(scenarioError.display()));
        std::unique_ptr<RedisServer> server;
        if (!s->config.needsPrivateServers()) {
            server = test::startRedis();
            QVERIFY(server);
        }
        const QString side = correct ? QStringLiteral("correct") : QStringLiteral("broken");
        // On real Sentinel (the real clock) a few runs, whose times differ.
        const bool sentinels = s->config.nodes.ownTimers(); // Sentinel, or a cluster's bus
        const int sentinelRuns = qEnvironmentVariableIntValue("LOCKSTOCK_SENTINEL_REPEAT");
        const int runs = !sentinels ? repeat() : sentinelRuns > 0 ? sentinelRuns : 2;
        // Those wait on Sentinel's or the cluster's timers: both sides' side by side.
        std::vector<std::unique_ptr<test::ScenarioResult>> realClockRuns;
        if (sentinels)
            realClockRuns = m_realClockRuns.take(lesson->scenario, side, runs);
        QList<qint64> first;
        for (int i = 0; i < runs; ++i) {
            const auto r = sentinels ? std::move(realClockRuns[i])
                : server             ? test::runScenario(lesson->scenario, side, server->endpoint())
                                     : test::runScenarioOnOwnServers(lesson->scenario, side);
            QVERIFY(r);
            QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
            QString why;
            const QList<int> events = resolveFrames(lesson->frames(correct), *r->analysis, &why);
            QVERIFY2(!events.isEmpty(), qPrintable(QStringLiteral("%1 (%2), run %3: %4\n%5")
                                                       .arg(lesson->path, side).arg(i + 1).arg(why, test::timeline(*r))));
            // The moment each frame shows, to the nanosecond of the virtual clock.
            QList<qint64> times;
            for (const int e : events)
                times << frameTimeNs(*r->analysis, e);
            if (i == 0)
                first = times;
            else if (!sentinels)
                QCOMPARE(times, first);
            // A frame shows the run up to its moment: the next frame's event
            // is not in it yet (a finding or the end may come with the event
            // that makes it).
            for (qsizetype f = 0; f + 1 < events.size(); ++f) {
                const LessonAnchor &next = lesson->frames(correct).at(f + 1).at;
                if (events.at(f) != events.at(f + 1) && !next.end && !next.finding)
                    QVERIFY2(times.at(f) < times.at(f + 1),
                             qPrintable(QStringLiteral("%1 (%2): frame %3 at %4 ms shows frame %5's event already\n%6")
                                            .arg(lesson->path, side).arg(f + 1).arg(r->analysis->scenarioMs(times.at(f))).arg(f + 2)
                                            .arg(test::timeline(*r))));
            }
            // Each leg to a frame plays at a pace a class follows: every
            // instant something appears on the way stays a beat before the
            // next (fewer when there are many), and no leg is a blink or a wait.
            for (qsizetype f = 0; f < times.size() && i == 0; ++f) {
                const double fromMs = f == 0 ? 0 : r->analysis->scenarioMs(times.at(f - 1));
                const double toMs = r->analysis->scenarioMs(times.at(f));
                const LessonLeg leg = planLeg(*r->analysis, fromMs, toMs, s->config.playbackSpeed);
                const QString where = QStringLiteral("%1 (%2): the leg to frame %3 (%4 ms to %5 ms)")
                                          .arg(lesson->path, side).arg(f + 1).arg(fromMs).arg(toMs);
                QVERIFY2(leg.points.isEmpty() == (toMs <= fromMs), qPrintable(where));
                if (leg.points.isEmpty())
                    continue;
                QVERIFY2(leg.realMs() >= LessonLeg::kShortestLegMs - 1e-6 && leg.realMs() <= LessonLeg::kLongestLegMs + 1e-6,
                         qPrintable(where + QStringLiteral(" takes %1 ms").arg(leg.realMs())));
                const qsizetype reveals = std::count_if(leg.points.begin(), leg.points.end(), [](const LessonLeg::Point &p) { return p.reveals; });
                const double beat = std::min(LessonLeg::kBeatMs, LessonLeg::kLongestLegMs / double(reveals));
                double last = 0;
                for (const LessonLeg::Point &p : leg.points)
                    if (p.reveals) {
                        QVERIFY2(p.realMs - last >= beat - 1e-6,
                                 qPrintable(where + QStringLiteral(": %1 ms is shown %2 ms after the one before").arg(p.scenarioMs).arg(p.realMs - last)));
                        last = p.realMs;
                    }
                QCOMPARE(leg.scenarioMsAt(leg.realMs()), toMs);
            }
            // A finding frame shows a finding the verdict has.
            for (qsizetype f = 0; f < events.size(); ++f) {
                const LessonFrame &frame = lesson->frames(correct).at(f);
                if (frame.at.finding)
                    QVERIFY2(r->analysis->verdict.has(*frame.at.finding), qPrintable(QStringLiteral("frame %1").arg(f + 1)));
            }
            // The challenge: the broken side's run meets it, the correct side's cannot.
            QVERIFY2(challengeMet(*lesson->challenge, r->analysis->verdict) == !correct,
                     qPrintable(QStringLiteral("challenge %1 on the %2 side: %3")
                                    .arg(QLatin1String(nameOf(*lesson->challenge)), side,
                                         r->analysis->verdict.sentences(r->analysis->info).join(QLatin1Char(' ')))));
        }
    }
};

QTEST_GUILESS_MAIN(TestLessons)
#include "test_lessons.moc"
