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
#include <functional>
#include <vector>

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

// Where the last paint put things, for the tests that check the layout:
// every lane at least its minimum height, no label cut off or over another.
struct PaintRecord {
    struct Lane {
        QRectF rect;
        qreal minimumHeight = 0;
        QString name;
    };
    struct Label {
        QRectF rect;
        QRectF bounds;         // what it must stay inside: the plot, or the area
        QString text;
        bool onShape = false;  // written over a bar of its own (overlaps only other labels)
    };
    // A mark drawn for a finding: a marked event's tick (on its client's
    // lane, or on the stock lane), or a band over one of its spans.
    struct Mark {
        FindingKey finding;
        int event = -1;        // the event marked; -1 for a band
        Span span;             // a band's span, as the finding has it
        QRectF pill;           // the pill of an event's words where they were drawn; null: its tick alone
    };
    QList<Lane> lanes;
    QList<Label> labels;
    // The lines drawn across the lanes (a race's edges, a server's fault,
    // the replay's cursor), piece by piece: they stop short of every label.
    QList<QLineF> lines;
    QList<int> orders;         // the order events a mark was drawn for
    QList<Mark> marks;         // every mark drawn, each once
};

class TimelinePainter {
    Q_DECLARE_TR_FUNCTIONS(Timeline)
public:
    // `data` is what is drawn: a run, or the run at an instant of it
    // (InstantAnalyzer); nothing after its end is drawn until it is
    // finished. `shape`, the whole run it is an instant of, sets the lanes,
    // the header's lines and what fits the view, so that they stay put
    // while the instant moves; null: `data` itself.
    TimelinePainter(const RunAnalysis &data, const TimelineTheme &theme, const RunAnalysis *shape = nullptr);

    void paint(QPainter &p, const QRectF &area, const TimelineViewport &view);
    // The event under `pos` in the last paint, or -1.
    int eventAt(const QPointF &pos) const;
    // Where the last paint drew each event it drew: {rectangle, event index},
    // in paint order (eventAt() prefers the last).
    const QList<std::pair<QRectF, int>> &hits() const { return m_hits; }
    // Scenario ms at x in the last paint.
    double msAt(qreal x) const;
    // The lane under `pos` in the last paint: {"client", its index} or {"node",
    // the lock node's index}; {"", -1} elsewhere (axis, stock, gutter).
    std::pair<QString, int> laneAt(const QPointF &pos) const;
    static qreal gutterWidth(const TimelineTheme &theme) { return theme.px(132); }
    // A height that fits every lane comfortably.
    // For `view` (header, legend, title) `width` wide: the title wraps to it.
    qreal preferredHeight(const TimelineViewport &view, qreal width) const;
    // The least height at which every lane keeps its minimum; taller content scrolls.
    qreal minimumHeight(const TimelineViewport &view, qreal width) const;
    // Lane minimums: a client lane fits its belief band, its ticks and a row
    // of labels; the stock lane its captions over a readable line.
    qreal minimumClientLane() const { return m_theme.px(104); }
    qreal minimumLockLane() const;
    qreal minimumStockLane() const { return m_theme.px(100); }
    const PaintRecord &record() const { return m_record; }
    // The end of a view from 0 that shows the whole run with the labels of
    // its last commands whole, in a plot `plotWidth` wide.
    double fitEndMs(qreal plotWidth) const;
    // The findings the last paint drew a mark, band or span for.
    const QList<const Finding *> &drawnFindings() const { return m_drawn; }

private:
    struct Lanes {
        QRectF header, axis, lock, stock, legend;
        QList<QRectF> clients;
    };
    Lanes layout(const QRectF &area, const TimelineViewport &view) const;
    qreal headerHeight(const QString &title, qreal width) const;
    // The title's height wrapped to the header's width.
    qreal titleHeight(const QString &title, qreal width) const;
    // Where a label `width` wide can start at or right of `want` in a row
    // that is filled up to `rowEnd`, ending by `right`; NaN when it cannot.
    qreal placeInRow(qreal rowEnd, qreal want, qreal width, qreal right) const;
    void recordLabel(const QRectF &r, const QString &text, bool onShape = false);
    qreal x(qint64 ns) const;
    qreal xMs(double ms) const;
    // Where to go on from item `pos` of a list sorted by start (`startOf(i)`):
    // the next item, or, where many start in the same pixel column as it, the
    // last of those (the one that may reach furthest): the ones between
    // would land on the same pixels.
    template <class StartOf>
    qsizetype skipColumn(qsizetype pos, qsizetype end, const StartOf &startOf) const;
    // The first item at or after `from` (all items before it start in pixel
    // column `column`) that starts in a later column; `end` if none.
    template <class StartOf>
    qsizetype pastColumn(qsizetype from, qsizetype end, qreal column, const StartOf &startOf) const;
    bool visible(qint64 fromNs, qint64 toNs) const;

