#include "TimelineExport.h"

#include "TimelinePainter.h"

#include "io/OutputFile.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QImageWriter>
#include <QSvgGenerator>

namespace lockstock {

namespace {
TimelineViewport wholeRun(const RunAnalysis &data, const TimelineImage &options)
{
    TimelineViewport v;
    v.startMs = 0;
    v.endMs = options.endMs > 0 ? options.endMs : wholeRunEndMs(options.whole ? *options.whole : data, options);
    v.header = true;
    v.legend = true;
    v.title = options.title;
    v.subtitle = options.subtitle;
    v.cursorMs = options.cursorMs;
    v.selected = options.selected;
    return v;
}

// The caption band: its font, and its height for a picture `width` wide.
QFont captionFont(const TimelineTheme &theme)
{
    return theme.font(theme.px(20));
}

qreal captionHeight(const TimelineImage &options, int width)
{
    return options.captionBand >= 0 ? options.captionBand : timelineCaptionHeight(options, options.caption, width);
}

// False when the device cannot be painted on. `hits`: where the events went.
bool paintInto(QPaintDevice &device, const RunAnalysis &data, const TimelineImage &options, const QSize &size,
               QList<std::pair<QRectF, int>> *hits = nullptr)
{
    QPainter p;
    if (!p.begin(&device))
        return false;
    const TimelineTheme theme = options.resolvedTheme();
    const qreal band = captionHeight(options, size.width());
    TimelinePainter painter(data, theme, options.whole);
    painter.paint(p, QRectF(0, 0, size.width(), size.height() - band), wholeRun(data, options));
    if (hits)
        *hits = painter.hits();
    if (band > 0) {
        const QRectF area(0, size.height() - band, size.width(), band);
        p.fillRect(area, theme.gutter);
        p.setPen(theme.text);
        p.setFont(captionFont(theme));
        const qreal margin = theme.px(24);
        p.drawText(area.adjusted(margin, margin, -margin, -margin), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignVCenter,
                   options.caption);
    }
    return p.end();
}

QString cannotWrite(const QString &path, const QString &why)
{
    return QCoreApplication::translate("Export", "cannot write %1: %2").arg(path, why);
}

// The encoded picture into `path`, every step checked.
QString writeFile(const QString &path, const QByteArray &bytes)
{
    OutputFile out;
    if (out.open(path))
        out.write(bytes);
    return out.commit() ? QString() : out.failure();
}
} // namespace

void TimelineImage::describe(const Scenario &scenario, const Strategy &strategy)
{
    title = QStringLiteral("%1 \u2014 %2").arg(scenario.name, scenario.titleText());
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
    return {size.width(), qCeil(TimelinePainter(data, resolvedTheme(), whole).preferredHeight(wholeRun(data, *this), size.width())
                                + captionHeight(*this, size.width()))};
}

QString imageSizeProblem(const QSize &size)
{
    const qint64 pixels = qint64(size.width()) * size.height();
    if (pixels <= kMaxImagePixels)
        return {};
    return QCoreApplication::translate("Export", "the picture would be %1x%2 pixels (%3 megapixels), more than the %4 "
                                                 "megapixels a picture may have: give it a smaller width or height")
        .arg(size.width()).arg(size.height()).arg(qRound64(pixels / 1e6)).arg(kMaxImagePixels / 1'000'000);
}

qreal timelineCaptionHeight(const TimelineImage &options, const QString &caption, int width)
{
    if (caption.isEmpty())
        return 0;
    const TimelineTheme theme = options.resolvedTheme();
    const qreal margin = theme.px(24);
    return QFontMetricsF(captionFont(theme)).boundingRect(QRectF(0, 0, width - 2 * margin, 1e6), Qt::TextWordWrap, caption).height()
        + 2 * margin;
}

QImage timelineImage(const RunAnalysis &data, const TimelineImage &options, QString *error)
{
    const QSize size = options.resolvedSize(data);
    if (const QString problem = imageSizeProblem(size); !problem.isEmpty()) {
        *error = problem;
        return {};
    }
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) {
        *error = QCoreApplication::translate("Export", "not enough memory for %1x%2 pixels").arg(size.width()).arg(size.height());
        return {};
    }
    image.fill(Qt::transparent);
    if (!paintInto(image, data, options, size)) {
        *error = QCoreApplication::translate("Export", "the picture could not be painted");
        return {};
    }
    return image;
}

QString writeTimelinePng(const RunAnalysis &data, const TimelineImage &options, const QString &path)
{
    QString error;
    const QImage image = timelineImage(data, options, &error);
    if (image.isNull())
        return cannotWrite(path, error);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(image))
        return cannotWrite(path, writer.errorString());
    return writeFile(path, png);
}

double wholeRunEndMs(const RunAnalysis &data, const TimelineImage &options)
{
    // Air after the last events so that their labels show whole.
    const TimelineTheme theme = options.resolvedTheme();
    return TimelinePainter(data, theme).fitEndMs(options.size.width() - TimelinePainter::gutterWidth(theme) - theme.px(16));
}

QString writeTimelineSvg(const RunAnalysis &data, const TimelineImage &options, const QString &path)
{
    QString error;
    const QByteArray svgText = timelineSvg(data, options, nullptr, &error);
    return svgText.isEmpty() ? cannotWrite(path, error) : writeFile(path, svgText);
}

QByteArray timelineSvg(const RunAnalysis &data, const TimelineImage &options, QList<std::pair<QRectF, int>> *hits,
                       QString *error)
{
    const QSize size = options.resolvedSize(data);
    if (const QString problem = imageSizeProblem(size); !problem.isEmpty()) {
        *error = problem;
        return {};
    }
    QByteArray svgText;
    QBuffer buffer(&svgText);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(options.title);
    svg.setDescription(data.findings().join(QLatin1Char(' ')));
    if (!paintInto(svg, data, options, size, hits) || svgText.isEmpty()) {
        *error = QCoreApplication::translate("Export", "the SVG generator failed");
        return {};
    }
    return svgText;
}

} // namespace lockstock
