// The code panel's listings: every step every strategy records, in every
// shipped scenario on both sides and under the lesson loads, has a line in
// each of its listings (C++, Python, Redisson), and every line a listing
// marks is reached by some step. Then each Python listing runs with
// redis-py (/usr/bin/python3) against this test's own redis-server and
// sells the stock as its strategy promises.

#include "TestRedis.h"

#include "gui/StrategyListing.h"
#include "redis/RedisConnection.h"
#include "strategies/Strategies.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <map>
#include <set>

using namespace lockstock;

class ListingsTest : public QObject {
    Q_OBJECT
private slots:
    void everyStepHasALineAndEveryLineAStep()
    {
        std::unique_ptr<RedisServer> server = test::startRedis();
        QVERIFY(server);
        // Which runs show a strategy: the scenarios it or a strategy of its
        // file is a side of, and the first lesson's, the flash sale's and the
        // expiring lease's loads (contention, sold out, a lease run out).
        std::map<QString, QList<QPair<QString, QString>>> runs;
        for (const QString &name : builtinScenarioNames()) {
            ScenarioError error;
            const std::optional<Scenario> s = findScenario(name, &error);
            QVERIFY2(s, qPrintable(error.display()));
            for (const Strategy *side : {findStrategy(s->broken), findStrategy(s->correct)})
                for (const Strategy *sibling : allStrategies())
                    if (qstrcmp(sibling->sourceFile, side->sourceFile) == 0)
                        runs[sibling->name] << qMakePair(name, sibling->name);
        }
        for (const Strategy *s : allStrategies())
            for (const QString &scenario : {QStringLiteral("lost-update"), QStringLiteral("flash-sale"), QStringLiteral("lease-shorter-than-work")})
                runs[s->name] << qMakePair(scenario, s->name);

        // And the first lesson with work under the lock.
        for (const Strategy *s : allStrategies())
            runs[s->name] << qMakePair(QStringLiteral("lost-update"), s->name + QStringLiteral(" +work"));
        const auto run = [&server](const QString &scenario, QString name) {
            const bool work = name.endsWith(QLatin1String(" +work"));
            name.remove(QStringLiteral(" +work"));
            const auto withWork = [work](RunConfig &config) {
                if (work)
                    config.workMs = 300;
            };
            ScenarioError error;
            return findScenario(scenario, &error)->config.needsPrivateServers()
                ? test::runScenarioOnOwnServers(scenario, name, RunMode::Stepped, withWork)
                : test::runScenario(scenario, name, server->endpoint(), RunMode::Stepped, withWork);
        };
        // Runs on real Sentinel or a cluster wait on its timers: all side by side, first.
        std::map<QPair<QString, QString>, std::unique_ptr<test::ScenarioResult>> realClock;
        {
            std::vector<QPair<QString, QString>> which;
            std::vector<test::ScenarioRun> realClockRuns;
            for (const auto &[strategy, pairs] : runs)
                for (const auto &[scenario, name] : pairs) {
                    ScenarioError error;
                    if (findScenario(scenario, &error)->config.nodes.ownTimers()) {
                        which.push_back(qMakePair(scenario, name));
                        realClockRuns.push_back([&run, scenario, name] { return run(scenario, name); });
                    }
                }
            QStringList scenarios;
            for (const auto &[scenario, name] : which)
                scenarios << scenario;
            auto results = test::runSideBySide(realClockRuns, test::realClockAtOnce(scenarios));
            for (size_t i = 0; i < which.size(); ++i)
                realClock[which[i]] = std::move(results[i]);
        }

        for (const Strategy *strategy : allStrategies()) {
            const QStringList languages = StrategyListing::languagesOf(strategy->name);
            QVERIFY2(languages.contains(QStringLiteral("python")), qPrintable(strategy->name + " has no Python listing"));
            std::map<QString, StrategyListing> listings;
            for (const QString &language : languages)
                listings.emplace(language, language == QLatin1String("cpp") ? StrategyListing::cpp(*strategy)
                                                                            : *StrategyListing::load(strategy->name, language));
            // Commented in Chinese, a step is on the same code.
            const StrategyListing chineseCpp = StrategyListing::cpp(*strategy, QStringLiteral("zh_CN"));
            const auto codeAt = [](const StrategyListing &listing, int line) {
                const QString text = listing.lines.value(line - 1);
                return text.left(StrategyListing::commentColumns({text}, listing.language).first()).trimmed();
            };
            std::map<QString, std::set<int>> reached;
            int steps = 0;
            for (const auto &[scenario, name] : runs[strategy->name]) {
                const auto pair = qMakePair(scenario, name);
                const auto r = realClock.count(pair) ? std::move(realClock[pair]) : run(scenario, name);
                QVERIFY(r);
                QVERIFY2(r->error.isEmpty(), qPrintable(scenario + ": " + r->error));
                const RunAnalysis &a = *r->analysis;
                for (int i = 0; i < a.events.size(); ++i) {
                    const Event &e = a.events.at(i);
                    if (!e.sourceFile || e.step == Step::Start)
                        continue;
                    ++steps;
                    const CodeStep step = StrategyListing::codeStepOf(a, i);
                    for (const auto &[language, listing] : listings) {
                        const int line = listing.lineOf(step);
                        QVERIFY2(line > 0, qPrintable(QStringLiteral("%1 (%2, %3): step %4 from %5:%6 has no line")
                                                          .arg(strategy->name, language, scenario, QString::fromLatin1(nameOf(step.step)),
                                                               step.sourceFile)
                                                          .arg(step.sourceLine)));
                        reached[language].insert(line);
                    }
                    const StrategyListing &cpp = listings.at(QStringLiteral("cpp"));
                    QCOMPARE(codeAt(chineseCpp, chineseCpp.lineOf(step)), codeAt(cpp, cpp.lineOf(step)));
                }
            }
            QVERIFY2(steps > 0, qPrintable(strategy->name + " recorded no step"));
            for (const auto &[language, listing] : listings) {
                if (language == QLatin1String("cpp"))
                    continue;
                for (int line : listing.markedLines())
                    QVERIFY2(reached[language].count(line), qPrintable(QStringLiteral("%1.%2 line %3 is marked, no step reaches it: %4")
                                                                           .arg(strategy->name, language).arg(line).arg(listing.lines.at(line - 1))));
                // Every step a lesson may point at that the run recorded has a line.
                QVERIFY(listing.lineOfStep(Step::Acquire) > 0 || listing.lineOfStep(Step::Decrement) > 0
                        || listing.lineOfStep(Step::ReadStock) > 0);
            }
            // The C++ shows acquire, work and release on one page: no marked
            // step lives outside it.
            QVERIFY(listings.at(QStringLiteral("cpp")).lines.size() > 5);
        }
    }

