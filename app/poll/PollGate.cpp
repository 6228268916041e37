#include "PollGate.h"

#include <QTcpSocket>
#include <QTimer>

namespace lockstock {

namespace {
// Holds one of the gate's places while its connection lives.
class Place : public QObject {
public:
    Place(std::shared_ptr<int> open, QObject *socket)
        : QObject(socket)
        , m_open(std::move(open))
    {
        ++*m_open;
    }
    ~Place() override { --*m_open; }

private:
    std::shared_ptr<int> m_open;
};

// A turned-away peer that reads nothing holds its socket no longer than this.
constexpr int kGoodbyeMs = 2000;
} // namespace

PollGate::PollGate(const PollLimits &limits, const QByteArray &pagePath, const QByteArray &socketPath, QObject *parent)
    : QTcpServer(parent)
    , m_limits(limits)
    , m_pagePath(pagePath)
    , m_socketPath(socketPath)
{
    // A class arrives at once.
    setListenBacklogSize(std::max(50, limits.connections));
}

QByteArray PollGate::notFound()
{
    return QByteArrayLiteral("HTTP/1.1 404 Not Found\r\n"
                             "Content-Type: text/plain; charset=utf-8\r\n"
                             "Content-Length: 10\r\n"
                             "Cache-Control: no-store\r\n"
                             "X-Content-Type-Options: nosniff\r\n"
                             "Connection: close\r\n"
                             "\r\n"
                             "Not found\n");
}

void PollGate::incomingConnection(qintptr descriptor)
{
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    if (*m_open >= m_limits.connections) {
        socket->abort();
        delete socket;
        emit turnedAway();
        return;
    }
    new Place(m_open, socket);
    m_peak = std::max(m_peak, *m_open);
    // Until the head is in, no more than a head is read from the peer.
    socket->setReadBufferSize(m_limits.headerBytes + 1);
    auto *deadline = new QTimer(socket);
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, this, [this, socket, deadline] { turnAway(socket, deadline, false); });
    connect(socket, &QTcpSocket::readyRead, this, [this, socket, deadline] { readHead(socket, deadline); });
    connect(socket, &QTcpSocket::disconnected, this, [socket] { socket->deleteLater(); });
    deadline->start(m_limits.headerMs);
}

PollGate::Wants PollGate::inspect(const QByteArray &head) const
{
    const qsizetype end = head.indexOf("\r\n\r\n");
    if (end < 0)
        return Wants::NotYet;
    const QList<QByteArray> lines = head.left(end).split('\n');
    const QList<QByteArray> request = lines.first().trimmed().split(' ');
    if (request.size() != 3 || request.at(0) != "GET"
        || (request.at(2) != "HTTP/1.1" && request.at(2) != "HTTP/1.0"))
        return Wants::Nothing;
    const QByteArray &target = request.at(1);
    const QByteArray path = target.left(target.indexOf('?') < 0 ? target.size() : target.indexOf('?'));
    bool upgrade = false;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray &line = lines.at(i);
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            return Wants::Nothing;
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed().toLower();
        // Nothing the poll serves takes a body.
        if (name == "transfer-encoding" || (name == "content-length" && value != "0"))
            return Wants::Nothing;
        if (name == "upgrade")
            upgrade = value == "websocket";
    }
    if (path == m_pagePath && !upgrade)
        return Wants::Page;
    if (path == m_socketPath && upgrade)
        return Wants::Socket;
    return Wants::Nothing;
}

void PollGate::readHead(QTcpSocket *socket, QTimer *deadline)
{
    const QByteArray head = socket->peek(m_limits.headerBytes + 1);
    switch (inspect(head)) {
    case Wants::NotYet:
        if (head.size() > m_limits.headerBytes)
            turnAway(socket, deadline, false);
        return;
    case Wants::Nothing:
        turnAway(socket, deadline, true);
        return;
    case Wants::Page:
        // Answered with "Connection: close"; a peer that keeps it open anyway is cut off.
        deadline->disconnect(this);
        connect(deadline, &QTimer::timeout, socket, &QTcpSocket::abort);
        deadline->start(m_limits.pageMs);
        break;
    case Wants::Socket:
        // From here the WebSocket's own limits hold (PollServer sets them).
        delete deadline;
        break;
    }
    disconnect(socket, nullptr, this, nullptr);
    socket->setReadBufferSize(0);
    addPendingConnection(socket);
    // Qt's server reads what is in already when told; nothing more may come.
    emit socket->readyRead();
}

void PollGate::turnAway(QTcpSocket *socket, QTimer *deadline, bool answer)
{
    emit turnedAway();
    disconnect(socket, &QTcpSocket::readyRead, this, nullptr);
    deadline->disconnect(this);
    if (!answer) {
        socket->abort();
        socket->deleteLater();
        return;
    }
    socket->write(notFound());
    socket->disconnectFromHost();
    connect(deadline, &QTimer::timeout, socket, [socket] {
        socket->abort();
        socket->deleteLater();
    });
    deadline->start(kGoodbyeMs);
}

} // namespace lockstock
