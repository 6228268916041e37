#include "TimelineExport.h"

#include "TimelinePainter.h"

#include <QCoreApplication>
#include <QFile>
#include <QSvgGenerator>

namespace lockstock {

namespace {
TimelineViewport wholeRun(const RunAnalysis &data, const TimelineImage &options)
{
    TimelineViewport v;
    v.startMs = 0;
    // Air after the last events so that their labels show whole.
    const TimelineTheme theme = options.resolvedTheme();
    v.endMs = TimelinePainter(data, theme).fitEndMs(options.size.width() - TimelinePainter::gutterWidth(theme) - theme.px(16));
    v.header = true;
    v.legend = true;
    v.title = options.title;
    v.subtitle = options.subtitle;
    return v;
}

void paintInto(QPaintDevice &device, const RunAnalysis &data, const TimelineImage &options, const QSize &size)
{
    QPainter p(&device);
    TimelinePainter painter(data, options.resolvedTheme());
    painter.paint(p, QRectF(QPointF(0, 0), size), wholeRun(data, options));
}
} // namespace

void TimelineImage::describe(const Scenario &scenario, const Strategy &strategy)
{
    title = QStringLiteral("%1 \u2014 %2").arg(scenario.name, scenario.title);
    subtitle = QStringLiteral("%1 (%2): %3")
                   .arg(strategy.name,
                        scenario.correctHere(strategy.name, strategy.correct)
                            ? QCoreApplication::translate("Strategy", "correct")
                            : QCoreApplication::translate("Strategy", "broken"),
                        strategy.titleText());
}

TimelineTheme TimelineImage::resolvedTheme() const
{
    const qreal s = scale > 0 ? scale : std::clamp(size.width() / 1500.0, 0.7, 3.0);
    return TimelineTheme::named(theme, s);
}

QSize TimelineImage::resolvedSize(const RunAnalysis &data) const
{
    if (size.height() > 0)
        return size;
    return {size.width(), qCeil(TimelinePainter(data, resolvedTheme()).preferredHeight(wholeRun(data, *this), size.width()))};
}

QImage renderTimeline(const RunAnalysis &data, const TimelineImage &options)
{
    const QSize size = options.resolvedSize(data);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    paintInto(image, data, options, size);
    return image;
}

QString writeTimelinePng(const RunAnalysis &data, const TimelineImage &options, const QString &path)
{
    const QImage image = renderTimeline(data, options);
    if (!image.save(path, "PNG"))
        return QCoreApplication::translate("Export", "cannot write %1").arg(path);
    return {};
}

QString writeTimelineSvg(const RunAnalysis &data, const TimelineImage &options, const QString &path)
{
    const QSize size = options.resolvedSize(data);
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(options.title);
    svg.setDescription(data.findings().join(QLatin1Char(' ')));
    paintInto(svg, data, options, size);
    if (!QFile::exists(path))
        return QCoreApplication::translate("Export", "cannot write %1").arg(path);
    return {};
}

} // namespace lockstock
