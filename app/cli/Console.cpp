#include "Console.h"

#include <QCommandLineParser>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace lockstock {

namespace {
// The first error writing to stdout (an errno), 0 while all went well.
int stdoutError = 0;

void writeOut(const QByteArray &bytes)
{
    if (stdoutError)
        return;
    errno = 0;
    if (std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout) != size_t(bytes.size())
        || std::fflush(stdout) != 0)
        stdoutError = errno ? errno : EIO;
}
} // namespace

QString printable(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u == '\n' || u == '\t' || (u >= 0x20 && u != 0x7f && (u < 0x80 || u > 0x9f)))
            out += c;
        else if (u < 0x20)
            out += QLatin1Char('^') + QChar(u + 0x40);   // ESC shows as ^[, as cat -v does
        else
            out += QChar(0xfffd);                        // DEL and the C1 controls (CSI...)
    }
    return out;
}

void printOut(const QString &text)
{
    writeOut(printable(text).toUtf8() + '\n');
}

void printError(const QString &text)
{
    std::fputs(("lockstock: " + printable(text) + '\n').toUtf8().constData(), stderr);
}

bool stdoutIsTerminal()
{
    return ::isatty(STDOUT_FILENO) == 1;
}

void guardStandardStreams()
{
    for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
        if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        // Hold the number, or the next socket opened would get it and our
        // output would go to Redis.
        const int held = ::open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);
        if (held >= 0 && held != fd) {
            ::dup2(held, fd);
            ::close(held);
        }
        if (fd == STDOUT_FILENO)
            stdoutError = EBADF;
    }
}

int finishOutput(int exitCode)
{
    if (std::fflush(stdout) != 0 && !stdoutError)
        stdoutError = errno;
    if (std::fclose(stdout) != 0 && !stdoutError)
        stdoutError = errno;
    // A reader that stopped early (`lockstock list | head`) is no error worth saying.
    if (!stdoutError || stdoutError == EPIPE)
        return exitCode;
    printError(QStringLiteral("cannot write to standard output: %1").arg(QString::fromLocal8Bit(std::strerror(stdoutError))));
    return exitCode == kExitOk ? kExitUsage : exitCode;
}

std::optional<int> parseArguments(QCommandLineParser &parser, const QStringList &arguments)
{
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return kExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // Qt's usage line names the program as it was started (./build/app/lockstock);
        // it says what to type instead: the first argument ("lockstock run").
        QString help = parser.helpText();
        const QString started = QCoreApplication::arguments().value(0);
        if (const qsizetype at = help.indexOf(started); !started.isEmpty() && at >= 0 && at < help.indexOf(QLatin1Char('\n')))
            help.replace(at, started.size(), arguments.value(0));
        printOut(help);
        return kExitOk;
    }
    return std::nullopt;
}

ProgressLine::ProgressLine(bool enabled) : m_enabled(enabled), m_tty(::isatty(STDERR_FILENO) == 1)
{
    m_sinceLine.start();
}

void ProgressLine::show(const QString &drawn, const QString &logged)
{
    QMutexLocker locker(&m_lock);
    if (!m_enabled)
        return;
    if (m_tty) {
        std::fprintf(stderr, "\r\033[K%s", qPrintable(printable(drawn)));
        m_drawn = true;
    } else if (m_sinceLine.elapsed() >= 2000) {
        std::fprintf(stderr, "%s\n", qPrintable(printable(logged)));
        m_sinceLine.restart();
    }
    std::fflush(stderr);
}

void ProgressLine::clear()
{
    QMutexLocker locker(&m_lock);
    if (m_tty && m_drawn)
        std::fputs("\r\033[K", stderr);
    m_drawn = false;
}

bool readIntOption(const QCommandLineParser &parser, const IntOption &o, qint64 *out)
{
    const QString name = QString::fromLatin1(o.name);
    if (!parser.isSet(name))
        return true;
    bool ok = false;
    const qint64 v = parser.value(name).toLongLong(&ok);
    if (!ok || v < o.min || v > o.max) {
        printError(QStringLiteral("--%1 must be a whole number from %2 to %3 (got '%4')")
                       .arg(name).arg(o.min).arg(o.max).arg(parser.value(name)));
        return false;
    }
    *out = v;
    return true;
}

} // namespace lockstock
