#include "ListenOption.h"

#include "cli/Console.h"

namespace lockstock {

bool readListenOption(const QString &text, QString *host, int *port)
{
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    bool ok = false;
    const int number = colon < 0 ? -1 : text.mid(colon + 1).toInt(&ok);
    QString name = colon < 0 ? QString() : text.left(colon);
    if (name.startsWith(QLatin1Char('[')) && name.endsWith(QLatin1Char(']')))
        name = name.mid(1, name.size() - 2);
    if (!ok || number < 0 || number > 65535 || name.isEmpty()) {
        printError(QStringLiteral("--listen wants HOST:PORT (PORT 0 for free ports), got '%1'").arg(text));
        return false;
    }
    *host = name;
    *port = number;
    return true;
}

} // namespace lockstock
