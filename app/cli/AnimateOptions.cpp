#include "AnimateOptions.h"

#include "cli/Console.h"

#include <QCommandLineParser>
#include <QRegularExpression>

namespace lockstock {

void addAnimateOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("animate"),
                      QStringLiteral("Write the run as it plays instead: an animation (.gif, .webm, .mp4 or .apng; the last three "
                                     "need the ffmpeg program)."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("fps"), QStringLiteral("--animate: frames a second, 1 to %1 (default %2).")
                                                 .arg(AnimationOptions::kMaxFps).arg(AnimationOptions::kDefaultFps),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("duration"),
                      QStringLiteral("--animate: seconds, 0.5 to %1 (default %2); the last fifth (at most 2 s) holds the finished run.")
                          .arg(AnimationOptions::kMaxSeconds).arg(AnimationOptions::kDefaultSeconds),
                      QStringLiteral("S")});
    parser.addOption({QStringLiteral("size"),
                      QStringLiteral("--animate: width x height in pixels (default %1 wide, as high as the lanes need).")
                          .arg(AnimationOptions::kDefaultWidth),
                      QStringLiteral("WxH")});
    parser.addOption({QStringLiteral("lesson"),
                      QStringLiteral("--animate: the words of the scenario's lesson (its --strategy side) under the run, each "
                                     "from its moment on.")});
}

bool readAnimateOptions(const QCommandLineParser &parser, std::optional<AnimateRequest> *request)
{
    if (!parser.isSet(QStringLiteral("animate"))) {
        for (const char *name : {"fps", "duration", "size", "lesson"})
            if (parser.isSet(QString::fromLatin1(name))) {
                printError(QStringLiteral("--%1 is for an animation: add --animate FILE.gif").arg(QString::fromLatin1(name)));
                return false;
            }
        return true;
    }
    AnimateRequest r;
    r.path = parser.value(QStringLiteral("animate"));
    if (const QString problem = animationFileProblem(r.path); !problem.isEmpty()) {
        printError(problem);
        return false;
    }
    for (const char *name : {"out", "width", "height", "frame"})
        if (parser.isSet(QString::fromLatin1(name))) {
            printError(QStringLiteral("--%1 is for a still picture; an animation takes --size WxH (and --lesson for the words)")
                           .arg(QString::fromLatin1(name)));
            return false;
        }
    AnimationOptions &o = r.options;
    if (parser.isSet(QStringLiteral("fps"))) {
        bool ok = false;
        o.fps = parser.value(QStringLiteral("fps")).toInt(&ok);
        if (!ok || o.fps < 1 || o.fps > AnimationOptions::kMaxFps) {
            printError(QStringLiteral("--fps must be a whole number of frames a second from 1 to %1 (got '%2')")
                           .arg(AnimationOptions::kMaxFps).arg(parser.value(QStringLiteral("fps"))));
            return false;
        }
    }
    if (parser.isSet(QStringLiteral("duration"))) {
        bool ok = false;
        o.seconds = parser.value(QStringLiteral("duration")).toDouble(&ok);
        if (!ok || !(o.seconds >= 0.5 && o.seconds <= AnimationOptions::kMaxSeconds)) { // NaN fails both
            printError(QStringLiteral("--duration must be a number of seconds from 0.5 to %1 (got '%2')")
                           .arg(AnimationOptions::kMaxSeconds).arg(parser.value(QStringLiteral("duration"))));
            return false;
        }
    }
    if (parser.isSet(QStringLiteral("size"))) {
        static const QRegularExpression pattern(QStringLiteral("^(\\d{1,5})[xX×](\\d{1,5})$"));
        const QRegularExpressionMatch m = pattern.match(parser.value(QStringLiteral("size")));
        o.image.size = m.hasMatch() ? QSize(m.captured(1).toInt(), m.captured(2).toInt()) : QSize();
    }
    if (const QString problem = o.problem(); !problem.isEmpty()) {
        printError(QStringLiteral("--animate %1: %2 (--size %3)").arg(r.path, problem, parser.value(QStringLiteral("size"))));
        return false;
    }
    r.lesson = parser.isSet(QStringLiteral("lesson"));
    *request = std::move(r);
    return true;
}

} // namespace lockstock
