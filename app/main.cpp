// lockstock: with no arguments the simulator window; otherwise a command.

#include "cli/Console.h"
#include "cli/LessonCommand.h"
#include "cli/ObserveCommand.h"
#include "cli/ReportCommand.h"
#include "cli/RunCommand.h"
#include "cli/ShotCommand.h"
#include "cli/StressCommand.h"
#include "cli/WindowCommand.h"
#include "redis/ServerDirs.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <algorithm>
#include <csignal>
#include <sys/resource.h>

using namespace lockstock;

namespace {
// What `lockstock --help` says above the window's own options and the man
// page's description (packaging/ makes the man page from every --help).
const QString kOverview = QStringLiteral(
    "       lockstock COMMAND [options]\n"
    "With no command, opens the simulator window; FILE.json opens it with that scenario file.\n"
    "\n"
    "Commands:\n"
    "  run SCENARIO      run headless and print the checker's verdict (--json FILE for the history)\n"
    "  list              the built-in scenarios and strategies with their lessons\n"
    "  lesson NAME       a guided lesson in the terminal: its frames with the trace between them\n"
    "                    (--poll: the class votes from their phones on the lesson's questions)\n"
    "  stress            real clients under load: what breaks, what safety costs (--all compares)\n"
    "  shot SCENARIO     run headless and write the finished timeline as a PNG or SVG (--out FILE),\n"
    "                    or the run as it plays as a GIF, WebM, MP4 or APNG (--animate FILE)\n"
    "  report SCENARIO   run headless and write a self-contained HTML report (--out FILE, --both)\n"
    "  observe [SETUP]   record your own programs through a Redis proxy, then judge them\n"
    "\n"
    "Every command takes --help. By default LockStock starts its own private redis-server;\n"
    "--redis HOST:PORT uses an existing one and touches only keys under a per-run prefix.");

QStringList commandArguments()
{
    QStringList args = QCoreApplication::arguments();
    if (args.size() > 1) {
        // The parsers see "lockstock COMMAND" OPTIONS..., and their help says so.
        args[0] = QStringLiteral("lockstock ") + args.takeAt(1);
    }
    return args;
}

// As many open files as the system lets this user have: every simulated
// client holds a connection, and a 1000-client scenario needs over 1000.
void raiseOpenFileLimit()
{
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &limit);
    }
}

int dispatch(int argc, char **argv)
{
    const QString command = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    QCoreApplication::setApplicationName(QStringLiteral("lockstock"));
    QCoreApplication::setOrganizationName(QStringLiteral("LockStock"));
    // lockstock FILE.json: the window with that scenario, like `run` and `shot` take it.
    // Its options (--help and --version among them) are the program's.
    const bool scenarioFile = command.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
    if (command.isEmpty() || scenarioFile || command.startsWith(QLatin1Char('-')))
        return windowCommand(argc, argv, kOverview);
    if (command == QLatin1String("help")) {
        char helpOption[] = "--help";
        char *helpArgv[] = {argv[0], helpOption, nullptr};
        int helpArgc = 2;
        return windowCommand(helpArgc, helpArgv, kOverview);
    }
    const bool observeShot = command == QLatin1String("observe")
        && std::any_of(argv + 2, argv + argc, [](const char *a) { return qstrncmp(a, "--shot", 6) == 0; });
    if (command == QLatin1String("shot") || command == QLatin1String("report") || observeShot) {
        // Painted into an image: never needs a display.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QGuiApplication app(argc, argv);
        if (command == QLatin1String("report"))
            return reportCommand(commandArguments());
        return observeShot ? observeCommand(commandArguments()) : shotCommand(commandArguments());
    }
    // run, list and stress work with no display at all.
    QCoreApplication app(argc, argv);
    const QStringList args = commandArguments();
    if (command == QLatin1String("run"))
        return runCommand(args);
    if (command == QLatin1String("list"))
        return listCommand(args);
    if (command == QLatin1String("lesson"))
        return lessonCommand(args);
    if (command == QLatin1String("stress"))
        return stressCommand(args);
    if (command == QLatin1String("observe"))
        return observeCommand(args);
    printError(QStringLiteral("unknown command '%1' (lockstock --help lists them)").arg(command));
    return kExitUsage;
}
} // namespace

int main(int argc, char **argv)
{
    guardStandardStreams();
    raiseOpenFileLimit();
    // A reader that goes away (a pipe, a FIFO, a server) is a write error
    // to report, not a reason to die silently.
    std::signal(SIGPIPE, SIG_IGN);
    // What a killed or crashed LockStock left in the temp dir goes now.
    sweepDeadRunDirs();
    return finishOutput(dispatch(argc, argv));
}
