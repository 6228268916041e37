#include "ShotCommand.h"

#include "cli/Console.h"
#include "cli/Interrupt.h"
#include "cli/RedisOptions.h"
#include "cli/RunOptions.h"
#include "gui/TimelineExport.h"
#include "cli/LanguageOption.h"
#include "lesson/Lesson.h"

#include "engine/RedisChecks.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace lockstock {

namespace {
bool readDimension(const QCommandLineParser &parser, const QString &name, int *out)
{
    if (!parser.isSet(name))
        return true;
    bool ok = false;
    const int v = parser.value(name).toInt(&ok);
    if (!ok || v < 200 || v > 16000) {
        printError(QStringLiteral("--%1 must be a whole number of pixels from 200 to 16000").arg(name));
        return false;
    }
    *out = v;
    return true;
}
} // namespace

int shotCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Runs a scenario headless and writes the finished timeline as a PNG (or SVG)."));
    parser.addHelpOption();
    addRunOptions(parser);
    addRedisOptions(parser);
    parser.addOption({QStringLiteral("out"), QStringLiteral("The picture to write (.png or .svg)."), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("width"), QStringLiteral("Width in pixels (default 1600)."), QStringLiteral("W")});
    parser.addOption({QStringLiteral("height"), QStringLiteral("Height in pixels (default: what the lanes need)."),
                      QStringLiteral("H")});
    parser.addOption({QStringLiteral("theme"), QStringLiteral("light or dark (default light)."), QStringLiteral("THEME"),
                      QStringLiteral("light")});
    addLanguageOption(parser);
    parser.addOption({QStringLiteral("scale"), QStringLiteral("Type size factor (default: from the width)."),
                      QStringLiteral("S")});
    parser.addOption({QStringLiteral("frame"),
                      QStringLiteral("Frame N (from 1) of the scenario's lesson on the --strategy side: the timeline up to "
                                     "that moment, its event outlined, the frame's words below."),
                      QStringLiteral("N")});
    if (const std::optional<int> done = parseArguments(parser, arguments))
        return *done;
    const QString out = parser.value(QStringLiteral("out"));
    if (out.isEmpty()) {
        printError(QStringLiteral("where to? --out FILE.png"));
        return kExitUsage;
    }
    // Known before the run, not after it.
    if (const QFileInfo dir(QFileInfo(out).absolutePath()); !dir.isDir() || !dir.isWritable()) {
        printError(QStringLiteral("cannot write %1: %2").arg(out, dir.exists() ? QStringLiteral("the directory is not writable")
                                                                              : QStringLiteral("no such directory")));
        return kExitUsage;
    }
    TimelineImage image;
    int width = image.size.width();
    int height = 0;
    if (!readDimension(parser, QStringLiteral("width"), &width) || !readDimension(parser, QStringLiteral("height"), &height))
        return kExitUsage;
    image.size = QSize(width, height);
    image.theme = parser.value(QStringLiteral("theme"));
    if (image.theme != QLatin1String("light") && image.theme != QLatin1String("dark")) {
        printError(QStringLiteral("--theme must be light or dark (got '%1')").arg(image.theme));
        return kExitUsage;
    }
    if (parser.isSet(QStringLiteral("scale"))) {
        bool ok = false;
        image.scale = parser.value(QStringLiteral("scale")).toDouble(&ok);
        if (!ok || !(image.scale >= 0.25 && image.scale <= 8)) { // NaN fails both
            printError(QStringLiteral("--scale must be a number from 0.25 to 8"));
            return kExitUsage;
        }
    }

    Translations translations(nullptr);
    if (!applyLanguage(parser, translations))
        return kExitUsage;

    if (height > 0) {
        if (const QString problem = imageSizeProblem(image.size); !problem.isEmpty()) {
            printError(QStringLiteral("--width %1 --height %2: %3").arg(width).arg(height).arg(problem));
            return kExitUsage;
        }
    }

    RunRequest request;
    if (!readRunRequest(parser, &request))
        return kExitUsage;
    // A lesson's frame: the lesson named after the scenario, on the side of --strategy.
    int lessonFrame = 0;
    std::optional<Lesson> lesson;
    if (parser.isSet(QStringLiteral("frame"))) {
        bool ok = false;
        lessonFrame = parser.value(QStringLiteral("frame")).toInt(&ok);
        if (!ok || lessonFrame < 1) {
            printError(QStringLiteral("--frame must be a frame number, 1 or more (got '%1')").arg(parser.value(QStringLiteral("frame"))));
            return kExitUsage;
        }
        LessonError lessonError;
        lesson = findLesson(request.scenario.name, &lessonError);
        if (!lesson) {
            printError(lessonError.display());
            return kExitUsage;
        }
        if (request.strategy->name != request.scenario.broken && request.strategy->name != request.scenario.correct) {
            printError(QStringLiteral("--frame: a lesson plays the scenario's pair, --strategy broken or correct"));
            return kExitUsage;
        }
    }
    std::unique_ptr<RedisTarget> target;
    if (!openRunTarget(parser, request, &target))
        return kExitUsage;
    request.scenario.config.interrupt = &catchInterrupts();

    History history;
    const QString error = runRequest(request, target.get(), history);
    if (const QString left = target ? target->removeKeys(error.isEmpty() ? RedisTarget::kCleanupMs : 1000) : QString();
        !left.isEmpty()) {
        printError(left);
        return kExitUsage;
    }
    const std::shared_ptr<const RunAnalysis> data = analyze(history);
    image.describe(request.scenario, *request.strategy);
    if (lessonFrame > 0 && error.isEmpty()) {
        QString why;
        const bool correct = request.strategy->name == request.scenario.correct;
        const QList<LessonFrame> &frames = lesson->frames(correct);
        const QList<int> events = resolveFrames(frames, *data, &why);
        if (events.isEmpty() || lessonFrame > events.size()) {
            printError(events.isEmpty() ? QStringLiteral("%1: %2").arg(lesson->path, why)
                                        : QStringLiteral("--frame %1: the lesson's %2 side has %3 frames")
                                              .arg(lessonFrame).arg(correct ? QStringLiteral("correct") : QStringLiteral("broken"))
                                              .arg(events.size()));
            return kExitUsage;
        }
        const LessonFrame &f = frames.at(lessonFrame - 1);
        const QString language = translations.effective();
        image.cursorMs = data->scenarioMs(frameTimeNs(*data, events.at(lessonFrame - 1)));
        image.selected = f.highlight == LessonHighlight::Verdict ? -1 : events.at(lessonFrame - 1);
        image.caption = Cli::tr("Frame %1 of %2").arg(lessonFrame).arg(events.size()) + QStringLiteral(" — ") + f.text.in(language);
        if (f.asks()) {
            QStringList choices;
            for (qsizetype c = 0; c < f.choices.size(); ++c)
                choices << QStringLiteral("%1) %2").arg(QChar(u'a' + int(c))).arg(f.choices.at(c).text.in(language));
            image.caption += QStringLiteral("\n? ") + f.question.in(language) + QStringLiteral("   ") + choices.join(QStringLiteral("   "));
        }
    }
    const QString written = out.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)
        ? writeTimelineSvg(*data, image, out)
        : writeTimelinePng(*data, image, out);
    if (!written.isEmpty()) {
        printError(written);
        return kExitUsage;
    }
    if (error.isEmpty())
        for (const QString &finding : data->findings())
            printOut(finding);
    else
        printOut(QStringLiteral("Stopped before the end: no verdict. The picture shows what ran until then."));
    const QSize size = image.resolvedSize(*data);
    printOut(QStringLiteral("wrote %1 (%2x%3)").arg(out).arg(size.width()).arg(size.height()));
    if (!error.isEmpty()) {
        printError(QStringLiteral("the run stopped: %1").arg(error));
        return data->events.size() <= 1 || stoppedByRefusal(data->events) ? kExitUsage : kExitFailed;
    }
    return kExitOk;
}

} // namespace lockstock
