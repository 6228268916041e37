#pragma once
// Hostile servers for the CLI tests: a TCP server that reads Redis requests
// (RESP arrays) and lets the test answer each as it likes — a liar, a
// trickler — or forwards them to a real server and answers only some itself.

#include <QByteArray>
#include <QList>
#include <QTcpServer>
#include <QTcpSocket>

#include <functional>

namespace lockstock::test {

class FakeRedis : public QObject {
public:
    using Argv = QList<QByteArray>;
    // Answers one request on `client`. Return true when handled; false
    // forwards it to the upstream server (setUpstream), if any.
    using Handler = std::function<bool(QTcpSocket *client, const Argv &request)>;

    explicit FakeRedis(Handler handler);
    // Requests the handler leaves go to this real server, byte for byte.
    void setUpstream(quint16 port) { m_upstream = port; }
    QString endpoint() const;
    int requests() const { return m_requests; }

private:
    void serve(QTcpSocket *client);
    QTcpServer m_server;
    Handler m_handler;
    quint16 m_upstream = 0;
    int m_requests = 0;
};

// Reads the complete requests at the front of `buffer` and removes them.
QList<QList<QByteArray>> takeRequests(QByteArray &buffer);

} // namespace lockstock::test
