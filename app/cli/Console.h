#pragma once

#include <QString>
#include <optional>

class QCommandLineParser;

namespace lockstock {

// Exit codes of the command line.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;    // the run itself failed (Redis died mid-run)
inline constexpr int kExitUsage = 2;     // bad input, unreachable Redis

void printOut(const QString &text);
void printError(const QString &text);   // "lockstock: " + text
bool stdoutIsTerminal();
// Parses a command's arguments; an exit code when the command is already
// done (bad options: kExitUsage, --help printed: kExitOk), else nothing.
std::optional<int> parseArguments(QCommandLineParser &parser, const QStringList &arguments);

} // namespace lockstock
