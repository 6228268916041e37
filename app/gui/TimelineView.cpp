#include "TimelineView.h"

#include <QCursor>

namespace lockstock {

TimelineView::TimelineView(QQuickItem *parent)
    : QQuickPaintedItem(parent)
{
    setAcceptedMouseButtons(Qt::LeftButton | Qt::RightButton);
    setOpaquePainting(true);
    setAntialiasing(true);
}

void TimelineView::setSession(RunSession *session)
{
    if (session == m_session)
        return;
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    if (m_session)
        connect(m_session, &RunSession::timelineChanged, this, [this] {
            if (m_selected >= 0 && m_session->analysis()->events.size() <= m_selected)
                setSelectedEvent(-1);
            emit viewChanged();
            updateMinimumContentHeight();
            update();
        });
    updateMinimumContentHeight();
    emit sessionChanged();
    emit viewChanged();
    update();
}

double TimelineView::durationMs() const
{
    return m_session ? m_session->analysis()->durationMs() : 0;
}

double TimelineView::viewStartMs() const
{
    return m_follow ? 0 : m_startMs;
}

double TimelineView::viewEndMs() const
{
    // Following: the whole run with room for the last labels.
    return m_follow ? std::max(fitEndMs(), m_minimumEndMs) : m_endMs;
}

double TimelineView::fitEndMs() const
{
    if (!m_session)
        return 1.0;
    return TimelinePainter(*m_session->analysis(), currentTheme()).fitEndMs(plotWidth());
}

void TimelineView::setMinimumEndMs(double ms)
{
    if (qFuzzyCompare(ms + 1, m_minimumEndMs + 1))
        return;
    m_minimumEndMs = ms;
    emit viewChanged();
    update();
}

void TimelineView::setFollow(bool follow)
{
    if (follow == m_follow)
        return;
    if (!follow) {
        m_startMs = viewStartMs();
        m_endMs = viewEndMs();
    }
    m_follow = follow;
    emit viewChanged();
    update();
}

void TimelineView::showRange(double startMs, double endMs)
{
    if (!(endMs > startMs))
        return;
    // No time before the run, none after the whole of it: zoomed out past
    // that, the view fits the run (it showed "-4 ms", or a blank run).
    const double whole = std::max({durationMs() * 1.12, fitEndMs(), m_minimumEndMs});
    const double span = std::max(endMs - startMs, 0.01);
    if (span >= whole) {
        fit();
        return;
    }
    m_startMs = std::clamp(startMs, 0.0, whole - span);
    m_endMs = m_startMs + span;
    m_follow = false;
    emit viewChanged();
    update();
}

void TimelineView::zoomBy(double factor, double atX)
{
    const double start = viewStartMs();
    const double end = viewEndMs();
    const double anchor = atX >= 0 ? start + (atX - plotLeft()) / std::max(1.0, plotWidth()) * (end - start)
                                   : (m_cursorMs >= 0 ? m_cursorMs : (start + end) / 2);
    showRange(anchor - (anchor - start) * factor, anchor + (end - anchor) * factor);
}

void TimelineView::scrollBy(double fraction)
{
    const double span = viewEndMs() - viewStartMs();
    showRange(viewStartMs() + span * fraction, viewEndMs() + span * fraction);
}

void TimelineView::setCursorMs(double ms)
{
    if (qFuzzyCompare(ms + 1, m_cursorMs + 1))
        return;
    m_cursorMs = ms;
    // Keep the cursor in sight while replaying a zoomed-in view.
    if (!m_follow && ms >= 0 && (ms < m_startMs || ms > m_endMs)) {
        const double span = m_endMs - m_startMs;
        showRange(ms - span * 0.1, ms + span * 0.9);
    }
    emit cursorMsChanged();
    update();
}

void TimelineView::setSelectedEvent(int index)
{
    if (index == m_selected)
        return;
    m_selected = index;
    emit selectedEventChanged();
    update();
}

void TimelineView::setTheme(const QString &theme)
{
    if (theme == m_theme)
        return;
    m_theme = theme;
    updateMinimumContentHeight();
    emit themeChanged();
    update();
}

void TimelineView::setTextScale(qreal scale)
{
    if (qFuzzyCompare(scale, m_scale))
        return;
    m_scale = scale;
    updateMinimumContentHeight();
    emit themeChanged();
    update();
}

void TimelineView::setFitHeight(qreal height)
{
    if (qFuzzyCompare(height + 1, m_fitHeight + 1))
        return;
    m_fitHeight = height;
    updateMinimumContentHeight();
    emit themeChanged();
    update();
}

void TimelineView::updateMinimumContentHeight()
{
    const std::shared_ptr<const RunAnalysis> data = m_session ? m_session->analysis() : RunAnalyzer({}).snapshot();
    const auto minimumAt = [&](qreal scale) {
        return TimelinePainter(*data, TimelineTheme::named(m_theme, scale)).minimumHeight(TimelineViewport{}, width());
    };
    // The lanes' minimums scale with the text, but for rounding to whole
    // pixels: from the proportion down, a step at a time, until they fit.
    qreal scale = m_scale;
    if (m_fitHeight > 0 && minimumAt(scale) > m_fitHeight) {
        // Not below three quarters of ×1, nor half the text size asked for.
        const qreal least = std::min(m_scale, std::max(kLeastFitScale, m_scale / 2));
        scale = std::max(least, m_scale * m_fitHeight / minimumAt(m_scale));
        while (scale > least && minimumAt(scale) > m_fitHeight)
            scale = std::max(least, scale - 0.02);
    }
    const bool rescaled = !qFuzzyCompare(scale, m_drawnScale);
    m_drawnScale = scale;
    if (rescaled)
        emit themeChanged();
    emit fitEndChanged();
    const qreal h = minimumAt(scale);
    if (qFuzzyCompare(h, m_minimumContentHeight))
        return;
    m_minimumContentHeight = h;
    emit minimumContentHeightChanged();
}

void TimelineView::geometryChange(const QRectF &newGeometry, const QRectF &oldGeometry)
{
    QQuickPaintedItem::geometryChange(newGeometry, oldGeometry);
    // The fit's end depends on the plot's width.
    if (newGeometry.width() != oldGeometry.width())
        emit fitEndChanged();
}

double TimelineView::plotLeft() const
{
    return TimelinePainter::gutterWidth(currentTheme());
}

double TimelineView::plotWidth() const
{
    return width() - plotLeft() - currentTheme().px(16);
}

void TimelineView::paint(QPainter *painter)
{
    // The run at the instant shown, on the lanes of the whole run.
    m_whole = m_session ? m_session->analysis() : RunAnalyzer({}).snapshot();
    m_data = m_session ? m_session->shown() : m_whole;
    m_painter = std::make_unique<TimelinePainter>(*m_data, currentTheme(), m_whole.get());
    TimelineViewport view;
    view.startMs = viewStartMs();
    view.endMs = viewEndMs();
    view.cursorMs = m_cursorMs;
    view.selected = InstantAnalyzer::indexIn(*m_whole, m_selected, *m_data);
    m_painter->paint(*painter, QRectF(0, 0, width(), height()), view);
}

void TimelineView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::RightButton) {
        event->accept();
        if (!m_painter)
            return;
        const auto [lane, index] = m_painter->laneAt(event->position());
        if (!lane.isEmpty())
            emit laneMenuRequested(lane, index, std::max(0.0, m_painter->msAt(event->position().x())),
                                   event->position().x(), event->position().y());
        return;
    }
    m_pressPos = event->position();
    m_pressStartMs = viewStartMs();
    m_dragging = false;
    event->accept();
}

