#include "PollServer.h"

#include "PollPage.h"
#include "PollRoom.h"

#include <QHttpServer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QUrlQuery>
#include <QWebSocket>

#include <cmath>

namespace lockstock {

namespace {
// 16 characters of 32 (80 bits), none mistaken for another when typed from the projector.
QString newToken()
{
    static constexpr char kAlphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
    QString token;
    for (int i = 0; i < 16; ++i)
        token += QLatin1Char(kAlphabet[QRandomGenerator::system()->bounded(32)]);
    return token;
}

// The id a student's browser made: 128 random bits in hex.
bool validStudent(const QString &id)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{32}$"));
    return hex.match(id).hasMatch();
}

QJsonObject bothLanguages(const LessonText &text)
{
    return QJsonObject{{QStringLiteral("en"), text.en}, {QStringLiteral("zh_CN"), text.zh}};
}

// A whole number in a vote's field.
bool readInteger(const QJsonObject &o, const char *key, int *out)
{
    const QJsonValue v = o.value(QLatin1String(key));
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || d != std::floor(d) || std::abs(d) > 1e9)
        return false;
    *out = int(d);
    return true;
}

// Every answer's headers: nothing kept, nothing sniffed, nothing framed, no Referer with the token.
constexpr std::pair<const char *, const char *> kHeaders[] = {
    {"Cache-Control", "no-store"},
    {"X-Content-Type-Options", "nosniff"},
    {"Referrer-Policy", "no-referrer"},
    {"X-Frame-Options", "DENY"},
    {"Connection", "close"},
};

// As the gate answers.
void answerNotFound(QHttpServerResponder &responder)
{
    responder.write(QByteArrayLiteral("Not found\n"),
                    {{"Content-Type", "text/plain; charset=utf-8"}, {"Cache-Control", "no-store"},
                     {"X-Content-Type-Options", "nosniff"}, {"Connection", "close"}},
                    QHttpServerResponder::StatusCode::NotFound);
}
} // namespace

PollServer::PollServer(PollRoom *room, QObject *parent)
    : QObject(parent)
    , m_room(room)
{
    connect(&m_pulse, &QTimer::timeout, this, &PollServer::checkPulse);
    connect(m_room, &PollRoom::changed, this, &PollServer::sendAll);
}

PollServer::~PollServer()
{
    stop();
}

QString PollServer::start(const QHostAddress &address, quint16 port, bool keepToken)
{
    stop();
    if (!keepToken || m_token.isEmpty())
        m_token = newToken();
    const QByteArray pagePath = "/" + m_token.toLatin1();
    m_socketPath = pagePath + "/ws";
    auto *gate = new PollGate(m_limits, pagePath, m_socketPath);
    if (!gate->listen(address, port)) {
        const QString error = tr("The poll cannot listen on %1 port %2: %3").arg(address.toString()).arg(port).arg(gate->errorString());
        delete gate;
        return error;
    }
    connect(gate, &PollGate::turnedAway, this, [this] {
        ++m_turnedAway;
        emit turnedAwayChanged();
    });
    m_url = QUrl();
    m_url.setScheme(QStringLiteral("http"));
    m_url.setHost(address.toString());
    m_url.setPort(gate->serverPort());
    m_url.setPath(QString::fromLatin1(pagePath));

    m_http = new QHttpServer(this);
    const PollPage page = makePollPage(QStringLiteral("ws://") + m_url.authority());
    m_http->route(QString::fromLatin1(pagePath), QHttpServerRequest::Method::Get, [page] {
        QHttpServerResponse response(QByteArrayLiteral("text/html; charset=utf-8"), page.html);
        response.setHeader(QByteArrayLiteral("Content-Security-Policy"), page.contentSecurityPolicy);
        for (const auto &[name, value] : kHeaders)
            response.setHeader(name, value);
        return response;
    });
    // The WebSocket's upgrade: Qt's server hands the connection over when
    // this route takes the request without answering it.
    m_http->route(QString::fromLatin1(m_socketPath), QHttpServerRequest::Method::Get,
                  [](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
                      if (request.value(QByteArrayLiteral("upgrade")).compare("websocket", Qt::CaseInsensitive) != 0)
                          answerNotFound(responder);
                  });
    // A request after the first on a page's connection (the gate saw the first).
    m_http->setMissingHandler([](const QHttpServerRequest &, QHttpServerResponder &&responder) { answerNotFound(responder); });
    m_http->bind(gate);
    m_gate = gate;
    connect(m_http, &QHttpServer::newWebSocketConnection, this, &PollServer::accept);
    m_clock.start();
    m_pulse.start(std::max(1000, m_limits.silentMs / 3));
    m_state = state();
    emit runningChanged();
    return {};
}

