#include "TimelineAnimation.h"

#include "FfmpegWriter.h"
#include "GifWriter.h"

#include "engine/History.h"
#include "io/OutputFile.h"
#include "lesson/Lesson.h"

#include <QCoreApplication>

namespace lockstock {

namespace {
QString cannotWrite(const QString &path, const QString &why)
{
    return QCoreApplication::translate("Export", "cannot write %1: %2").arg(path, why);
}
} // namespace

std::optional<AnimationFormat> animationFormatOf(const QString &path)
{
    const QString lower = path.toLower();
    if (lower.endsWith(QLatin1String(".gif")))
        return AnimationFormat::Gif;
    if (lower.endsWith(QLatin1String(".webm")))
        return AnimationFormat::WebM;
    if (lower.endsWith(QLatin1String(".mp4")))
        return AnimationFormat::Mp4;
    if (lower.endsWith(QLatin1String(".apng")))
        return AnimationFormat::Apng;
    return std::nullopt;
}

int AnimationOptions::frameCount() const
{
    return std::max(1, int(std::lround(fps * seconds)));
}

int AnimationOptions::holdFrames() const
{
    const int frames = frameCount();
    return frames == 1 ? 1 : std::clamp(frames / 5, 1, 2 * fps);
}

QString AnimationOptions::problem() const
{
    if (fps < 1 || fps > kMaxFps)
        return QCoreApplication::translate("Export", "the frame rate must be 1 to %1 frames a second").arg(kMaxFps);
    if (!(seconds >= 0.5 && seconds <= kMaxSeconds))
        return QCoreApplication::translate("Export", "the duration must be 0.5 to %1 seconds").arg(kMaxSeconds);
    const QSize size = image.size;
    if (size.width() < kMinSize.width() || (size.height() != 0 && size.height() < kMinSize.height())
        || size.width() > kMaxSize.width() || size.height() > kMaxSize.height())
        return QCoreApplication::translate("Export", "the size must be from %1x%2 to %3x%4 pixels")
            .arg(kMinSize.width()).arg(kMinSize.height()).arg(kMaxSize.width()).arg(kMaxSize.height());
    return {};
}

QString lessonCaption(const LessonFrame &frame, int index, int count, const QString &language)
{
    QString text = QCoreApplication::translate("Cli", "Frame %1 of %2").arg(index + 1).arg(count) + QStringLiteral(" — ")
        + frame.text.in(language);
    if (frame.asks()) {
        QStringList choices;
        for (qsizetype c = 0; c < frame.choices.size(); ++c)
            choices << QStringLiteral("%1) %2").arg(QChar(u'a' + int(c))).arg(frame.choices.at(c).text.in(language));
        text += QStringLiteral("\n? ") + frame.question.in(language) + QStringLiteral("   ") + choices.join(QStringLiteral("   "));
    }
    return text;
}

QList<AnimationCaption> lessonCaptions(const QList<LessonFrame> &frames, const QList<int> &events, const RunAnalysis &data,
                                       const QString &language)
{
    QList<AnimationCaption> captions;
    for (qsizetype i = 0; i < events.size() && i < frames.size(); ++i) {
        const LessonFrame &f = frames.at(i);
        captions.append({data.scenarioMs(frameTimeNs(data, events.at(i))),
                         f.highlight == LessonHighlight::Verdict ? -1 : events.at(i),
                         lessonCaption(f, int(i), int(events.size()), language)});
    }
    // Frames anchored out of time order show in time order.
    std::stable_sort(captions.begin(), captions.end(), [](const AnimationCaption &l, const AnimationCaption &r) { return l.atMs < r.atMs; });
    return captions;
}

namespace {
// One caption band for every frame: the lanes never move.
qreal captionBand(const AnimationOptions &options)
{
    qreal band = options.captions.isEmpty() ? -1 : 0;
    for (const AnimationCaption &c : options.captions)
        band = std::max(band, timelineCaptionHeight(options.image, c.text, options.image.size.width()));
    return band;
}
} // namespace

QSize animationSize(const RunAnalysis &data, const AnimationOptions &options)
{
    if (options.image.size.height() > 0)
        return options.image.size;
    TimelineImage image = options.image;
    image.captionBand = captionBand(options);
    const QSize size = image.resolvedSize(data);
    // Even sides for the videos' 4:2:0 colour, within the largest size.
    return {size.width(), std::min(AnimationOptions::kMaxSize.height(), (size.height() + 1) / 2 * 2)};
}

AnimationFrames::AnimationFrames(std::shared_ptr<const RunAnalysis> data, AnimationOptions options)
    : m_data(std::move(data)), m_options(std::move(options)), m_instants(m_data)
{
    m_options.image.size = animationSize(*m_data, m_options);
    m_options.image.captionBand = captionBand(m_options);
}

AnimationFrames::~AnimationFrames() = default;

double AnimationFrames::cursorMsAt(int index) const
{
    const int playing = count() - m_options.holdFrames();
    if (index >= playing)
        return -1;
    return m_data->durationMs() * index / playing;
}

std::shared_ptr<const RunAnalysis> AnimationFrames::runAt(int index)
{
    const double cursor = cursorMsAt(index);
    return cursor < 0 ? m_data : m_instants.at(m_data->clockNs(cursor));
}

QImage AnimationFrames::frame(int index, QString *error)
{
    TimelineImage image = m_options.image;
    const double cursor = cursorMsAt(index);
    const double at = cursor < 0 ? std::numeric_limits<double>::infinity() : cursor;
    for (const AnimationCaption &c : std::as_const(m_options.captions))
        if (c.atMs <= at) {
            image.caption = c.text;
            image.selected = c.event;
        }
    if (cursor < 0)
        return timelineImage(*m_data, image, error); // the finished run, as `shot` draws it
    // The run as it stood at the cursor, drawn on the whole run's lanes.
    const std::shared_ptr<const RunAnalysis> now = runAt(index);
    image.cursorMs = cursor;
    image.whole = m_data.get();
    image.selected = InstantAnalyzer::indexIn(*m_data, image.selected, *now);
    return timelineImage(*now, image, error);
}

QString animationFileProblem(const QString &path)
{
    const std::optional<AnimationFormat> format = animationFormatOf(path);
    if (!format)
        return cannotWrite(path, QCoreApplication::translate("Export", "an animation is a .gif, .webm, .mp4 or .apng file"));
    if (*format != AnimationFormat::Gif && FfmpegWriter::program().isEmpty())
        return cannotWrite(path, QCoreApplication::translate("Export", "WebM, MP4 and APNG are encoded by the ffmpeg program, which is not installed "
                                    "(on Debian: apt install ffmpeg)"));
    return {};
}

QString writeTimelineAnimation(const std::shared_ptr<const RunAnalysis> &data, const AnimationOptions &options,
                               const QString &path, const AnimationProgress &progress)
{
    if (QString problem = animationFileProblem(path); !problem.isEmpty())
        return problem;
    if (QString problem = options.problem(); !problem.isEmpty())
        return cannotWrite(path, problem);
    const AnimationFormat format = *animationFormatOf(path);

    AnimationFrames frames(data, options);
    const int count = frames.count();
    QString error;
    const auto stopped = [&](int done) { return progress && !progress(done, count); };
    QByteArray bytes;
    if (format == AnimationFormat::Gif) {
        // The palette: the finished run and three frames on the way, their cursor and verdict so far drawn.
        QList<QImage> samples{frames.frame(count - 1, &error)};
        const int playing = count - options.holdFrames();
        for (int quarter = 1; quarter <= 3 && playing >= 4; ++quarter)
            samples << frames.frame(playing * quarter / 4, &error);
        if (!error.isEmpty())
            return cannotWrite(path, error);
        GifWriter gif(frames.size(), samples);
        for (int i = 0; i < count; ++i) {
            const QImage image = frames.frame(i, &error);
            if (image.isNull())
                return cannotWrite(path, error);
            // Hundredths of a second, rounded so that they add up to the duration.
            gif.add(image, int(std::lround(100.0 * (i + 1) / options.fps) - std::lround(100.0 * i / options.fps)));
            if (stopped(i + 1))
                return cannotWrite(path, QCoreApplication::translate("Export", "stopped"));
        }
        bytes = gif.finish(&error);
    } else {
        FfmpegWriter video(format, frames.size(), options.fps);
        for (int i = 0; i < count; ++i) {
            const QImage image = frames.frame(i, &error);
            if (image.isNull())
                return cannotWrite(path, error);
            if (!video.add(image))
                break;
            if (stopped(i + 1))
                return cannotWrite(path, QCoreApplication::translate("Export", "stopped"));
        }
        bytes = video.finish(&error);
    }
    if (bytes.isEmpty())
        return cannotWrite(path, error);
    OutputFile out;
    if (out.open(path))
        out.write(bytes);
    return out.commit() ? QString() : out.failure();
}

} // namespace lockstock
