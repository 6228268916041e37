#pragma once
// What the benches print: a line at once (a long bench shows its progress),
// and the machine's load, which says how far the figures can be trusted.

#include <QFile>
#include <QString>

#include <cstdio>

namespace lockstock::bench {

inline void line(const QString &text)
{
    std::puts(text.toUtf8().constData());
    std::fflush(stdout);
}

// The load averages over 1, 5 and 15 minutes.
inline QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll().split(' ').mid(0, 3).join(' ')) : QStringLiteral("?");
}

} // namespace lockstock::bench
