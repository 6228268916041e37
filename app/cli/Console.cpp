#include "Console.h"

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

} // namespace lockstock
