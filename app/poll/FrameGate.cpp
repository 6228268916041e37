#include "FrameGate.h"

#include <QCoreApplication>
#include <QMutex>
#include <QQuickWindow>

#include <utility>

namespace lockstock {

struct FrameGate::Frames {
    QMutex mutex;
    // Between the render thread's beforeFrameBegin and afterFrameEnd, which
    // Qt 6 emits in pairs for every frame, drawn or not.
    bool drawing = false;
    // A frame was asked for meanwhile.
    bool held = false;
};

FrameGate::FrameGate(QObject *parent)
    : QObject(parent)
{
}

FrameGate::~FrameGate()
{
    release();
}

void FrameGate::setWindow(QQuickWindow *window)
{
    if (window == m_window)
        return;
    release();
    m_window = window;
    if (!window)
        return;
    auto frames = std::make_shared<Frames>();
    m_frames = frames;
    m_begun = connect(window, &QQuickWindow::beforeFrameBegin, window, [frames] {
        const QMutexLocker lock(&frames->mutex);
        frames->drawing = true;
    }, Qt::DirectConnection);
    // The frame held is asked for at once, not on the 5 ms timer of requestUpdate().
    m_ended = connect(window, &QQuickWindow::afterFrameEnd, window, [frames, window] {
        const QMutexLocker lock(&frames->mutex);
        frames->drawing = false;
        if (std::exchange(frames->held, false))
            QCoreApplication::postEvent(window, new QEvent(QEvent::UpdateRequest));
    }, Qt::DirectConnection);
    window->installEventFilter(this);
}

void FrameGate::release()
{
    if (!m_frames)
        return;
    disconnect(m_begun);
    disconnect(m_ended);
    bool held = false;
    {
        const QMutexLocker lock(&m_frames->mutex);
        held = std::exchange(m_frames->held, false);
    }
    m_frames.reset();
    if (m_window) {
        m_window->removeEventFilter(this);
        // Not a frame lost: the one held is asked for as any other.
        if (held)
            m_window->requestUpdate();
    }
}

bool FrameGate::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::UpdateRequest || watched != m_window || !m_frames)
        return false;
    const QMutexLocker lock(&m_frames->mutex);
    if (!m_frames->drawing)
        return false;
    m_frames->held = true;
    return true;
}

} // namespace lockstock
