#pragma once

#include <QString>

namespace lockstock {

// Exit codes of the command line.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;    // the run itself failed (Redis died mid-run)
inline constexpr int kExitUsage = 2;     // bad input, unreachable Redis

void printOut(const QString &text);
void printError(const QString &text);   // "lockstock: " + text
bool stdoutIsTerminal();

} // namespace lockstock
