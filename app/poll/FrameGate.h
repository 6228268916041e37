#pragma once
// A window's frames one after the other. Qt's threaded render loop has the
// window's thread polish the next frame while the render thread is still
// drawing the one before, then wait for it, blocked: whatever that thread
// would have read meanwhile (a vote from its socket) waits for the frame
// after next. While a gate is on a window, a frame asked for while the
// render thread draws is held, and asked for again as soon as that frame has
// ended: the window's thread stays free, and what it reads while a frame is
// drawn is in the next one. Frames no longer overlap: each starts after the
// one before has ended.

#include <QObject>
#include <QPointer>
#include <QQuickWindow>

#include <memory>

namespace lockstock {

class FrameGate : public QObject {
public:
    explicit FrameGate(QObject *parent = nullptr);
    ~FrameGate() override;

    // The window whose frames follow each other; nullptr: none.
    void setWindow(QQuickWindow *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Frames;
    void release();

    QPointer<QQuickWindow> m_window;
    // Shared with the render thread's handlers, which may still be running as the gate lets go.
    std::shared_ptr<Frames> m_frames;
    QMetaObject::Connection m_begun;
    QMetaObject::Connection m_ended;
};

} // namespace lockstock
