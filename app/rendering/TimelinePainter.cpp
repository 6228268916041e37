#include "TimelinePainter.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPaintEngine>
#include <QStaticText>
#include <QPainterPath>
#include <array>
#include <cmath>

namespace lockstock {

namespace {
QColor withAlpha(QColor c, int alpha)
{
    c.setAlpha(alpha);
    return c;
}

QFont monoFont(const TimelineTheme &theme, qreal size)
{
    QFont f(QStringLiteral("Noto Sans Mono CJK SC"));
    f.setFamilies({QStringLiteral("Noto Sans Mono CJK SC"), QStringLiteral("DejaVu Sans Mono")});
    f.setPixelSize(qMax(1, qRound(theme.px(size))));
    return f;
}

constexpr qsizetype kHeaderFindings = 6;
// Retry loops of this many refused attempts get one label.
constexpr int kCollapsedRetries = 3;

// Shaping a label costs more than drawing it, and the same labels come back
// frame after frame while scrolling: keep them laid out. The window paints on
// the scene graph's render thread, exports on the GUI thread: one cache each.
// One table per font (a timeline uses a handful): comparing fonts costs
// less than building a key for each label.
struct FontLabels {
    QFont font;
    QHash<QString, QStaticText> byText;
};
thread_local std::vector<FontLabels> labelCache;

qsizetype fontSlot(const QFont &font)
{
    auto it = std::find_if(labelCache.begin(), labelCache.end(), [&font](const FontLabels &l) { return l.font == font; });
    if (it != labelCache.end())
        return it - labelCache.begin();
    labelCache.push_back({font, {}});
    return qsizetype(labelCache.size()) - 1;
}

const QStaticText &laidOut(const QString &text, const QFont &font)
{
    QHash<QString, QStaticText> &labels = labelCache[size_t(fontSlot(font))].byText;
    auto it = labels.constFind(text);
    if (it != labels.cend())
        return *it;
    if (labels.size() > 20000)
        labels.clear();
    QStaticText label(text);
    label.setTextFormat(Qt::PlainText);
    label.setPerformanceHint(QStaticText::AggressiveCaching);
    label.prepare(QTransform(), font);
    return *labels.insert(text, label);
}

// The advance of each printable ASCII character (U+0020 to U+007E) in a font.
using AsciiAdvances = std::array<qreal, 0x7f - 0x20>;

AsciiAdvances asciiAdvances(const QFont &font)
{
    // Asked for by every lane of every frame, of a handful of fonts.
    thread_local std::vector<std::pair<QFont, AsciiAdvances>> tables;
    auto it = std::find_if(tables.begin(), tables.end(), [&font](const auto &t) { return t.first == font; });
    if (it != tables.end())
        return it->second;
    const QFontMetricsF metrics(font);
    AsciiAdvances advances;
    for (char16_t c = 0x20; c < 0x7f; ++c)
        advances[c - 0x20] = std::max<qreal>(0, metrics.horizontalAdvance(QChar(c)));
    return tables.emplace_back(font, advances).second;
}

// The space between a label's text and its box.
QPointF pillPadding(const TimelineTheme &theme)
{
    return {theme.px(6), theme.px(2)};
}

QSizeF pillSize(const QStaticText &label, const TimelineTheme &theme)
{
    const QPointF pad = pillPadding(theme);
    return {label.size().width() + 2 * pad.x(), label.size().height() + 2 * pad.y()};
}

// What a label's sprite looks like: its font (a slot of labelCache), colours, scale and words.
struct SpriteKey {
    qsizetype font;
    QRgb text, fill, border;
    qreal dpr, scale;
    QString label;
    bool operator==(const SpriteKey &) const = default;
};

size_t qHash(const SpriteKey &k, size_t seed = 0)
{
    return qHashMulti(seed, k.font, k.text, k.fill, k.border, k.dpr, k.scale, k.label);
}

// A label (or a pill: a label in a rounded box) drawn once into an image
// and copied from then on: shaping and rasterising its glyphs costs a
// hundred times more than the copy, and while scrolling the same labels
// come back frame after frame. Null when the device is not a raster one
// (SVG gets the shapes and the text themselves).
const QImage *sprite(QPainter &p, const QString &text, const QFont &font, const QColor &textColour, const QColor &fill,
                     const QColor &border, const TimelineTheme &theme)
{
    if (p.paintEngine()->type() != QPaintEngine::Raster)
        return nullptr;
    thread_local QHash<SpriteKey, QImage> cache;
    const qreal dpr = p.device()->devicePixelRatioF();
    const SpriteKey key{fontSlot(font), textColour.rgba(), fill.rgba(), border.rgba(), dpr, theme.scale, text};
    auto it = cache.constFind(key);
    if (it != cache.cend())
        return &*it;
    if (cache.size() > 4000)
        cache.clear();
    const QStaticText &label = laidOut(text, font);
    const bool boxed = fill.alpha() > 0 || border.alpha() > 0;
    const QSizeF size = boxed ? pillSize(label, theme) : label.size();
    QImage image(qCeil(size.width() * dpr) + 2, qCeil(size.height() * dpr) + 2, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    image.fill(Qt::transparent);
    QPainter sp(&image);
    sp.setRenderHint(QPainter::Antialiasing);
    sp.setRenderHint(QPainter::TextAntialiasing);
    if (boxed) {
        sp.setPen(QPen(border, theme.px(1.2)));
        sp.setBrush(fill);
        sp.drawRoundedRect(QRectF(QPointF(0.5, 0.5), size), theme.px(5), theme.px(5));
    }
    sp.setPen(textColour);
    sp.setFont(font);
    sp.drawStaticText((boxed ? pillPadding(theme) : QPointF()) + QPointF(0.5, 0.5), label);
    sp.end();
    return &*cache.insert(key, image);
}

// QPainter's raster engine hands any fill of more than about 96 spans (rows
// of a rectangle, pieces of an antialiased shape) to a thread pool. Waking
// it costs more than the fill itself, and far more on a busy machine, so
// tall areas are filled in strips that stay on this thread.
void fillTall(QPainter &p, const QRectF &r, const QColor &colour)
{
    constexpr qreal kStrip = 64;
    for (qreal top = r.top(); top < r.bottom(); top += kStrip)
        p.fillRect(QRectF(r.left(), top, r.width(), std::min(kStrip, r.bottom() - top)), colour);
}

// Ticks are short vertical bars, thousands a frame. On a raster device they
// are set in a one-pixel-high strip as wide as the plot and stretched over
// their height in one blit (a fill each costs far more); dashed ones are two
// blits with a gap. Other devices (SVG) get a rectangle each.
void fillTicks(QPainter &p, const QList<QLineF> &ticks, qreal width, const QColor &colour, bool dashed)
{
    if (ticks.isEmpty())
        return;
    const int w = std::max(1, qRound(width));
    const int top = qRound(std::min(ticks.first().y1(), ticks.first().y2()));
    const int height = qRound(std::abs(ticks.first().y2() - ticks.first().y1()));
    const int dash = dashed ? std::max(1, height / 3) : height;
    if (p.paintEngine()->type() != QPaintEngine::Raster) {
        for (const QLineF &t : ticks) {
            const int left = qRound(t.x1() - width / 2);
            p.fillRect(QRect(left, top, w, dash), colour);
            if (dashed)
                p.fillRect(QRect(left, top + height - dash, w, dash), colour);
        }
        return;
    }
    int from = std::numeric_limits<int>::max();
    int to = std::numeric_limits<int>::min();
    for (const QLineF &t : ticks) {
        from = std::min(from, qRound(t.x1() - width / 2));
        to = std::max(to, qRound(t.x1() - width / 2) + w);
    }
    QImage strip(to - from, 1, QImage::Format_ARGB32_Premultiplied);
    strip.fill(Qt::transparent);
    QRgb *pixels = reinterpret_cast<QRgb *>(strip.scanLine(0));
    const QRgb rgb = qPremultiply(colour.rgba());
    for (const QLineF &t : ticks) {
        const int left = qRound(t.x1() - width / 2) - from;
        for (int px = left; px < left + w; ++px)
            pixels[px] = rgb;
    }
    p.drawImage(QRect(from, top, strip.width(), dash), strip);
    if (dashed)
        p.drawImage(QRect(from, top + height - dash, strip.width(), dash), strip);
}

// Zoomed out, thousands of slivers of one colour sit side by side and a
// fill call costs more than its pixels: each unbroken run is filled once.
class SliverFill {
public:
    SliverFill(QPainter &p, const QColor &colour) : m_p(p), m_colour(colour) {}
    ~SliverFill() { flush(); }
    SliverFill(const SliverFill &) = delete;
    SliverFill &operator=(const SliverFill &) = delete;

    // Touching rectangles of the same rows join; slivers under a pixel wide
    // join whatever their rows (the steps of the lost-update area).
    void add(const QRectF &r)
    {
        const bool touching = m_open && r.left() <= m_run.right() + 1;
        const bool sameRows = r.top() == m_run.top() && r.bottom() == m_run.bottom();
        if (touching && (sameRows || (r.width() < 1 && m_run.width() < 2))) {
            m_run = m_run.united(r);
            return;
        }
        flush();
        m_run = r;
        m_open = true;
    }
    void flush()
    {
        if (m_open)
            fillTall(m_p, m_run, m_colour);
        m_open = false;
    }

private:
    QPainter &m_p;
    QColor m_colour;
    QRectF m_run;
    bool m_open = false;
};

QString secondsText(double ms)
{
    if (std::abs(ms) < 10)
        return QStringLiteral("%1 ms").arg(ms, 0, 'f', std::abs(ms) < 1 && ms != 0 ? 2 : 1);
    if (std::abs(ms) < 1000)
        return QStringLiteral("%1 ms").arg(qRound(ms));
    return QStringLiteral("%1 s").arg(ms / 1000.0, 0, 'f', std::abs(ms) < 10000 ? 1 : 0);
}

// A tick of the time axis: every tick in one unit, with the decimals its
// step needs ("0.0 ms" beside "0.50 ms" read as two precisions), in seconds
// once the axis reaches one.
QString tickText(double ms, double step, double lastMs)
{
    const bool seconds = lastMs >= 1000;
    const double unitStep = seconds ? step / 1000 : step;
    if (ms == 0)
        ms = 0; // not "-0 ms" for the first tick of a view that starts a hair before 0
    const int decimals = std::max(0, int(-std::floor(std::log10(unitStep) + 1e-9)));
    return seconds ? QStringLiteral("%1 s").arg(ms / 1000, 0, 'f', decimals) : QStringLiteral("%1 ms").arg(ms, 0, 'f', decimals);
}

// 1, 2 or 5 times a power of ten, at least `raw`.
double niceStep(double raw)
{
    const double base = std::pow(10.0, std::floor(std::log10(std::max(raw, 1e-9))));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (base * m >= raw)
            return base * m;
    return base * 10;
}
} // namespace

TimelinePainter::TimelinePainter(const RunAnalysis &data, const TimelineTheme &theme, const RunAnalysis *shape)
    : m_data(data)
    , m_shape(shape ? *shape : data)
    , m_theme(theme)
{
}

qreal TimelinePainter::titleHeight(const QString &title, qreal width) const
{
    const QFontMetricsF metrics(m_theme.font(30, QFont::Bold));
    const qreal w = std::max<qreal>(1, width - 2 * m_theme.px(24));
    return std::max(m_theme.px(40), metrics.boundingRect(QRectF(0, 0, w, 1e6), Qt::TextWordWrap, title).height());
}

qreal TimelinePainter::headerHeight(const QString &title, qreal width) const
{
    return titleHeight(title, width) + m_theme.px(46)
        + m_theme.px(32) * qMax<qsizetype>(1, qMin<qsizetype>(kHeaderFindings, m_shape.verdict.findings.size()));
}

qreal TimelinePainter::minimumLockLane() const
{
    // The bar under a row of pills; with several lock nodes, a readable row
    // for each; the fault pills under them.
    // Independent masters: a row of majority pills above the node rows.
    const qsizetype nodes = m_shape.probed ? m_shape.nodes.size() : 1;
    return m_theme.px(30) + std::max(m_theme.px(48), qreal(nodes) * m_theme.px(26)) + majorityRowHeight()
        + (m_shape.serverFaults.isEmpty() ? m_theme.px(10) : 2 * faultRowHeight() + m_theme.px(4));
}

qreal TimelinePainter::preferredHeight(const TimelineViewport &view, qreal width) const
{
    const TimelineTheme &t = m_theme;
    // Many clients get lanes of their minimum height: a 20-client shot stays a page, not a scroll.
    const qreal lane = m_shape.clientCount() > 6 ? minimumClientLane() + t.px(12) : t.px(158);
    return t.px(34) + std::max(t.px(92), minimumLockLane()) + m_shape.clientCount() * lane + t.px(140)
        + (view.header ? headerHeight(view.title, width) : 0) + (view.legend ? t.px(48) : 0);
}

qreal TimelinePainter::minimumHeight(const TimelineViewport &view, qreal width) const
{
    return m_theme.px(34) + minimumLockLane() + m_shape.clientCount() * minimumClientLane() + minimumStockLane()
        + (view.header ? headerHeight(view.title, width) : 0) + (view.legend ? m_theme.px(48) : 0);
}

double TimelinePainter::fitEndMs(qreal plotWidth) const
{
    const double duration = std::max(1.0, m_shape.durationMs());
    double end = duration * 1.04;
    const QFont labelFont = monoFont(m_theme, 13);
    // A command at t with a label w wide fits when t / end * width + w <= width.
    for (const SharedList<LaneEvent> &lane : m_shape.lanes) {
        int seen = 0;
        for (qsizetype i = lane.size() - 1; i >= 0 && seen < 4; --i) {
            const LaneEvent &le = lane.at(i);
            if (le.kind != EventKind::Command && le.kind != EventKind::Error)
                continue;
            ++seen;
            const Event &e = m_shape.events.at(le.index);
            qreal w = pillSize(laidOut(e.kind == EventKind::Error ? e.note : RunAnalysis::commandText(e), labelFont), m_theme).width();
            if (le.marked)
                w = std::max(w, pillSize(laidOut(m_shape.markTextAt(le.index, MarkPlace::ClientLane), m_theme.font(13, QFont::Bold)), m_theme).width());
            // Past half the plot a label cannot make room for itself: the rest stays as it was.
            if (w + m_theme.px(16) < plotWidth / 2)
                end = std::max(end, m_shape.scenarioMs(le.tNs) * plotWidth / (plotWidth - w - m_theme.px(16)));
        }
    }
    return end;
}

TimelinePainter::Lanes TimelinePainter::layout(const QRectF &area, const TimelineViewport &view) const
{
    Lanes l;
    qreal top = area.top();
    if (view.header) {
        const qreal h = headerHeight(view.title, area.width());
        l.header = QRectF(area.left(), top, area.width(), h);
        top += h;
    }
    qreal bottom = area.bottom();
    if (view.legend) {
        l.legend = QRectF(area.left(), bottom - m_theme.px(48), area.width(), m_theme.px(48));
        bottom = l.legend.top();
    }
    l.axis = QRectF(area.left(), top, area.width(), m_theme.px(34));
    top = l.axis.bottom();
    const qreal rest = bottom - top;
    const int n = qMax(1, m_shape.clientCount());
    // The lock lane holds one bar per node: beyond a comfortable height it only adds empty space.
    // Short of room it gives up its comfort before any client lane goes under its minimum.
    const qreal lock = std::clamp(rest * 0.16, minimumLockLane(),
                                  std::max(minimumLockLane(), std::min(m_theme.px(170), rest - n * minimumClientLane() - minimumStockLane())));
    // Room to spare goes to the clients first; short of room, no lane is crushed
    // below its minimum: the lanes run past the bottom and the view scrolls.
    const qreal stock = std::clamp(rest * 0.2, minimumStockLane(), std::max(minimumStockLane(), rest - lock - n * minimumClientLane()));
    const qreal lane = std::max(minimumClientLane(), (rest - lock - stock) / n);
    l.lock = QRectF(area.left(), top, area.width(), lock);
    top = l.lock.bottom();
    for (int c = 0; c < m_shape.clientCount(); ++c) {
        l.clients << QRectF(area.left(), top, area.width(), lane);
        top += lane;
    }
    l.stock = QRectF(area.left(), top, area.width(), qMax(stock, bottom - top));
    return l;
}

qreal TimelinePainter::placeInRow(qreal rowEnd, qreal want, qreal width, qreal right) const
{
    const qreal at = std::max(want, rowEnd + m_theme.px(6));
    if (at + width <= right)
        return at;
    // Slide left, but not over what the row holds already.
    const qreal back = right - width;
    return back >= rowEnd + m_theme.px(6) && back >= m_bounds.left() ? back : std::numeric_limits<qreal>::quiet_NaN();
}

void TimelinePainter::recordLabel(const QRectF &r, const QString &text, bool onShape)
{
    m_record.labels.append({r, m_bounds, text, onShape});
}

qreal TimelinePainter::xMs(double ms) const
{
    const double span = std::max(1e-9, m_view.endMs - m_view.startMs);
    return m_plot.left() + (ms - m_view.startMs) / span * m_plot.width();
}

qreal TimelinePainter::x(qint64 ns) const
{
    // Called for every item in view: one multiply-add (see paint()).
    return m_xOrigin + double(ns) * m_xPerNs;
}

double TimelinePainter::msAt(qreal px) const
{
    return m_view.startMs + (px - m_plot.left()) / std::max<qreal>(1, m_plot.width()) * (m_view.endMs - m_view.startMs);
}

template <class StartOf>
qsizetype TimelinePainter::skipColumn(qsizetype pos, qsizetype end, const StartOf &startOf) const
{
    // Few in this column: go one by one.
    constexpr qsizetype kDense = 4;
    if (pos + kDense >= end)
        return pos + 1;
    const qreal column = std::floor(x(startOf(pos)));
    if (std::floor(x(startOf(pos + kDense))) != column)
        return pos + 1;
    return std::max(pos + 1, pastColumn(pos + kDense + 1, end, column, startOf) - 1);
}

template <class StartOf>
qsizetype TimelinePainter::pastColumn(qsizetype from, qsizetype end, qreal column, const StartOf &startOf) const
{
    // Galloping from `from`, since a column holds few of a long list, then bisection.
    const qint64 nextColumnNs = m_data.clockNs(msAt(column + 1));
    const auto inColumn = [&](qsizetype i) { return startOf(i) < nextColumnNs && std::floor(x(startOf(i))) <= column; };
    qsizetype lo = from; // the items before lo are in the column
    qsizetype hi = lo;
    for (qsizetype step = 8; hi < end && inColumn(hi); step *= 2) {
        lo = hi + 1;
        hi = std::min(end, lo + step);
    }
    while (lo < hi) {
        const qsizetype mid = lo + (hi - lo) / 2;
        if (inColumn(mid))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

bool TimelinePainter::visible(qint64 fromNs, qint64 toNs) const
{
    return fromNs <= m_cursorNs && x(toNs) >= m_plot.left() - 1 && x(fromNs) <= m_plot.right() + 1;
}

void TimelinePainter::paint(QPainter &p, const QRectF &area, const TimelineViewport &view)
{
    if (!p.isActive())
        return; // a device that could not be opened: nothing to paint on
    m_view = view;
    m_hits.clear();
    m_drawn.clear();
    m_drawnFlags.assign(size_t(m_data.verdict.findings.size()), false);
    m_record = {};
    m_crossLines.clear();
    m_bounds = area;
    m_topRowEnd = -1e9;
    // Nothing after the cursor, nor after the instant the run is analysed at.
    m_cursorNs = std::min(view.cursorMs >= 0 ? m_data.clockNs(view.cursorMs) : std::numeric_limits<qint64>::max(),
                          m_data.finished ? std::numeric_limits<qint64>::max() : m_data.endNs);
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    fillTall(p, area, m_theme.background);

    const Lanes lanes = layout(area, view);
    m_plot = QRectF(area.left() + gutterWidth(m_theme), lanes.axis.top(), area.width() - gutterWidth(m_theme) - m_theme.px(16),
                    lanes.stock.bottom() - lanes.axis.top());
    // x(ns) = xMs(scenarioMs(ns)), which is linear in ns.
    m_xOrigin = xMs(0);
    m_xPerNs = xMs(m_data.scenarioMs(1'000'000'000)) / 1e9 - m_xOrigin / 1e9;
    if (view.header)
        paintHeader(p, lanes.header);
    m_record.lanes.append({lanes.lock, minimumLockLane(), tr("Redis")});
    for (int c = 0; c < lanes.clients.size(); ++c)
        m_record.lanes.append({lanes.clients.at(c), minimumClientLane(), m_data.info.clients.value(c)});
    m_record.lanes.append({lanes.stock, minimumStockLane(), tr("Stock")});

    // Lane backgrounds and the gutter first, grid over them, data on top.
    const QList<QRectF> all = QList<QRectF>{lanes.lock} + lanes.clients + QList<QRectF>{lanes.stock};
    for (int i = 0; i < all.size(); ++i)
        fillTall(p, all.at(i), i % 2 ? m_theme.laneAlternate : m_theme.background);
    fillTall(p, QRectF(area.left(), lanes.axis.top(), gutterWidth(m_theme), lanes.stock.bottom() - lanes.axis.top()), m_theme.gutter);
    const QRectF cursorColumn(m_plot.left(), lanes.axis.top(), m_plot.width(), lanes.stock.bottom() - lanes.axis.top());
    m_cursorLabel = cursorLabel(cursorColumn);
    paintAxis(p, lanes.axis, QRectF(m_plot.left(), lanes.lock.top(), m_plot.width(), lanes.stock.bottom() - lanes.lock.top()));

    p.save();
    m_bounds = QRectF(m_plot.left() - m_theme.px(2), m_plot.top(), m_plot.width() + m_theme.px(18), m_plot.height());
    p.setClipRect(m_bounds);
    paintOverlaps(p, lanes);
    paintLockLane(p, lanes.lock);
    paintServerFaults(p, lanes);
    for (int c = 0; c < lanes.clients.size(); ++c)
        paintClientLane(p, lanes.clients.at(c), c);
    paintStockLane(p, lanes.stock);
    paintCrossLines(p);
    p.restore();
    m_bounds = area;

    if (m_shape.probed && m_shape.nodes.size() > 1) {
        // Each node's name beside its row, right of the lane's own title.
        const QList<QRectF> rows = lockNodeRows(lanes.lock);
        const QFont font = m_theme.font(std::min<qreal>(12, rows.first().height() / m_theme.scale * 0.7), QFont::DemiBold);
        const QFontMetricsF metrics(font);
        const qreal w = m_theme.px(48);
        QStringList shown;
        qreal widest = 0;
        for (qsizetype i = 0; i < rows.size(); ++i) {
            shown << metrics.elidedText(m_data.info.nodes.value(i), Qt::ElideMiddle, w);
            widest = std::max(widest, metrics.horizontalAdvance(shown.last()));
        }
        const qreal right = m_plot.left() - m_theme.px(4);
        paintGutterLabel(p, lanes.lock, tr("Redis"), QString::fromUtf8(m_data.info.lockKey), m_theme.text,
                         QRectF(right - widest, rows.first().top(), widest, rows.last().bottom() - rows.first().top()));
        for (qsizetype i = 0; i < rows.size(); ++i)
            label(p, QRectF(right - w, rows.at(i).top(), w, rows.at(i).height()), Qt::AlignRight | Qt::AlignVCenter, shown.at(i), font,
                  m_theme.mutedText);
    } else {
        paintGutterLabel(p, lanes.lock, tr("Redis"), QString::fromUtf8(m_data.info.lockKey), m_theme.text);
    }
    for (int c = 0; c < lanes.clients.size(); ++c)
        paintGutterLabel(p, lanes.clients.at(c), m_data.info.clients.value(c), tr("client"), m_theme.client(c));
    paintGutterLabel(p, lanes.stock, tr("Stock"), QString::fromUtf8(m_data.info.stockKey), m_theme.text);
    for (const QRectF &r : all) {
        p.setPen(QPen(m_theme.grid, 1));
        p.drawLine(QPointF(area.left(), r.bottom()), QPointF(area.right(), r.bottom()));
    }
    if (view.cursorMs >= 0)
        paintCursor(p, cursorColumn);
    if (view.legend)
        paintLegend(p, lanes.legend);
    p.restore();
}

void TimelinePainter::paintHeader(QPainter &p, const QRectF &r)
{
    const qreal pad = m_theme.px(24);
    p.setPen(m_theme.text);
    p.setFont(m_theme.font(30, QFont::Bold));
    // A long title wraps onto more lines: the header grew for it (headerHeight()).
    QRectF line(r.left() + pad, r.top() + m_theme.px(14), r.width() - 2 * pad, titleHeight(m_view.title, r.width()));
    QRectF used;
    p.drawText(line, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, m_view.title, &used);
    recordLabel(used, m_view.title);
    line.translate(0, line.height());
    line.setHeight(m_theme.px(28));
    const QFont subtitle = m_theme.font(18);
    label(p, line, Qt::AlignLeft | Qt::AlignVCenter, QFontMetricsF(subtitle).elidedText(m_view.subtitle, Qt::ElideRight, line.width()),
          subtitle, m_theme.mutedText);
    line.translate(0, m_theme.px(32));
    line.setHeight(m_theme.px(32));
    const QFont font = m_theme.font(22, QFont::DemiBold);
    // As many lines as the whole run's verdict takes: an instant of it says what was found by then.
    const QList<Finding> &findings = m_data.verdict.findings;
    const qsizetype lines = qMin<qsizetype>(kHeaderFindings, qMax<qsizetype>(1, m_shape.verdict.findings.size()));
    for (qsizetype i = 0; i < qMin<qsizetype>(lines, findings.size()); ++i) {
        const QColor c = m_theme.severity(findings.at(i).severity);
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        p.drawEllipse(QPointF(line.left() + m_theme.px(7), line.center().y()), m_theme.px(6), m_theme.px(6));
        const QRectF text = line.adjusted(m_theme.px(22), 0, 0, 0);
        label(p, text, Qt::AlignLeft | Qt::AlignVCenter,
              QFontMetricsF(font).elidedText(findings.at(i).sentence(m_data.info), Qt::ElideRight, text.width()), font, c);
        line.translate(0, m_theme.px(32));
    }
}

void TimelinePainter::paintAxis(QPainter &p, const QRectF &r, const QRectF &column)
{
    p.fillRect(r, m_theme.gutter);
    const double span = m_view.endMs - m_view.startMs;
    const double step = niceStep(span / std::max<qreal>(1, m_plot.width() / m_theme.px(120)));
    p.setFont(m_theme.font(14));
    const double first = std::ceil(m_view.startMs / step) * step;
    const double last = first + std::floor((m_view.endMs - first) / step) * step;
    for (double t = first; t <= m_view.endMs; t += step) {
        const qreal px = std::round(xMs(t));
        // Tall antialiased lines are rasterized as shapes (on a thread pool); aliased hairlines are not.
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(QPen(m_theme.grid, 0));
        p.drawLine(QPointF(px, column.top()), QPointF(px, column.bottom()));
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(QPen(m_theme.mutedText, 1));
        p.drawLine(QPointF(px, r.bottom() - m_theme.px(6)), QPointF(px, r.bottom()));
        // Centred on its tick, kept inside the area at the right edge; the
        // replay cursor's time goes first (the tick's words give way to it).
        const QString text = tickText(t, step, last);
        const QSizeF size = laidOut(text, m_theme.font(14)).size();
        const qreal centre = std::min(px, r.right() - size.width() / 2 - m_theme.px(2));
        const QRectF box(centre - m_theme.px(60), r.top(), m_theme.px(120), r.height() - m_theme.px(6));
        const QRectF words(centre - size.width() / 2, box.center().y() - size.height() / 2, size.width(), size.height());
        if (!words.adjusted(-m_theme.px(3), 0, m_theme.px(3), 0).intersects(m_cursorLabel))
            label(p, box, Qt::AlignCenter, text, m_theme.font(14), m_theme.mutedText);
    }
    const QFont font = m_theme.font(13);
    const qreal w = gutterWidth(m_theme) - m_theme.px(24);
    label(p, QRectF(r.left() + m_theme.px(12), r.top(), w, r.height()), Qt::AlignLeft | Qt::AlignVCenter,
          QFontMetricsF(font).elidedText(tr("scenario time"), Qt::ElideRight, w), font, m_theme.mutedText);
}

void TimelinePainter::paintGutterLabel(QPainter &p, const QRectF &lane, const QString &title, const QString &subtitle,
                                       const QColor &colour, const QRectF &keepClear)
{
    const QRectF g(lane.left() + m_theme.px(14), lane.top() + m_theme.px(8), gutterWidth(m_theme) - m_theme.px(22), lane.height() - m_theme.px(16));
    const QFont big = m_theme.font(22, QFont::Bold);
    // Elided in the middle: names too long for the gutter share their start
    // (a watched program's connections, "python3:7117/c0", "…/c1") and differ at the end.
    const QString shown = QFontMetricsF(big).elidedText(title, Qt::ElideMiddle, g.width());
    // A CJK fallback font's line is taller than the Latin one's: the subtitle goes below the title as laid out.
    const qreal titleHeight = std::max(m_theme.px(30), laidOut(shown, big).size().height());
    label(p, QRectF(g.left(), g.top(), g.width(), titleHeight), Qt::AlignLeft | Qt::AlignVCenter, shown, big, colour);
    const QFont small = m_theme.font(13);
    QRectF line(g.left(), g.top() + titleHeight, g.width(), m_theme.px(20));
    // Shortened only where it would run into the node names beside the lane's rows.
    if (keepClear.isValid() && line.bottom() > keepClear.top() && line.top() < keepClear.bottom())
        line.setRight(keepClear.left() - m_theme.px(4));
    const qreal w = line.width();
    label(p, line, Qt::AlignLeft | Qt::AlignVCenter,
          QFontMetricsF(small).elidedText(subtitle, Qt::ElideMiddle, w), small, m_theme.mutedText);
}

QRectF TimelinePainter::pill(QPainter &p, const QPointF &topLeft, const QString &text, const QColor &border,
                             const QColor &fill, const QColor &textColour, const QFont &font)
{
    const QStaticText &label = laidOut(text, font);
    const QRectF r(topLeft, pillSize(label, m_theme));
    recordLabel(r, text);
    if (const QImage *image = sprite(p, text, font, textColour, fill, border, m_theme)) {
        p.drawImage(QPointF(std::round(topLeft.x()) - 0.5, std::round(topLeft.y()) - 0.5), *image);
        return r;
    }
    p.setPen(QPen(border, m_theme.px(1.2)));
    p.setBrush(fill);
    p.drawRoundedRect(r, m_theme.px(5), m_theme.px(5));
    p.setPen(textColour);
    p.setFont(font);
    p.drawStaticText(r.topLeft() + pillPadding(m_theme), label);
    return r;
}

void TimelinePainter::label(QPainter &p, const QRectF &box, Qt::Alignment align, const QString &text, const QFont &font,
                            const QColor &colour, bool onShape)
{
    if (text.isEmpty()) // e.g. no subtitle: nothing to draw or to lay out
        return;
    const QSizeF size = laidOut(text, font).size();
    const qreal left = align & Qt::AlignHCenter ? box.center().x() - size.width() / 2
        : align & Qt::AlignRight                ? box.right() - size.width()
                                                : box.left();
    const qreal top = align & Qt::AlignVCenter ? box.center().y() - size.height() / 2 : box.top();
    recordLabel(QRectF(QPointF(left, top), size), text, onShape);
    if (const QImage *image = sprite(p, text, font, colour, Qt::transparent, Qt::transparent, m_theme)) {
        p.drawImage(QPointF(std::round(left) - 0.5, std::round(top) - 0.5), *image);
        return;
    }
    p.setPen(colour);
    p.setFont(font);
    p.drawStaticText(QPointF(left, top), laidOut(text, font));
}

void TimelinePainter::hatch(QPainter &p, const QRectF &r, const QColor &colour)
{
    p.save();
    p.setClipRect(r, Qt::IntersectClip);
    p.setPen(QPen(colour, m_theme.px(2)));
    const qreal gap = m_theme.px(9);
    for (qreal x0 = r.left() - r.height(); x0 < r.right(); x0 += gap)
        p.drawLine(QPointF(x0, r.bottom()), QPointF(x0 + r.height(), r.top()));
    p.restore();
}

QColor TimelinePainter::drew(const Finding *finding)
{
    // Every finding drawn is one of the verdict's: its place there says whether it was drawn already.
    const qsizetype i = finding - m_data.verdict.findings.constData();
    if (!m_drawnFlags.at(size_t(i))) {
        m_drawnFlags.at(size_t(i)) = true;
        m_drawn << finding;
    }
    return m_theme.severity(finding->severity);
}

const Finding *TimelinePainter::drewMarksOf(int event, MarkPlace place)
{
    const Finding *first = nullptr;
    for (auto m = m_data.firstMarkOf(event); m != m_data.marks.cend() && m->event == event; ++m) {
        const Finding *f = m->place() == place ? m_data.verdict.findingOf(*m) : nullptr;
        if (!f)
            continue;
        drew(f);
        m_record.marks.append({{f->kind, f->actor, f->other}, event, {}});
        first = first ? first : f;
    }
    return first;
}

void TimelinePainter::drewBand(const Finding &finding, const Span &span)
{
    drew(&finding);
    m_record.marks.append({{finding.kind, finding.actor, finding.other}, -1, span});
}

void TimelinePainter::paintOverlaps(QPainter &p, const Lanes &lanes)
{
    for (const Finding &f : m_data.verdict.findings) {
        if (f.kind != FindingKind::Overlap)
            continue;
        const bool harmless = f.severity == Severity::Harmless;
        for (const Span &o : f.spans) {
            if (!visible(o.startNs, o.endNs))
                continue;
            drewBand(f, o);
            const QColor colour = m_theme.severity(f.severity);
            const qreal x0 = x(o.startNs);
            const qreal x1 = x(std::min(o.endNs, m_cursorNs));
            const QRectF band(x0, lanes.lock.top(), std::max<qreal>(x1 - x0, m_theme.px(2)), lanes.stock.top() - lanes.lock.top());
            fillTall(p, band, harmless ? m_theme.harmlessFill : m_theme.raceFill);
            const QPen edge(colour, m_theme.px(1.5), Qt::DashLine);
            crossLanes(band.left(), band.top(), band.bottom(), edge);
            crossLanes(band.right(), band.top(), band.bottom(), edge);
            const QString a = m_data.info.clients.value(f.actor);
            const QString b = m_data.info.clients.value(f.other);
            // The long sentence where it fits, else the short one; overlaps in a row share the pill row.
            const QFont font = m_theme.font(13, QFont::Bold);
            for (const QString &text : {harmless ? tr("%1 and %2 both hold the lock: fencing makes it harmless").arg(a, b)
                                                 : tr("%1 and %2 both hold the lock").arg(a, b),
                                        tr("%1 + %2").arg(a, b)}) {
                const qreal w = pillSize(laidOut(text, font), m_theme).width();
                const qreal at = placeInRow(m_topRowEnd, std::max(x0 + m_theme.px(4), m_bounds.left()), w, m_bounds.right());
                if (std::isnan(at))
                    continue;
                m_topRowEnd = pill(p, QPointF(at, lanes.lock.top() + m_theme.px(3)), text, colour, colour,
                                   harmless ? m_theme.background : QColor(Qt::white), font).right();
                break;
            }
        }
    }
}

qreal TimelinePainter::faultRowHeight() const
{
    return pillSize(laidOut(QStringLiteral("n"), m_theme.font(12, QFont::Bold)), m_theme).height() + m_theme.px(3);
}

void TimelinePainter::paintServerFaults(QPainter &p, const Lanes &lanes)
{
    // A line through every lane where a redis-server was killed, paused,
    // restarted...; its label at the foot of the Redis lane, on two rows
    // under the lease bars.
    const QFont font = m_theme.font(12, QFont::Bold);
    const qreal rowHeight = faultRowHeight();
    std::array<qreal, 2> rowEnd{-1e9, -1e9};
    for (const int index : m_data.serverFaults) {
        const Event &e = m_data.events.at(index);
        if (!visible(e.tNs, e.tNs))
            continue;
        const qreal ex = x(e.tNs);
        crossLanes(ex, lanes.lock.top(), lanes.stock.top(), QPen(m_theme.warning, m_theme.px(1.5), Qt::DashLine));
        const QString note = m_data.noteText(e);
        const qreal w = pillSize(laidOut(note, font), m_theme).width();
        int row = -1;
        qreal at = 0;
        for (int i = 0; i < 2; ++i) {
            const qreal candidate = placeInRow(rowEnd[size_t(i)], ex + m_theme.px(3), w, m_bounds.right());
            if (!std::isnan(candidate) && (row < 0 || candidate < at)) {
                row = i;
                at = candidate;
            }
        }
        if (row < 0)
            continue; // the line shows it; its words are a click away
        const QRectF r = pill(p, QPointF(at, lanes.lock.bottom() - (2 - qreal(row)) * rowHeight), note, m_theme.warning,
                              m_theme.background, m_theme.text, font);
        rowEnd[size_t(row)] = r.right();
        m_hits.append({r, index});
    }
}

QRectF TimelinePainter::lockBar(const QRectF &lane) const
{
    // Under the row of overlap pills; above the two rows of fault pills when there are faults.
    const qreal bottom = m_shape.serverFaults.isEmpty() ? m_theme.px(10) : 2 * faultRowHeight() + m_theme.px(4);
    return {m_plot.left(), lane.top() + m_theme.px(30), m_plot.width(), lane.height() - m_theme.px(30) - bottom};
}

void TimelinePainter::paintLockLane(QPainter &p, const QRectF &r)
{
    const QRectF bar = lockBar(r);
    bool held = false;
    for (const LockNode &node : m_data.nodes)
        held = held || node.holdingCount() > 0;
    const auto sayInstead = [&](const QRectF &where, const QString &text) {
        const QFont font = m_theme.font(std::min<qreal>(14, where.height() / m_theme.scale * 0.6));
        const QRectF box = where.adjusted(m_theme.px(8), 0, 0, 0).intersected(m_bounds);
        if (m_data.finished)
            label(p, box, Qt::AlignLeft | Qt::AlignVCenter, QFontMetricsF(font).elidedText(text, Qt::ElideRight, box.width() - 1), font,
                  m_theme.mutedText);
    };
    const QString neverHeld = tr("no client ever held the lock in Redis");
    if (!m_shape.probed) {
        sayInstead(bar, tr("this run did not read the lock back from Redis: the clients' beliefs are below"));
    } else if (m_shape.nodes.size() == 1) {
        if (!held && m_data.finished)
            sayInstead(bar, neverHeld);
        else
            paintLockNode(p, bar, r, m_data.nodes.first());
    } else {
        // One row per lock node: which node granted the lock to whom, and
        // when it let go; what each went through (down...) even when no one
        // ever held the lock, said then on a row with nothing else to say.
        const QList<QRectF> rows = lockNodeRows(r);
        for (qsizetype i = 0; i < rows.size(); ++i)
            paintLockNode(p, rows.at(i), r, m_data.nodes.at(i));
        if (majorityRowHeight() > 0)
            paintMajorities(p, r, rows);
        if (!held && m_data.finished) {
            for (qsizetype i = 0; i < rows.size(); ++i) {
                const LockNode &node = m_data.nodes.at(i);
                if (node.outages.isEmpty() && node.changes.isEmpty() && node.clock.isEmpty() && node.masterSinceNs < 0) {
                    sayInstead(rows.at(i), neverHeld);
                    break;
                }
            }
        }
    }
    // Where the lock outlived its owner's use of it: boxed on the lock lane.
    const auto spanText = [this](const Finding &f) {
        const QString a = m_data.info.clients.value(f.actor);
        switch (f.kind) {
        case FindingKind::StuckLock: return tr("no TTL: stuck after %1 crashed").arg(a);
        case FindingKind::KeptAlive: return tr("%1 keeps dead %2's lock alive").arg(m_data.info.clients.value(f.other), a);
        case FindingKind::LeftLocked: return tr("%1 let go, the lock stays").arg(a);
        default: return QString();
        }
    };
    for (const Finding &f : m_data.verdict.findings) {
        const QString text = spanText(f);
        if (text.isEmpty())
            continue;
        for (const Span &s : f.spans) {
            if (!visible(s.startNs, s.endNs))
                continue;
            drewBand(f, s);
            const QColor colour = m_theme.severity(f.severity);
            const QRectF sr(x(s.startNs), bar.top(), x(std::min(s.endNs, m_cursorNs)) - x(s.startNs), bar.height());
            p.setPen(QPen(colour, m_theme.px(2.5)));
            p.setBrush(Qt::NoBrush);
            p.drawRect(sr);
            const QFont font = m_theme.font(13, QFont::Bold);
            const qreal at = placeInRow(m_topRowEnd, std::max(sr.left() + m_theme.px(6), m_bounds.left()),
                                        pillSize(laidOut(text, font), m_theme).width(), m_bounds.right());
            if (!std::isnan(at))
                m_topRowEnd = pill(p, QPointF(at, r.top() + m_theme.px(4)), text, colour, colour, Qt::white, font).right();
        }
    }
}

qreal TimelinePainter::majorityRowHeight() const
{
    // RedLock counts a quorum of independent masters; a master with replicas has none.
    return m_shape.probed && m_shape.nodes.size() > 2 && !m_shape.info.replicated ? faultRowHeight() : 0;
}

void TimelinePainter::paintMajorities(QPainter &p, const QRectF &lane, const QList<QRectF> &rows)
{
    // Where a client's lock came to be on a quorum of nodes: a line down
    // through the node rows and "3 of 5: A" above them. Two of these while
    // the first lease runs are two holders.
    const QFont font = m_theme.font(12, QFont::Bold);
    const qreal top = lockBar(lane).top();
    qreal rowEnd = -1e9;
    for (const Majority &m : m_data.majorities) {
        if (!visible(m.tNs, m.tNs))
            continue;
        const QColor colour = m_theme.client(m.client);
        const qreal mx = x(m.tNs);
        p.setPen(QPen(colour, m_theme.px(2.5)));
        p.drawLine(QPointF(mx, top), QPointF(mx, rows.last().bottom()));
        const QString text = tr("%1 of %2: %3").arg(m.nodes).arg(m.of).arg(m_data.info.clients.value(m.client));
        const qreal at = placeInRow(rowEnd, std::max(mx + m_theme.px(3), m_bounds.left()),
                                    pillSize(laidOut(text, font), m_theme).width(), m_bounds.right());
        if (std::isnan(at))
            continue; // the line shows it
        rowEnd = pill(p, QPointF(at, top), text, colour, colour, Qt::white, font).right();
    }
}

QList<QRectF> TimelinePainter::lockNodeRows(const QRectF &lane) const
{
    const QRectF bar = lockBar(lane).adjusted(0, majorityRowHeight(), 0, 0);
    const qsizetype n = m_shape.nodes.size();
    const qreal gap = m_theme.px(2);
    const qreal row = (bar.height() - gap * qreal(n - 1)) / qreal(n);
    QList<QRectF> out;
    for (qsizetype i = 0; i < n; ++i)
        out << QRectF(bar.left(), bar.top() + qreal(i) * (row + gap), bar.width(), row);
    return out;
}

void TimelinePainter::paintLockNode(QPainter &p, const QRectF &bar, const QRectF &lane, const LockNode &node)
{
    const double lease = std::max<double>(1, double(m_data.leaseNs));
    const qint64 fromNs = m_data.clockNs(m_view.startMs);
    // Holdings of one node follow each other: the first visible one ends after the view begins.
    qsizetype first = std::lower_bound(node.holdings.cbegin(), node.holdings.cend(), fromNs,
                                       [](const Holding &h, qint64 t) { return h.span.endNs < t; }).index();
    const QFont whoFont = m_theme.font(std::min<qreal>(15, bar.height() / m_theme.scale * 0.6), QFont::Bold);
    qreal lastColumn = -1e9;
    // Holdings too narrow for a lease shape are a block each, one per pixel
    // column: collected in a one-pixel-high strip, stretched over the bar in
    // a single blit (a fill per column costs far more).
    const int stripLeft = qFloor(m_plot.left());
    QImage strip(std::max(1, qCeil(m_plot.right()) - stripLeft + 2), 1, QImage::Format_ARGB32_Premultiplied);
    strip.fill(Qt::transparent);
    bool narrow = false;
    qreal expiredEnd = -1e9;
    // The node's own state (down, stopped, master...) keeps its words clear of the holders' names.
    const QList<std::pair<QRectF, QString>> states = nodeStateLabels(bar, node);
    const qsizetype count = node.holdingCount();
    const auto startOf = [&node](qsizetype i) { return node.holding(i).span.startNs; };
    for (qsizetype i = first; i < count; i = skipColumn(i, count, startOf)) {
        const Holding &h = node.holding(i);
        const qint64 spanEnd = i < node.holdings.size() ? h.span.endNs : m_data.endNs;
        if (h.span.startNs > m_cursorNs || x(h.span.startNs) > m_plot.right() + 1)
            break;
        if (!visible(h.span.startNs, spanEnd))
            continue;
        const qint64 endNs = std::min(spanEnd, m_cursorNs);
        const QColor c = m_theme.client(h.owner);
        if (x(endNs) - x(h.span.startNs) < m_theme.px(12)) {
            // Too narrow for a lease shape: a plain block, one per pixel column.
            const qreal column = std::floor(x(h.span.startNs));
            if (column != lastColumn) {
                const QRgb rgb = qPremultiply(withAlpha(c, 170).rgba());
                const int from = std::max(0, int(column) - stripLeft);
                const int to = std::min(strip.width(), int(std::ceil(std::max(column + 1, x(endNs)))) - stripLeft);
                QRgb *pixels = reinterpret_cast<QRgb *>(strip.scanLine(0));
                for (int px = from; px < to; ++px)
                    pixels[px] = rgb;
                narrow = true;
            }
            lastColumn = column;
            continue;
        }
        const QRectF whole(x(h.span.startNs), bar.top(), std::max<qreal>(1, x(endNs) - x(h.span.startNs)), bar.height());
        p.setPen(Qt::NoPen);
        p.setBrush(withAlpha(c, m_theme.isDark ? 60 : 42));
        p.drawRect(whole);
        // The lease: remaining TTL as height, falling with time, jumping back on renewal.
        QPainterPath leaseShape;
        bool noTtl = false;
        const qsizetype ttlEnd = i < node.holdings.size() ? h.ttlEnd : node.ttl.size();
        for (qsizetype k = h.ttlFirst; k < ttlEnd; ++k) {
            const TtlSample sample = node.ttl.at(k);
            if (sample.tNs > endNs)
                break;
            const qint64 until = std::min(k + 1 < ttlEnd ? node.ttl.at(k + 1).tNs : spanEnd, endNs);
            if (sample.ttlNs == kNoTtl) {
                // Full and hatched in the holder's colour: it never runs out. Red
                // is what went wrong; a lock without TTL is that only once its
                // holder is gone (a stuck lock, boxed in red).
                noTtl = true;
                const QRectF nr(x(sample.tNs), bar.top(), x(until) - x(sample.tNs), bar.height());
                p.fillRect(nr, withAlpha(c, m_theme.isDark ? 110 : 90));
                hatch(p, nr, c);
                continue;
            }
            const auto height = [&](qint64 at) { return bar.height() * std::clamp(double(node.ttlAt(k, at)) / lease, 0.0, 1.0); };
            leaseShape.moveTo(x(sample.tNs), bar.bottom());
            leaseShape.lineTo(x(sample.tNs), bar.bottom() - height(sample.tNs));
            leaseShape.lineTo(x(until), bar.bottom() - height(until));
            leaseShape.lineTo(x(until), bar.bottom());
            leaseShape.closeSubpath();
        }
        p.setBrush(withAlpha(c, m_theme.isDark ? 200 : 170));
        p.drawPath(leaseShape);
        p.setPen(QPen(c, m_theme.px(2)));
        p.setBrush(Qt::NoBrush);
        p.drawRect(whole);
        // Its expiry first, at its right end: the holder's name goes in what is left of the visible part.
        const QRectF shown = whole.intersected(m_bounds);
        qreal nameRight = shown.right();
        if (h.expired && h.span.endNs <= m_cursorNs && i < node.holdings.size()) {
            const qreal ex = x(h.span.endNs);
            p.setPen(QPen(m_theme.warning, m_theme.px(2.5)));
            p.drawLine(QPointF(ex, lane.top() + m_theme.px(26)), QPointF(ex, bar.bottom()));
            // Left of the line, over the lease that has just run out: the top row is for the overlaps.
            const QFont font = m_theme.font(12, QFont::Bold);
            const QString expired = tr("TTL expired");
            const qreal w = pillSize(laidOut(expired, font), m_theme).width();
            const qreal at = ex - w - m_theme.px(3);
            if (at >= expiredEnd + m_theme.px(6) && at >= m_bounds.left() && ex <= m_bounds.right()) {
                expiredEnd = pill(p, QPointF(at, bar.top() + std::min(m_theme.px(3), bar.height() / 8)), expired, m_theme.warning,
                                  m_theme.warning, m_theme.isDark ? QColor(0x111111) : Qt::white, font).right();
                nameRight = std::min(nameRight, at - m_theme.px(4));
            }
        }
        for (const auto &[r, text] : states)
            if (r.right() > shown.left() && r.left() < nameRight)
                nameRight = std::min(nameRight, r.left() - m_theme.px(4));
        for (const NodeOutage &o : node.outages)
            if (x(o.span.startNs) > shown.left())
                nameRight = std::min(nameRight, x(o.span.startNs) - m_theme.px(4));
        const QString who = h.owner >= 0 ? m_data.info.clients.value(h.owner) : QString::fromUtf8(h.token);
        const QString text = noTtl ? tr("%1 holds it, no TTL").arg(who) : tr("%1 holds it").arg(who);
        if (laidOut(text, whoFont).size().width() + m_theme.px(12) < nameRight - shown.left())
            label(p, QRectF(shown.left() + m_theme.px(6), shown.top(), nameRight - shown.left(), shown.height()),
                  Qt::AlignLeft | Qt::AlignVCenter, text, whoFont, m_theme.isDark ? m_theme.text : QColor(0x111111), true);
    }
    if (narrow)
        p.drawImage(QRectF(stripLeft, bar.top(), strip.width(), bar.height()), strip);
    paintNodeState(p, bar, node, states);
}

QList<std::pair<QRectF, QString>> TimelinePainter::nodeStateLabels(const QRectF &bar, const LockNode &node) const
{
    // Each outage says what it is at its start, a set-apart clock from when it was
    // set; a master says so where it became one.
    const QFont font = m_theme.font(std::min<qreal>(12, bar.height() / m_theme.scale * 0.55), QFont::DemiBold);
    QList<std::pair<QRectF, QString>> out;
    const auto place = [&](qint64 fromNs, qint64 toNs, const QString &text) {
        if (!visible(fromNs, toNs))
            return;
        const qreal left = std::max(x(fromNs), m_plot.left()) + m_theme.px(4);
        const qreal right = std::min({x(toNs), m_plot.right(), x(m_cursorNs)});
        const QSizeF size = laidOut(text, font).size();
        const QRectF r(left, bar.center().y() - size.height() / 2, size.width(), size.height());
        if (r.right() > right - m_theme.px(2))
            return; // too short for its words: the shading says it
        for (const auto &[placed, words] : std::as_const(out))
            if (placed.adjusted(-m_theme.px(6), 0, m_theme.px(6), 0).intersects(r))
                return;
        out.append({r, text});
    };
    // What the node cannot do first; its role where there is room.
    for (const NodeOutage &o : node.outages) {
        const qint64 end = o.span.endNs < 0 ? m_data.endNs : o.span.endNs;
        switch (o.condition) {
        case NodeOutage::Condition::Down: place(o.span.startNs, end, tr("down")); break;
        case NodeOutage::Condition::Stopped: place(o.span.startNs, end, tr("paused")); break;
        case NodeOutage::Condition::Isolated: place(o.span.startNs, end, tr("cut off")); break;
        case NodeOutage::Condition::Stalled: place(o.span.startNs, end, tr("stalled")); break;
        }
    }
    // Its clock where a fault set it apart from the run's: what the node's keys expire by.
    for (qsizetype i = 0; i < node.clock.size(); ++i) {
        const NodeClock &c = node.clock.at(i);
        QStringList words;
        if (c.offsetMs != 0)
            words << tr("clock %1%2 s").arg(c.offsetMs > 0 ? QStringLiteral("+") : QString())
                         .arg(QString::number(double(c.offsetMs) / 1000.0));
        if (c.ratePermille != 1000)
            words << (c.ratePermille > 1000 ? tr("clock %1 % fast") : tr("clock %1 % slow"))
                         .arg(qRound(std::abs(c.ratePermille - 1000) / 10.0));
        if (!words.isEmpty())
            place(c.tNs, i + 1 < node.clock.size() ? node.clock.at(i + 1).tNs : m_data.endNs, words.join(QStringLiteral(", ")));
    }
    if (node.masterSinceNs >= 0)
        place(node.masterSinceNs, node.masterUntilNs < 0 ? m_data.endNs : node.masterUntilNs, tr("master"));
    return out;
}

void TimelinePainter::paintNodeState(QPainter &p, const QRectF &bar, const LockNode &node,
                                     const QList<std::pair<QRectF, QString>> &labels)
{
    // Down, stopped or cut off: greyed and hatched over whatever it held.
    for (const NodeOutage &o : node.outages) {
        const qint64 end = std::min(o.span.endNs < 0 ? m_data.endNs : o.span.endNs, m_cursorNs);
        if (!visible(o.span.startNs, end))
            continue;
        const QRectF r(x(o.span.startNs), bar.top(), std::max<qreal>(m_theme.px(2), x(end) - x(o.span.startNs)), bar.height());
        p.fillRect(r, withAlpha(m_theme.mutedText, m_theme.isDark ? 90 : 70));
        hatch(p, r, withAlpha(m_theme.mutedText, 150));
    }
    // The master clients lock on: a band under its row.
    if (node.masterSinceNs >= 0) {
        const qint64 end = std::min(node.masterUntilNs < 0 ? m_data.endNs : node.masterUntilNs, m_cursorNs);
        if (visible(node.masterSinceNs, end))
            p.fillRect(QRectF(x(node.masterSinceNs), bar.bottom() - m_theme.px(3), x(end) - x(node.masterSinceNs), m_theme.px(3)),
                       m_theme.text);
    }
    // A restart that lost the data, a promotion, a clock jump: a tick at the moment.
    for (const NodeChange &c : node.changes) {
        if (!visible(c.tNs, c.tNs))
            continue;
        const bool lost = c.action == ServerAction::Restart && !c.dataKept;
        p.setPen(QPen(m_theme.warning, m_theme.px(lost ? 3 : 2)));
        p.drawLine(QPointF(x(c.tNs), bar.top()), QPointF(x(c.tNs), bar.bottom()));
    }
    const QFont font = m_theme.font(std::min<qreal>(12, bar.height() / m_theme.scale * 0.55), QFont::DemiBold);
    for (const auto &[r, text] : labels) {
        p.fillRect(r.adjusted(-m_theme.px(2), 0, m_theme.px(2), 0), withAlpha(m_theme.background, 210));
        label(p, r, Qt::AlignLeft | Qt::AlignVCenter, text, font, m_theme.text, true);
    }
}

QRectF TimelinePainter::workBar(qint64 fromNs, qint64 toNs, qreal base) const
{
    return {x(fromNs), base - m_theme.px(5), std::max<qreal>(1, x(toNs) - x(fromNs)), m_theme.px(10)};
}

void TimelinePainter::paintClientLane(QPainter &p, const QRectF &r, int client)
{
    const QColor colour = m_theme.client(client);
    const qreal beliefTop = r.top() + m_theme.px(8);
    const qreal beliefHeight = m_theme.px(20);
    const qreal base = r.top() + m_theme.px(50);

    // Belief beside the truth: the band, and in red where Redis did not hold the lock for this client.
    const QFont small = m_theme.font(12, QFont::DemiBold);
    qreal lastColumn = -1e9;
    SliverFill narrowBeliefs(p, withAlpha(colour, 150));
    const qint64 fromNs = m_data.clockNs(m_view.startMs);
    const SharedList<Span> &gaps = m_data.beliefGaps.at(client);
    const QList<Span> &openGaps = m_data.openBeliefGaps.at(client);
    // Spans of one lane follow each other: the first visible one ends after the view begins.
    const auto firstEnding = [fromNs](const SharedList<Span> &spans) {
        return std::lower_bound(spans.cbegin(), spans.cend(), fromNs, [](const Span &s, qint64 t) { return s.endNs < t; }).index();
    };
    const auto beliefStart = [this, client](qsizetype i) { return m_data.belief(client, i).startNs; };
    for (qsizetype i = firstEnding(m_data.beliefs.at(client)); i < m_data.beliefCount(client);
         i = skipColumn(i, m_data.beliefCount(client), beliefStart)) {
        const Span b = m_data.belief(client, i);
        if (b.startNs > m_cursorNs || x(b.startNs) > m_plot.right() + 1)
            break;
        if (!visible(b.startNs, b.endNs))
            continue;
        const qint64 end = std::min(b.endNs, m_cursorNs);
        if (x(end) - x(b.startNs) < m_theme.px(12)) {
            const qreal column = std::floor(x(b.startNs));
            if (column != lastColumn)
                narrowBeliefs.add(QRectF(QRectF(column, beliefTop, std::max<qreal>(2, x(end) - column), beliefHeight).toAlignedRect()));
            lastColumn = column;
            continue;
        }
        narrowBeliefs.flush();
        const QRectF band(x(b.startNs), beliefTop, std::max<qreal>(2, x(end) - x(b.startNs)), beliefHeight);
        p.setPen(Qt::NoPen);
        p.setBrush(withAlpha(colour, 150));
        p.drawRoundedRect(band, m_theme.px(4), m_theme.px(4));
        // Its words in the visible part, left of where Redis stopped holding it for this client.
        QRectF room = band.intersected(m_bounds);
        for (qsizetype g = firstEnding(gaps); g < gaps.size() + openGaps.size(); ++g) {
            const Span gap = g < gaps.size() ? gaps.at(g) : openGaps.at(g - gaps.size());
            if (gap.startNs >= b.endNs)
                break;
            if (gap.endNs > b.startNs) {
                room.setRight(std::min(room.right(), x(gap.startNs)));
                break;
            }
        }
        const QString text = tr("believes it holds the lock");
        if (laidOut(text, small).size().width() + m_theme.px(10) < room.width())
            label(p, room.adjusted(m_theme.px(5), 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, text, small,
                  m_theme.isDark ? QColor(0x111111) : Qt::white, true);
    }

    for (qsizetype i = firstEnding(gaps); i < gaps.size() + openGaps.size(); ++i) {
        const Span g = i < gaps.size() ? gaps.at(i) : openGaps.at(i - gaps.size());
        if (g.startNs > m_cursorNs || x(g.startNs) > m_plot.right() + 1)
            break;
        if (!visible(g.startNs, g.endNs))
            continue;
        const QRectF gr(x(g.startNs), beliefTop, std::max<qreal>(2, x(std::min(g.endNs, m_cursorNs)) - x(g.startNs)), beliefHeight);
        p.fillRect(gr, withAlpha(m_theme.race, 130));
        hatch(p, gr, m_theme.race);
        const QString text = tr("believes it holds, Redis says no");
        const QRectF room = gr.intersected(m_bounds);
        if (laidOut(text, small).size().width() + m_theme.px(10) < room.width())
            label(p, room.adjusted(m_theme.px(5), 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, text, small, Qt::white, true);
    }

    const SharedList<LaneEvent> &lane = m_data.lanes.at(client);
    auto first = std::lower_bound(lane.cbegin(), lane.cend(), fromNs, [](const LaneEvent &le, qint64 t) { return le.tNs < t; });
    // Sleeps that began before the view may still reach into it.
    while (first != lane.cbegin() && (first - 1)->endNs > (first - 1)->tNs && (first - 1)->endNs >= fromNs)
        --first;
    const qsizetype laneSize = lane.size();
    const auto laneStart = [&lane](qsizetype i) { return lane.at(i).tNs; };

    // Work first, under everything else in the lane.
    {
        SliverFill work(p, withAlpha(colour, 110));
        for (qsizetype i = first.index(); i < laneSize; i = skipColumn(i, laneSize, laneStart)) {
            const LaneEvent &w = lane.at(i);
            if (w.tNs > m_cursorNs || x(w.tNs) > m_plot.right() + m_theme.px(4))
                break;
            if (w.kind == EventKind::Sleep && w.step == Step::Work)
                work.add(QRectF(workBar(w.tNs, std::min(w.endNs, m_cursorNs), base).toAlignedRect()));
        }
    }

    const QFont labelFont = monoFont(m_theme, 13);
    // Made once: a font costs more to make than most events cost to draw.
    const QFont boldFont = m_theme.font(13, QFont::Bold);
    const QFont &raceFont = boldFont;
    // A lower bound of a label's pill width in a font, without laying it out:
    // the advances of its printable ASCII characters, and a digit's for each
    // wide (CJK) one, which is wider, less a tenth for kerning (a monospaced
    // font has none).
    const AsciiAdvances labelAdvances = asciiAdvances(labelFont);
    const AsciiAdvances raceAdvances = asciiAdvances(raceFont);
    const auto leastPillWidth = [&](const QString &text, const AsciiAdvances &advances) {
        qreal sum = 0;
        for (const QChar c : text)
            if (c.unicode() >= 0x20 && c.unicode() < 0x7f)
                sum += advances[c.unicode() - 0x20];
            else if (c.unicode() >= 0x2e80 && !c.isSurrogate())
                sum += advances['0' - 0x20];
        return 2 * pillPadding(m_theme).x() + 0.9 * sum;
    };
    const qreal rowTop = base + m_theme.px(20);
    const qreal rowHeight = QFontMetricsF(labelFont).height() + m_theme.px(9);
    const int rows = std::max(1, int((r.bottom() - m_theme.px(4) - rowTop) / rowHeight));
    QList<qreal> rowEnd(rows, -1e9);
    std::array<qreal, 16> lastColumnOfKind;
    lastColumnOfKind.fill(-1e9);
    // Marked events share a column only with marks of their own finding:
    // two findings a millisecond apart (B's write, B's DEL) are both drawn.
    std::vector<std::pair<const Finding *, qreal>> lastMarkedColumn;
    qreal lastOrderMark = -1e9;
    qreal midEnd = -1e9;        // the row of words beside the ticks (orders, crashes, pauses) is filled up to here
    RetryRun retry;             // the retry loop the walk is in
    qsizetype retryLabelled = -1;
    const QFont workFont = m_theme.font(12, QFont::DemiBold);
    const QFont pauseFont = m_theme.font(12, QFont::Bold);
    const QFontMetricsF workMetrics(workFont);
    qint64 crashNs = -1;
    QList<QLineF> ticks, watchdogTicks, raceTicks, harmlessTicks, leaders, raceLeaders;

    // Zoomed out, where many events start in one pixel column, the ones
    // between its first and last are skipped. Of the events never skipped
    // (marked ones, orders, crashes) each group's first in a column is drawn:
    // the rest of the group there would land on its pixels, for the same
    // finding. A group with an event a pixel long or more goes one by one
    // (what reaches two pixels past its start is drawn in any column), and
    // the selected event is drawn wherever it is.
    struct KeptWalk {
        const KeptEvents *group;
        qsizetype at;     // its next event, in group->positions
        bool oneByOne;
        qsizetype position() const { return at < group->positions.size() ? group->positions.at(at) : std::numeric_limits<qsizetype>::max(); }
    };
    std::vector<KeptWalk> keptWalks;
    qsizetype selectedKept = -1;
    const bool selectedHere = m_view.selected >= 0 && m_view.selected < m_data.events.size()
        && m_data.events.at(m_view.selected).client == client;
    for (const KeptEvents &group : m_data.keptInLanes.at(client)) {
        const SharedList<int> &positions = group.positions;
        keptWalks.push_back({&group, std::lower_bound(positions.cbegin(), positions.cend(), int(first.index())).index(),
                             m_xPerNs * double(group.longestNs) >= 1});
        if (selectedHere) {
            const auto sel = std::lower_bound(positions.cbegin(), positions.cend(), m_view.selected,
                                              [&lane](int pos, int event) { return lane.at(pos).index < event; });
            if (sel != positions.cend() && lane.at(*sel).index == m_view.selected)
                selectedKept = *sel;
        }
    }
    qsizetype walked = first.index();   // the column walk's next event
    const auto next = [&](qsizetype pos) -> qsizetype {
        if (walked == pos)
            walked = skipColumn(pos, laneSize, laneStart);
        qsizetype nearest = walked;
        const qreal column = std::floor(x(lane.at(pos).tNs));
        for (KeptWalk &k : keptWalks) {
            if (k.position() == pos) {
                const auto startOf = [&](qsizetype i) { return lane.at(k.group->positions.at(i)).tNs; };
                k.at = k.oneByOne ? k.at + 1 : pastColumn(k.at + 1, k.group->positions.size(), column, startOf);
            }
            nearest = std::min(nearest, k.position());
        }
        return selectedKept > pos ? std::min(nearest, selectedKept) : nearest;
    };
    // The marks' words go first, so that no plain label crowds them out: each
    // marked command's pill in the row (under the top one, where its command
    // can sit above it; on a lane of one row it says the race alone) where it
    // sits closest to its tick, within `slack` of it. A mark under the pill of
    // the one before, of the same words, or with no room of its own, shares
    // that pill ("×3"). Zoomed out, marks past any room are not laid out:
    // their ticks and the header say them.
    const qreal gap = m_theme.px(6);
    const qreal slack = m_theme.px(220);
    const qreal right = m_bounds.right() - m_theme.px(2);
    struct MarkPill {
        qsizetype pos;   // the first event it is for, in the lane
        const Finding *finding;
        int row;
        QRectF rect;
        QString words;   // the first mark's
        qreal tickX;
        qreal wordsWidth;
        int count = 1;   // the marks it is for; more than one: "×2" after the words
    };
    std::vector<MarkPill> markPills;                          // in lane order
    std::vector<std::pair<qsizetype, size_t>> pillOfEvent;    // {lane position, its pill}, in lane order
    std::vector<std::vector<size_t>> pillsInRow(static_cast<size_t>(rows)); // each row's pills, left to right
    {
        std::vector<qsizetype> marked;
        for (const KeptWalk &k : keptWalks) {
            if (!k.group->finding || (k.group->kind != EventKind::Command && k.group->kind != EventKind::Error
                                      && k.group->kind != EventKind::Expired))
                continue;
            const SharedList<int> &positions = k.group->positions;
            const auto startOf = [&](qsizetype i) { return lane.at(positions.at(i)).tNs; };
            for (qsizetype i = k.at; i < positions.size();) {
                const LaneEvent &le = lane.at(positions.at(i));
                if (le.tNs > m_cursorNs || x(le.tNs) > m_plot.right() + m_theme.px(4))
                    break;
                marked.push_back(positions.at(i));
                i = k.oneByOne ? i + 1 : pastColumn(i + 1, positions.size(), std::floor(x(le.tNs)), startOf);
            }
        }
        std::sort(marked.begin(), marked.end());
        std::vector<qreal> pillEnd(size_t(rows), -1e9);
        std::vector<std::pair<const Finding *, qreal>> lastColumns;
        // Whether two events' marks on this lane say the same words, without making them.
        const auto sameMarks = [&](int event, int other) {
            auto m = m_data.firstMarkOf(event), o = m_data.firstMarkOf(other);
            const auto end = m_data.marks.cend();
            for (;; ++m, ++o) {
                while (m != end && m->event == event && m->place() != MarkPlace::ClientLane)
                    ++m;
                while (o != end && o->event == other && o->place() != MarkPlace::ClientLane)
                    ++o;
                const bool mDone = m == end || m->event != event, oDone = o == end || o->event != other;
                if (mDone || oDone)
                    return mDone && oDone;
                if (m->kind != o->kind || m->actor != o->actor || m->other != o->other || m->amount != o->amount || m->value != o->value)
                    return false;
            }
        };
        const QFontMetricsF raceMetrics(raceFont);
        for (const qsizetype pos : marked) {
            const LaneEvent &le = lane.at(pos);
            const Finding *f = m_data.findingAt(le.index, MarkPlace::ClientLane);
            if (!f)
                continue;
            const qreal ex = x(le.tNs);
            // As the walk draws them: one of a finding's marks per pixel column.
            auto own = std::find_if(lastColumns.begin(), lastColumns.end(), [f](const auto &c) { return c.first == f; });
            if (own == lastColumns.end())
                own = lastColumns.insert(own, {f, -1e9});
            if (std::floor(ex) == own->second && le.index != m_view.selected)
                continue;
            own->second = std::floor(ex);
            MarkPill *before = markPills.empty() ? nullptr : &markPills.back();
            const bool sameWords = before && before->finding == f && pillsInRow[size_t(before->row)].back() == markPills.size() - 1
                && sameMarks(lane.at(before->pos).index, le.index);
            // One pill for both, "×2" after its words, where it fits by the edge.
            const auto share = [&]() {
                const qreal width = before->wordsWidth + raceMetrics.horizontalAdvance(QStringLiteral(" ×%1").arg(before->count + 1));
                if (before->rect.left() + width > right)
                    return;
                ++before->count;
                before->rect.setWidth(width);
                pillEnd[size_t(before->row)] = before->rect.right();
                pillOfEvent.emplace_back(pos, markPills.size() - 1);
            };
            if (sameWords && ex < before->rect.right() + gap) {
                share();
                continue;
            }
            // Near the right edge: where a row's last pill moves left (as far
            // as its own tick allows) to make room for one `width` wide after
            // it, by the edge and within `slack` of this tick; NaN: nowhere.
            const bool nearEdge = right - ex <= 2 * slack;
            const auto byTheEdge = [&](qreal width) { return std::min(right - width, ex + slack); };
            const auto movedLeft = [&](int row, qreal width) {
                const std::vector<size_t> &inRow = pillsInRow[size_t(row)];
                const qreal nowhere = std::numeric_limits<qreal>::quiet_NaN();
                if (!nearEdge || inRow.empty())
                    return nowhere;
                const MarkPill &last = markPills.at(inRow.back());
                const qreal lastAt = std::min(last.rect.left(), byTheEdge(width) - gap - last.rect.width());
                const qreal previous = inRow.size() > 1 ? markPills.at(inRow.at(inRow.size() - 2)).rect.right() + gap : m_bounds.left();
                return lastAt >= previous && last.tickX - lastAt <= slack ? lastAt : nowhere;
            };
            const qreal leastRoom = 2 * pillPadding(m_theme).x();
            bool room = false;
            for (int row = 0; !room && row < rows; ++row)
                room = pillEnd[size_t(row)] + gap - ex <= slack || !std::isnan(movedLeft(row, leastRoom));
            if (!room) {
                if (sameWords)
                    share();
                continue;
            }
            const QString words = m_data.markTextAt(le.index, MarkPlace::ClientLane);
            const qreal least = leastPillWidth(words, raceAdvances);
            QSizeF size;
            int bestRow = -1;
            qreal bestAt = 0;
            for (int k = 0; k < rows; ++k) {
                const int row = (k + (rows > 1 ? 1 : 0)) % rows;
                const qreal end = pillEnd[size_t(row)];
                if (end + gap - ex > slack || end + gap + least > right)
                    continue;
                if (size.isEmpty())
                    size = pillSize(laidOut(words, raceFont), m_theme);
                const qreal at = placeInRow(end, std::max(ex, m_bounds.left()), size.width(), right);
                if (!std::isnan(at) && at - ex <= slack && (bestRow < 0 || at < bestAt - 0.5)) {
                    bestRow = row;
                    bestAt = at;
                }
            }
            for (int row = 0; bestRow < 0 && !sameWords && row < rows; ++row) {
                if (std::isnan(movedLeft(row, least)))
                    continue;
                if (size.isEmpty())
                    size = pillSize(laidOut(words, raceFont), m_theme);
                const qreal lastAt = movedLeft(row, size.width());
                if (!std::isnan(lastAt)) {
                    markPills.at(pillsInRow[size_t(row)].back()).rect.moveLeft(lastAt);
                    bestRow = row;
                    bestAt = byTheEdge(size.width());
                }
            }
            if (bestRow < 0) {
                if (sameWords)
                    share();
                continue;
            }
            pillsInRow[size_t(bestRow)].push_back(markPills.size());
            pillOfEvent.emplace_back(pos, markPills.size());
            markPills.push_back({pos, f, bestRow, QRectF(QPointF(bestAt, rowTop + bestRow * rowHeight), size), words, ex, size.width()});
            pillEnd[size_t(bestRow)] = markPills.back().rect.right();
        }
    }
    size_t nextPill = 0;    // the walk's next entry in pillOfEvent
    // The marks' pills that begin by a tick hold their rows as far as they
    // reach, as the labels there do; `pillsReached`: each row's first pill beyond.
    std::vector<size_t> pillsReached(static_cast<size_t>(rows), 0);
    const auto reachPills = [&](qreal ex) {
        for (int row = 0; row < rows; ++row)
            for (size_t &k = pillsReached[size_t(row)]; k < pillsInRow[size_t(row)].size(); ++k) {
                const QRectF &taken = markPills.at(pillsInRow[size_t(row)].at(k)).rect;
                if (taken.left() > ex)
                    break;
                rowEnd[row] = std::max(rowEnd[row], taken.right());
            }
    };
    // Whether `row` may have room for a label at least `least` wide for a tick at `ex`.
    const auto mayTake = [&](int row, qreal ex, qreal least) {
        const qreal start = std::max(rowEnd[row] + gap, std::max(ex, m_bounds.left()));
        if (start - ex > slack || start + least > right)
            return false;
        const std::vector<size_t> &pills = pillsInRow[size_t(row)];
        const size_t k = pillsReached[size_t(row)];
        if (k >= pills.size())
            return true;
        const QRectF &taken = markPills.at(pills.at(k)).rect;
        return start + least + gap <= taken.left() || taken.right() + gap - ex <= slack;
    };
    // Where a label `width` wide sits in `row` for a tick at `ex`: after what
    // the row holds, clear of the marks' pills beyond, within `slack`; NaN: nowhere.
    const auto placeBesidePills = [&](int row, qreal want, qreal width, qreal ex) -> qreal {
        const std::vector<size_t> &pills = pillsInRow[size_t(row)];
        qreal at = placeInRow(rowEnd[row], want, width, right);
        for (size_t i = pillsReached[size_t(row)]; !std::isnan(at) && at - ex <= slack && i < pills.size(); ++i) {
            const QRectF &taken = markPills.at(pills.at(i)).rect;
            if (at + width + gap <= taken.left())
                break;
            if (taken.right() + gap > at)
                at = placeInRow(std::max(rowEnd[row], taken.right()), want, width, right);
        }
        return !std::isnan(at) && at - ex <= slack ? at : std::numeric_limits<qreal>::quiet_NaN();
    };
    for (qsizetype pos = first.index(); pos < laneSize; pos = next(pos)) {
        const LaneEvent *it = &lane.at(pos);
        if (it->tNs > m_cursorNs)
            break;
        const qreal ex = x(it->tNs);
        if (ex > m_plot.right() + m_theme.px(4))
            break;
        const int index = it->index;
        const bool selected = index == m_view.selected;
        const qint64 shown = std::min(it->endNs, m_cursorNs);
        // Zoomed out, many events share a pixel: draw one of each kind per column.
        const qreal column = std::floor(ex);
        // What the verdict marks here, in its colour (red, or amber when fencing made it harmless).
        const Finding *finding = it->marked ? m_data.findingAt(index, MarkPlace::ClientLane) : nullptr;
        const QColor raceColour = finding ? m_theme.severity(finding->severity) : m_theme.race;
        qreal *lastColumn = &lastColumnOfKind[size_t(it->kind)];
        if (finding) {
            auto own = std::find_if(lastMarkedColumn.begin(), lastMarkedColumn.end(), [finding](const auto &c) { return c.first == finding; });
            if (own == lastMarkedColumn.end())
                own = lastMarkedColumn.insert(own, {finding, -1e9});
            lastColumn = &own->second;
        }
        if (column == *lastColumn && x(shown) - ex < 2 && !selected)
            continue;
        *lastColumn = column;
        const qsizetype recordedFrom = m_record.marks.size();
        if (finding)
            drewMarksOf(index, MarkPlace::ClientLane);
        // The event itself only for the words of a label: its lane entry says the rest.
        const auto event = [this, index]() -> const Event & { return m_data.events.at(index); };
        switch (it->kind) {
        case EventKind::Sleep: {
            const QRectF bar = workBar(it->tNs, shown, base);
            if (it->step == Step::Work) {
                p.setFont(workFont);
                const QString text = bar.width() > m_theme.px(50) ? tr("work %1").arg(secondsText(m_data.scenarioMs(it->endNs - it->tNs))) : QString();
                // It reaches into the middle row: after the words there, and a crash or an order's go after it.
                const qreal left = std::max(bar.left() + m_theme.px(4), midEnd + m_theme.px(6));
                if (!text.isEmpty() && left + workMetrics.horizontalAdvance(text) + m_theme.px(4) < bar.right()) {
                    label(p, QRectF(left, bar.top() - m_theme.px(16), bar.right() - left, m_theme.px(16)),
                          Qt::AlignLeft | Qt::AlignVCenter, text, workFont, m_theme.text);
                    midEnd = left + workMetrics.horizontalAdvance(text);
                }
            } else if (it->step != Step::Start && bar.width() > m_theme.px(6)) {
                p.setPen(QPen(withAlpha(colour, 150), m_theme.px(2), Qt::DotLine));
                p.drawLine(QPointF(bar.left(), base), QPointF(bar.right(), base));
            }
            m_hits.append({bar.adjusted(0, -m_theme.px(4), 0, m_theme.px(4)), index});
            continue;
        }
        case EventKind::Pause: {
            const QRectF bar(ex, base - m_theme.px(9), std::max<qreal>(1, x(shown) - ex), m_theme.px(18));
            p.fillRect(bar, withAlpha(m_theme.warning, 60));
            hatch(p, bar, m_theme.warning);
            // Its words in a pill on the frozen stretch, where the middle row has room.
            const QString text = tr("frozen %1 (GC pause)").arg(secondsText(m_data.scenarioMs(it->endNs - it->tNs)));
            const QFont &font = pauseFont;
            const QSizeF size = pillSize(laidOut(text, font), m_theme);
            const qreal at = placeInRow(midEnd, std::max(bar.left() + m_theme.px(4), m_bounds.left()), size.width(), m_bounds.right());
            if (!std::isnan(at))
                midEnd = pill(p, QPointF(at, base - size.height() / 2), text, m_theme.warning, m_theme.background, m_theme.warning, font)
                             .right();
            m_hits.append({bar, index});
            continue;
        }
        case EventKind::Crash: {
            crashNs = it->tNs;
            const qreal s = m_theme.px(11);
            // A fault the scenario injects, in the faults' colour; what it leads to is drawn red.
            p.setPen(QPen(m_theme.warning, m_theme.px(4), Qt::SolidLine, Qt::RoundCap));
            p.drawLine(QPointF(ex - s, base - s), QPointF(ex + s, base + s));
            p.drawLine(QPointF(ex - s, base + s), QPointF(ex + s, base - s));
            QRectF hitBox(ex - s, base - s, 2 * s, 2 * s);
            const QFont &font = boldFont;
            const qreal at = placeInRow(midEnd, ex + s + m_theme.px(4), pillSize(laidOut(tr("crashed"), font), m_theme).width(),
                                        m_bounds.right());
            if (!std::isnan(at)) {
                const QRectF pr = pill(p, QPointF(at, base - m_theme.px(12)), tr("crashed"), m_theme.warning, m_theme.warning,
                                       m_theme.isDark ? QColor(0x111111) : Qt::white, font);
                midEnd = pr.right();
                hitBox = hitBox.united(pr);
            }
            m_hits.append({hitBox, index});
            continue;
        }
        case EventKind::Order: {
            const bool oversold = finding != nullptr;
            // Markers closer than their own size would just pile up.
            if (!oversold && !selected && ex - lastOrderMark < m_theme.px(16))
                continue;
            lastOrderMark = ex;
            const QColor oc = oversold ? raceColour : (it->success ? m_theme.good : m_theme.mutedText);
            const qreal rad = m_theme.px(9);
            paintOrderMark(p, QPointF(ex, base), oc, it->success);
            m_record.orders.append(index);
            const QString text = oversold ? tr("sold: oversold!") : (it->success ? tr("sold") : tr("no sale"));
            const QFont &font = boldFont;
            const QSizeF size = laidOut(text, font).size();
            // After the mark, or before it where the view ends.
            qreal at = ex + rad + m_theme.px(3);
            if (at + size.width() > m_bounds.right())
                at = ex - rad - m_theme.px(3) - size.width();
            if (at >= midEnd + m_theme.px(6) && at >= m_bounds.left() && at + size.width() <= m_bounds.right()) {
                const QRectF words(at, base - size.height() / 2, size.width(), size.height());
                label(p, words, Qt::AlignLeft | Qt::AlignVCenter, text, font, oc);
                midEnd = at + size.width();
                for (qsizetype m = recordedFrom; m < m_record.marks.size(); ++m)
                    m_record.marks[m].pill = words;
            }
            m_hits.append({QRectF(ex - rad, base - rad, 2 * rad, 2 * rad), index});
            continue;
        }
        case EventKind::Server:
        case EventKind::Probe:
            continue; // not a client's: drawn across the lanes by paintServerFaults
        case EventKind::Command:
        case EventKind::Error:
        case EventKind::Expired:
            break;
        }

        // A command: a tick on the lane, once per pixel, and a label where there is room.
        const bool isRace = finding != nullptr;
        // Thousands of ticks: collected and drawn in one aliased batch per style after the loop.
        const QLineF tick(QPointF(std::round(ex), base - m_theme.px(14)), QPointF(std::round(ex), base + m_theme.px(14)));
        if (isRace && raceColour != m_theme.race)
            harmlessTicks << tick;
        else if (isRace || it->kind == EventKind::Error)
            raceTicks << tick;
        else
            (it->watchdog ? watchdogTicks : ticks) << tick;
        QRectF hit(ex - m_theme.px(5), base - m_theme.px(14), m_theme.px(10), m_theme.px(28));
        // A label sits after what its row holds and at most `slack` right of
        // its tick: zoomed out, every row is full that far for most ticks,
        // and their words are not made at all.
        reachPills(ex);
        bool room = false;
        for (int row = 0; !room && row < rows; ++row)
            room = mayTake(row, ex, 0);

        // A retry loop is one label for all its refused attempts: "B retried 14× (SET … → nil)".
        QString text;
        if (it->kind == EventKind::Command && it->step == Step::Acquire && !isRace) {
            if (pos > retry.last)
                retry = m_data.retryRunAt(client, pos);
            if (retry.refused >= kCollapsedRetries && pos <= retry.last) {
                const bool refused = pos < retry.last && lane.at(pos + 1).kind == EventKind::Sleep;
                if (retryLabelled == retry.first && refused) {
                    m_hits.append({hit, index});
                    continue; // its tick only: the loop's label stands for it
                }
                if (refused) {
                    retryLabelled = retry.first;
                    if (room)
                        text = tr("%1 retried %2× (%3)")
                                   .arg(m_data.info.clients.value(client))
                                   .arg(retry.refused)
                                   .arg(RunAnalysis::commandText(m_data.events.at(retry.sample), 8));
                }
            }
        }
        // A marked event's words, placed before the walk.
        while (nextPill < pillOfEvent.size() && pillOfEvent.at(nextPill).first < pos)
            ++nextPill;
        const MarkPill *markPill = isRace && nextPill < pillOfEvent.size() && pillOfEvent.at(nextPill).first == pos
            ? &markPills.at(pillOfEvent.at(nextPill).second)
            : nullptr;
        if (markPill) {
            if (markPill->pos == pos)
                pill(p, markPill->rect.topLeft(),
                     markPill->count > 1 ? QStringLiteral("%1 ×%2").arg(markPill->words).arg(markPill->count) : markPill->words, raceColour,
                     raceColour, Qt::white, raceFont);
            raceLeaders << QLineF(QPointF(ex, base + m_theme.px(14)),
                                  QPointF(std::clamp(ex, markPill->rect.left(), markPill->rect.right()), markPill->rect.top()));
            hit = hit.united(markPill->rect);
            for (qsizetype m = recordedFrom; m < m_record.marks.size(); ++m)
                m_record.marks[m].pill = markPill->rect;
        }
        // On a lane of one row a mark's pill says the race instead of the command.
        if (text.isEmpty() && room && !(isRace && rows == 1))
            text = (it->watchdog ? QStringLiteral("⟳ ") : QString())
                + (it->kind == EventKind::Error ? event().note : RunAnalysis::commandText(event()));

        // The row where the label can sit closest to its tick, whole, inside
        // the view and clear of the marks' pills; it may slide right a little,
        // its leader shows where it belongs. Where no row can take the least
        // its words could measure (zoomed out, most ticks), they are not laid out.
        const qreal want = std::max(ex, m_bounds.left());
        const qreal least = text.isEmpty() ? 0 : leastPillWidth(text, labelAdvances);
        bool fits = false;
        for (int row = 0; !text.isEmpty() && !fits && row < rows; ++row)
            fits = mayTake(row, ex, least);
        const qreal width = fits ? pillSize(laidOut(text, labelFont), m_theme).width() : 0;
        int bestRow = -1;
        qreal bestAt = 0;
        for (int i = 0; fits && i < rows; ++i) {
            const qreal at = placeBesidePills(i, want, width, ex);
            if (!std::isnan(at) && (bestRow < 0 || at < bestAt)) {
                bestRow = i;
                bestAt = at;
            }
        }
        if (bestRow >= 0) {
            const QPointF topLeft(bestAt, rowTop + bestRow * rowHeight);
            (isRace ? raceLeaders : leaders) << QLineF(QPointF(ex, base + m_theme.px(14)), topLeft);
            const QColor border = isRace ? raceColour : it->kind == EventKind::Error ? m_theme.race : (selected ? m_theme.cursor : colour);
            const QRectF pr = pill(p, topLeft, text, border, m_theme.pill, m_theme.text, labelFont);
            hit = hit.united(pr);
            rowEnd[bestRow] = pr.right();
        }
        if (selected) {
            p.setPen(QPen(m_theme.cursor, m_theme.px(2), Qt::DotLine));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(hit.adjusted(-m_theme.px(3), -m_theme.px(3), m_theme.px(3), m_theme.px(3)), m_theme.px(5), m_theme.px(5));
        }
        m_hits.append({hit, index});
    }
    // Leaders as aliased hairlines: an antialiased diagonal rasterizes into
    // enough spans to be handed to the raster engine's thread pool, one
    // wake-up per line.
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(withAlpha(colour, 160), 0));
    p.drawLines(leaders);
    p.setPen(QPen(withAlpha(m_theme.race, 160), 0));
    p.drawLines(raceLeaders);
    fillTicks(p, ticks, m_theme.px(2.5), colour, false);
    fillTicks(p, watchdogTicks, m_theme.px(2.5), colour, true);
    fillTicks(p, raceTicks, m_theme.px(3.5), m_theme.race, false);
    fillTicks(p, harmlessTicks, m_theme.px(3.5), m_theme.warning, false);
    p.setRenderHint(QPainter::Antialiasing, true);
    if (crashNs >= 0) {
        const qreal cx = x(crashNs) + m_theme.px(14);
        const qreal end = std::min(x(std::min(m_data.endNs, m_cursorNs)), m_plot.right());
        if (end > cx)
            p.fillRect(QRectF(cx, r.top() + m_theme.px(36), end - cx, m_theme.px(20)), withAlpha(m_theme.mutedText, 40));
    }
}

void TimelinePainter::drawOrderMark(QPainter &p, const QPointF &centre, const QColor &fill, bool success) const
{
    const qreal rad = m_theme.px(9);
    p.setPen(QPen(m_theme.background, m_theme.px(2)));
    p.setBrush(fill);
    p.drawEllipse(centre, rad, rad);
    p.setPen(QPen(Qt::white, m_theme.px(2.2), Qt::SolidLine, Qt::RoundCap));
    const qreal ex = centre.x(), base = centre.y();
    if (success) {
        p.drawLine(QPointF(ex - rad * 0.45, base), QPointF(ex - rad * 0.1, base + rad * 0.4));
        p.drawLine(QPointF(ex - rad * 0.1, base + rad * 0.4), QPointF(ex + rad * 0.5, base - rad * 0.4));
    } else {
        p.drawLine(QPointF(ex - rad * 0.4, base - rad * 0.4), QPointF(ex + rad * 0.4, base + rad * 0.4));
        p.drawLine(QPointF(ex - rad * 0.4, base + rad * 0.4), QPointF(ex + rad * 0.4, base - rad * 0.4));
    }
}

void TimelinePainter::paintOrderMark(QPainter &p, const QPointF &centre, const QColor &fill, bool success) const
{
    // Hundreds of antialiased circles cost more than the rest of a frame:
    // on raster devices each kind is drawn once into a sprite and copied.
    // Vector devices (SVG export) get the shapes themselves.
    if (p.paintEngine()->type() != QPaintEngine::Raster) {
        drawOrderMark(p, centre, fill, success);
        return;
    }
    const qreal dpr = p.device()->devicePixelRatioF();
    const qreal half = m_theme.px(11);
    struct Key {
        QRgb fill, background;
        bool success;
        qreal scale, dpr;
        bool operator==(const Key &) const = default;
    };
    // The window paints on the scene graph's render thread, exports on the GUI thread.
    thread_local QList<std::pair<Key, QImage>> sprites;
    const Key key{fill.rgba(), m_theme.background.rgba(), success, m_theme.scale, dpr};
    auto it = std::find_if(sprites.cbegin(), sprites.cend(), [&](const auto &s) { return s.first == key; });
    if (it == sprites.cend()) {
        const int side = qCeil(2 * half * dpr);
        QImage sprite(side, side, QImage::Format_ARGB32_Premultiplied);
        sprite.setDevicePixelRatio(dpr);
        sprite.fill(Qt::transparent);
        QPainter sp(&sprite);
        sp.setRenderHint(QPainter::Antialiasing);
        drawOrderMark(sp, QPointF(half, half), fill, success);
        sp.end();
        sprites.append({key, sprite});
        it = sprites.cend() - 1;
    }
    p.drawImage(QPointF(centre.x() - half, centre.y() - half), it->second);
}

void TimelinePainter::paintStockLane(QPainter &p, const QRectF &r)
{
    const SharedList<StockPoint> &actual = m_data.stock;
    const SharedList<StockPoint> &expected = m_data.expectedStock;
    qint64 lo = std::min(m_data.stockRange.first, m_data.expectedStock.last().value);
    qint64 hi = std::max(m_data.stockRange.second, m_data.info.initialStock);
    if (lo > hi)
        return;
    if (lo < 0)
        hi = std::max<qint64>(hi, 0);
    // Under the captions; the value labels sit just above the line.
    const qreal top = r.top() + m_theme.px(44);
    const qreal bottom = r.bottom() - m_theme.px(18);
    const double range = std::max<double>(1, double(hi - lo));
    const auto y = [&](qint64 v) { return bottom - (double(v - lo) / range) * (bottom - top); };
    const qint64 fromNs = m_data.clockNs(m_view.startMs);
    const qint64 endNs = std::min(m_data.endNs, m_cursorNs);
    const auto begin = [&](const SharedList<StockPoint> &list) {
        auto it = std::upper_bound(list.cbegin(), list.cend(), fromNs, [](qint64 t, const StockPoint &s) { return t < s.tNs; });
        return it == list.cbegin() ? it : it - 1;
    };

    if (lo < 0) {
        fillTall(p, QRectF(m_plot.left(), y(0), m_plot.width(), bottom - y(0) + m_theme.px(4)), m_theme.raceFill);
        p.setPen(QPen(m_theme.race, m_theme.px(1.5), Qt::DashLine));
        p.drawLine(QPointF(m_plot.left(), y(0)), QPointF(m_plot.right(), y(0)));
        const QFont font = m_theme.font(12, QFont::Bold);
        label(p, QRectF(m_plot.left() + m_theme.px(6), y(0) + m_theme.px(2), 0, 0), Qt::AlignLeft | Qt::AlignTop, tr("below zero: oversold"),
              font, m_theme.race);
    }

    // Where the stock in Redis is above what was sold: units lost. Read
    // once per pixel column, however many changes fall in it, and filled as
    // one shape per stretch.
    {
        const qreal from = std::max(m_plot.left(), std::floor(x(fromNs)));
        const qreal to = std::min(m_plot.right(), x(endNs));
        QPolygonF top, bottom;
        const auto flush = [&] {
            if (top.isEmpty())
                return;
            std::reverse(bottom.begin(), bottom.end());
            p.setRenderHint(QPainter::Antialiasing, false);
            p.setPen(Qt::NoPen);
            p.setBrush(m_theme.raceFill);
            p.drawPolygon(top + bottom);
            p.setRenderHint(QPainter::Antialiasing, true);
            top.clear();
            bottom.clear();
        };
        for (qreal px = from; px < to; ++px) {
            const qint64 t = m_data.clockNs(msAt(px));
            const qint64 a = m_data.stockAt(t);
            const qint64 e = m_data.expectedStockAt(t);
            if (a <= e) { // no more left than sold allows
                flush();
                continue;
            }
            const qreal right = std::min(px + 1, to);
            top << QPointF(px, y(a)) << QPointF(right, y(a));
            bottom << QPointF(px, y(e)) << QPointF(right, y(e));
        }
        flush();
    }

    // The writes that lost units, with their words above the line: the values' labels keep clear of those.
    const QList<QRectF> markLabels = paintStockMarks(p, r, y);

    const auto stepLine = [&](const SharedList<StockPoint> &list, const QPen &pen, bool labels) {
        auto it = begin(list);
        if (it == list.cend())
            return;
        // At most four points per pixel column (enter, min, max, leave), however many steps fall in it.
        QPolygonF line;
        qreal column = std::floor(std::max<qreal>(x(it->tNs), m_plot.left() - 2));
        qreal lo = y(it->value), hi = lo, last = lo;
        line << QPointF(column, lo);
        const auto flush = [&] {
            line << QPointF(column, lo) << QPointF(column, hi) << QPointF(column, last);
        };
        qreal lastLabel = -1e9;     // right edge of the last value label
        const QFont labelFont = m_theme.font(13, QFont::Bold);
        const qreal ascent = QFontMetricsF(labelFont).ascent();
        p.setFont(labelFont);
        const auto startOf = [&list](qsizetype i) { return list.at(i).tNs; };
        for (auto prev = it; (it = list.cbegin() + skipColumn(it.index(), list.size(), startOf)) != list.cend() && it->tNs <= endNs;
             prev = it) {
            const qreal nx = x(it->tNs);
            const qreal ny = y(it->value);
            if (std::floor(nx) != column) {
                flush();
                line << QPointF(std::floor(nx), y(prev->value));
                column = std::floor(nx);
                lo = hi = y(prev->value);
            }
            lo = std::min(lo, ny);
            hi = std::max(hi, ny);
            last = ny;
            if (labels && nx + m_theme.px(4) > lastLabel + m_theme.px(8) && nx >= m_bounds.left()) {
                const QString text = QString::number(it->value);
                const QSizeF size = laidOut(text, labelFont).size();
                const QRectF box(QPointF(nx + m_theme.px(4), ny - m_theme.px(5) - ascent), size);
                if (box.right() <= m_bounds.right()
                    && std::none_of(markLabels.cbegin(), markLabels.cend(), [&box](const QRectF &m) { return m.intersects(box); })) {
                    label(p, QRectF(box.topLeft(), QSizeF()), Qt::AlignLeft | Qt::AlignTop, text, labelFont,
                          it->value < 0 ? m_theme.race : m_theme.text);
                    lastLabel = box.right();
                }
            }
            if (nx > m_plot.right())
                break;
        }
        flush();
        line << QPointF(std::min(x(endNs), m_plot.right() + 2), last);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        if (line.size() < m_plot.width() / 4) {
            p.drawPolyline(line);
            return;
        }
        // Dense: aliased hairlines, stacked for weight, skip the costly wide-pen stroker.
        p.setRenderHint(QPainter::Antialiasing, false);
        QPen hair = pen;
        hair.setWidth(0);
        p.setPen(hair);
        p.drawPolyline(line);
        p.drawPolyline(line.translated(0, 1));
        p.setRenderHint(QPainter::Antialiasing, true);
    };
    stepLine(expected, QPen(m_theme.good, m_theme.px(2.5), Qt::DashLine), false);
    stepLine(actual, QPen(m_theme.text, m_theme.px(3)), true);

    // The captions, one after the other; the second only where it fits whole.
    const QFont caption = m_theme.font(13, QFont::DemiBold);
    const QRectF first(m_plot.left() + m_theme.px(6), r.top() + m_theme.px(4), m_plot.width(), m_theme.px(18));
    const QString start = tr("start %1").arg(m_data.info.initialStock);
    label(p, first, Qt::AlignLeft | Qt::AlignVCenter, start, caption, m_theme.mutedText);
    const QString expectedCaption = tr("- - expected: start minus units sold or being sold");
    const qreal at = first.left() + laidOut(start, caption).size().width() + m_theme.px(24);
    if (at + laidOut(expectedCaption, caption).size().width() <= m_bounds.right())
        label(p, first.adjusted(at - first.left(), 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, expectedCaption, caption, m_theme.good);
}

QList<QRectF> TimelinePainter::paintStockMarks(QPainter &p, const QRectF &r, const std::function<qreal(qint64)> &y)
{
    // A tick through the line where a write lost units, every one drawn and
    // recorded; its words in the row under the captions. Writes on the same
    // pixels (twenty in one instant), or whose words would not fit after the
    // last ones, join those: one pill says what they lost together, so every
    // tick has its words.
    QList<QRectF> placed;
    const SharedList<Mark> &marks = m_data.marks;
    const auto timeOf = [this](const Mark &m) { return m_data.events.at(m.event).tNs; };
    auto it = std::lower_bound(marks.cbegin(), marks.cend(), m_data.clockNs(m_view.startMs),
                               [&timeOf](const Mark &m, qint64 t) { return timeOf(m) < t; });
    const QFont font = m_theme.font(12, QFont::Bold);
    const qreal rowTop = r.top() + m_theme.px(23);
    const qreal half = m_theme.px(9);
    qreal rowEnd = -1e9;
    // The marks whose words are still to be written, from `firstRecord` in the record.
    struct Joined {
        const Mark *first = nullptr;
        int writes = 0;
        qint64 units = 0;
        qreal column = 0;          // its last tick's
        qreal want = 0;            // where its pill would start
        QColor colour;
        qsizetype firstRecord = 0;
        qsizetype firstHit = 0;

        QString text(const RunInfo &info) const { return writes == 1 ? first->text(info) : Mark::lostByWritesText(writes, units); }
    };
    std::optional<Joined> open;
    const auto widthOf = [&](const QString &text) { return pillSize(laidOut(text, font), m_theme).width(); };
    const auto placeOf = [&](const Joined &j) { return placeInRow(rowEnd, j.want, widthOf(j.text(m_data.info)), m_bounds.right()); };
    const auto write = [&] {
        if (!open)
            return;
        const qreal at = placeOf(*open);
        if (!std::isnan(at)) {
            const QRectF pr = pill(p, QPointF(at, rowTop), open->text(m_data.info), open->colour, open->colour, Qt::white, font);
            rowEnd = pr.right();
            placed << pr;
            for (qsizetype i = open->firstRecord; i < m_record.marks.size(); ++i)
                m_record.marks[i].pill = pr;
            m_hits[open->firstHit].first = m_hits.at(open->firstHit).first.united(pr);
        }
        open.reset();
    };
    for (; it != marks.cend(); ++it) {
        const qint64 t = timeOf(*it);
        if (t > m_cursorNs || x(t) > m_plot.right() + 1)
            break;
        const Finding *f = it->place() == MarkPlace::StockLane ? m_data.verdict.findingOf(*it) : nullptr;
        if (!f)
            continue;
        drew(f);
        const QColor colour = m_theme.severity(f->severity);
        const qreal mx = x(t);
        const qreal my = std::clamp(y(it->value), r.top(), r.bottom());
        p.fillRect(QRectF(std::round(mx) - m_theme.px(1.75), my - half, m_theme.px(3.5), 2 * half), colour);
        const qreal want = std::max(mx + m_theme.px(3), m_bounds.left());
        // Its own words after those still to be written? Then those are written first.
        if (open && open->column != std::round(mx)) {
            const qreal before = placeOf(*open);
            if (!std::isnan(before)
                && !std::isnan(placeInRow(before + widthOf(open->text(m_data.info)), want, widthOf(it->text(m_data.info)),
                                          m_bounds.right())))
                write();
        }
        if (!open)
            open = Joined{&*it, 0, 0, 0, want, colour, m_record.marks.size(), m_hits.size()};
        ++open->writes;
        open->units += it->amount;
        open->column = std::round(mx);
        m_record.marks.append({{f->kind, f->actor, f->other}, it->event, {}});
        m_hits.append({QRectF(mx - m_theme.px(5), my - half, m_theme.px(10), 2 * half), it->event});
    }
    write();
    return placed;
}

QRectF TimelinePainter::cursorLabel(const QRectF &column) const
{
    const qreal cx = xMs(m_view.cursorMs);
    if (m_view.cursorMs < 0 || cx < column.left() || cx > column.right() + 1)
        return {};
    const QSizeF size = pillSize(laidOut(secondsText(m_view.cursorMs), m_theme.font(13, QFont::Bold)), m_theme);
    const qreal at = cx + m_theme.px(4) + size.width() <= m_bounds.right() ? cx + m_theme.px(4) : cx - m_theme.px(4) - size.width();
    return {QPointF(at, column.top() + m_theme.px(4)), size};
}

void TimelinePainter::paintCursor(QPainter &p, const QRectF &column)
{
    if (m_cursorLabel.isEmpty())
        return;
    crossLanes(xMs(m_view.cursorMs), column.top(), column.bottom(), QPen(m_theme.cursor, m_theme.px(2)));
    paintCrossLines(p);
    pill(p, m_cursorLabel.topLeft(), secondsText(m_view.cursorMs), m_theme.cursor, m_theme.cursor, m_theme.background,
         m_theme.font(13, QFont::Bold));
}

void TimelinePainter::crossLanes(qreal x, qreal top, qreal bottom, const QPen &pen)
{
    m_crossLines.append({x, top, bottom, pen});
}

void TimelinePainter::paintCrossLines(QPainter &p)
{
    // The labels a line at x passes through, as the stretches of it they
    // take (a little wider than the words): the line stops short of them.
    const qreal margin = m_theme.px(2);
    for (const CrossLine &line : std::as_const(m_crossLines)) {
        QList<std::pair<qreal, qreal>> gaps;
        for (const PaintRecord::Label &l : std::as_const(m_record.labels))
            if (l.rect.left() - margin < line.x && l.rect.right() + margin > line.x && l.rect.bottom() > line.top
                && l.rect.top() < line.bottom)
                gaps.append({l.rect.top() - margin, l.rect.bottom() + margin});
        std::sort(gaps.begin(), gaps.end());
        p.setPen(line.pen);
        qreal from = line.top;
        const auto draw = [&](qreal to) {
            if (to - from < 1)
                return;
            const QLineF piece(line.x, from, line.x, to);
            p.drawLine(piece);
            m_record.lines.append(piece);
        };
        for (const auto &[gapTop, gapBottom] : std::as_const(gaps)) {
            draw(std::min(gapTop, line.bottom));
            from = std::max(from, gapBottom);
        }
        draw(line.bottom);
    }
    m_crossLines.clear();
}

void TimelinePainter::paintLegend(QPainter &p, const QRectF &r)
{
    p.fillRect(r, m_theme.gutter);
    // A colour means one thing: a client's hue is that client, red what went
    // wrong, amber a fault or what fencing made harmless, green what was expected.
    struct Item { QColor colour; QString text; QColor hatch; };
    const QColor client = m_theme.client(0);
    const QList<Item> items{
        {withAlpha(client, 170), tr("lease: TTL left in Redis"), {}},
        {withAlpha(client, m_theme.isDark ? 110 : 90), tr("lock without TTL"), client},
        {withAlpha(client, 150), tr("client believes it holds the lock"), {}},
        {withAlpha(m_theme.race, 120), tr("belief without the lock"), m_theme.race},
        {m_theme.raceFill, tr("went wrong: two holders, units lost"), {}},
        {m_theme.harmlessFill, tr("made harmless by fencing"), {}},
        {m_theme.warning, tr("fault, expiry"), {}},
        {m_theme.good, tr("expected stock"), {}},
    };
    qreal at = r.left() + m_theme.px(24);
    const QFont font = m_theme.font(14);
    for (const Item &item : items) {
        const qreal w = laidOut(item.text, font).size().width();
        const QRectF sw(at, r.center().y() - m_theme.px(8), m_theme.px(28), m_theme.px(16));
        if (sw.right() + m_theme.px(8) + w > r.right())
            break; // a narrow export keeps the first items whole
        p.fillRect(sw, item.colour);
        if (item.hatch.isValid())
            hatch(p, sw, item.hatch);
        label(p, QRectF(sw.right() + m_theme.px(8), r.top(), w, r.height()), Qt::AlignLeft | Qt::AlignVCenter, item.text, font, m_theme.text);
        at = sw.right() + m_theme.px(8) + w + m_theme.px(28);
    }
}

std::pair<QString, int> TimelinePainter::laneAt(const QPointF &pos) const
{
    // The record's lanes: the lock, each client, the stock.
    const QList<PaintRecord::Lane> &lanes = m_record.lanes;
    if (lanes.size() < 2 || pos.x() < m_plot.left())
        return {QString(), -1};
    if (lanes.first().rect.contains(pos)) {
        if (m_data.nodes.size() < 2)
            return {QStringLiteral("node"), 0};
        const QList<QRectF> rows = lockNodeRows(lanes.first().rect);
        for (qsizetype i = 0; i < rows.size(); ++i)
            if (pos.y() < rows.at(i).bottom() || i == rows.size() - 1)
                return {QStringLiteral("node"), int(i)};
    }
    for (qsizetype c = 1; c + 1 < lanes.size(); ++c)
        if (lanes.at(c).rect.contains(pos))
            return {QStringLiteral("client"), int(c - 1)};
    return {QString(), -1};
}

int TimelinePainter::eventAt(const QPointF &pos) const
{
    // Later paints sit on top: search from the end.
    for (qsizetype i = m_hits.size() - 1; i >= 0; --i)
        if (m_hits.at(i).first.adjusted(-3, -3, 3, 3).contains(pos))
            return m_hits.at(i).second;
    return -1;
}

} // namespace lockstock
