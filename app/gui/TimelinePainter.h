#pragma once
// Draws a timeline with QPainter: the time axis, the lock as Redis held it
// (with its shrinking lease), one lane per client (commands, work, belief),
// the stock, and the races in red. Only the visible time range is walked
// (binary search on the sorted events), and ticks that land on the same
// pixel are drawn once, so 100 000 events paint in a few milliseconds.
// The window, `lockstock shot`, the exports and the bench all use it.

#include "TimelineTheme.h"

#include "analysis/RunAnalysis.h"

#include <QCoreApplication>
#include <QPainter>
#include <QRectF>

namespace lockstock {

struct TimelineViewport {
    double startMs = 0;      // scenario time at the left edge of the plot
    double endMs = 1000;     // ...and at the right edge
    double cursorMs = -1;    // replay: nothing after it is drawn; <0 draws everything
    int selected = -1;       // event index to outline
    bool header = false;     // title and verdict above the lanes (exports)
    bool legend = false;     // what the marks mean, below the lanes (exports)
    QString title;           // header lines
    QString subtitle;
};

class TimelinePainter {
    Q_DECLARE_TR_FUNCTIONS(Timeline)
public:
    TimelinePainter(const RunAnalysis &data, const TimelineTheme &theme);

    void paint(QPainter &p, const QRectF &area, const TimelineViewport &view);
    // The event under `pos` in the last paint, or -1.
    int eventAt(const QPointF &pos) const;
    // Scenario ms at x in the last paint.
    double msAt(qreal x) const;
    static qreal gutterWidth(const TimelineTheme &theme) { return theme.px(132); }
    // A height that fits every lane comfortably.
    qreal preferredHeight(bool header, bool legend) const;
    // The findings the last paint drew a mark, band or span for.
    const QList<const Finding *> &drawnFindings() const { return m_drawn; }

private:
    struct Lanes {
        QRectF header, axis, lock, stock, legend;
        QList<QRectF> clients;
    };
    Lanes layout(const QRectF &area, const TimelineViewport &view) const;
    qreal headerHeight() const;
    qreal x(qint64 ns) const;
    qreal xMs(double ms) const;
    // Where to go on from item `pos` of a list sorted by start (`startOf(i)`):
    // the next item, or, where many start in the same pixel column as it, the
    // last of those (the one that may reach furthest): the ones between
    // would land on the same pixels.
    template <class StartOf>
    qsizetype skipColumn(qsizetype pos, qsizetype end, const StartOf &startOf) const;
    bool visible(qint64 fromNs, qint64 toNs) const;

    void paintHeader(QPainter &p, const QRectF &r);
    void paintAxis(QPainter &p, const QRectF &r, const QRectF &plotColumn);
    void paintLockLane(QPainter &p, const QRectF &r);
    void paintLockNode(QPainter &p, const QRectF &bar, const QRectF &lane, const LockNode &node);
    // With several lock nodes, the lock lane has a row for each.
    QList<QRectF> lockNodeRows(const QRectF &lane) const;
    // Remembers that a finding was drawn; the colour it is drawn in.
    QColor drew(const Finding *finding);
    void paintServerFaults(QPainter &p, const Lanes &lanes);
    void paintClientLane(QPainter &p, const QRectF &r, int client);
    // A sleep's bar on a client lane whose centre line is at `base`.
    QRectF workBar(qint64 fromNs, qint64 toNs, qreal base) const;
    void paintStockLane(QPainter &p, const QRectF &r);
    void paintOverlaps(QPainter &p, const Lanes &lanes);
    void paintCursor(QPainter &p, const QRectF &column);
    void paintLegend(QPainter &p, const QRectF &r);
    void paintGutterLabel(QPainter &p, const QRectF &lane, const QString &title, const QString &subtitle,
                          const QColor &colour);
    // A label in a rounded box; returns its rectangle.
    QRectF pill(QPainter &p, const QPointF &topLeft, const QString &text, const QColor &border,
                const QColor &fill, const QColor &textColour, const QFont &font);
    // Text in `box` on one line, as drawText would place it; copied from a
    // cached image on raster devices.
    void label(QPainter &p, const QRectF &box, Qt::Alignment align, const QString &text, const QFont &font,
               const QColor &colour);
    void hatch(QPainter &p, const QRectF &r, const QColor &colour);
    // An order's outcome: a filled circle with a tick or a cross.
    void paintOrderMark(QPainter &p, const QPointF &centre, const QColor &fill, bool success) const;
    void drawOrderMark(QPainter &p, const QPointF &centre, const QColor &fill, bool success) const;

    const RunAnalysis &m_data;
    TimelineTheme m_theme;
    TimelineViewport m_view;
    QRectF m_plot;           // the area right of the gutter where time runs
    double m_xOrigin = 0;    // x = m_xOrigin + ns * m_xPerNs
    double m_xPerNs = 0;
    qint64 m_cursorNs = std::numeric_limits<qint64>::max();
    QList<std::pair<QRectF, int>> m_hits;
    QList<const Finding *> m_drawn;
};

} // namespace lockstock
