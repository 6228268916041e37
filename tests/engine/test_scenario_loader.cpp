// Scenario files: every built-in loads, and bad input is named by line and field.

#include "scenario/Scenario.h"
#include "engine/Strategy.h"
#include "strategies/Strategies.h"

#include <QTest>

using namespace lockstock;

class TestScenarioLoader : public QObject {
    Q_OBJECT

    static ScenarioError parseError(const QByteArray &json)
    {
        ScenarioError error;
        const std::optional<Scenario> s = parseScenario(json, QStringLiteral("bad.json"), &error);
        if (s)
            qWarning("parsed unexpectedly: %s", json.constData());
        return s ? ScenarioError{} : error;
    }

private slots:
    void builtinsLoad()
    {
        const QStringList names = builtinScenarioNames();
        for (const char *required : {"lost-update", "crash-between-setnx-expire", "lease-expired-wrong-delete",
                                     "lease-shorter-than-work", "watchdog-long-work", "flash-sale"})
            QVERIFY2(names.contains(QLatin1String(required)), required);
        for (const QString &name : names) {
            ScenarioError error;
            const std::optional<Scenario> s = findScenario(name, &error);
            QVERIFY2(s, qPrintable(error.display()));
            QCOMPARE(s->name, name);
            QVERIFY(!s->lesson.isEmpty());
            // The broken side may be a strategy that is correct elsewhere (a lease
            // too short for the work), but the correct side must be correct.
            QVERIFY(findStrategy(s->broken));
            QVERIFY(s->broken != s->correct);
            QVERIFY(findStrategy(s->correct)->correct);
            QVERIFY(!s->config.clients.isEmpty());
        }
    }

