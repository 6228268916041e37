#include "ReportCommand.h"

#include "cli/Console.h"
#include "cli/HtmlReport.h"
#include "cli/Interrupt.h"
#include "cli/LanguageOption.h"
#include "cli/RedisOptions.h"
#include "cli/RunOptions.h"
#include "rendering/TimelineExport.h"

#include "engine/RedisChecks.h"
#include "io/OutputFile.h"
#include "strategies/Strategies.h"

#include <QCommandLineParser>

namespace lockstock {

namespace {
struct SideRun {
    RunRequest request;
    History history;
    std::shared_ptr<const RunAnalysis> analysis;
    QString error;             // the run stopped: why
};

// Runs one side to its end; false (the error printed) when Redis was not usable.
bool runSide(const QCommandLineParser &parser, SideRun &side)
{
    std::unique_ptr<RedisTarget> target;
    if (!openRunTarget(parser, side.request, &target))
        return false;
    side.request.scenario.config.interrupt = &catchInterrupts();
    side.error = runRequest(side.request, target.get(), side.history);
    if (const QString left = target ? target->removeKeys(side.error.isEmpty() ? RedisTarget::kCleanupMs : 1000) : QString();
        !left.isEmpty()) {
        printError(left);
        return false;
    }
    side.analysis = analyze(side.history);
    return true;
}
} // namespace

int reportCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Runs a scenario headless and writes one self-contained HTML report: the lesson, the timeline, "
                       "the verdict, the trace and each command's details on hover."));
    parser.addHelpOption();
    addRunOptions(parser);
    addRedisOptions(parser);
    parser.addOption({QStringLiteral("both"),
                      QStringLiteral("Run the scenario's broken and correct strategies, one above the other on one time axis.")});
    parser.addOption({QStringLiteral("out"), QStringLiteral("The HTML file to write."), QStringLiteral("FILE")});
    addLanguageOption(parser);
    if (const std::optional<int> done = parseArguments(parser, arguments))
        return *done;
    const QString out = parser.value(QStringLiteral("out"));
    if (out.isEmpty()) {
        printError(QStringLiteral("where to? --out FILE.html"));
        return kExitUsage;
    }
    const bool both = parser.isSet(QStringLiteral("both"));
    if (both && parser.isSet(QStringLiteral("strategy"))) {
        printError(QStringLiteral("--both runs the scenario's broken and correct strategies: leave out --strategy"));
        return kExitUsage;
    }
    Translations translations(nullptr);
    if (!applyLanguage(parser, translations))
        return kExitUsage;
    RunRequest request;
    if (!readRunRequest(parser, &request))
        return kExitUsage;
    // Opened first: a file that cannot be written fails before the run, not after.
    OutputFile file;
    if (!file.open(out)) {
        printError(file.failure());
        return kExitUsage;
    }

    std::vector<SideRun> sides(both ? 2 : 1);
    sides.front().request = request;
    if (both) {
        for (int i = 0; i < 2; ++i) {
            RunRequest &side = sides[i].request;
            side = request;
            const QString name = i == 0 ? request.scenario.broken : request.scenario.correct;
            side.strategy = findStrategy(name);
            if (!side.strategy) {
                printError(QStringLiteral("scenario '%1' names no known strategy '%2'").arg(request.scenario.name, name));
                return kExitUsage;
            }
            side.scenario.config.correctSide = side.scenario.correctHere(side.strategy->name, side.strategy->correct);
        }
    }

    ReportPage page;
    page.language = translations.effective();
    page.lesson = request.scenario.lessonText();
    for (SideRun &side : sides) {
        if (!runSide(parser, side))
            return kExitUsage;
        TimelineImage described;
        described.describe(side.request.scenario, *side.request.strategy);
        page.title = described.title;
        page.runs << ReportRun{side.analysis.get(), described.subtitle, !side.error.isEmpty()};
    }
    QString problem;
    const QByteArray html = htmlReport(page, &problem);
    if (html.isEmpty()) {
        printError(QStringLiteral("cannot write %1: %2").arg(out, problem));
        return kExitUsage;
    }
    file.write(html);
    if (!file.commit()) {
        printError(file.failure());
        return kExitUsage;
    }
    for (const SideRun &side : sides) {
        if (both)
            printOut(side.request.strategy->name + QLatin1Char(':'));
        if (side.error.isEmpty())
            for (const QString &finding : side.analysis->findings())
                printOut(finding);
        else
            printOut(QStringLiteral("Stopped before the end: no verdict. The report shows what ran until then."));
    }
    printOut(QStringLiteral("wrote %1").arg(out));
    for (const SideRun &side : sides) {
        if (side.error.isEmpty())
            continue;
        printError(QStringLiteral("the run stopped: %1").arg(side.error));
        return side.analysis->events.size() <= 1 || stoppedByRefusal(side.analysis->events) ? kExitUsage : kExitFailed;
    }
    return kExitOk;
}

} // namespace lockstock
