#pragma once
// The class poll on the network: an HTTP server (Qt HttpServer) that serves
// the students' page and its WebSocket (Qt WebSockets), both under a random
// token in the join address, and nothing else; every other request is 404.
// Off until start(); stop() closes the listener and every socket. A student
// sends only votes, a choice index checked against the open question;
// anything else is dropped and counted. Limits (PollLimits) on connections,
// request heads, message sizes and rates; a client breaking one is cut off
// and the others go on.

#include "PollGate.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QJsonObject>
#include <QObject>
#include <QTimer>
#include <QUrl>

#include <memory>
#include <unordered_map>

class QHttpServer;
class QWebSocket;

namespace lockstock {

class PollRoom;

class PollServer : public QObject {
    Q_OBJECT
public:
    explicit PollServer(PollRoom *room, QObject *parent = nullptr);
    ~PollServer() override;

    // For the next start.
    void setLimits(const PollLimits &limits) { m_limits = limits; }
    const PollLimits &limits() const { return m_limits; }
    // Listens on `address` and `port` (0: a free one) under a new token, or
    // the same one when `keepToken` (the teacher moved the poll to another
    // network). The error, or empty.
    QString start(const QHostAddress &address, quint16 port, bool keepToken = false);
    void stop();

    bool running() const { return m_http != nullptr; }
    // http://HOST:PORT/TOKEN
    QUrl url() const { return m_url; }
    quint16 port() const { return quint16(m_url.port()); }
    // The language the pages show until a student picks one ("en", "zh_CN").
    void setLanguage(const QString &language);

    // Students with a socket open now.
    int joined() const { return int(m_present.size()); }
    int sockets() const { return int(m_sockets.size()); }
    // Messages dropped: not a vote, not for the open question, or for no choice it has.
    int dropped() const { return m_dropped; }
    // Connections refused or cut off, requests answered 404.
    int turnedAway() const { return m_turnedAway; }
    // The most TCP connections open at once since the start (at most limits().connections).
    int peakConnections() const;

signals:
    void runningChanged();
    void joinedChanged();
    void droppedChanged();
    void turnedAwayChanged();

private:
    struct Student {
        QWebSocket *socket = nullptr;  // a child of the server
        QString id;
        QElapsedTimer second;    // since the current second of its messages began
        int messages = 0;        // in that second
        qint64 heardMs = 0;      // its last message or pong, on m_clock
    };

    void accept();
    void received(QWebSocket *socket, const QString &message);
    void cutOff(QWebSocket *socket);
    void gone(QWebSocket *socket);
    void send(Student &student);
    void sendAll();
    void checkPulse();
    void drop();
    QJsonObject state() const;

    PollRoom *m_room;
    PollLimits m_limits;
    QString m_token;
    QString m_language = QStringLiteral("en");
    QUrl m_url;
    QByteArray m_socketPath;
    QHttpServer *m_http = nullptr;   // owns the gate, which owns the connections
    PollGate *m_gate = nullptr;
    std::unordered_map<QWebSocket *, Student> m_sockets;
    QHash<QString, int> m_present;   // student → sockets open
    QJsonObject m_state;             // what every page is sent, but for its own vote
    QElapsedTimer m_clock;
    QTimer m_pulse;
    int m_dropped = 0;
    int m_turnedAway = 0;
};

} // namespace lockstock
