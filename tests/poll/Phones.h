#pragma once
// Test support for the class poll: phones (WebSocket clients, as the
// students' page opens them) and the frame times of a window while they vote.

#include <QElapsedTimer>
#include <QJsonObject>
#include <QList>
#include <QMutex>
#include <QObject>
#include <QUrl>
#include <QWebSocket>

class QQuickWindow;

namespace lockstock::test {

// A student's id as the page makes it: 32 hex digits.
QString studentId(int n);
// The poll's WebSocket for a student, from the join address.
QUrl socketUrl(const QUrl &joinUrl, const QString &student);

class Phone : public QObject {
    Q_OBJECT
public:
    Phone(const QUrl &joinUrl, const QString &student, QObject *parent = nullptr);

    void open();
    bool isOpen() const { return socket.state() == QAbstractSocket::ConnectedState; }
    // For the question shown in the last state, its round.
    void vote(int choice);
    // The poll's last word: the frame, the question, this student's vote.
    QJsonObject state;
    int mine() const { return state.value(QStringLiteral("mine")).toInt(-1); }
    int questionId() const;
    int round() const;
    int statesSeen = 0;
    QWebSocket socket;

private:
    QUrl m_url;
};

// Frame intervals of a window: for the test's log, never for an assertion.
class FrameTimes : public QObject {
public:
    explicit FrameTimes(QQuickWindow *window);
    void restart();
    // "57 frames, median 16.7 ms, longest 33.4 ms"
    QString summary() const;

private:
    // Swaps are said on the render thread.
    mutable QMutex m_mutex;
    QElapsedTimer m_clock;
    qint64 m_lastNs = -1;
    QList<double> m_intervalsMs;
};

} // namespace lockstock::test
