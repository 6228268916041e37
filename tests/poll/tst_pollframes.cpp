// The class poll's chart in a window drawn by Qt's threaded render loop (X,
// OpenGL), as on a teacher's laptop: while the render thread draws a frame,
// the window's thread stays free to read votes (a frame asked for meanwhile
// waits for the one being drawn to end, instead of blocking the thread);
// the vote counted meanwhile is in the very next frame, and that frame comes
// by itself. With no poll running, the window's frames are Qt's own.

#include "lesson/Lesson.h"
#include "poll/ClassPoll.h"

#include <QGuiApplication>
#include <QMutex>
#include <QQuickItem>
#include <QQuickWindow>
#include <QSemaphore>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace lockstock;

namespace {
// lost-update's second frame asks "What will the stock be?" 98 / 99 / 100.
constexpr int kQuestionFrame = 1;
const QString kStudent = QStringLiteral("0123456789abcdef0123456789abcdef");

QList<int> countsOf(const ClassPoll &poll)
{
    QList<int> out;
    for (const QVariant &n : poll.counts().value(0).toList())
        out << n.toInt();
    return out;
}
} // namespace

class TestPollFrames : public QObject {
    Q_OBJECT

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QQuickWindow> m_window;
    std::unique_ptr<ClassPoll> m_poll;

    // The render thread held inside its next frame (in beforeRendering) until released.
    std::atomic<bool> m_holdNext{false};
    std::atomic<bool> m_held{false};
    QSemaphore m_release;
    // What the chart had been told at each sync: the window's thread waits meanwhile.
    QMutex m_mutex;
    QList<QList<int>> m_synced;
    std::atomic<bool> m_ownRenderThread{false};

    qsizetype syncs()
    {
        const QMutexLocker lock(&m_mutex);
        return m_synced.size();
    }
    QList<int> syncedAt(qsizetype sync)
    {
        const QMutexLocker lock(&m_mutex);
        return m_synced.value(sync);
    }
    // A frame under way on the render thread, held there.
    bool holdAFrame()
    {
        m_holdNext = true;
        m_window->update();
        return QTest::qWaitFor([this] { return m_held.load(); }, 10000);
    }

private slots:
    void initTestCase()
    {
        // Settings of the test's own: the poll remembers its address and port.
        QCoreApplication::setOrganizationName(QStringLiteral("LockStock"));
        QVERIFY(m_settingsDir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settingsDir.path());
        m_window = std::make_unique<QQuickWindow>();
        m_window->resize(480, 320);
        auto *chart = new QQuickItem(m_window->contentItem());
        m_poll = std::make_unique<ClassPoll>(nullptr, nullptr);
        m_poll->setChart(chart);
        QObject::connect(m_window.get(), &QQuickWindow::beforeSynchronizing, m_window.get(), [this] {
            m_ownRenderThread = QThread::currentThread() != qApp->thread();
            const QMutexLocker lock(&m_mutex);
            m_synced << countsOf(*m_poll);
        }, Qt::DirectConnection);
        // Long enough for the window's thread, were it blocked, to wait it out; never waited in full otherwise.
        QObject::connect(m_window.get(), &QQuickWindow::beforeRendering, m_window.get(), [this] {
            if (!m_holdNext.exchange(false))
                return;
            m_held = true;
            m_release.tryAcquire(1, 10000);
            m_held = false;
        }, Qt::DirectConnection);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_VERIFY(syncs() > 0);
        QVERIFY2(m_ownRenderThread, "the window is not drawn on a render thread of its own (QSG_RENDER_LOOP=threaded, X)");
    }

    void aVoteReadWhileAFrameIsDrawnIsInTheNext()
    {
        m_poll->setAddress(QStringLiteral("127.0.0.1"));
        m_poll->start();
        QVERIFY2(m_poll->running(), qPrintable(m_poll->error()));
        LessonError error;
        const std::optional<Lesson> lesson = findLesson(QStringLiteral("lost-update"), &error);
        QVERIFY(lesson);
        m_poll->room().show(*lesson, false, kQuestionFrame);
        QVERIFY(m_poll->votingOpen());
        const int serial = m_poll->room().question()->serial;

        // A vote comes while the render thread draws; the window asks for its next frame.
        QVERIFY(holdAFrame());
        const qsizetype before = syncs();
        QCOMPARE(m_poll->room().vote(kStudent, serial, 1, 2), PollRoom::Ballot::Counted);
        QEvent frame(QEvent::UpdateRequest);
        QCoreApplication::sendEvent(m_window.get(), &frame);
        QVERIFY2(m_held, "the window's thread waited for the frame being drawn");
        QCOMPARE(syncs(), before);
        // That frame ends: the next is asked for by itself, and draws the vote.
        m_release.release();
        QTRY_VERIFY(syncs() > before);
        QCOMPARE(syncedAt(before), (QList<int>{0, 0, 1}));

        // Nothing else drawing: a vote still reaches the chart in a frame of its own.
        QCOMPARE(m_poll->room().vote(kStudent, serial, 1, 0), PollRoom::Ballot::Changed);
        QTRY_COMPARE(syncedAt(syncs() - 1), (QList<int>{1, 0, 0}));
    }

    // The poll stopped, frames are Qt's own again: the window's thread
    // prepares the next frame while the render thread still draws, and waits
    // for it.
    void noPollNothingHeld()
    {
        m_poll->stop();
        QVERIFY(!m_poll->running());
        QVERIFY(holdAFrame());
        const qsizetype before = syncs();
        // The frame drawn is let go once the window's thread has prepared the next (afterAnimating).
        QSemaphore prepared;
        const QMetaObject::Connection preparing = QObject::connect(m_window.get(), &QQuickWindow::afterAnimating, m_window.get(),
                                                                   [&prepared] { prepared.release(); });
        const std::unique_ptr<QThread> releaser(QThread::create([&] {
            prepared.tryAcquire(1, 10000);
            m_release.release();
        }));
        releaser->start();
        QEvent frame(QEvent::UpdateRequest);
        QCoreApplication::sendEvent(m_window.get(), &frame);
        QVERIFY2(!m_held, "the frame asked for was held");
        QVERIFY(syncs() > before);
        releaser->wait();
        QObject::disconnect(preparing);
    }

    void cleanupTestCase()
    {
        if (m_held)
            m_release.release();
        m_poll.reset();
        m_window.reset();
    }
};

QTEST_MAIN(TestPollFrames)
#include "tst_pollframes.moc"
