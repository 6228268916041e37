#pragma once
// A guided lesson in the window, exposed to QML as `LessonPlayer`: the
// course's lessons for the browser, and the lesson being played. Opening
// one runs its scenario on the virtual clock to its end (a run is the same
// every time), resolves every frame to its event, then moves the replay
// cursor from frame to frame at a watchable pace and stops at each: Next
// plays to the next frame, Back shows the earlier frame's moment again,
// exactly. The class's place (lesson, side, frame) is remembered.

#include "lesson/Lesson.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <QVariantList>
#include <QtQmlIntegration>

class QQmlEngine;
class QJSEngine;

namespace lockstock {

class RunController;
class Translations;

class LessonPlayer : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    // The course in order: name, title, summary, minutes, broken, correct (strategies), course (1, 2...), frames.
    Q_PROPERTY(QVariantList lessons READ lessons NOTIFY textsChanged)
    // The lesson the class stopped in (empty: none), its side and frame.
    Q_PROPERTY(QString savedLesson READ savedLesson NOTIFY savedChanged)
    Q_PROPERTY(QString savedTitle READ savedTitle NOTIFY savedChanged)
    Q_PROPERTY(bool active READ active NOTIFY lessonChanged)
    Q_PROPERTY(QString lesson READ lesson NOTIFY lessonChanged)
    Q_PROPERTY(QString title READ title NOTIFY textsChanged)
    Q_PROPERTY(bool correctSide READ correctSide NOTIFY frameChanged)
    Q_PROPERTY(int frame READ frame NOTIFY frameChanged)
    Q_PROPERTY(int frameCount READ frameCount NOTIFY frameChanged)
    // The frame's moment is on screen: the narration and the question stand.
    Q_PROPERTY(bool ready READ ready NOTIFY frameChanged)
    Q_PROPERTY(QString text READ text NOTIFY textsChanged)
    Q_PROPERTY(QString question READ question NOTIFY textsChanged)
    Q_PROPERTY(QStringList choices READ choices NOTIFY textsChanged)
    Q_PROPERTY(int rightChoice READ rightChoice NOTIFY frameChanged)
    Q_PROPERTY(int answer READ answer NOTIFY frameChanged)
    // "event", "lane", "finding" or "verdict"; the event and the client's lane it shows.
    Q_PROPERTY(QString highlight READ highlight NOTIFY frameChanged)
    Q_PROPERTY(int highlightEvent READ highlightEvent NOTIFY frameChanged)
    Q_PROPERTY(int highlightClient READ highlightClient NOTIFY frameChanged)
    Q_PROPERTY(double frameMs READ frameMs NOTIFY frameChanged)
    Q_PROPERTY(QString error READ error NOTIFY frameChanged)
    // The last frame of the broken side: Next plays the fix.
    Q_PROPERTY(bool invitesFix READ invitesFix NOTIFY frameChanged)
    Q_PROPERTY(bool atEnd READ atEnd NOTIFY frameChanged)
    Q_PROPERTY(bool atStart READ atStart NOTIFY frameChanged)
public:
    LessonPlayer(RunController *controller, Translations *translations, QObject *parent = nullptr);
    static LessonPlayer *create(QQmlEngine *engine, QJSEngine *js);

    QVariantList lessons() const;
    QString savedLesson() const;
    QString savedTitle() const;
    bool active() const { return m_lesson.has_value(); }
    QString lesson() const { return m_lesson ? m_lesson->name : QString(); }
    QString title() const;
    bool correctSide() const { return m_correct; }
    int frame() const { return m_frame; }
    int frameCount() const { return m_lesson ? int(m_lesson->frames(m_correct).size()) : 0; }
    bool ready() const { return m_ready; }
    QString text() const;
    QString question() const;
    QStringList choices() const;
    int rightChoice() const;
    int answer() const { return m_answer; }
    QString highlight() const;
    int highlightEvent() const;
    int highlightClient() const;
    double frameMs() const { return frameMsAt(m_frame); }
    QString error() const { return m_error; }
    bool invitesFix() const { return active() && !m_correct && m_frame == frameCount() - 1; }
    bool atEnd() const { return active() && m_correct && m_frame == frameCount() - 1; }
    bool atStart() const { return !active() || (!m_correct && m_frame == 0); }
    // The lesson played, its texts in both languages (the class poll's phones switch); null: none.
    const Lesson *played() const { return m_lesson ? &*m_lesson : nullptr; }

    // Opens lesson `name` on a side at a frame (0-based): runs it, then shows the frame.
    Q_INVOKABLE void open(const QString &name, bool correct = false, int frame = 0);
    // Where the class stopped.
    Q_INVOKABLE void resume();
    Q_INVOKABLE void next();
    Q_INVOKABLE void back();
    Q_INVOKABLE void choose(int choice);
    Q_INVOKABLE void close();

signals:
    void textsChanged();
    void lessonChanged();
    void frameChanged();
    void savedChanged();

private:
    const LessonFrame *current() const;
    double frameMsAt(int frame) const;
    // The run is over: every frame's event, then the frame asked for.
    void runSettled();
    // Moves the cursor to the frame's moment: at a watchable pace, or at once.
    void goTo(int frame, bool animate);
    void arrive();
    // The window shows the run at the frame's moment: the frame stands.
    void shown();
    void save();

    RunController *m_controller;
    Translations *m_translations;
    std::optional<Lesson> m_lesson;
    bool m_correct = false;
    int m_frame = 0;
    int m_pendingFrame = -1;   // asked for before the run was over
    QList<int> m_events;       // each frame's event in the run shown
    bool m_ready = false;
    bool m_arriving = false;   // at the frame's moment, waiting for the window to show it
    int m_answer = -1;
    QString m_error;
    bool m_opening = false;    // our own change of the controller's scenario
    QTimer m_travel;
    QElapsedTimer m_travelClock;
    double m_toMs = 0;
    LessonLeg m_leg;           // the way there, played
};

} // namespace lockstock
