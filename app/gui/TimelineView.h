#pragma once
// The timeline in the window: a QQuickPaintedItem that asks TimelinePainter
// to draw the visible range of a RunSession's timeline. No QML delegate per
// event. Wheel zooms around the pointer, drag scrolls, click selects an event
// (or moves the replay cursor when it hits none).

#include "RunSession.h"
#include "rendering/TimelinePainter.h"

#include <QPointer>
#include <QQuickPaintedItem>
#include <QtQmlIntegration>

namespace lockstock {

class TimelineView : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(lockstock::RunSession *session READ session WRITE setSession NOTIFY sessionChanged)
    Q_PROPERTY(double viewStartMs READ viewStartMs NOTIFY viewChanged)
    Q_PROPERTY(double viewEndMs READ viewEndMs NOTIFY viewChanged)
    Q_PROPERTY(bool follow READ follow WRITE setFollow NOTIFY viewChanged)
    Q_PROPERTY(double cursorMs READ cursorMs WRITE setCursorMs NOTIFY cursorMsChanged)
    Q_PROPERTY(int selectedEvent READ selectedEvent WRITE setSelectedEvent NOTIFY selectedEventChanged)
    Q_PROPERTY(QString theme READ theme WRITE setTheme NOTIFY themeChanged)
    Q_PROPERTY(qreal textScale READ textScale WRITE setTextScale NOTIFY themeChanged)
    // More than 0: every lane is to fit this height (presentation mode): the
    // timeline is drawn at a smaller scale than textScale where it must, down
    // to half of it but not under kLeastFitScale (then the lanes scroll).
    Q_PROPERTY(qreal fitHeight READ fitHeight WRITE setFitHeight NOTIFY themeChanged)
    // The scale the timeline is drawn at: textScale, or less to fit.
    Q_PROPERTY(qreal drawnScale READ drawnScale NOTIFY themeChanged)
    Q_PROPERTY(double durationMs READ durationMs NOTIFY viewChanged)
    // Following the run, the view ends at the run's own fit, or later: side by
    // side, each view ends where the longer of the two fits (one time axis).
    // Its own signal: a view that takes the other's fit as its minimum end
    // must not hear of its own view changing (a binding loop).
    Q_PROPERTY(double fitEndMs READ fitEndMs NOTIFY fitEndChanged)
    Q_PROPERTY(double minimumEndMs READ minimumEndMs WRITE setMinimumEndMs NOTIFY viewChanged)
    // The height below which lanes would fall under their minimum: the pane scrolls beyond it.
    Q_PROPERTY(qreal minimumContentHeight READ minimumContentHeight NOTIFY minimumContentHeightChanged)
public:
    explicit TimelineView(QQuickItem *parent = nullptr);

    RunSession *session() const { return m_session; }
    void setSession(RunSession *session);
    double viewStartMs() const;
    double viewEndMs() const;
    bool follow() const { return m_follow; }
    void setFollow(bool follow);
    double cursorMs() const { return m_cursorMs; }
    void setCursorMs(double ms);
    int selectedEvent() const { return m_selected; }
    void setSelectedEvent(int index);
    QString theme() const { return m_theme; }
    void setTheme(const QString &theme);
    qreal textScale() const { return m_scale; }
    void setTextScale(qreal scale);
    static constexpr qreal kLeastFitScale = 0.75;
    qreal fitHeight() const { return m_fitHeight; }
    void setFitHeight(qreal height);
    qreal drawnScale() const { return m_drawnScale; }
    double durationMs() const;
    double fitEndMs() const;
    double minimumEndMs() const { return m_minimumEndMs; }
    void setMinimumEndMs(double ms);
    qreal minimumContentHeight() const { return m_minimumContentHeight; }

    // Shows [startMs, endMs], within the run (from 0 to the end the whole
    // run fits in); stops following the run, unless that is all of it.
    Q_INVOKABLE void showRange(double startMs, double endMs);
    Q_INVOKABLE void zoomBy(double factor, double atX = -1);
    Q_INVOKABLE void scrollBy(double fraction);
    Q_INVOKABLE void fit() { setFollow(true); }

    void paint(QPainter *painter) override;
    // Where the last paint put its lanes, labels and lines; null before the
    // first. Painted while the GUI thread waits (the scene graph's sync).
    const PaintRecord *paintRecord() const { return m_painter ? &m_painter->record() : nullptr; }

signals:
    void sessionChanged();
    void viewChanged();
    void cursorMsChanged();
    void selectedEventChanged();
    void themeChanged();
    void fitEndChanged();
    void minimumContentHeightChanged();
    // The wheel over the lane names scrolls the lanes, not time.
    void lanesScrollRequested(qreal pixels);
    void eventClicked(int index);
    void cursorRequested(double ms);
    // Right-click on a lane: `lane` is "client" or "node", `index` which one,
    // `ms` the scenario time there; x, y where the menu goes.
    void laneMenuRequested(const QString &lane, int index, double ms, qreal x, qreal y);

protected:
    void geometryChange(const QRectF &newGeometry, const QRectF &oldGeometry) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;

private:
    TimelineTheme currentTheme() const { return TimelineTheme::named(m_theme, m_drawnScale); }
    double plotLeft() const;
    double plotWidth() const;
    // After what the lanes' heights depend on changed: the scale to draw at,
    // the minimum height, the fit's end.
    void updateMinimumContentHeight();

    QPointer<RunSession> m_session;
    // What the last paint drew (the run at the instant shown) and the whole run (event numbers, lanes).
    std::shared_ptr<const RunAnalysis> m_data;
    std::shared_ptr<const RunAnalysis> m_whole;
    std::unique_ptr<TimelinePainter> m_painter;     // for hit tests on the last paint
    bool m_follow = true;
    double m_startMs = 0;
    double m_endMs = 1000;
    double m_minimumEndMs = 0;
    double m_cursorMs = -1;
    int m_selected = -1;
    QString m_theme = QStringLiteral("light");
    qreal m_scale = 1.0;
    qreal m_fitHeight = 0;
    qreal m_drawnScale = 1.0;
    qreal m_minimumContentHeight = 0;
    QPointF m_pressPos;
    double m_pressStartMs = 0;
    bool m_dragging = false;
};

} // namespace lockstock
