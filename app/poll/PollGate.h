#pragma once
// The poll's listening socket, in front of Qt's HTTP server (which in Qt 6.4
// has no limits of its own). A connection is handed over only once its
// request's head is in, within a size and a time, and asks for one of the
// two paths the poll serves (its page, its WebSocket, both under the token);
// anything else is answered 404 here and closed. At most so many
// connections at once; more are closed as they come.

#include <QTcpServer>

#include <memory>

class QTimer;

namespace lockstock {

struct PollLimits {
    int connections = 300;        // TCP connections at once: page loads and sockets
    int messageBytes = 1024;      // a WebSocket message, and any frame of one
    int messagesPerSecond = 10;   // on one socket; more is a flood, and cut off
    int headerBytes = 8192;       // a request's head
    int headerMs = 10000;         // to send it (slowloris)
    int pageMs = 10000;           // a page load's connection, once its request is in
    int silentMs = 60000;         // a socket that answers no ping for so long is closed
};

class PollGate : public QTcpServer {
    Q_OBJECT
public:
    PollGate(const PollLimits &limits, const QByteArray &pagePath, const QByteArray &socketPath, QObject *parent = nullptr);

    // Connections open now, handed over or not, and the most there were at once.
    int connections() const { return *m_open; }
    int peakConnections() const { return m_peak; }

    // The 404 every other request gets, with the poll's headers.
    static QByteArray notFound();

signals:
    // A connection refused or cut off, a request answered 404.
    void turnedAway();

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    enum class Wants { Nothing, Page, Socket, NotYet };
    Wants inspect(const QByteArray &head) const;
    void readHead(QTcpSocket *socket, QTimer *deadline);
    void turnAway(QTcpSocket *socket, QTimer *deadline, bool answer);

    PollLimits m_limits;
    QByteArray m_pagePath;
    QByteArray m_socketPath;
    // Shared with each connection, which gives its place back when it goes,
    // after the gate too when the server is torn down.
    std::shared_ptr<int> m_open = std::make_shared<int>(0);
    int m_peak = 0;
};

} // namespace lockstock
