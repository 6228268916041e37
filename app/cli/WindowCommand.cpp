#include "WindowCommand.h"

#include "cli/Console.h"
#include "cli/Interrupt.h"
#include "cli/RedisOptions.h"
#include "gui/GuiApp.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace lockstock {

int windowCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("The LockStock simulator window."));
    parser.addHelpOption();
    addRedisOptions(parser);
    if (const std::optional<int> done = parseArguments(parser, arguments))
        return *done;
    // A Redis that cannot be reached is shown in the window, not fatal.
    std::unique_ptr<RedisTarget> target = openRedisTarget(parser);
    const QString error = target ? QString() : QCoreApplication::translate("Window", "see the terminal for details");
    quitOnInterrupt();
    return runWindow(std::move(target), error);
}

} // namespace lockstock
