#include "RunCommand.h"

#include "cli/Console.h"
#include "cli/Interrupt.h"
#include "cli/LanguageOption.h"
#include "cli/RedisOptions.h"
#include "cli/RunOptions.h"
#include "cli/TraceTable.h"
#include "analysis/HistoryJson.h"
#include "engine/RedisChecks.h"
#include "engine/RunScenario.h"
#include "io/OutputFile.h"
#include "strategies/Strategies.h"

#include <algorithm>

#include <QCommandLineParser>
#include <QJsonArray>

namespace lockstock {

namespace {
QString row(const QString &label, const QString &value)
{
    return QStringLiteral("  %1 %2").arg(label, -22).arg(value);
}
} // namespace

void printAnalysis(const RunAnalysis &analysis, bool stopped)
{
    // A run that stopped early has no verdict: its orders were cut short, some
    // perhaps by the error itself, so "Correct" would be a claim nobody checked.
    if (stopped)
        printOut(QStringLiteral("  ") + Cli::tr("Stopped before the end: no verdict. The figures cover what ran until then."));
    else
        for (const QString &finding : analysis.findings())
            printOut(QStringLiteral("  ") + finding);
    printOut(QString());
    for (const Figure &f : analysis.figures())
        if (f.label)
            printOut(row(f.labelText(), f.text));
}

int runCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Runs a scenario headless and prints what the checker found."));
    parser.addHelpOption();
    addRunOptions(parser);
    addRedisOptions(parser);
    parser.addOption({QStringLiteral("json"), QStringLiteral("Write the history and the figures to FILE."),
                      QStringLiteral("FILE")});
    parser.addOption({{QStringLiteral("q"), QStringLiteral("quiet")}, QStringLiteral("Print nothing but errors.")});
    parser.addOption({QStringLiteral("trace"),
                      QStringLiteral("Print every command, its reply, the client's belief and what Redis held.")});
    addLanguageOption(parser);
    Translations translations(nullptr);
    if (const std::optional<int> done = parseInLanguage(parser, arguments, translations))
        return *done;
    RunRequest request;
    if (!readRunRequest(parser, &request))
        return kExitUsage;
    // Opened first: a --json that cannot be written fails before a long run, not after.
    std::optional<OutputFile> json;
    if (parser.isSet(QStringLiteral("json")) && !json.emplace().open(parser.value(QStringLiteral("json")))) {
        printError(json->failure());
        return kExitUsage;
    }
    std::unique_ptr<RedisTarget> target;
    if (!openRunTarget(parser, request, &target))
        return kExitUsage;
    request.scenario.config.interrupt = &catchInterrupts();

    const bool quiet = parser.isSet(QStringLiteral("quiet"));
    const NodeSpec &nodes = request.scenario.config.nodes;
    const ClockKind clock = runClockFor(request.mode, request.scenario.config,
                                        target ? target->endpoint() : RedisEndpoint{});
    if (!quiet)
        printOut(Cli::tr("%1 · %2 (%3) · clock: %4 · Redis %5")
                     .arg(request.scenario.name, request.strategy->name,
                          request.scenario.correctHere(request.strategy->name, request.strategy->correct)
                              ? Cli::tr("correct")
                              : Cli::tr("broken"))
                     .arg(QLatin1String(nameOf(clock))
                          + (clock == ClockKind::Real ? QStringLiteral(", speed ×%1").arg(request.scenario.config.speed)
                                                      : QString()))
                     .arg(target ? target->display()
                                 : (nodes.kind == NodeSpec::Kind::Replicated
                                        ? Cli::tr("%n private lock node(s) (replicated) and a store", nullptr, nodes.count)
                                        : nodes.kind == NodeSpec::Kind::Cluster
                                        ? Cli::tr("Cluster of %n private node(s) and a store", nullptr, nodes.count)
                                        : Cli::tr("%n private lock node(s) and a store", nullptr, nodes.count))));

    History history;
    const QString error = runRequest(request, target.get(), history);
    // The keys go first: after a failure, within a second (Redis may be what failed).
    const QString keysLeft = target ? target->removeKeys(error.isEmpty() ? RedisTarget::kCleanupMs : 1000) : QString();
    const std::shared_ptr<const RunAnalysis> analysis = analyze(history);
    if (!quiet && parser.isSet(QStringLiteral("trace")))
        printTrace(*analysis);
    if (!quiet && !analysis->events.isEmpty()) // with nothing run there is nothing to report
        printAnalysis(*analysis, !error.isEmpty());

    int exitCode = kExitOk;
    if (json) {
        QJsonObject figures = figuresToJson(*analysis);
        if (!error.isEmpty()) {
            figures[QStringLiteral("error")] = error;
            figures[QStringLiteral("verdict")] = QStringLiteral("Stopped before the end: no verdict.");
            figures[QStringLiteral("severity")] = QStringLiteral("stopped");
            figures[QStringLiteral("findings")] = QJsonArray();
            figures[QStringLiteral("clean")] = false;
        }
        const bool written = writeHistoryJson(*json, *analysis, figures);
        if (!json->commit() || !written) {
            printError(json->failure());
            exitCode = kExitUsage;
        }
    }
    if (!keysLeft.isEmpty()) {
        printError(keysLeft);
        exitCode = kExitUsage;
    }
    if (!error.isEmpty()) {
        printError(QStringLiteral("the run stopped: %1").arg(error));
        // Nothing ran at all (Redis was not usable), or Redis refused what
        // the run needs: a problem of the input, not of the run.
        return analysis->events.size() <= 1 || stoppedByRefusal(analysis->events) ? kExitUsage : kExitFailed;
    }
    return exitCode;
}

int listCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Lists the built-in scenarios, in the course's order, and the strategies."));
    parser.addHelpOption();
    addLanguageOption(parser);
    Translations translations(nullptr);
    if (const std::optional<int> done = parseInLanguage(parser, arguments, translations))
        return *done;
    printOut(Cli::tr("Scenarios, in the order of the course (lockstock run NAME):"));
    int course = 0;
    const QStringList names = builtinScenarioNames();
    qsizetype width = 0;
    for (const QString &name : names)
        width = std::max(width, name.size());
    for (const QString &name : names) {
        ScenarioError error;
        const std::optional<Scenario> s = findScenario(name, &error);
        if (!s) {
            printOut(QStringLiteral("  %1  [%2]").arg(name, error.display()));
            continue;
        }
        printOut(QStringLiteral("%1. %2  %3").arg(++course, 2).arg(name, -int(width)).arg(s->titleText()));
        printOut(QStringLiteral("    %1  %2").arg(QString(), -int(width)).arg(Cli::tr("broken: %1, correct: %2").arg(s->broken, s->correct)));
    }
    printOut(QString());
    printOut(Cli::tr("Strategies (--strategy NAME):"));
    qsizetype nameWidth = 0;
    for (const Strategy *s : allStrategies())
        nameWidth = std::max(nameWidth, QString(s->name).size());
    for (const Strategy *s : allStrategies())
        printOut(QStringLiteral("  %1  %2 %3").arg(s->name, -int(nameWidth)).arg(s->correct ? Cli::tr("correct") : Cli::tr("broken"), -8)
                     .arg(s->lessonText()));
    return kExitOk;
}

} // namespace lockstock
