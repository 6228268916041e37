#include "RedisEndpoint.h"

namespace lockstock {

bool RedisEndpoint::parse(const QString &text, RedisEndpoint *out, QString *error)
{
    RedisEndpoint e;
    const QString t = text.trimmed();
    if (t.startsWith(QLatin1String("unix:"))) {
        e.unixSocket = t.mid(5);
        if (e.unixSocket.isEmpty()) {
            *error = QStringLiteral("'%1': the unix socket path is empty").arg(text);
            return false;
        }
        *out = e;
        return true;
    }
    QString host = t;
    QString port;
    if (t.startsWith(QLatin1Char('['))) { // [v6]:port
        const int close = t.indexOf(QLatin1Char(']'));
        if (close < 0) {
            *error = QStringLiteral("'%1': missing ']' after the IPv6 address").arg(text);
            return false;
        }
        host = t.mid(1, close - 1);
        const QString rest = t.mid(close + 1);
        if (!rest.isEmpty()) {
            if (!rest.startsWith(QLatin1Char(':'))) {
                *error = QStringLiteral("'%1': expected ':PORT' after ']'").arg(text);
                return false;
            }
            port = rest.mid(1);
        }
    } else if (t.count(QLatin1Char(':')) == 1) {
        host = t.section(QLatin1Char(':'), 0, 0);
        port = t.section(QLatin1Char(':'), 1);
    }
    if (host.isEmpty()) {
        *error = QStringLiteral("'%1': the host is empty (expected HOST:PORT)").arg(text);
        return false;
    }
    e.host = host;
    if (!port.isEmpty()) {
        bool ok = false;
        const int p = port.toInt(&ok);
        if (!ok || p < 1 || p > 65535) {
            *error = QStringLiteral("'%1': the port must be a number from 1 to 65535").arg(text);
            return false;
        }
        e.port = p;
    }
    *out = e;
    return true;
}

QString RedisEndpoint::display() const
{
    if (!unixSocket.isEmpty())
        return QStringLiteral("unix:") + unixSocket;
    if (host.contains(QLatin1Char(':')))
        return QStringLiteral("[%1]:%2").arg(host).arg(port);
    return QStringLiteral("%1:%2").arg(host).arg(port);
}

} // namespace lockstock
