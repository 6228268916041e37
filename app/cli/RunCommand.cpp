#include "RunCommand.h"

#include "cli/Console.h"
#include "cli/Interrupt.h"
#include "cli/RedisOptions.h"
#include "cli/RunOptions.h"
#include "cli/TraceTable.h"
#include "analysis/HistoryJson.h"
#include "engine/RunScenario.h"
#include "strategies/Strategies.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonDocument>

namespace lockstock {

namespace {
QString row(const QString &label, const QString &value)
{
    return QStringLiteral("  %1 %2").arg(label, -22).arg(value);
}

void printAnalysis(const RunAnalysis &analysis)
{
    for (const QString &finding : analysis.findings())
        printOut(QStringLiteral("  ") + finding);
    printOut(QString());
    for (const Figure &f : analysis.figures())
        if (f.label)
            printOut(row(QLatin1String(f.label), f.text));
}
} // namespace

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
    if (const std::optional<int> done = parseArguments(parser, arguments))
        return *done;
    RunRequest request;
    if (!readRunRequest(parser, &request))
        return kExitUsage;
    std::unique_ptr<RedisTarget> target;
    if (!openRunTarget(parser, request, &target))
        return kExitUsage;
    request.scenario.config.interrupt = &catchInterrupts();

    const bool quiet = parser.isSet(QStringLiteral("quiet"));
    const NodeSpec &nodes = request.scenario.config.nodes;
    const ClockKind clock = runClockFor(request.mode, request.scenario.config,
                                        target ? target->endpoint() : RedisEndpoint{});
    if (!quiet)
        printOut(QStringLiteral("%1 · %2 (%3) · clock: %4 · Redis %5")
                     .arg(request.scenario.name, request.strategy->name,
                          request.scenario.correctHere(request.strategy->name, request.strategy->correct)
                              ? QStringLiteral("correct")
                              : QStringLiteral("broken"))
                     .arg(QLatin1String(nameOf(clock))
                          + (clock == ClockKind::Real ? QStringLiteral(", speed ×%1").arg(request.scenario.config.speed)
                                                      : QString()))
                     .arg(target ? target->display()
                                 : QStringLiteral("%1 private lock node(s)%2 and a store")
                                       .arg(nodes.count)
                                       .arg(nodes.kind == NodeSpec::Kind::Replicated ? QStringLiteral(" (replicated)")
                                                                                    : QString())));

    History history;
    const QString error = runRequest(request, target.get(), history);
    const std::shared_ptr<const RunAnalysis> analysis = analyze(history);
    if (!quiet && parser.isSet(QStringLiteral("trace")))
        printTrace(*analysis);
    if (!quiet)
        printAnalysis(*analysis);

    if (parser.isSet(QStringLiteral("json"))) {
        QFile out(parser.value(QStringLiteral("json")));
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            printError(QStringLiteral("cannot write %1: %2").arg(out.fileName(), out.errorString()));
            return kExitUsage;
        }
        QJsonObject json = toJson(*analysis);
        if (!error.isEmpty())
            json[QStringLiteral("error")] = error;
        out.write(QJsonDocument(json).toJson(QJsonDocument::Indented));
    }
    if (!error.isEmpty()) {
        printError(QStringLiteral("the run stopped: %1").arg(error));
        // Nothing ran at all: Redis was not usable, an input problem.
        return history.size() <= 1 ? kExitUsage : kExitFailed;
    }
    return kExitOk;
}

int listCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Lists the built-in scenarios and the strategies."));
    parser.addHelpOption();
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return kExitUsage;
    }
    printOut(QStringLiteral("Scenarios (lockstock run NAME):"));
    for (const QString &name : builtinScenarioNames()) {
        ScenarioError error;
        const std::optional<Scenario> s = findScenario(name, &error);
        if (!s) {
            printOut(QStringLiteral("  %1  [broken: %2]").arg(name, error.display()));
            continue;
        }
        printOut(QStringLiteral("  %1 %2").arg(name, -28).arg(s->title));
        printOut(QStringLiteral("  %1 broken: %2, correct: %3").arg(QString(), -28).arg(s->broken, s->correct));
    }
    printOut(QString());
    printOut(QStringLiteral("Strategies (--strategy NAME):"));
    for (const Strategy *s : allStrategies())
        printOut(QStringLiteral("  %1 %2 %3").arg(s->name, -20).arg(s->correct ? QStringLiteral("correct")
                                                                          : QStringLiteral("broken "))
                     .arg(s->lessonText()));
    return kExitOk;
}

} // namespace lockstock
