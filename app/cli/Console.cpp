#include "Console.h"

#include <QCommandLineParser>
#include <cstdio>
#include <unistd.h>

namespace lockstock {

void printOut(const QString &text)
{
    std::fputs(text.toUtf8().constData(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

void printError(const QString &text)
{
    std::fputs(("lockstock: " + text + '\n').toUtf8().constData(), stderr);
}

bool stdoutIsTerminal()
{
    return ::isatty(STDOUT_FILENO) == 1;
}

std::optional<int> parseArguments(QCommandLineParser &parser, const QStringList &arguments)
{
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return kExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(parser.helpText());
        return kExitOk;
    }
    return std::nullopt;
}

} // namespace lockstock
