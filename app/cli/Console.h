#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMutex>
#include <QStringList>
#include <optional>

class QCommandLineParser;

namespace lockstock {

// Exit codes of the command line.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;    // the run itself failed (Redis died mid-run)
inline constexpr int kExitUsage = 2;     // bad input, unreachable Redis

// What the commands print for people, in the --language asked for: Cli::tr("...").
class Cli {
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

// Both print control characters visibly (ESC as ^[): a client name or a
// server's reply must not drive the terminal.
void printOut(const QString &text);
void printError(const QString &text);   // "lockstock: " + text
QString printable(const QString &text);
bool stdoutIsTerminal();
// At start: a closed stdin, stdout or stderr is opened on /dev/null, so no
// socket or file takes its number; a closed stdout counts as a write error.
void guardStandardStreams();
// At exit: flushes and closes stdout. Returns `exitCode`, or kExitUsage with
// the reason on stderr when anything printed could not be written.
int finishOutput(int exitCode);
// Parses a command's arguments, printing the error or the help text. Returns
// the exit code when that is all the command does, nothing when it should run.
std::optional<int> parseArguments(QCommandLineParser &parser, const QStringList &arguments);

// A line of progress on stderr: redrawn in place on a terminal, written as a
// line of its own at most every two seconds otherwise, so logs stay
// readable. Safe from any thread.
class ProgressLine {
public:
    explicit ProgressLine(bool enabled);
    ~ProgressLine() { clear(); }
    // `drawn` on a terminal, `logged` in a log.
    void show(const QString &drawn, const QString &logged);
    // Takes a drawn line away, before the results are printed.
    void clear();

private:
    QMutex m_lock;
    bool m_enabled;
    bool m_tty;
    bool m_drawn = false;
    QElapsedTimer m_sinceLine;
};

// A whole-number option --NAME and the range it must be in.
struct IntOption {
    const char *name;
    qint64 min;
    qint64 max;
};
// Reads --NAME into *out when it is set; prints why not and returns false
// when it is not a whole number in range.
bool readIntOption(const QCommandLineParser &parser, const IntOption &option, qint64 *out);

} // namespace lockstock
