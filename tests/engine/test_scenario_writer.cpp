// Scenario files written back: every shipped scenario loaded, written,
// loaded again gives the same scenario field by field, and a few of them,
// run from the written file, the same run to the nanosecond.

#include "TestRedis.h"

#include "analysis/HistoryJson.h"
#include "scenario/ScenarioWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace lockstock;

namespace {

// `written`, read again as if from `path`.
std::optional<Scenario> reread(const QByteArray &written, const QString &path)
{
    ScenarioError error;
    std::optional<Scenario> s = parseScenario(written, path, &error);
    if (!s)
        qWarning("%s\n%s", qPrintable(error.display()), written.constData());
    return s;
}

// The run as lines: the figures, then every event with its times.
QByteArrayList runLines(const test::ScenarioResult &r)
{
    QJsonObject json = toJson(*r.analysis);
    const QJsonArray events = json.take(QStringLiteral("events")).toArray();
    QByteArrayList lines{QJsonDocument(json).toJson(QJsonDocument::Compact)};
    for (const QJsonValue &e : events)
        lines << QJsonDocument(e.toObject()).toJson(QJsonDocument::Compact);
    return lines;
}

} // namespace

class TestScenarioWriter : public QObject {
    Q_OBJECT

private slots:
    void shippedRoundTrip_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString &name : builtinScenarioNames())
            QTest::newRow(qPrintable(name)) << name;
    }

    void shippedRoundTrip()
    {
        QFETCH(QString, name);
        ScenarioError error;
        const std::optional<Scenario> shipped = findScenario(name, &error);
        QVERIFY2(shipped, qPrintable(error.display()));
        const QByteArray written = writeScenario(*shipped);
        const std::optional<Scenario> again = reread(written, shipped->path);
        QVERIFY(again);
        // The text first: a difference there says which field.
        QCOMPARE(QString::fromUtf8(writeScenario(*again)), QString::fromUtf8(written));
        QVERIFY2(*again == *shipped, written.constData());
    }

    // Every field the loader reads, away from its default, survives; the
    // shipped files leave some of them out.
    void everyFieldRoundTrips()
    {
        ScenarioError error;
        std::optional<Scenario> s = parseScenario(R"({
            "name": "all-fields", "title": "Every field",
            "broken": "redlock", "correct": "redlock-fenced",
            "stock": 7, "orders_per_client": 3, "quantity": 2, "lease_ms": 3000, "work_ms": 40,
            "retry_ms": 7, "acquire_timeout_ms": 900, "max_run_ms": 123456, "rtt_ms": 3,
            "node_timeout_ms": 77, "speed": 2.5, "playback_speed": 0.0001, "seed": 2147483647,
            "nodes": {"count": 3, "kind": "replicated", "persistence": true, "rtt_ms": [5, -1],
                      "maxmemory": 2097152, "maxmemory_policy": "allkeys-lru"},
            "clients": [{"name": "A", "start_ms": 250, "rtt_ms": 0, "quantity": 4, "clock_rate": 0.8,
                         "partition": {"nodes": [1, 2], "delay_ms": 600}}, "B", {"name": "C27"}],
            "interleaving": ["B", "A", "C27"],
            "schedule": "random",
            "faults": [{"client": "B", "after": "read", "order": -1, "action": "pause", "pause_ms": 900},
                       {"client": "A", "action": "lose_reply", "timeout_ms": 5},
                       {"client": "A", "after": "renew", "order": 2, "action": "starve_watchdog", "pause_ms": 1},
                       {"client": "C27", "action": "crash"}],
            "server_faults": [{"node": 1, "action": "clock_jump", "at_ms": 0, "jump_ms": -5000},
                              {"node": 2, "action": "clock_drift", "client": "B", "after": "write", "order": -1, "rate": 1.2},
                              {"node": 1, "action": "promote", "at_ms": 10},
                              {"node": 0, "action": "restart_delayed", "at_ms": 1, "delay_ms": 300},
                              {"node": 0, "action": "fill_memory", "client": "A"}]
        })", QStringLiteral("x.json"), &error);
        QVERIFY2(s, qPrintable(error.display()));
        // Texts that need escaping.
        s->lesson = QStringLiteral("\"Quoted\",\ttabs, a back\\slash,\nlines and ünïcode 锁");
        const QByteArray written = writeScenario(*s);
        const std::optional<Scenario> again = reread(written, s->path);
        QVERIFY(again);
        QVERIFY2(*again == *s, written.constData());
        // The defaults written out read back as the defaults.
        Scenario plain = *s;
        plain.config = RunConfig{};
        plain.config.scenario = plain.name;
        plain.config.clients = {ClientSpec{QStringLiteral("A"), 0}};
        const std::optional<Scenario> plainAgain = reread(writeScenario(plain), s->path);
        QVERIFY(plainAgain);
        QVERIFY2(*plainAgain == plain, writeScenario(plain).constData());
    }

    // A written scenario is a file `run` and `shot` take: the same run as
    // the shipped one, event for event, on both sides.
    void sameRunFromTheWrittenFile_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("side");
        for (const char *name : {"lost-update", "crash-between-setnx-expire", "lease-expired-wrong-delete",
                                 "redlock-partition-slow-replies"})
            for (const char *side : {"broken", "correct"})
                QTest::addRow("%s/%s", name, side) << QString::fromLatin1(name) << QString::fromLatin1(side);
    }

    void sameRunFromTheWrittenFile()
    {
        QFETCH(QString, name);
        QFETCH(QString, side);
        ScenarioError error;
        const std::optional<Scenario> shipped = findScenario(name, &error);
        QVERIFY2(shipped, qPrintable(error.display()));
        QTemporaryDir dir;
        // Another file name: the scenario keeps its own name, and with it the run's.
        const QString path = dir.filePath(QStringLiteral("saved.json"));
        QString why;
        QVERIFY2(saveScenarioFile(*shipped, path, &why), qPrintable(why));

        std::unique_ptr<RedisServer> server;
        if (!shipped->config.needsPrivateServers()) {
            server = test::startRedis();
            QVERIFY(server);
        }
        const auto run = [&server, &side](const QString &scenario) {
            return server ? test::runScenario(scenario, side, server->endpoint())
                          : test::runScenarioOnOwnServers(scenario, side);
        };
        const auto original = run(name);
        const auto saved = run(path);
        QVERIFY(original && saved);
        QVERIFY2(original->error.isEmpty(), qPrintable(original->error));
        const QByteArrayList a = runLines(*original);
        const QByteArrayList b = runLines(*saved);
        QVERIFY(a.size() > 2);
        for (qsizetype line = 0; line < std::max(a.size(), b.size()); ++line)
            if (a.value(line) != b.value(line))
                QFAIL(qPrintable(QStringLiteral("the saved file's run differs at line %1:\n  %2\n  %3")
                                     .arg(line + 1).arg(QString::fromUtf8(a.value(line)), QString::fromUtf8(b.value(line)))));
    }

    void saveReportsFailure()
    {
        ScenarioError error;
        const std::optional<Scenario> s = findScenario(QStringLiteral("lost-update"), &error);
        QVERIFY(s);
        QString why;
        QVERIFY(!saveScenarioFile(*s, QStringLiteral("/nonexistent-dir/x.json"), &why));
        QVERIFY2(why.startsWith(QStringLiteral("cannot write /nonexistent-dir/x.json: ")), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(TestScenarioWriter)
#include "test_scenario_writer.moc"