    // The whole algorithm at once: set-nx-ex-del's own file, then the
    // helpers it calls from LockCommands.cpp and StockUpdate.cpp, and no
    // strategy's metadata.
    void cppShowsTheHelpersInline()
    {
        const StrategyListing listing = StrategyListing::cpp(*findStrategy(QStringLiteral("set-nx-ex-del")));
        const QString text = listing.lines.join(QLatin1Char('\n'));
        for (const char *needed : {"Task<bool> placeOrder", "Task<bool> trySetNxPx", "Task<void> releaseWithDel",
                                   "Task<bool> readCheckWrite", "Task<bool> acquireWithRetry", "// ── LockCommands.cpp ──",
                                   "extern const StockAccess plainStock"})
            QVERIFY2(text.contains(QString::fromUtf8(needed)), needed);
        for (const char *absent : {"releaseWithLua", "tryRedlock", "extern const Strategy", "#include", ".lesson ="})
            QVERIFY2(!text.contains(QLatin1String(absent)), absent);
        QVERIFY(listing.lineOfStep(Step::Release) > 0);
        QVERIFY(listing.lines.at(listing.lineOfStep(Step::Release) - 1).contains(QLatin1String("\"DEL\"")));
        // ttl-repair releases with WatchRelease.cpp's releaseWatched, and its Python comparison.
        const QString ttl = StrategyListing::cpp(*findStrategy(QStringLiteral("ttl-repair"))).lines.join(QLatin1Char('\n'));
        QVERIFY(ttl.contains(QLatin1String("Task<void> releaseWatched")));
        QVERIFY(ttl.contains(QLatin1String("bool pythonEquals")));
        QVERIFY(!ttl.contains(QLatin1String("trySetnxIdentifier")));
    }

