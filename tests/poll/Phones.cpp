#include "Phones.h"

#include <QJsonDocument>
#include <QQuickWindow>

#include <algorithm>

namespace lockstock::test {

QString studentId(int n)
{
    return QStringLiteral("%1").arg(n, 32, 16, QLatin1Char('0'));
}

QUrl socketUrl(const QUrl &joinUrl, const QString &student)
{
    QUrl url = joinUrl;
    url.setScheme(QStringLiteral("ws"));
    url.setPath(joinUrl.path() + QStringLiteral("/ws"));
    url.setQuery(QStringLiteral("s=") + student);
    return url;
}

Phone::Phone(const QUrl &joinUrl, const QString &student, QObject *parent)
    : QObject(parent)
    , m_url(socketUrl(joinUrl, student))
{
    connect(&socket, &QWebSocket::textMessageReceived, this, [this](const QString &message) {
        state = QJsonDocument::fromJson(message.toUtf8()).object();
        ++statesSeen;
    });
}

void Phone::open()
{
    socket.open(m_url);
}

int Phone::questionId() const
{
    return state.value(QStringLiteral("question")).toObject().value(QStringLiteral("id")).toInt(-1);
}

int Phone::round() const
{
    return state.value(QStringLiteral("question")).toObject().value(QStringLiteral("round")).toInt(-1);
}

void Phone::vote(int choice)
{
    socket.sendTextMessage(QString::fromUtf8(
        QJsonDocument(QJsonObject{{QStringLiteral("q"), questionId()}, {QStringLiteral("r"), round()}, {QStringLiteral("vote"), choice}})
            .toJson(QJsonDocument::Compact)));
}

FrameTimes::FrameTimes(QQuickWindow *window)
    : QObject(window)
{
    m_clock.start();
    connect(window, &QQuickWindow::frameSwapped, this, [this] {
        const qint64 now = m_clock.nsecsElapsed();
        const QMutexLocker lock(&m_mutex);
        if (m_lastNs >= 0)
            m_intervalsMs << double(now - m_lastNs) / 1e6;
        m_lastNs = now;
    }, Qt::DirectConnection);
}

void FrameTimes::restart()
{
    const QMutexLocker lock(&m_mutex);
    m_intervalsMs.clear();
    m_lastNs = -1;
}

QString FrameTimes::summary() const
{
    QList<double> sorted;
    {
        const QMutexLocker lock(&m_mutex);
        sorted = m_intervalsMs;
    }
    if (sorted.isEmpty())
        return QStringLiteral("no frames");
    std::sort(sorted.begin(), sorted.end());
    return QStringLiteral("%1 frames, median %2 ms, longest %3 ms")
        .arg(sorted.size())
        .arg(sorted.at(sorted.size() / 2), 0, 'f', 1)
        .arg(sorted.last(), 0, 'f', 1);
}

} // namespace lockstock::test
