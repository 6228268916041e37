#pragma once
// A finished timeline as a picture: PNG (QImage) or SVG (QSvgGenerator),
// with the title, the verdict and a legend, for `lockstock shot` and
// File > Export. Painted with QPainter, so no window or GPU is needed.

#include "analysis/RunAnalysis.h"
#include "TimelineTheme.h"

#include "scenario/Scenario.h"
#include "engine/Strategy.h"

#include <QImage>
#include <QSize>

namespace lockstock {

struct TimelineImage {
    QSize size{1600, 0};       // height 0: whatever the lanes need
    QString theme = QStringLiteral("light");
    qreal scale = 0;           // 0: from the width
    QString title;
    QString subtitle;
    double endMs = 0;          // the time at the right edge; 0: the whole run, its last labels whole
    // A lesson's or an animation's frame: the cursor's line, the anchored
    // event outlined, and the frame's words in a band below the timeline.
    double cursorMs = -1;
    int selected = -1;
    QString caption;
    // The whole run when the data drawn is the run at an instant of it (a
    // frame): it sets the lanes, the header's lines and the view, which stay
    // put from frame to frame. Null: the data is the whole run.
    const RunAnalysis *whole = nullptr;
    // An animation's caption band, of one height for every frame (< 0: the caption's own).
    qreal captionBand = -1;

    // Title and subtitle for a run of `scenario` with `strategy`.
    void describe(const Scenario &scenario, const Strategy &strategy);
    QSize resolvedSize(const RunAnalysis &data) const;
    TimelineTheme resolvedTheme() const;
};

// The most pixels a picture may have: 50 megapixels, 200 MB as an image in
// memory. A 300-client run drawn at full height would want far more.
inline constexpr qint64 kMaxImagePixels = 50'000'000;
// Why a picture of `size` is not made; empty when it can be.
QString imageSizeProblem(const QSize &size);

// Returns an error message (the size, the encoder's or the file's reason),
// empty on success. Nothing is written when the picture cannot be made.
// The picture in memory (ARGB32 premultiplied); null with `error` set when it cannot be made.
QImage timelineImage(const RunAnalysis &data, const TimelineImage &options, QString *error);
// The caption band's height for `caption` in a picture `width` wide (0 without one).
qreal timelineCaptionHeight(const TimelineImage &options, const QString &caption, int width);
QString writeTimelinePng(const RunAnalysis &data, const TimelineImage &options, const QString &path);
QString writeTimelineSvg(const RunAnalysis &data, const TimelineImage &options, const QString &path);

// The SVG document in memory, and where each drawn event is in it (`hits`,
// as TimelinePainter::hits()); empty with `error` set when it cannot be made.
QByteArray timelineSvg(const RunAnalysis &data, const TimelineImage &options, QList<std::pair<QRectF, int>> *hits,
                       QString *error);
// The end of the view that shows the whole run of `data` (TimelineImage::endMs 0).
double wholeRunEndMs(const RunAnalysis &data, const TimelineImage &options);

} // namespace lockstock
