#include "LessonCommand.h"

#include "cli/Console.h"
#include "cli/Interrupt.h"
#include "cli/LanguageOption.h"
#include "cli/LessonPoll.h"
#include "cli/ListenOption.h"
#include "cli/RedisOptions.h"
#include "cli/RunOptions.h"
#include "cli/TraceTable.h"
#include "lesson/Lesson.h"
#include "poll/PollAddresses.h"
#include "strategies/Strategies.h"

#include <QCommandLineParser>

namespace lockstock {

namespace {

// The teacher ended a polled lesson before its end: not a failure.
constexpr int kExitInterrupted = -1;

QString rule(const QString &title)
{
    return QStringLiteral("── %1 ").arg(title).leftJustified(100, QChar(0x2500));
}

// Plays one side: the rows up to each frame's event, then the frame; with a
// class poll, each frame waits for the teacher.
int playSide(const QCommandLineParser &parser, const Lesson &lesson, const Scenario &scenario, bool correct,
             const QString &language, LessonPoll *poll)
{
    RunRequest request;
    request.scenario = scenario;
    request.strategy = findStrategy(correct ? scenario.correct : scenario.broken);
    request.scenario.config.correctSide = correct;
    std::unique_ptr<RedisTarget> target;
    if (!openRunTarget(parser, request, &target))
        return kExitUsage;
    request.scenario.config.interrupt = &catchInterrupts();
    History history;
    const QString error = runRequest(request, target.get(), history);
    if (target)
        target->removeKeys(error.isEmpty() ? RedisTarget::kCleanupMs : 1000);
    if (!error.isEmpty()) {
        printError(QStringLiteral("the run stopped: %1").arg(error));
        return kExitFailed;
    }
    const std::shared_ptr<const RunAnalysis> analysis = analyze(history);
    const QList<LessonFrame> &frames = lesson.frames(correct);
    QString why;
    const QList<int> events = resolveFrames(frames, *analysis, &why);
    if (events.isEmpty()) {
        printError(QStringLiteral("%1: %2").arg(lesson.path, why));
        return kExitFailed;
    }
    printOut(QString());
    printOut(rule((correct ? Cli::tr("The fix: %1") : Cli::tr("The broken side: %1")).arg(request.strategy->name)));
    printTraceHeader();
    int shown = 0;
    const LessonFrame *asked = nullptr;
    for (qsizetype i = 0; i < frames.size(); ++i) {
        const LessonFrame &f = frames.at(i);
        printTraceRows(*analysis, shown, events.at(i) + 1);
        shown = std::max(shown, events.at(i) + 1);
        printOut(QString());
        printOut(QStringLiteral("  ▶ ") + Cli::tr("Frame %1 of %2").arg(i + 1).arg(frames.size())
                 + QStringLiteral(" · %1 s").arg(analysis->scenarioMs(frameTimeNs(*analysis, events.at(i))) / 1000.0, 0, 'f', 3));
        // The poll's reveal has said it.
        if (asked && !poll) {
            for (const LessonChoice &c : asked->choices)
                if (c.right)
                    printOut(QStringLiteral("    ") + Cli::tr("Answer: %1").arg(c.text.in(language)));
        }
        asked = nullptr;
        printOut(QStringLiteral("    ") + f.text.in(language));
        if (f.asks()) {
            printOut(QStringLiteral("    ? ") + f.question.in(language));
            for (qsizetype c = 0; c < f.choices.size(); ++c)
                printOut(QStringLiteral("      %1) %2").arg(QChar(u'a' + int(c))).arg(f.choices.at(c).text.in(language)));
            asked = &f;
        }
        if (poll && !poll->atFrame(lesson, correct, int(i)))
            return kExitInterrupted;
        printOut(QString());
    }
    return kExitOk;
}

// --listen for the poll: one of this machine's addresses (the join address
// names it); by default the likeliest to be the classroom's network.
bool pollAddress(const QCommandLineParser &parser, QHostAddress *address, quint16 *port)
{
    *address = pollAddresses().first().address;
    *port = 0;
    if (!parser.isSet(QStringLiteral("listen")))
        return true;
    QString host;
    int number = 0;
    if (!readListenOption(parser.value(QStringLiteral("listen")), &host, &number))
        return false;
    *address = host == QLatin1String("localhost") ? QHostAddress(QHostAddress::LocalHost) : QHostAddress(host);
    if (address->isNull() || address->isEqual(QHostAddress::AnyIPv4) || address->isEqual(QHostAddress::AnyIPv6)) {
        printError(QStringLiteral("--listen wants one of this machine's addresses, which the join address names (got '%1')")
                       .arg(host));
        return false;
    }
    *port = quint16(number);
    return true;
}

} // namespace

int lessonCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Plays a guided lesson in the terminal: its frames, with the trace rows between them."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("lesson"),
                                 QStringLiteral("A built-in lesson (named after its scenario) or a lesson .json file."));
    parser.addOption({QStringLiteral("side"), QStringLiteral("broken, correct or both (default both: the broken run, then the fix)."),
                      QStringLiteral("SIDE"), QStringLiteral("both")});
    parser.addOption({QStringLiteral("poll"),
                      QStringLiteral("A class poll: students vote from their phones on the lesson's questions; Enter goes on.")});
    parser.addOption({QStringLiteral("listen"),
                      QStringLiteral("Where the poll listens (default: this machine's LAN address, a free port)."),
                      QStringLiteral("HOST:PORT")});
    parser.addOption({QStringLiteral("results"), QStringLiteral("Write the poll's results to FILE (.csv or .json)."),
                      QStringLiteral("FILE")});
    addRedisOptions(parser);
    addLanguageOption(parser);
    Translations translations(nullptr);
    if (const std::optional<int> done = parseInLanguage(parser, arguments, translations))
        return *done;
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1) {
        printError(args.isEmpty() ? QStringLiteral("which lesson? (built in: %1)").arg(builtinLessonNames().join(QStringLiteral(", ")))
                                  : QStringLiteral("one lesson at a time, got: %1").arg(args.join(QLatin1Char(' '))));
        return kExitUsage;
    }
    const QString side = parser.value(QStringLiteral("side"));
    if (side != QLatin1String("both") && side != QLatin1String("broken") && side != QLatin1String("correct")) {
        printError(QStringLiteral("--side must be broken, correct or both (got '%1')").arg(side));
        return kExitUsage;
    }
    LessonError error;
    const std::optional<Lesson> lesson = findLesson(args.first(), &error);
    if (!lesson) {
        printError(error.display());
        return kExitUsage;
    }
    ScenarioError scenarioError;
    const std::optional<Scenario> scenario = findScenario(lesson->scenario, &scenarioError);
    if (!scenario) {
        printError(scenarioError.display());
        return kExitUsage;
    }
    const bool polled = parser.isSet(QStringLiteral("poll"));
    if (!polled && (parser.isSet(QStringLiteral("listen")) || parser.isSet(QStringLiteral("results")))) {
        printError(QStringLiteral("--listen and --results go with --poll"));
        return kExitUsage;
    }
    const QString results = parser.value(QStringLiteral("results"));
    if (parser.isSet(QStringLiteral("results")) && !results.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)
        && !results.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        printError(QStringLiteral("--results wants a .csv or .json file, got '%1'").arg(results));
        return kExitUsage;
    }
    const QString language = translations.effective();
    printOut(lesson->title.in(language));
    printOut(lesson->summary.in(language));
    printOut(Cli::tr("Scenario %1 · about %n minute(s)", nullptr, lesson->minutes).arg(scenario->name));
    std::unique_ptr<LessonPoll> poll;
    if (polled) {
        QHostAddress address;
        quint16 port = 0;
        if (!pollAddress(parser, &address, &port))
            return kExitUsage;
        poll = std::make_unique<LessonPoll>(language);
        if (!poll->start(address, port))
            return kExitUsage;
    }
    int code = kExitOk;
    for (const bool correct : {false, true}) {
        if (side != QLatin1String("both") && (side == QLatin1String("correct")) != correct)
            continue;
        if (code = playSide(parser, *lesson, *scenario, correct, language, poll.get()); code != kExitOk)
            break;
        if (!correct && side == QLatin1String("both"))
            printOut(QStringLiteral("  ") + Cli::tr("Now the fix: the same scenario with %1.").arg(scenario->correct));
    }
    if (poll && !poll->finish(results))
        return kExitFailed;
    return code == kExitInterrupted ? kExitOk : code;
}

} // namespace lockstock