    // In Chinese every comment of every listing is Chinese (zh_CN.json
    // translates each, and nothing else), and the code and its marks are the same.
    void chineseListingsHaveChineseComments()
    {
        static const QRegularExpression han(QStringLiteral("\\p{Han}"));
        QFile file(QStringLiteral(":/listings/zh_CN.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList keys = QJsonDocument::fromJson(file.readAll()).object().keys();
        QSet<QString> used;
        // The code of each line that has code, and the code of each marked line.
        const auto code = [](const StrategyListing &listing) {
            QStringList lines;
            const QList<qsizetype> columns = StrategyListing::commentColumns(listing.lines, listing.language);
            for (qsizetype i = 0; i < listing.lines.size(); ++i)
                lines << listing.lines.at(i).left(columns.at(i) < 0 ? -1 : columns.at(i)).trimmed();
            QStringList out;
            for (const QString &line : std::as_const(lines))
                if (!line.isEmpty())
                    out << line;
            for (int line : listing.markedLines())
                out << QStringLiteral("@ ") + lines.at(line - 1);
            return out;
        };
        const QStringList files = QDir(QStringLiteral(":/listings")).entryList({QStringLiteral("*.py"), QStringLiteral("*.java")});
        QVERIFY(files.size() >= 30);
        for (const QString &name : files) {
            const QString strategy = QFileInfo(name).completeBaseName();
            const QString language = name.endsWith(QLatin1String(".py")) ? QStringLiteral("python") : QStringLiteral("java");
            const auto en = StrategyListing::load(strategy, language);
            const auto zh = StrategyListing::load(strategy, language, QStringLiteral("zh_CN"));
            QVERIFY(en && zh);
            QFile source(QStringLiteral(":/listings/") + name); // with its marks, as it is translated
            QVERIFY(source.open(QIODevice::ReadOnly));
            const QStringList english = StrategyListing::commentTexts(QString::fromUtf8(source.readAll()).split(QLatin1Char('\n')), language);
            QVERIFY2(english.size() > 1, qPrintable(name));
            for (const QString &text : english) {
                QVERIFY2(keys.contains(text), qPrintable(QStringLiteral("%1: no translation of \"%2\"").arg(name, text)));
                used.insert(text);
            }
            for (const QString &text : StrategyListing::commentTexts(zh->lines, language))
                QVERIFY2(text.contains(han), qPrintable(name + QStringLiteral(": ") + text));
            QCOMPARE(code(*zh), code(*en));
        }
        // The C++ as the panel shows it (the strategy's file and the helpers
        // it calls), but for the lines that name a file.
        for (const Strategy *strategy : allStrategies()) {
            const StrategyListing en = StrategyListing::cpp(*strategy);
            const StrategyListing zh = StrategyListing::cpp(*strategy, QStringLiteral("zh_CN"));
            const auto said = [](const StrategyListing &listing) {
                QStringList out = StrategyListing::commentTexts(listing.lines, listing.language);
                out.removeIf([](const QString &text) { return text.startsWith(QStringLiteral("──")); });
                return out;
            };
            for (const QString &text : said(en)) {
                QVERIFY2(keys.contains(text), qPrintable(QStringLiteral("%1 (C++): no translation of \"%2\"").arg(strategy->name, text)));
                used.insert(text);
            }
            for (const QString &text : said(zh))
                QVERIFY2(text.contains(han), qPrintable(strategy->name + QStringLiteral(" (C++): ") + text));
            QCOMPARE(code(zh), code(en));
        }
        for (const QString &key : keys)
            QVERIFY2(used.contains(key), qPrintable(QStringLiteral("zh_CN.json translates \"%1\", which no listing says").arg(key)));
        // A `//` inside a string is code: Redisson's address; a `#` inside a
        // Python triple-quoted script too.
        const QStringList java{QStringLiteral("c.useSingleServer().setAddress(\"redis://127.0.0.1:6379\"); // one")};
        const QList<qsizetype> javaComments{58};
        QCOMPARE(StrategyListing::commentColumns(java, QStringLiteral("java")), javaComments);
        const QStringList python{QStringLiteral("S = \"\"\""), QStringLiteral("return #KEYS"), QStringLiteral("\"\"\"  # a")};
        const QList<qsizetype> pythonComments{-1, -1, 5};
        QCOMPARE(StrategyListing::commentColumns(python, QStringLiteral("python")), pythonComments);
    }

    // A listing line with two marks for one step tells them apart by the step before.
    void markNamesThePreviousStep()
    {
        const auto listing = StrategyListing::load(QStringLiteral("evalsha-reload"), QStringLiteral("python"));
        QVERIFY(listing);
        const int first = listing->lineOf({Step::Release, Step::WriteStock, {}, 0});
        const int again = listing->lineOf({Step::Release, Step::LoadScript, {}, 0});
        QVERIFY(first > 0 && again > first);
        QVERIFY(listing->lines.at(again - 1).contains(QLatin1String("evalsha")));
        QVERIFY(!listing->lines.join(QLatin1Char('\n')).contains(QLatin1String("#@")));
    }

    void pythonListingsRunWithRedisPy()
    {
        const QString python = QStringLiteral("/usr/bin/python3");
        QProcess probe;
        probe.start(python, {QStringLiteral("-c"), QStringLiteral("import redis")});
        QVERIFY2(probe.waitForFinished(30000) && probe.exitCode() == 0,
                 "/usr/bin/python3 with redis-py is missing: scripts/deps.txt installs python3-redis");
        std::unique_ptr<RedisServer> server = test::startRedis();
        QVERIFY(server);
        // WAIT 1 needs a replica that acknowledges.
        RedisServer::Options replicaOptions;
        replicaOptions.password = server->options().password;
        auto replica = std::make_unique<RedisServer>(replicaOptions);
        replica->start();
        {
            RedisConnection link(replica->endpoint());
            link.command({"REPLICAOF", "127.0.0.1", QByteArray::number(server->endpoint().port)});
        }
        const RedisEndpoint endpoint = server->endpoint();
        for (const Strategy *strategy : allStrategies()) {
            QProcess run;
            run.start(python, {QStringLiteral(LOCKSTOCK_SOURCE_DIR "/tests/listings/run_listing.py"),
                               QStringLiteral(LOCKSTOCK_SOURCE_DIR "/resources/listings/%1.py").arg(strategy->name),
                               QString::number(endpoint.port), QString::fromUtf8(endpoint.password)});
            QVERIFY2(run.waitForFinished(120000), qPrintable(strategy->name + " did not finish"));
            const QByteArray err = run.readAllStandardError();
            QVERIFY2(run.exitCode() == 0, qPrintable(strategy->name + ": " + QString::fromUtf8(err)));
            const QJsonObject out = QJsonDocument::fromJson(run.readAllStandardOutput().trimmed()).object();
            QVERIFY2(!out.isEmpty(), qPrintable(strategy->name + ": no result " + QString::fromUtf8(err)));
            for (const QJsonValue &v : out) {
                const QJsonObject r = v.toObject();
                const QString got = QString::fromUtf8(QJsonDocument(r).toJson(QJsonDocument::Compact));
                QVERIFY2(!r.value(QStringLiteral("hung")).toBool(), qPrintable(strategy->name + " hung: " + got));
                QVERIFY2(r.value(QStringLiteral("errors")).toArray().isEmpty(), qPrintable(strategy->name + ": " + got));
                const int initial = r.value(QStringLiteral("initial")).toInt();
                const int sold = r.value(QStringLiteral("sold")).toInt();
                const int final = r.value(QStringLiteral("final")).toInt();
                // Twelve orders for at most ten units: a correct strategy sells
                // exactly the stock, and the stock says so.
                if (strategy->correct) {
                    QVERIFY2(sold == initial && final == 0, qPrintable(strategy->name + ": " + got));
                } else {
                    QVERIFY2(final >= 0 && sold <= 12, qPrintable(strategy->name + ": " + got));
                }
            }
        }
    }
};

QTEST_GUILESS_MAIN(ListingsTest)
#include "tst_listings.moc"
