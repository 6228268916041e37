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
    // A lesson's frame: nothing after the cursor, the anchored event
    // outlined, and the frame's words in a band below the timeline.
    double cursorMs = -1;
    int selected = -1;
    QString caption;

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
QString writeTimelinePng(const RunAnalysis &data, const TimelineImage &options, const QString &path);
QString writeTimelineSvg(const RunAnalysis &data, const TimelineImage &options, const QString &path);

} // namespace lockstock
