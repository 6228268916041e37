#include "FakeRedis.h"

namespace lockstock::test {

QList<QList<QByteArray>> takeRequests(QByteArray &buffer)
{
    QList<QList<QByteArray>> out;
    for (;;) {
        qsizetype pos = 0;
        auto line = [&](QByteArray *text) {
            const qsizetype end = buffer.indexOf("\r\n", pos);
            if (end < 0)
                return false;
            *text = buffer.mid(pos, end - pos);
            pos = end + 2;
            return true;
        };
        QByteArray header;
        if (!line(&header) || !header.startsWith('*'))
            return out;
        const int count = header.mid(1).toInt();
        QList<QByteArray> argv;
        for (int i = 0; i < count; ++i) {
            QByteArray size;
            if (!line(&size))
                return out;
            const qsizetype n = size.mid(1).toLongLong();
            if (buffer.size() < pos + n + 2)
                return out;
            argv << buffer.mid(pos, n);
            pos += n + 2;
        }
        buffer.remove(0, pos);
        out << argv;
    }
}

FakeRedis::FakeRedis(Handler handler)
    : m_handler(std::move(handler))
{
    m_server.listen(QHostAddress::LocalHost);
    connect(&m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *client = m_server.nextPendingConnection())
            serve(client);
    });
}

QString FakeRedis::endpoint() const
{
    return QStringLiteral("127.0.0.1:%1").arg(m_server.serverPort());
}

void FakeRedis::serve(QTcpSocket *client)
{
    QTcpSocket *upstream = nullptr;
    if (m_upstream) {
        upstream = new QTcpSocket(client);
        upstream->connectToHost(QHostAddress::LocalHost, m_upstream);
        upstream->waitForConnected(2000);
        connect(upstream, &QTcpSocket::readyRead, client, [client, upstream] { client->write(upstream->readAll()); });
    }
    auto *buffer = new QByteArray;
    connect(client, &QObject::destroyed, client, [buffer] { delete buffer; });
    connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
    connect(client, &QTcpSocket::readyRead, this, [this, client, upstream, buffer] {
        buffer->append(client->readAll());
        for (const QList<QByteArray> &request : takeRequests(*buffer)) {
            ++m_requests;
            if (m_handler(client, request) || !upstream)
                continue;
            QByteArray raw = "*" + QByteArray::number(request.size()) + "\r\n";
            for (const QByteArray &a : request)
                raw += "$" + QByteArray::number(a.size()) + "\r\n" + a + "\r\n";
            upstream->write(raw);
        }
    });
}

} // namespace lockstock::test
