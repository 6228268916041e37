// lockstock: with no arguments the simulator window; otherwise a command.

#include "cli/Console.h"
#include "cli/RunCommand.h"
#include "cli/StressCommand.h"

#include <QCoreApplication>

using namespace lockstock;

namespace {
void printUsage()
{
    printOut(QStringLiteral(
        "Usage: lockstock [COMMAND] [OPTIONS]\n"
        "\n"
        "With no command, opens the simulator window.\n"
        "\n"
        "Commands:\n"
        "  run SCENARIO    run headless and print the checker's verdict (--json FILE for the history)\n"
        "  list            the built-in scenarios and strategies with their lessons\n"
        "  stress          real clients under load: what breaks, what safety costs (--all compares)\n"
        "\n"
        "Every command takes --help. By default LockStock starts its own private redis-server;\n"
        "--redis HOST:PORT uses an existing one and touches only keys under a per-run prefix."));
}
} // namespace

int main(int argc, char **argv)
{
    const QString command = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("lockstock"));
    QCoreApplication::setOrganizationName(QStringLiteral("LockStock"));
    QStringList args = QCoreApplication::arguments();
    if (args.size() > 1)
        args.removeAt(1); // the command; the parsers see "lockstock OPTIONS..."
    if (command == QLatin1String("run"))
        return runCommand(args);
    if (command == QLatin1String("list"))
        return listCommand(args);
    if (command == QLatin1String("stress"))
        return stressCommand(args);
    if (command == QLatin1String("--help") || command == QLatin1String("-h") || command == QLatin1String("help")) {
        printUsage();
        return kExitOk;
    }
    printError(QStringLiteral("unknown command '%1'").arg(command));
    printUsage();
    return kExitUsage;
}
