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

    // Title and subtitle for a run of `scenario` with `strategy`.
    void describe(const Scenario &scenario, const Strategy &strategy);
    QSize resolvedSize(const RunAnalysis &data) const;
    TimelineTheme resolvedTheme() const;
};

QImage renderTimeline(const RunAnalysis &data, const TimelineImage &options);
// Returns an error message, empty on success.
QString writeTimelinePng(const RunAnalysis &data, const TimelineImage &options, const QString &path);
QString writeTimelineSvg(const RunAnalysis &data, const TimelineImage &options, const QString &path);

} // namespace lockstock