void PollServer::stop()
{
    if (!m_http)
        return;
    m_pulse.stop();
    // The sockets first: each uses its connection, which the server owns.
    for (auto &[socket, student] : m_sockets) {
        socket->disconnect(this);
        socket->abort();
        delete socket;
    }
    m_sockets.clear();
    m_present.clear();
    delete m_http; // the gate, the listener and every connection with it
    m_http = nullptr;
    m_gate = nullptr;
    m_url.clear();
    emit joinedChanged();
    emit runningChanged();
}

int PollServer::peakConnections() const
{
    return m_gate ? m_gate->peakConnections() : 0;
}

void PollServer::setLanguage(const QString &language)
{
    if (language == m_language)
        return;
    m_language = language;
    sendAll();
}

void PollServer::accept()
{
    while (m_http && m_http->hasPendingWebSocketConnections()) {
        QWebSocket *socket = m_http->nextPendingWebSocketConnection().release();
        socket->setParent(this);
        socket->setMaxAllowedIncomingFrameSize(quint64(m_limits.messageBytes));
        socket->setMaxAllowedIncomingMessageSize(quint64(m_limits.messageBytes));
        const QUrl url = socket->requestUrl();
        const QString student = QUrlQuery(url).queryItemValue(QStringLiteral("s"));
        // The gate let only the socket's path through; checked again here, with the student.
        if (url.path().toUtf8() != m_socketPath || !validStudent(student) || socket->state() != QAbstractSocket::ConnectedState) {
            socket->abort();
            socket->deleteLater();
            ++m_turnedAway;
            emit turnedAwayChanged();
            continue;
        }
        connect(socket, &QWebSocket::textMessageReceived, this, [this, socket](const QString &message) { received(socket, message); });
        connect(socket, &QWebSocket::binaryMessageReceived, this, [this, socket] { received(socket, QString()); });
        connect(socket, &QWebSocket::pong, this, [this, socket] {
            if (const auto it = m_sockets.find(socket); it != m_sockets.end())
                it->second.heardMs = m_clock.elapsed();
        });
        connect(socket, &QWebSocket::disconnected, this, [this, socket] {
            // Closed by the socket itself for a frame or message over the limit, or a broken one.
            if (socket->closeCode() == QWebSocketProtocol::CloseCodeTooMuchData
                || socket->closeCode() == QWebSocketProtocol::CloseCodeProtocolError) {
                ++m_turnedAway;
                emit turnedAwayChanged();
            }
            gone(socket);
        });
        Student &s = m_sockets.emplace(socket, Student{socket, student, {}, 0, m_clock.elapsed()}).first->second;
        if (m_present[student]++ == 0)
            emit joinedChanged();
        send(s);
    }
}

