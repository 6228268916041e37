#pragma once
// A finished run as an animation: the timeline as the run played, frame by
// frame on the run's own (virtual) time, the cursor moving, every mark
// appearing when it happened and the header's verdict as the checker said it
// at that moment; the last frames hold the finished timeline, the very
// picture `shot` writes at that size. Encoded as GIF (giflib), or as WebM,
// MP4 or APNG by the ffmpeg program. Same run and options, same bytes.

#include "analysis/InstantAnalysis.h"
#include "rendering/TimelineExport.h"

#include <functional>
#include <optional>

namespace lockstock {

struct LessonFrame;

enum class AnimationFormat : quint8 { Gif, WebM, Mp4, Apng };

// The format a file name asks for (.gif, .webm, .mp4, .apng); none for others.
std::optional<AnimationFormat> animationFormatOf(const QString &path);

// A lesson's words under the run: each from its moment (scenario ms) on.
struct AnimationCaption {
    double atMs = 0;
    int event = -1;            // outlined while its words show; -1: none
    QString text;
};

struct AnimationOptions {
    // Defaults and limits of --fps, --duration and --size.
    static constexpr int kDefaultFps = 10;
    static constexpr int kMaxFps = 50;          // GIF delays are in 1/100 s; browsers slow faster ones down
    static constexpr double kDefaultSeconds = 10;
    static constexpr double kMaxSeconds = 120;
    static constexpr int kDefaultWidth = 1280;   // and the height the lanes need
    static constexpr QSize kMinSize{320, 240};
    static constexpr QSize kMaxSize{3840, 2160};

    TimelineImage image{QSize(kDefaultWidth, 0)};  // its size is the animation's; height 0: what the lanes need
    int fps = kDefaultFps;
    double seconds = kDefaultSeconds;
    QList<AnimationCaption> captions;   // in time order

    int frameCount() const;
    // The last frames hold the finished timeline: a fifth of the animation, at most 2 s.
    int holdFrames() const;
    // Why these options make no animation; empty when they do.
    QString problem() const;
};

// The captions of a lesson's `frames` resolved to `events` on the run of `data`,
// in `language`; the same words `shot --frame` writes.
QList<AnimationCaption> lessonCaptions(const QList<LessonFrame> &frames, const QList<int> &events, const RunAnalysis &data,
                                       const QString &language);
// The words of lesson frame `index` (from 0) of `count`, in `language`.
QString lessonCaption(const LessonFrame &frame, int index, int count, const QString &language);

// The size of the frames of `options` for the run of `data` (a height of 0 resolved).
QSize animationSize(const RunAnalysis &data, const AnimationOptions &options);

// Renders the frames of an animation of the finished run `data`, in order.
class AnimationFrames {
public:
    AnimationFrames(std::shared_ptr<const RunAnalysis> data, AnimationOptions options);
    ~AnimationFrames();

    int count() const { return m_options.frameCount(); }
    QSize size() const { return m_options.image.size; }
    // The cursor of frame `index` (scenario ms); -1 for the finished timeline.
    double cursorMsAt(int index) const;
    // The run as frame `index` draws it: at the frame's cursor, or finished.
    std::shared_ptr<const RunAnalysis> runAt(int index);
    // Frame `index`; frames are cheapest asked for in order. Null with `error` set when it cannot be painted.
    QImage frame(int index, QString *error);

private:
    std::shared_ptr<const RunAnalysis> m_data;
    AnimationOptions m_options;
    InstantAnalyzer m_instants;   // the run at each frame's cursor
};

// Called after each frame with (frames done, frames in all); false stops the work.
using AnimationProgress = std::function<bool(int, int)>;

// Writes the animation of `data` to `path` in the format its name asks for.
// Returns an error message (the options', the encoder's, ffmpeg's own words,
// the file's), empty on success. Nothing is written when it fails.
QString writeTimelineAnimation(const std::shared_ptr<const RunAnalysis> &data, const AnimationOptions &options,
                               const QString &path, const AnimationProgress &progress = {});

// Why no animation can be written to `path` ("cannot write PATH: ...": not a
// name an animation has, or ffmpeg is missing); empty when one can.
QString animationFileProblem(const QString &path);

} // namespace lockstock
