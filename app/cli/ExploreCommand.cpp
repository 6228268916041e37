#include "ExploreCommand.h"

#include "cli/Console.h"
#include "cli/Interrupt.h"
#include "cli/LanguageOption.h"
#include "cli/RunOptions.h"
#include "explore/Explorer.h"
#include "io/OutputFile.h"
#include "scenario/ScenarioWriter.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>


namespace lockstock {

namespace {
// A schedule as the clients' names, shortened past a screen's width.
QString scheduleText(const Counterexample &c)
{
    constexpr qsizetype kShown = 24;
    QString text = c.interleaving.mid(0, kShown).join(QLatin1Char(' '));
    if (c.interleaving.size() > kShown)
        text += QStringLiteral(" …");
    if (!c.faults.isEmpty())
        text += QStringLiteral("  + ") + c.faults.text({});
    return text;
}

QString shareText(qint64 count, qint64 total)
{
    return QStringLiteral("%1 %").arg(100.0 * double(count) / double(std::max<qint64>(1, total)), 0, 'f', 1);
}

// "explore (dpor): 812 runs · 410/s · stock 99 · lost_updates 66 %"
void showProgress(ProgressLine &line, const ExploreProgress &p)
{
    QString text = Cli::tr("explore (%1): %2 runs · %3/s").arg(p.phase).arg(p.executions)
                       .arg(qRound64(double(p.executions) / std::max(0.001, p.seconds)));
    for (const OutcomeCount &c : p.outcomes.mid(0, 3))
        text += QStringLiteral(" · ") + c.outcome.key() + QLatin1Char(' ') + shareText(c.count, p.executions);
    line.show(text.left(160), text);
}

void printResult(const ExploreResult &r)
{
    printOut(QStringLiteral("  ") + r.spaceText());
    printOut(QString());
    qsizetype width = Cli::tr("outcome").size();
    for (const OutcomeCount &c : r.outcomes)
        width = std::max(width, c.outcome.key().size());
    printOut(QStringLiteral("  %1 %2 %3  %4").arg(Cli::tr("outcome"), -int(width)).arg(Cli::tr("runs"), 8)
                 .arg(Cli::tr("share"), 7).arg(Cli::tr("shortest schedule")));
    for (const OutcomeCount &c : r.outcomes)
        printOut(QStringLiteral("  %1 %2 %3  %4").arg(c.outcome.key(), -int(width)).arg(c.count, 8)
                     .arg(shareText(c.count, r.executions), 7)
                     .arg(Cli::tr("%n step(s): ", nullptr, c.example.steps()) + scheduleText(c.example)));
    printOut(QString());
    if (r.counterexamples.isEmpty()) {
        const int n = int(r.executions);
        printOut(QStringLiteral("  ")
                 + (r.coverage == Coverage::Sampled   ? Cli::tr("No finding in %n sampled run(s).", nullptr, n)
                    : r.coverage == Coverage::Bounded ? Cli::tr("No finding in %n execution(s) (bounded: the space was not covered).", nullptr, n)
                    : r.method == ExploreMethod::Naive ? Cli::tr("No finding in all %n interleaving(s) (complete).", nullptr, n)
                                                       : Cli::tr("No finding in all %n distinct execution(s) (complete).", nullptr, n)));
        return;
    }
    const qint64 failing = r.failingExecutions();
    printOut(QStringLiteral("  ") + Cli::tr("%1 of %n execution(s) (%2) fail.", nullptr, int(r.executions))
                                        .arg(failing).arg(shareText(failing, r.executions)));
    printOut(QStringLiteral("  ") + Cli::tr("Shortest counterexample per finding (fewest steps, then fewest faults):"));
    for (const Counterexample &c : r.counterexamples)
        printOut(QStringLiteral("    %1 %2  %3").arg(QLatin1String(nameOf(c.kind)), -20)
                     .arg(Cli::tr("%n step(s)", nullptr, c.steps()), 10).arg(scheduleText(c)));
}

// The one to save: the shortest of all.
const Counterexample *shortestOfAll(const ExploreResult &r)
{
    const Counterexample *best = nullptr;
    for (const Counterexample &c : r.counterexamples)
        if (!best || c.shorterThan(*best))
            best = &c;
    return best;
}
} // namespace

int exploreCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Runs a scenario under every schedule of its clients (which one sends its next command at each "
        "point), each a real run against private redis-servers on the virtual clock, and reports the "
        "outcomes and the shortest schedule that shows each finding."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 QStringLiteral("A built-in scenario name (see 'lockstock list') or a .json file."));
    parser.addOption({QStringLiteral("strategy"),
                      QStringLiteral("Strategy name, or 'broken' / 'correct' for the scenario's pair (default: broken)."),
                      QStringLiteral("NAME"), QStringLiteral("broken")});
    parser.addOption({QStringLiteral("faults"),
                      QStringLiteral("Also inject up to K faults of the scenario's palette (pause longer than the lease, "
                                     "crash, lost reply, lock node restart, clock jump), each after any step (default 0)."),
                      QStringLiteral("K"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("budget"),
                      QStringLiteral("Stop after this many seconds; a space too large for it is sampled (default 60)."),
                      QStringLiteral("SECONDS"), QStringLiteral("60")});
    parser.addOption({QStringLiteral("method"),
                      QStringLiteral("auto (default), dpor, naive (every interleaving, for comparison) or sampled."),
                      QStringLiteral("M"), QStringLiteral("auto")});
    parser.addOption({QStringLiteral("workers"), QStringLiteral("Runs side by side, each on servers of its own (default 2)."),
                      QStringLiteral("N"), QStringLiteral("2")});
    parser.addOption({QStringLiteral("seed"), QStringLiteral("Seed of the sampling and of the size estimate (default 1)."),
                      QStringLiteral("N"), QStringLiteral("1")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("Write the space, the outcomes and the counterexamples to FILE."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("save-counterexample"),
                      QStringLiteral("Write the shortest failing schedule as a scenario file (its interleaving and faults)."),
                      QStringLiteral("FILE")});
    parser.addOption({{QStringLiteral("q"), QStringLiteral("quiet")}, QStringLiteral("No progress line, print only the results.")});
    addLanguageOption(parser);
    Translations translations(nullptr);
    if (const std::optional<int> done = parseInLanguage(parser, arguments, translations))
        return *done;
    std::optional<Scenario> scenario = readScenarioArgument(parser);
    if (!scenario)
        return kExitUsage;
    const Strategy *strategy = readStrategyOption(parser, *scenario);
    if (!strategy)
        return kExitUsage;
    if (const QString why = explorable(*scenario); !why.isEmpty()) {
        printError(why);
        return kExitUsage;
    }

    ExploreOptions options;
    const QList<PaletteFault> palette = faultPalette(scenario->config);
    qint64 faults = 0, budget = 60, workers = 2, seed = 1;
    if (!readIntOption(parser, {"faults", 0, 1000}, &faults) || !readIntOption(parser, {"budget", 1, 86400}, &budget)
        || !readIntOption(parser, {"workers", 1, 64}, &workers) || !readIntOption(parser, {"seed", 0, 0x7fffffff}, &seed))
        return kExitUsage;
    if (faults > palette.size()) {
        QStringList names;
        for (const PaletteFault f : palette)
            names << QLatin1String(nameOf(f));
        printError(QStringLiteral("--faults %1 is more than the palette of scenario '%2' holds: %3 kinds (%4), each used at most once")
                       .arg(faults).arg(scenario->name).arg(palette.size()).arg(names.join(QStringLiteral(", "))));
        return kExitUsage;
    }
    const std::optional<ExploreMethod> method = enumFromName<ExploreMethod>(parser.value(QStringLiteral("method")));
    if (!method) {
        printError(QStringLiteral("--method must be auto, dpor, naive or sampled (got '%1')").arg(parser.value(QStringLiteral("method"))));
        return kExitUsage;
    }
    options.method = *method;
    options.faults = int(faults);
    options.budgetSeconds = double(budget);
    options.workers = int(workers);
    options.seed = quint64(seed);

    std::optional<OutputFile> json;
    if (parser.isSet(QStringLiteral("json")) && !json.emplace().open(parser.value(QStringLiteral("json")))) {
        printError(json->failure());
        return kExitUsage;
    }
    std::optional<OutputFile> saved;
    if (parser.isSet(QStringLiteral("save-counterexample"))
        && !saved.emplace().open(parser.value(QStringLiteral("save-counterexample")))) {
        printError(saved->failure());
        return kExitUsage;
    }

    const bool quiet = parser.isSet(QStringLiteral("quiet"));
    const bool correct = scenario->correctHere(strategy->name, strategy->correct);
    if (!quiet)
        printOut(Cli::tr("%1 · %2 (%3) · every schedule, on the virtual clock · %n worker(s), each with private redis-servers",
                         nullptr, options.workers)
                     .arg(scenario->name, strategy->name, correct ? Cli::tr("correct") : Cli::tr("broken")));
    options.interrupt = &catchInterrupts();
    Explorer explorer(*scenario, *strategy, options);
    ProgressLine progress(!quiet);
    explorer.onProgress = [&progress](const ExploreProgress &p) { showProgress(progress, p); };
    const ExploreResult result = explorer.run();
    progress.clear();

    if (!result.error.isEmpty() && result.executions == 0) {
        printError(result.error);
        return kExitUsage;
    }
    printResult(result);
    int exitCode = kExitOk;
    if (json) {
        const QByteArray text = QJsonDocument(result.toJson()).toJson(QJsonDocument::Indented);
        const bool written = json->write(text) == text.size();
        if (!json->commit() || !written) {
            printError(json->failure());
            exitCode = kExitUsage;
        }
    }
    if (saved) {
        if (const Counterexample *c = shortestOfAll(result)) {
            const QByteArray text = writeScenario(Explorer::counterexampleScenario(*scenario, *strategy, *c));
            const bool written = saved->write(text) == text.size();
            if (!saved->commit() || !written) {
                printError(saved->failure());
                exitCode = kExitUsage;
            } else if (!quiet) {
                const QString again = QStringLiteral("lockstock run %1%2").arg(saved->path(),
                    strategy->name == scenario->correct ? QStringLiteral(" --strategy correct") : QString());
                printOut(QStringLiteral("  ") + Cli::tr("Saved the shortest counterexample (%1) to %2; replay it with: %3")
                             .arg(QLatin1String(nameOf(c->kind)), saved->path(), again));
            }
        } else {
            // Nothing to save: the file opened up front to fail early goes again.
            saved->commit();
            if (QFileInfo(saved->path()).isFile())
                QFile::remove(saved->path());
            printError(QStringLiteral("no schedule failed: no counterexample saved to %1").arg(saved->path()));
        }
    }
    if (!result.error.isEmpty()) {
        printError(QStringLiteral("the exploration stopped: %1").arg(result.error));
        return kExitFailed;
    }
    return result.stoppedBy == QLatin1String("interrupted") ? kExitFailed : exitCode;
}

} // namespace lockstock