    void fieldsAreRead()
    {
        ScenarioError error;
        const std::optional<Scenario> s = parseScenario(R"({
            "broken": "no-lock", "correct": "lua-decrement",
            "stock": 7, "clients": [{"name": "A"}, {"name": "B", "start_ms": 250}],
            "lease_ms": 3000, "work_ms": 40, "speed": 2.5, "quantity": 2, "playback_speed": 0.25,
            "interleaving": ["B", "A"],
            "faults": [{"client": "B", "after": "read", "action": "pause", "pause_ms": 900}]
        })", QStringLiteral("x.json"), &error);
        QVERIFY2(s, qPrintable(error.display()));
        QCOMPARE(s->name, QStringLiteral("x"));
        QCOMPARE(s->config.stock, 7);
        QCOMPARE(s->config.clients.at(1).startMs, 250);
        QCOMPARE(s->config.speed, 2.5);
        QCOMPARE(s->config.playbackSpeed, 0.25);
        QCOMPARE(s->config.quantity, 2);
        QCOMPARE(s->config.schedule, Schedule::Scripted);
        QCOMPARE(s->config.faults.size(), 1);
        QCOMPARE(s->config.faults.first().after, Step::ReadStock);
        QCOMPARE(s->config.faults.first().action, Fault::Action::Pause);
        QCOMPARE(s->config.faults.first().pauseMs, 900);
        const std::optional<Scenario> counted = parseScenario(
            R"({"broken": "no-lock", "correct": "lua-decrement", "clients": 30})", QStringLiteral("n.json"), &error);
        QVERIFY(counted);
        QCOMPARE(counted->config.clients.size(), 30);
        QCOMPARE(counted->config.clients.at(25).name, QStringLiteral("Z"));
        QCOMPARE(counted->config.clients.at(26).name, QStringLiteral("C27"));
    }

    void errorsNameLineAndField_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        const QByteArray head = "{\n  \"broken\": \"no-lock\",\n  \"correct\": \"lua-decrement\",\n";
        QTest::newRow("negative stock") << head + "  \"clients\": 2,\n  \"stock\": -5\n}" << 5 << "stock" << "0 or more";
        QTest::newRow("zero clients") << head + "  \"clients\": 0\n}" << 4 << "clients" << "1 or more";
        QTest::newRow("empty clients") << head + "  \"clients\": []\n}" << 4 << "clients" << "non-empty";
        QTest::newRow("unknown field") << head + "  \"clients\": 2,\n  \"stok\": 5\n}" << 5 << "stok" << "unknown field";
        QTest::newRow("unknown strategy")
            << QByteArray("{\n  \"clients\": 2,\n  \"broken\": \"no-such\",\n  \"correct\": \"lua-decrement\"\n}") << 3
            << "broken" << "unknown strategy 'no-such'";
        QTest::newRow("speed zero") << head + "  \"clients\": 2,\n  \"speed\": 0\n}" << 5 << "speed" << "0.01";
        QTest::newRow("speed absurd") << head + "  \"clients\": 2,\n  \"speed\": 1e12\n}" << 5 << "speed" << "10000";
        QTest::newRow("playback zero") << head + "  \"clients\": 2,\n  \"playback_speed\": 0\n}" << 5 << "playback_speed" << "0.0001";
        QTest::newRow("negative rtt") << head + "  \"clients\": 2,\n  \"rtt_ms\": -1\n}" << 5 << "rtt_ms" << "0 or more";
        QTest::newRow("fraction") << head + "  \"clients\": 2,\n  \"lease_ms\": 1.5\n}" << 5 << "lease_ms" << "whole number";
        QTest::newRow("string stock") << head + "  \"clients\": 2,\n  \"stock\": \"100\"\n}" << 5 << "stock" << "whole number";
        QTest::newRow("fault client")
            << head + "  \"clients\": [\"A\"],\n  \"faults\": [\n    {\"client\": \"Z\", \"after\": \"acquire\"}\n  ]\n}" << 6
            << "faults[0].client" << "no client is named 'Z'";
        QTest::newRow("fault step")
            << head + "  \"clients\": [\"A\"],\n  \"faults\": [\n    {\"client\": \"A\", \"after\": \"lunch\"}\n  ]\n}" << 6
            << "faults[0].after" << "'lunch' is not a step";
        // "other" names what an observed program does: no strategy takes it.
        QTest::newRow("observed step")
            << head + "  \"clients\": [\"A\"],\n  \"faults\": [\n    {\"client\": \"A\", \"after\": \"other\"}\n  ]\n}" << 6
            << "faults[0].after" << "'other' is not a step";
        QTest::newRow("duplicate client") << head + "  \"clients\": [\"A\", \"A\"]\n}" << 4 << "clients[1]" << "twice";
        QTest::newRow("interleaving") << head + "  \"clients\": [\"A\"],\n  \"interleaving\": [\"A\", \"Q\"]\n}" << 5
                                      << "interleaving[1]" << "no client is named 'Q'";
        QTest::newRow("second client start")
            << head + "  \"clients\": [\n    {\"name\": \"A\"},\n    {\"name\": \"B\", \"start_ms\": -1}\n  ]\n}" << 6
            << "clients[1].start_ms" << "0 or more";
        QTest::newRow("truncated") << head + "  \"clients\": 2,\n  \"stock\": 1" << 5 << "" << "not valid JSON";
        QTest::newRow("syntax error") << QByteArray("{\n  \"clients\": 2,\n  \"stock\": 10,,\n}") << 3 << "" << "not valid JSON";
        QTest::newRow("not an object") << QByteArray("[1, 2]") << 1 << "" << "JSON object";
        QTest::newRow("missing clients") << head + "  \"stock\": 1\n}" << 0 << "clients" << "required";
    }

    void errorsNameLineAndField()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, line);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const ScenarioError e = parseError(json);
        QVERIFY2(e.message.contains(message), qPrintable(e.display()));
        QCOMPARE(e.field, field);
        QCOMPARE(e.line, line);
        QVERIFY(e.display().startsWith(QStringLiteral("bad.json")));
        if (line > 0)
            QVERIFY(e.display().startsWith(QStringLiteral("bad.json:%1:").arg(line)));
    }

    void missingFileAndUnknownName()
    {
        ScenarioError error;
        QVERIFY(!findScenario(QStringLiteral("no-such-scenario"), &error));
        QVERIFY(error.message.contains(QStringLiteral("lost-update"))); // lists what exists
        QVERIFY(!loadScenarioFile(QStringLiteral("/nonexistent/x.json"), &error));
        QVERIFY(error.message.contains(QStringLiteral("cannot read")));
    }
};

QTEST_GUILESS_MAIN(TestScenarioLoader)
#include "test_scenario_loader.moc"
