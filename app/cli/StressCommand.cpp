#include "StressCommand.h"

#include "cli/Console.h"
#include "cli/Interrupt.h"
#include "cli/LanguageOption.h"
#include "cli/RedisOptions.h"
#include "io/OutputFile.h"
#include "stress/StressRun.h"
#include "strategies/Strategies.h"

#include <QCommandLineParser>
#include <QJsonDocument>

#include <optional>

namespace lockstock {

namespace {
// "[#####.....] 812/1600 orders" redrawn in place on a terminal; a plain line
// every few seconds otherwise, so logs stay readable.
// "[#####.....] 812/1600 orders" after the strategy's name.
void showProgress(ProgressLine &line, const QString &label, int done, int total)
{
    constexpr int width = 30;
    const int filled = total > 0 ? int(qint64(width) * std::min(done, total) / total) : 0;
    const QString bar = QString(filled, QLatin1Char('#')) + QString(width - filled, QLatin1Char('.'));
    line.show(QStringLiteral("%1 [%2] %3/%4 orders").arg(label, -16).arg(bar).arg(done).arg(total),
              QStringLiteral("%1: %2/%3 orders").arg(label).arg(done).arg(total));
}

QString stockText(qint64 v)
{
    return v == kUnknown ? QStringLiteral("?") : QString::number(v);
}

// Oversold, initial minus sold is below zero: no stock to expect (as `run` says it).
QString expectedText(qint64 expected)
{
    return expected < 0 ? Cli::tr("none") : QString::number(expected);
}

QString row(const QString &label, const QString &value)
{
    return QStringLiteral("  %1 %2").arg(label, -22).arg(value);
}

// The verdict in a word, and what it found in a few.
QString verdictText(const StressResult &r)
{
    if (!r.error.isEmpty())
        return Cli::tr("STOPPED");
    const Severity severity = r.verdict.severity();
    const QString word = severity == Severity::Broken ? Cli::tr("BROKE")
        : severity == Severity::Harmless              ? Cli::tr("harmless")
        : severity == Severity::NotExercised          ? Cli::tr("untested")
                                                      : Cli::tr("held");
    return severity == Severity::Clean ? word : word + QStringLiteral(" (") + r.verdict.briefs().join(QStringLiteral(", ")) + QLatin1Char(')');
}

void printResult(const StressResult &r)
{
    // The figures `run` prints, from the same analysis.
    for (const Figure &f : r.figures)
        if (f.label)
            printOut(row(f.labelText(), f.text));
    printOut(row(Cli::tr("throughput"), Cli::tr("%1 orders/s (%2 Redis commands in %3 s)")
                                                   .arg(qRound64(r.ordersPerSecond)).arg(r.commands)
                                                   .arg(r.seconds, 0, 'f', 2)));
    printOut(row(Cli::tr("latency p50 / p99"), Cli::tr("%1 / %2 ms").arg(r.latencyP50Ms, 0, 'f', 2).arg(r.latencyP99Ms, 0, 'f', 2)));
    printOut(row(Cli::tr("retries"), Cli::tr("%1 (failed acquires, aborted EXECs)").arg(r.retries)));
    printOut(row(Cli::tr("verdict"), verdictText(r)));
    // A run that stopped early has no verdict (see verdictText).
    if (r.error.isEmpty())
        for (const QString &sentence : r.verdict.sentences(r.info))
            printOut(QStringLiteral("  ") + sentence);
}

// What a strategy says of itself, as the table and the single report print it.
QString claimText(bool correct)
{
    return correct ? Cli::tr("correct") : Cli::tr("broken");
}

void printTable(const QList<StressResult> &results)
{
    const QString header = QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11")
                               .arg(Cli::tr("strategy"), -18).arg(Cli::tr("claims"), -8)
                               .arg(Cli::tr("sold"), 6).arg(Cli::tr("stock/exp"), 11)
                               .arg(Cli::tr("oversold"), 8).arg(Cli::tr("lost"), 6)
                               .arg(Cli::tr("overlap"), 7).arg(Cli::tr("orders/s"), 9)
                               .arg(Cli::tr("p50 ms"), 7).arg(Cli::tr("p99 ms"), 7)
                               .arg(Cli::tr("retries"), 8);
    printOut(header + QStringLiteral("  ") + Cli::tr("verdict"));
    printOut(QString(header.size() + 9, QLatin1Char('-')));
    for (const StressResult &r : results) {
        if (!r.skipped.isEmpty()) {
            printOut(Cli::tr("%1 %2 skipped: %3").arg(r.strategy, -18)
                         .arg(claimText(r.correct), -8).arg(r.skippedText()));
            continue;
        }
        const QString verdict = verdictText(r);
        printOut(QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11  %12")
                     .arg(r.strategy, -18).arg(claimText(r.correct), -8)
                     .arg(r.ordersSucceeded, 6)
                     .arg(stockText(r.finalStock) + QLatin1Char('/') + expectedText(r.expectedStock), 11)
                     .arg(r.oversold, 8).arg(r.lostUpdates, 6).arg(r.exclusionViolations, 7)
                     .arg(qRound64(r.ordersPerSecond), 9).arg(r.latencyP50Ms, 7, 'f', 2).arg(r.latencyP99Ms, 7, 'f', 2)
                     .arg(r.retries, 8).arg(verdict));
    }
}
} // namespace

int stressCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Runs real clients (a thread and a connection each) against Redis until the orders are tried, "
        "then reports what broke and what it cost."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("strategy"), QStringLiteral("The strategy to load (see 'lockstock list')."), QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("all"), QStringLiteral("Run every strategy on the same workload and compare them.")});
    parser.addOption({QStringLiteral("clients"), QStringLiteral("Concurrent clients (default 8)."), QStringLiteral("C")});
    parser.addOption({QStringLiteral("orders"), QStringLiteral("Orders in total, spread over the clients (default 1600)."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("stock"), QStringLiteral("Initial stock (default: as many as orders)."), QStringLiteral("S")});
    parser.addOption({QStringLiteral("lease-ms"), QStringLiteral("Lock lease (default 10000)."), QStringLiteral("MS")});
    parser.addOption({QStringLiteral("retry-ms"), QStringLiteral("Back-off between acquire attempts (default 2)."), QStringLiteral("MS")});
    parser.addOption({QStringLiteral("work-ms"), QStringLiteral("Work done while holding the lock (default 0)."), QStringLiteral("MS")});
    parser.addOption({QStringLiteral("max-seconds"), QStringLiteral("Stop a run that takes longer (default 60)."), QStringLiteral("S")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("Write the figures to FILE."), QStringLiteral("FILE")});
    parser.addOption({{QStringLiteral("q"), QStringLiteral("quiet")}, QStringLiteral("No progress bar, print only the results.")});
    addRedisOptions(parser);
    addLanguageOption(parser);
    Translations translations(nullptr);
    if (const std::optional<int> done = parseInLanguage(parser, arguments, translations))
        return *done;
    if (!parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("stress takes no arguments, got: %1").arg(parser.positionalArguments().join(QLatin1Char(' '))));
        return kExitUsage;
    }

    QList<const Strategy *> strategies;
    if (parser.isSet(QStringLiteral("all")) == parser.isSet(QStringLiteral("strategy"))) {
        printError(QStringLiteral("give --strategy NAME or --all"));
        return kExitUsage;
    }
    if (parser.isSet(QStringLiteral("all"))) {
        strategies = allStrategies();
    } else if (const Strategy *s = findStrategy(parser.value(QStringLiteral("strategy")))) {
        strategies << s;
    } else {
        QStringList names;
        for (const Strategy *known : allStrategies())
            names << known->name;
        printError(QStringLiteral("unknown strategy '%1' (one of: %2)")
                       .arg(parser.value(QStringLiteral("strategy")), names.join(QStringLiteral(", "))));
        return kExitUsage;
    }

    StressWorkload w;
    qint64 clients = w.clients, orders = w.orders, stock = -1, maxSeconds = w.maxSeconds;
    if (!readIntOption(parser, {"clients", 1, 500}, &clients) || !readIntOption(parser, {"orders", 1, 10'000'000}, &orders)
        || !readIntOption(parser, {"stock", 0, 1'000'000'000'000}, &stock)
        || !readIntOption(parser, {"lease-ms", 1, 3'600'000}, &w.leaseMs) || !readIntOption(parser, {"retry-ms", 0, 60'000}, &w.retryMs)
        || !readIntOption(parser, {"work-ms", 0, 60'000}, &w.workMs) || !readIntOption(parser, {"max-seconds", 1, 3600}, &maxSeconds))
        return kExitUsage;
    w.clients = int(clients);
    w.orders = int(orders);
    w.stock = stock >= 0 ? stock : orders;
    w.maxSeconds = int(maxSeconds);

    std::optional<OutputFile> json;
    if (parser.isSet(QStringLiteral("json")) && !json.emplace().open(parser.value(QStringLiteral("json")))) {
        printError(json->failure());
        return kExitUsage;
    }
    const std::unique_ptr<RedisTarget> target = openRedisTarget(parser);
    if (!target)
        return kExitUsage;
    w.keyPrefix = target->keyPrefix();

    const bool quiet = parser.isSet(QStringLiteral("quiet"));
    if (!quiet)
        printOut(Cli::tr("stress · %1 clients · %2 orders · stock %3 · clock: real · Redis %4")
                     .arg(w.clients).arg(w.orders).arg(w.stock).arg(target->display()));

    // Ctrl-C stops the run at hand (its keys are still removed) and skips the rest.
    w.interrupt = &catchInterrupts();
    std::optional<ProgressLine> bar;
    const QList<StressResult> results = runStressComparison(
        w, strategies, target->endpoint(),
        [&](int i, int done, int total) {
            if (!bar)
                bar.emplace(!quiet);
            showProgress(*bar, strategies.at(i)->name, done, total);
        },
        [&](int i, const StressResult &r) {
            bar.reset();
            const Strategy *s = strategies.at(i);
            if (!r.error.isEmpty())
                printError(QStringLiteral("%1 stopped: %2").arg(s->name, r.error));
            if (strategies.size() == 1 && !r.skipped.isEmpty())
                printError(QStringLiteral("%1 not run: %2").arg(s->name, r.skippedText()));
            else if (strategies.size() == 1 && (r.ordersTried > 0 || r.error.isEmpty())) {
                printOut(QStringLiteral("%1 (%2)").arg(s->name, claimText(s->correct)));
                printResult(r);
            }
        });
    if (strategies.size() > 1)
        printTable(results);

    const bool failed = std::any_of(results.begin(), results.end(), [](const StressResult &r) { return !r.error.isEmpty(); });
    int exitCode = kExitOk;
    if (const QString left = target->removeKeys(failed ? 1000 : RedisTarget::kCleanupMs); !left.isEmpty()) {
        printError(left);
        exitCode = kExitUsage;
    }
    if (json) {
        const QByteArray text = QJsonDocument(comparisonToJson(w.toJson(), results)).toJson(QJsonDocument::Indented);
        const bool written = json->write(text) == text.size();
        if (!json->commit() || !written) {
            printError(json->failure());
            exitCode = kExitUsage;
        }
    }
    // Nothing could run (Redis refused, or no strategy can run on it), or
    // Redis refused what a run needs: a problem of the input.
    const bool nothingRan = !results.isEmpty() && std::all_of(results.begin(), results.end(), [](const StressResult &r) {
        return !r.skipped.isEmpty() || (r.ordersTried == 0 && !r.error.isEmpty());
    });
    if (nothingRan || std::any_of(results.begin(), results.end(), [](const StressResult &r) { return r.refused; }))
        return kExitUsage;
    // A strategy this Redis cannot run is only a failure when it was the one asked for.
    for (const StressResult &r : results)
        if (!r.error.isEmpty() || (strategies.size() == 1 && !r.skipped.isEmpty()))
            return kExitFailed;
    return exitCode;
}

} // namespace lockstock
