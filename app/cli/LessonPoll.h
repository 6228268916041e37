#pragma once
// `lockstock lesson NAME --poll`: the class votes from their phones while the
// terminal plays the lesson. The join address is printed (with its QR code
// on a terminal), the counts as votes come in; Enter closes a question's
// voting, Enter again reveals it ('again' opens another round first), and
// otherwise goes on to the next frame.

#include "poll/PollRoom.h"
#include "poll/PollServer.h"

#include <QSocketNotifier>
#include <QTimer>

class QEventLoop;

namespace lockstock {

class LessonPoll : public QObject {
    Q_OBJECT
public:
    explicit LessonPoll(const QString &language);
    ~LessonPoll() override;

    // Listens and prints the join address; false with the error printed.
    bool start(const QHostAddress &address, quint16 port);
    // The frame is printed: the class sees it now. Returns once the teacher
    // moves on; false when they ended the lesson ('q', the end of the input, Ctrl-C).
    bool atFrame(const Lesson &lesson, bool correctSide, int frame);
    // Each question's rounds, printed, and written to `path` (.csv or .json)
    // when given; stops the poll. False with the error printed.
    bool finish(const QString &path);

private:
    void readInput();
    void command(const QString &line);
    void printVotes();
    void printAnswer(const PollQuestion &question) const;

    QString m_language;
    PollRoom m_room;
    PollServer m_server;
    QSocketNotifier m_input;
    QByteArray m_typed;
    QEventLoop *m_waiting = nullptr;
    int m_frame = -1;
    bool m_ended = false;
    int m_joinedShown = 0;
    QString m_votesShown;
    // Votes come in bursts: their counts are printed once the burst is over.
    QTimer m_votesSettled;
};

} // namespace lockstock
