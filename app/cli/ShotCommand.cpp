#include "ShotCommand.h"

#include "cli/AnimateOptions.h"
#include "cli/Console.h"
#include "cli/Interrupt.h"
#include "cli/RedisOptions.h"
#include "cli/RunOptions.h"
#include "rendering/TimelineExport.h"
#include "cli/LanguageOption.h"
#include "lesson/Lesson.h"
#include "analysis/InstantAnalysis.h"

#include "engine/RedisChecks.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <cstdio>
#include <unistd.h>

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
    addAnimateOptions(parser);
    if (const std::optional<int> done = parseArguments(parser, arguments))
        return *done;
    std::optional<AnimateRequest> animate;
    if (!readAnimateOptions(parser, &animate))
        return kExitUsage;
    const QString out = animate ? animate->path : parser.value(QStringLiteral("out"));
    if (out.isEmpty()) {
        printError(QStringLiteral("where to? --out FILE.png (or --animate FILE.gif)"));
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
    image.size = animate ? animate->options.image.size : QSize(width, height);
    height = image.size.height();
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
    if (parser.isSet(QStringLiteral("frame")) || (animate && animate->lesson)) {
        bool ok = animate.has_value();
        if (!animate)
            lessonFrame = parser.value(QStringLiteral("frame")).toInt(&ok);
        if (!ok || (!animate && lessonFrame < 1)) {
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
            printError(QStringLiteral("%1: a lesson plays the scenario's pair, --strategy broken or correct")
                           .arg(animate ? QStringLiteral("--lesson") : QStringLiteral("--frame")));
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
    // What is drawn: the run, or the run at a lesson frame's instant.
    std::shared_ptr<const RunAnalysis> drawn = data;
    image.describe(request.scenario, *request.strategy);
    if (lesson && error.isEmpty()) {
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
        const QString language = translations.effective();
        if (animate) {
            animate->options.captions = lessonCaptions(frames, events, *data, language);
        } else {
            const LessonFrame &f = frames.at(lessonFrame - 1);
            const qint64 frameNs = frameTimeNs(*data, events.at(lessonFrame - 1));
            drawn = analyzeAt(data, frameNs);
            image.whole = data.get();
            image.cursorMs = data->scenarioMs(frameNs);
            image.selected = f.highlight == LessonHighlight::Verdict
                ? -1
                : InstantAnalyzer::indexIn(*data, events.at(lessonFrame - 1), *drawn);
            image.caption = lessonCaption(f, lessonFrame - 1, int(events.size()), language);
        }
    }
    QString written;
    if (animate) {
        animate->options.image.theme = image.theme;
        animate->options.image.scale = image.scale;
        animate->options.image.title = image.title;
        animate->options.image.subtitle = image.subtitle;
        // Progress on a terminal: a long animation takes a while.
        const bool terminal = ::isatty(STDERR_FILENO) == 1;
        written = writeTimelineAnimation(data, animate->options, out, [terminal](int done, int count) {
            if (terminal)
                std::fprintf(stderr, "\rframe %d of %d", done, count);
            if (terminal && done == count)
                std::fputc('\n', stderr);
            return !catchInterrupts().load();
        });
    } else {
        written = out.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive) ? writeTimelineSvg(*drawn, image, out)
                                                                           : writeTimelinePng(*drawn, image, out);
    }
    if (!written.isEmpty()) {
        printError(written);
        return kExitUsage;
    }
    if (error.isEmpty())
        for (const QString &finding : data->findings())
            printOut(finding);
    else
        printOut(QStringLiteral("Stopped before the end: no verdict. The picture shows what ran until then."));
    const QSize size = animate ? animationSize(*data, animate->options) : image.resolvedSize(*drawn);
    if (animate)
        printOut(QStringLiteral("wrote %1 (%2x%3, %4 frames at %5 fps, %6 KB)")
                     .arg(out).arg(size.width()).arg(size.height()).arg(animate->options.frameCount()).arg(animate->options.fps)
                     .arg((QFileInfo(out).size() + 1023) / 1024));
    else
        printOut(QStringLiteral("wrote %1 (%2x%3)").arg(out).arg(size.width()).arg(size.height()));
    if (!error.isEmpty()) {
        printError(QStringLiteral("the run stopped: %1").arg(error));
        return data->events.size() <= 1 || stoppedByRefusal(data->events) ? kExitUsage : kExitFailed;
    }
    return kExitOk;
}

} // namespace lockstock