void PollServer::received(QWebSocket *socket, const QString &message)
{
    const auto it = m_sockets.find(socket);
    if (it == m_sockets.end())
        return; // cut off, its last frames still being read
    Student &s = it->second;
    s.heardMs = m_clock.elapsed();
    if (!s.second.isValid() || s.second.elapsed() >= 1000) {
        s.second.start();
        s.messages = 0;
    }
    if (++s.messages > m_limits.messagesPerSecond) {
        cutOff(socket);
        return;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(message.toUtf8(), &error);
    const QJsonObject o = doc.object();
    int serial = 0, round = 0, choice = 0;
    if (error.error != QJsonParseError::NoError || !doc.isObject() || o.size() != 3 || !readInteger(o, "q", &serial)
        || !readInteger(o, "r", &round) || !readInteger(o, "vote", &choice)) {
        drop();
        return;
    }
    switch (m_room->vote(s.id, serial, round, choice)) {
    case PollRoom::Ballot::Counted:
    case PollRoom::Ballot::Changed:
    case PollRoom::Ballot::Same:
        break;
    case PollRoom::Ballot::Stale:
    case PollRoom::Ballot::NoSuchChoice:
    case PollRoom::Ballot::Closed:
        drop();
        break;
    }
    send(s); // the page's acknowledgement: its vote as counted
}

void PollServer::cutOff(QWebSocket *socket)
{
    ++m_turnedAway;
    emit turnedAwayChanged();
    socket->abort();
    gone(socket);
}

void PollServer::gone(QWebSocket *socket)
{
    const auto it = m_sockets.find(socket);
    if (it == m_sockets.end())
        return;
    const QString student = it->second.id;
    m_sockets.erase(it);
    socket->disconnect(this);
    socket->deleteLater(); // it may be in one of its own signals
    if (--m_present[student] == 0) {
        m_present.remove(student);
        emit joinedChanged();
    }
}

void PollServer::drop()
{
    ++m_dropped;
    emit droppedChanged();
}

QJsonObject PollServer::state() const
{
    QJsonObject o{{QStringLiteral("lang"), m_language}};
    if (const std::optional<PollFrame> &f = m_room->frame()) {
        o.insert(QStringLiteral("lesson"), bothLanguages(f->title));
        o.insert(QStringLiteral("side"), f->correctSide ? QStringLiteral("correct") : QStringLiteral("broken"));
        o.insert(QStringLiteral("frame"), f->frame + 1);
        o.insert(QStringLiteral("frames"), f->frames);
        o.insert(QStringLiteral("text"), bothLanguages(f->text));
    }
    if (const PollQuestion *q = m_room->question()) {
        QJsonArray choices;
        for (const LessonChoice &c : q->choices)
            choices.append(bothLanguages(c.text));
        QJsonObject question{{QStringLiteral("id"), q->serial},
                             {QStringLiteral("round"), int(q->rounds.size())},
                             {QStringLiteral("open"), m_room->votingOpen()},
                             {QStringLiteral("revealed"), q->revealed},
                             {QStringLiteral("text"), bothLanguages(q->question)},
                             {QStringLiteral("choices"), choices}};
        // The class's answers only once the run has shown the right one.
        if (q->revealed) {
            QJsonArray rounds;
            for (const PollRound &r : q->rounds) {
                QJsonArray counts;
                for (const int n : r.counts(q->choices.size()))
                    counts.append(n);
                rounds.append(counts);
            }
            question.insert(QStringLiteral("right"), q->rightChoice());
            question.insert(QStringLiteral("rounds"), rounds);
        }
        o.insert(QStringLiteral("question"), question);
    }
    return o;
}

void PollServer::send(Student &student)
{
    QJsonObject o = m_state;
    o.insert(QStringLiteral("mine"), m_room->voteOf(student.id));
    student.socket->sendTextMessage(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)));
}

void PollServer::sendAll()
{
    if (!m_http)
        return;
    m_state = state();
    for (auto &[socket, student] : m_sockets)
        send(student);
}

void PollServer::checkPulse()
{
    const qint64 now = m_clock.elapsed();
    QList<QWebSocket *> silent;
    for (auto &[socket, student] : m_sockets) {
        if (now - student.heardMs > m_limits.silentMs)
            silent << socket;
        else
            socket->ping();
    }
    for (QWebSocket *socket : silent) {
        socket->abort();
        gone(socket);
    }
}

} // namespace lockstock
