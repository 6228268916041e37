#include "WindowCommand.h"

#include "cli/Console.h"
#include "cli/Interrupt.h"
#include "cli/RedisOptions.h"
#include "gui/GuiApp.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QGuiApplication>

namespace lockstock {

int windowCommand(int &argc, char **argv)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("The LockStock simulator window."));
    parser.addHelpOption();
    addRedisOptions(parser);
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A scenario file to open (as 'run' and 'shot' take)."),
                                 QStringLiteral("[FILE.json]"));
    std::optional<Scenario> opened;
    {
        // Checked before there is a window's application, which needs a display.
        QCoreApplication check(argc, argv);
        if (const std::optional<int> done = parseArguments(parser, QCoreApplication::arguments()))
            return *done;
        const QStringList files = parser.positionalArguments();
        if (files.size() > 1) {
            printError(QStringLiteral("one scenario file at a time, got: %1").arg(files.join(QLatin1Char(' '))));
            return kExitUsage;
        }
        if (!files.isEmpty()) {
            ScenarioError error;
            opened = loadScenarioFile(files.first(), &error);
            if (!opened) {
                printError(error.display());
                return kExitUsage;
            }
        }
    }
    QGuiApplication app(argc, argv);
    // A Redis that cannot be reached is shown in the window, not fatal.
    std::unique_ptr<RedisTarget> target = openRedisTarget(parser);
    const QString error = target ? QString() : QCoreApplication::translate("Window", "see the terminal for details");
    quitOnInterrupt();
    return runWindow(std::move(target), error, opened);
}

} // namespace lockstock
