// Scenario files: every built-in loads, and bad input is named by line and field.

#include "scenario/Scenario.h"
#include "scenario/ScenarioWriter.h"
#include "engine/Strategy.h"
#include "strategies/Strategies.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
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

    // The JSON Schema of scenario files that docs/ and editors use.
    static QJsonObject scenarioSchema()
    {
        QFile file(QStringLiteral(LOCKSTOCK_SOURCE_DIR "/docs/scenario.schema.json"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(file.fileName()));
        return QJsonDocument::fromJson(file.readAll()).object();
    }

    static QStringList sortedEnum(const QJsonObject &definitions, const char *name)
    {
        QStringList names;
        for (const QJsonValue &v : definitions.value(QLatin1String(name)).toObject().value(QStringLiteral("enum")).toArray())
            names << v.toString();
        names.sort();
        return names;
    }

    static QStringList sortedWithout(QStringList names, const QStringList &left)
    {
        for (const QString &name : left)
            names.removeAll(name);
        names.sort();
        return names;
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

        // The settings of the failures lock users hit.
        const std::optional<Scenario> faulty = parseScenario(R"({
            "broken": "set-nx-ex-lua", "correct": "fenced-lock",
            "nodes": {"count": 3, "kind": "masters", "maxmemory": 4194304, "maxmemory_policy": "allkeys-lru"},
            "clients": [{"name": "A", "quantity": 3, "clock_rate": 0.8},
                        {"name": "B", "partition": {"nodes": [1, 2], "delay_ms": 6000}}],
            "faults": [{"client": "A", "after": "decrement", "action": "lose_reply", "timeout_ms": 2000},
                       {"client": "B", "after": "read", "action": "starve_watchdog", "pause_ms": 100}],
            "server_faults": [{"node": 0, "action": "client_pause", "delay_ms": 500, "at_ms": 10},
                              {"node": 1, "action": "fill_memory", "at_ms": 20},
                              {"node": 2, "action": "script_flush", "at_ms": 30}]
        })", QStringLiteral("f.json"), &error);
        QVERIFY2(faulty, qPrintable(error.display()));
        const RunConfig &c = faulty->config;
        QCOMPARE(c.quantityOf(0), 3);
        QCOMPARE(c.quantityOf(1), 1);
        QCOMPARE(c.clients.at(0).clockRate, 0.8);
        QCOMPARE(c.clients.at(1).partitionedFrom, (QList<int>{1, 2}));
        QCOMPARE(c.clients.at(1).partitionDelayMs, 6000);
        QCOMPARE(c.nodes.maxMemory, 4194304);
        QCOMPARE(c.nodes.maxMemoryPolicy, QStringLiteral("allkeys-lru"));
        QCOMPARE(c.faults.at(0).action, Fault::Action::LoseReply);
        QCOMPARE(c.faults.at(0).timeoutMs, 2000);
        QCOMPARE(c.faults.at(1).action, Fault::Action::StarveWatchdog);
        QCOMPARE(c.serverFaults.at(0).action, ServerFault::Action::ClientPause);
        QCOMPARE(c.serverFaults.at(1).action, ServerFault::Action::FillMemory);
        QCOMPARE(c.serverFaults.at(2).action, ServerFault::Action::ScriptFlush);
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
        QTest::newRow("policy without maxmemory")
            << head + "  \"clients\": 2,\n  \"nodes\": {\"count\": 1, \"maxmemory_policy\": \"allkeys-lru\"}\n}" << 5
            << "nodes.maxmemory" << "go together";
        QTest::newRow("unknown policy")
            << head + "  \"clients\": 2,\n  \"nodes\": {\"count\": 1, \"maxmemory\": 4194304, \"maxmemory_policy\": \"lru\"}\n}"
            << 5 << "nodes.maxmemory_policy" << "allkeys-lru";
        QTest::newRow("fill without maxmemory")
            << head + "  \"clients\": 2,\n  \"nodes\": {\"count\": 1},\n  \"server_faults\": [\n    {\"node\": 0, \"action\": \"fill_memory\", \"at_ms\": 5}\n  ]\n}"
            << 7 << "server_faults[0].action" << "needs \"nodes\": {\"maxmemory\"";
        QTest::newRow("sentinels without replicas")
            << head + "  \"clients\": 2,\n  \"nodes\": {\"count\": 3, \"kind\": \"masters\", \"sentinels\": 3}\n}" << 5
            << "nodes.sentinels" << "\"kind\": \"replicated\"";
        QTest::newRow("sentinel_failover without sentinels")
            << head + "  \"clients\": 2,\n  \"nodes\": {\"count\": 2, \"kind\": \"replicated\"},\n  \"server_faults\": [\n    {\"node\": 0, \"action\": \"sentinel_failover\", \"at_ms\": 5}\n  ]\n}"
            << 7 << "server_faults[0].action" << "sentinel_failover needs sentinels";
        // What a sentinel says is heard by the run, not a fault a scenario injects.
        QTest::newRow("switch_master injected")
            << head + "  \"clients\": 2,\n  \"nodes\": {\"count\": 2, \"kind\": \"replicated\", \"sentinels\": 3},\n  \"server_faults\": [\n    {\"node\": 1, \"action\": \"switch_master\", \"at_ms\": 5}\n  ]\n}"
            << 7 << "server_faults[0].action" << "(is \"switch_master\")";
        QTest::newRow("lose_reply without timeout")
            << head + "  \"clients\": [\"A\"],\n  \"faults\": [\n    {\"client\": \"A\", \"action\": \"lose_reply\"}\n  ]\n}" << 6
            << "faults[0].timeout_ms" << "lose_reply needs timeout_ms";
        QTest::newRow("partition without nodes")
            << head + "  \"clients\": [\n    {\"name\": \"A\", \"partition\": {\"nodes\": [1], \"delay_ms\": 10}}\n  ]\n}" << 5
            << "clients[0].partition.nodes" << "needs lock nodes";
        QTest::newRow("slow clock absurd")
            << head + "  \"clients\": [\n    {\"name\": \"A\", \"clock_rate\": 0}\n  ]\n}" << 5
            << "clients[0].clock_rate" << "0.1";
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

    // A file of the scenario type, my.lockstock.json, is named "my", as my.json
    // is; "$schema", for editors, is not a field the run knows.
    void fileTypeAndSchemaAreNotTheScenarios()
    {
        ScenarioError error;
        const QByteArray json = R"({"$schema": "/usr/share/lockstock/scenario.schema.json",
                                    "broken": "no-lock", "correct": "lua-decrement", "clients": 2})";
        const std::optional<Scenario> typed = parseScenario(json, QStringLiteral("/tmp/my.lockstock.json"), &error);
        QVERIFY2(typed, qPrintable(error.display()));
        QCOMPARE(typed->name, QStringLiteral("my"));
        const std::optional<Scenario> plain = parseScenario(json, QStringLiteral("/tmp/my.json"), &error);
        QVERIFY2(plain, qPrintable(error.display()));
        QCOMPARE(plain->name, QStringLiteral("my"));
        QCOMPARE(plain->config, typed->config);
    }

    // docs/scenario.schema.json names what the loader takes: the strategies,
    // steps, faults, topologies and schedules of the engine's own tables.
    void schemaNamesWhatTheLoaderTakes()
    {
        const QJsonObject schema = scenarioSchema();
        const QJsonObject definitions = schema.value(QStringLiteral("definitions")).toObject();
        QStringList strategies;
        for (const Strategy *s : allStrategies())
            strategies << s->name;
        strategies.sort();
        QCOMPARE(sortedEnum(definitions, "strategy"), strategies);
        // "other" is what an observed program does; no scenario names it.
        QCOMPARE(sortedEnum(definitions, "step"), sortedWithout(enumNames<Step>(), {QStringLiteral("other")}));
        const QJsonObject fault = definitions.value(QStringLiteral("fault")).toObject().value(QStringLiteral("properties")).toObject();
        QCOMPARE(sortedEnum(fault, "action"), sortedWithout(enumNames<Fault::Action>(), {}));
        // What a sentinel says is heard, never injected.
        const QJsonObject serverFault =
            definitions.value(QStringLiteral("serverFault")).toObject().value(QStringLiteral("properties")).toObject();
        QCOMPARE(sortedEnum(serverFault, "action"),
                 sortedWithout(enumNames<ServerFault::Action>(), {QStringLiteral("sentinel"), QStringLiteral("switch_master")}));
        const QJsonObject nodes = definitions.value(QStringLiteral("nodes")).toObject().value(QStringLiteral("properties")).toObject();
        QCOMPARE(sortedEnum(nodes, "kind"), sortedWithout(enumNames<NodeSpec::Kind>(), {QStringLiteral("single")}));
        QCOMPARE(sortedEnum(schema.value(QStringLiteral("properties")).toObject(), "schedule"),
                 sortedWithout(enumNames<Schedule>(), {QStringLiteral("interactive")}));
    }

    // Every shipped scenario is valid by the schema, as shipped and as written
    // back with every field spelled out (File > Save scenario as), and files
    // the loader refuses are not: a validator (Debian's python3-jsonschema)
    // judges them.
    void shippedScenariosMatchTheSchema()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QMap<QString, bool> valid; // file -> whether the loader takes it
        const auto write = [&](const QString &name, const QByteArray &json, bool loads) {
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::WriteOnly) && file.write(json) == json.size());
            valid.insert(file.fileName(), loads);
        };
        for (const QString &name : builtinScenarioNames()) {
            QFile shipped(QStringLiteral(":/scenarios/") + name + QStringLiteral(".json"));
            QVERIFY(shipped.open(QIODevice::ReadOnly));
            write(name + QStringLiteral(".json"), shipped.readAll(), true);
            ScenarioError error;
            const std::optional<Scenario> s = findScenario(name, &error);
            QVERIFY2(s, qPrintable(error.display()));
            write(name + QStringLiteral(".written.lockstock.json"), writeScenario(*s), true);
        }
        const QByteArray head = R"({"broken": "no-lock", "correct": "lua-decrement", )";
        const QList<QByteArray> refused{
            head + R"("clients": 2, "stock": -5})",
            head + R"("clients": 0})",
            head + R"("clients": []})",
            head + R"("clients": 2, "stok": 5})",
            head + R"("clients": 2, "lease_ms": 1.5})",
            head + R"("clients": 2, "stock": "100"})",
            head + R"("clients": 2, "speed": 0})",
            head + R"("clients": ["A B"]})",
            head + R"("stock": 1})",
            R"({"broken": "no-such", "correct": "lua-decrement", "clients": 2})",
            head + R"("clients": 2, "schedule": "interactive"})",
            head + R"("clients": [{"name": "A", "clock_rate": 0}]})",
            head + R"("clients": ["A"], "faults": [{"client": "A", "action": "lose_reply"}]})",
            head + R"("clients": ["A"], "faults": [{"client": "A", "action": "crash", "pause_ms": 5}]})",
            head + R"("clients": 2, "nodes": {"count": 1, "maxmemory_policy": "allkeys-lru"}})",
            head + R"("clients": 2, "nodes": {"count": 1, "maxmemory": 4194304, "maxmemory_policy": "lru"}})",
            head + R"("clients": 2, "nodes": {"count": 3}, "server_faults": [{"node": 0, "action": "kill"}]})",
            head + R"("clients": 2, "nodes": {"count": 3}, "server_faults": [{"node": 0, "action": "clock_jump", "at_ms": 5}]})",
        };
        for (qsizetype i = 0; i < refused.size(); ++i) {
            QVERIFY2(!parseError(refused.at(i)).message.isEmpty(), refused.at(i).constData());
            write(QStringLiteral("refused-%1.json").arg(i), refused.at(i), false);
        }

        QStringList arguments{QStringLiteral("-c"), QStringLiteral(R"(
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)
for path in sys.argv[2:]:
    errors = sorted(validator.iter_errors(json.load(open(path))), key=str)
    print(path + (": valid" if not errors else ": invalid: " + errors[0].message.replace("\n", " ")))
)"), QStringLiteral(LOCKSTOCK_SOURCE_DIR "/docs/scenario.schema.json")};
        QProcess validator;
        validator.start(QStringLiteral("python3"), arguments + valid.keys());
        QVERIFY(validator.waitForFinished(60000));
        const QString said = QString::fromUtf8(validator.readAllStandardError());
        QVERIFY2(validator.exitCode() == 0, qPrintable(said.contains(QLatin1String("jsonschema"))
                                                           ? QStringLiteral("install python3-jsonschema (scripts/deps-test.txt): ") + said
                                                           : said));
        const QStringList lines = QString::fromUtf8(validator.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), valid.size());
        for (const QString &line : lines) {
            const QString file = line.section(QStringLiteral(": "), 0, 0);
            const bool judgedValid = line.section(QStringLiteral(": "), 1, 1) == QLatin1String("valid");
            QVERIFY2(valid.contains(file), qPrintable(line));
            QVERIFY2(judgedValid == valid.value(file),
                     qPrintable(QStringLiteral("%1 (the loader %2 it)").arg(line, valid.value(file) ? QStringLiteral("takes")
                                                                                                   : QStringLiteral("refuses"))));
        }
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
