#pragma once
// The class poll in the window, exposed to QML as `ClassPoll`: started for
// the lesson being played, it serves the students' page on the LAN address
// chosen (remembered), follows the lesson's frames, and gives the projector
// the join address, who joined, and the votes on the question shown, round
// by round. Close voting, Vote again, Reveal (which plays the run on to the
// moment that answers the question); the results of every question asked
// since the window opened are kept for the export.

#include "FrameGate.h"
#include "PollAddresses.h"
#include "PollRoom.h"
#include "PollServer.h"

#include <QObject>
#include <QVariantList>
#include <QtQmlIntegration>

class QQmlEngine;
class QJSEngine;
class QQuickItem;

namespace lockstock {

class LessonPlayer;
class Translations;

class ClassPoll : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(bool running READ running NOTIFY runningChanged)
    // The join address: in full (the QR code), and short, to type.
    Q_PROPERTY(QString url READ url NOTIFY runningChanged)
    Q_PROPERTY(QString shortUrl READ shortUrl NOTIFY runningChanged)
    // The machine's addresses a phone can reach ("wlp2s0 · 192.168.1.5"), this machine alone
    // last, and which of them the poll is on.
    Q_PROPERTY(QStringList addresses READ addresses NOTIFY addressesChanged)
    Q_PROPERTY(int addressIndex READ addressIndex WRITE setAddressIndex NOTIFY addressChanged)
    Q_PROPERTY(QString address READ address WRITE setAddress NOTIFY addressChanged)
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    Q_PROPERTY(int joined READ joined NOTIFY joinedChanged)
    // Messages dropped and clients turned away: someone is trying something.
    Q_PROPERTY(int ignored READ ignored NOTIFY ignoredChanged)
    // The question shown, in the window's language.
    Q_PROPERTY(bool asking READ asking NOTIFY questionChanged)
    Q_PROPERTY(QString question READ question NOTIFY questionChanged)
    Q_PROPERTY(QStringList choices READ choices NOTIFY questionChanged)
    Q_PROPERTY(int round READ round NOTIFY questionChanged)
    Q_PROPERTY(bool votingOpen READ votingOpen NOTIFY questionChanged)
    Q_PROPERTY(bool revealed READ revealed NOTIFY questionChanged)
    // -1 until revealed.
    Q_PROPERTY(int rightChoice READ rightChoice NOTIFY questionChanged)
    // counts[round][choice] and voters[round], rounds from the first.
    Q_PROPERTY(QVariantList counts READ counts NOTIFY votesChanged)
    Q_PROPERTY(QVariantList voters READ voters NOTIFY votesChanged)
    Q_PROPERTY(bool canVoteAgain READ canVoteAgain NOTIFY votesChanged)
    Q_PROPERTY(bool hasResults READ hasResults NOTIFY votesChanged)
    // The item that draws the votes: while it is in a window, they are told
    // in that window's polish, once a frame, just before the frame's sync;
    // and while the poll runs, that window's frames follow each other
    // (FrameGate), so a vote read while a frame is drawn is in the next.
    Q_PROPERTY(QQuickItem *chart READ chart WRITE setChart NOTIFY chartChanged)
public:
    ClassPoll(LessonPlayer *player, Translations *translations, QObject *parent = nullptr);
    ~ClassPoll() override;
    static ClassPoll *create(QQmlEngine *engine, QJSEngine *js);

    bool running() const { return m_server.running(); }
    QString url() const { return m_server.url().toString(); }
    QString shortUrl() const;
    QStringList addresses() const;
    int addressIndex() const;
    void setAddressIndex(int index);
    QString address() const { return m_address; }
    void setAddress(const QString &address);
    QString error() const { return m_error; }
    int joined() const { return m_server.joined(); }
    int ignored() const { return m_server.dropped() + m_server.turnedAway(); }
    bool asking() const { return m_room.question() != nullptr; }
    QString question() const;
    QStringList choices() const;
    int round() const;
    bool votingOpen() const { return m_room.votingOpen(); }
    bool revealed() const;
    int rightChoice() const;
    QVariantList counts() const { return m_counts; }
    QVariantList voters() const { return m_voters; }
    bool canVoteAgain() const { return m_room.canVoteAgain(); }
    bool hasResults() const { return !m_room.asked().isEmpty(); }
    QQuickItem *chart() const;
    void setChart(QQuickItem *chart);

    PollRoom &room() { return m_room; }
    PollServer &server() { return m_server; }

    Q_INVOKABLE void start();
    Q_INVOKABLE void stop();
    Q_INVOKABLE void closeVoting() { m_room.closeVoting(); }
    Q_INVOKABLE void voteAgain() { m_room.voteAgain(); }
    Q_INVOKABLE void reveal();
    // Looks at the machine's network interfaces again.
    Q_INVOKABLE void refreshAddresses();
    // As .csv or .json by the name's suffix; the error, or empty.
    Q_INVOKABLE QString exportResults(const QUrl &file) const;

signals:
    void runningChanged();
    void addressesChanged();
    void addressChanged();
    void errorChanged();
    void joinedChanged();
    void ignoredChanged();
    void questionChanged();
    void votesChanged();
    void chartChanged();

private:
    QString language() const;
    // The lesson's frame, once its moment is on the screen.
    void follow();
    QString listen(bool keepToken);
    void setError(const QString &error);
    // The chart's figures, taken once for all its bindings.
    void countVotes();
    // Votes come in bursts (a class answering at once): told at the chart's
    // next polish, so a vote read before a frame's sync is in that frame;
    // at once when no window draws the chart.
    void votesCame();
    // The chart's window, while the poll runs, gets its frames one after the other.
    void gateFrames();

    LessonPlayer *m_player;
    Translations *m_translations;
    PollRoom m_room;
    PollServer m_server;
    QList<PollAddress> m_addresses;
    QString m_address;
    QString m_error;
    QVariantList m_counts;
    QVariantList m_voters;
    // A child item of the chart, polished when votes came; a child of this object.
    QQuickItem *m_votesHook;
    FrameGate m_frameGate;
};

} // namespace lockstock
