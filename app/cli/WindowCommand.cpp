#include "WindowCommand.h"

#include "cli/Console.h"
#include "cli/Interrupt.h"
#include "cli/RedisOptions.h"
#include "cli/VersionCommand.h"
#include "gui/GuiApp.h"
#include "redis/RedisError.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QGuiApplication>

namespace lockstock {

int windowCommand(int &argc, char **argv, const QString &overview)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(overview);
    parser.addHelpOption();
    parser.addOption({{QStringLiteral("v"), QStringLiteral("version")},
                      QStringLiteral("Print LockStock's version and the Qt, hiredis and redis-server it runs with.")});
    addRedisOptions(parser);
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A scenario file to open (as 'run' and 'shot' take)."),
                                 QStringLiteral("[FILE.json]"));
    std::optional<Scenario> opened;
    {
        // Checked before there is a window's application, which needs a display.
        QCoreApplication check(argc, argv);
        QStringList arguments = QCoreApplication::arguments();
        arguments[0] = QStringLiteral("lockstock");
        if (const std::optional<int> done = parseArguments(parser, arguments))
            return *done;
        if (parser.isSet(QStringLiteral("version")))
            return versionCommand();
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
    // The private redis-server comes up while the window's QML engine is
    // made; runWindow() waits for it where the controller needs it.
    std::unique_ptr<RedisTarget> starting;
    if (!parser.isSet(QStringLiteral("redis"))) {
        try {
            starting = RedisTarget::beginPrivate();
        } catch (const RedisError &err) {
            printError(QString::fromStdString(err.what()));
        }
    }
    const auto target = [&]() -> std::unique_ptr<RedisTarget> {
        if (!starting)
            return parser.isSet(QStringLiteral("redis")) ? openRedisTarget(parser) : nullptr;
        try {
            starting->finishStart();
            return std::move(starting);
        } catch (const RedisError &err) {
            printError(QString::fromStdString(err.what()));
            return nullptr;
        }
    };
    // A Redis that cannot be reached is shown in the window, not fatal.
    const QString error = QCoreApplication::translate("Window", "see the terminal for details");
    quitOnInterrupt();
    return runWindow(target, error, opened);
}

} // namespace lockstock