    void paintHeader(QPainter &p, const QRectF &r);
    void paintAxis(QPainter &p, const QRectF &r, const QRectF &plotColumn);
    void paintLockLane(QPainter &p, const QRectF &r);
    void paintLockNode(QPainter &p, const QRectF &bar, const QRectF &lane, const LockNode &node);
    // With several lock nodes, the lock lane has a row for each.
    QList<QRectF> lockNodeRows(const QRectF &lane) const;
    // Over the node rows of independent masters: where clients reached a quorum.
    qreal majorityRowHeight() const;
    void paintMajorities(QPainter &p, const QRectF &lane, const QList<QRectF> &rows);
    // A node's state words (down, paused, cut off, master) where they fit in its row.
    QList<std::pair<QRectF, QString>> nodeStateLabels(const QRectF &bar, const LockNode &node) const;
    void paintNodeState(QPainter &p, const QRectF &bar, const LockNode &node, const QList<std::pair<QRectF, QString>> &labels);
    // Where the lease bars go in the lock lane.
    QRectF lockBar(const QRectF &lane) const;
    qreal faultRowHeight() const;
    // Remembers that a finding was drawn; the colour it is drawn in.
    QColor drew(const Finding *finding);
    // Records the marks on `event` drawn at `place` (those the verdict has); the first one's finding.
    const Finding *drewMarksOf(int event, MarkPlace place);
    // Records a band drawn over one of a finding's spans.
    void drewBand(const Finding &finding, const Span &span);
    void paintServerFaults(QPainter &p, const Lanes &lanes);
    void paintClientLane(QPainter &p, const QRectF &r, int client);
    // A sleep's bar on a client lane whose centre line is at `base`.
    QRectF workBar(qint64 fromNs, qint64 toNs, qreal base) const;
    void paintStockLane(QPainter &p, const QRectF &r);
    // The units lost, at their writes' instants on the stock line (`y` of a
    // stock value); where their labels went, which the value labels keep clear of.
    QList<QRectF> paintStockMarks(QPainter &p, const QRectF &r, const std::function<qreal(qint64)> &y);
    void paintOverlaps(QPainter &p, const Lanes &lanes);
    // The replay cursor's time, in the axis row right of its line (left of
    // it at the right edge); empty without a cursor in view.
    QRectF cursorLabel(const QRectF &column) const;
    void paintCursor(QPainter &p, const QRectF &column);
    // A line down the lanes at `x` from `top` to `bottom`, drawn once every
    // label is placed, with a gap wherever it would cross one.
    void crossLanes(qreal x, qreal top, qreal bottom, const QPen &pen);
    void paintCrossLines(QPainter &p);
    void paintLegend(QPainter &p, const QRectF &r);
    // `keepClear`: what the subtitle must not run into (the node names of a multi-node lock lane).
    void paintGutterLabel(QPainter &p, const QRectF &lane, const QString &title, const QString &subtitle,
                          const QColor &colour, const QRectF &keepClear = {});
    // A label in a rounded box; returns its rectangle.
    QRectF pill(QPainter &p, const QPointF &topLeft, const QString &text, const QColor &border,
                const QColor &fill, const QColor &textColour, const QFont &font);
    // Text in `box` on one line, as drawText would place it; copied from a
    // cached image on raster devices. `onShape`: written over a bar of its own.
    void label(QPainter &p, const QRectF &box, Qt::Alignment align, const QString &text, const QFont &font,
               const QColor &colour, bool onShape = false);
    void hatch(QPainter &p, const QRectF &r, const QColor &colour);
    // An order's outcome: a filled circle with a tick or a cross.
    void paintOrderMark(QPainter &p, const QPointF &centre, const QColor &fill, bool success) const;
    void drawOrderMark(QPainter &p, const QPointF &centre, const QColor &fill, bool success) const;

    const RunAnalysis &m_data;
    const RunAnalysis &m_shape;
    TimelineTheme m_theme;
    TimelineViewport m_view;
    QRectF m_plot;           // the area right of the gutter where time runs
    double m_xOrigin = 0;    // x = m_xOrigin + ns * m_xPerNs
    double m_xPerNs = 0;
    qint64 m_cursorNs = std::numeric_limits<qint64>::max();
    QList<std::pair<QRectF, int>> m_hits;
    QList<const Finding *> m_drawn;
    std::vector<bool> m_drawnFlags;   // by index in the verdict's findings: in m_drawn
    struct CrossLine {
        qreal x, top, bottom;
        QPen pen;
    };
    QList<CrossLine> m_crossLines;
    QRectF m_cursorLabel;    // where the cursor's time goes: the axis's ticks leave it room
    QRectF m_bounds;         // where labels may go now: the plot while it is clipped to
    qreal m_topRowEnd = -1e9;  // the lock lane's top row of pills (overlaps, stuck locks) is filled up to here       // the area's width (the header wraps its title to it)
    PaintRecord m_record;
};

} // namespace lockstock