void TimelineView::mouseMoveEvent(QMouseEvent *event)
{
    if (!(event->buttons() & Qt::LeftButton))
        return;
    const qreal dx = event->position().x() - m_pressPos.x();
    if (!m_dragging && std::abs(dx) < 4)
        return;
    m_dragging = true;
    setCursor(Qt::ClosedHandCursor);
    const double span = viewEndMs() - viewStartMs();
    const double start = m_pressStartMs - dx / std::max(1.0, plotWidth()) * span;
    showRange(start, start + span);
}

void TimelineView::mouseReleaseEvent(QMouseEvent *event)
{
    unsetCursor();
    if (event->button() != Qt::LeftButton || m_dragging || !m_painter)
        return;
    const int hit = InstantAnalyzer::indexIn(*m_data, m_painter->eventAt(event->position()), *m_whole);
    if (hit >= 0) {
        setSelectedEvent(hit);
        emit eventClicked(hit);
    } else if (event->position().x() >= plotLeft()) {
        emit cursorRequested(std::max(0.0, m_painter->msAt(event->position().x())));
    }
}

void TimelineView::wheelEvent(QWheelEvent *event)
{
    const QPoint delta = event->angleDelta();
    if (event->position().x() < plotLeft() && std::abs(delta.y()) >= std::abs(delta.x())) {
        emit lanesScrollRequested(-delta.y() / 120.0 * currentTheme().px(60));
        event->accept();
        return;
    }
    if (event->modifiers() & Qt::ShiftModifier || std::abs(delta.x()) > std::abs(delta.y()))
        scrollBy(-(delta.x() ? delta.x() : delta.y()) / 1200.0);
    else
        zoomBy(std::pow(0.85, delta.y() / 120.0), event->position().x());
    event->accept();
}

} // namespace lockstock
