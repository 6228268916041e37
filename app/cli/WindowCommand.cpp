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

#include <algorithm>
#include <cstdio>
#include <memory>
#include <tuple>
#include <unistd.h>

namespace lockstock {

namespace {
QtMessageHandler qtMessages = nullptr;
// What Qt says while it opens the display (qt.qpa.*): kept for our own
// message if it cannot, passed on if it can.
QList<std::tuple<QtMsgType, QByteArray, QString>> displayMessages;

void onDisplayMessage(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    const QByteArray category(context.category ? context.category : "");
    if (type != QtFatalMsg) {
        if (!category.startsWith("qt.qpa."))
            qtMessages(type, context, message);
        else
            displayMessages.append({type, category, message});
        return;
    }
    // No platform, no window: Qt would abort. Say why and what works without one.
    QString why = message;
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        why = Cli::tr("neither DISPLAY nor WAYLAND_DISPLAY is set");
    else if (const auto said = std::find_if(displayMessages.cbegin(), displayMessages.cend(),
                                            [](const auto &m) { return std::get<2>(m).contains(QLatin1String("display")); });
             said != displayMessages.cend())
        why = std::get<2>(*said);
    printError(Cli::tr("the window needs a display and cannot open one (%1).\n"
                       "Set DISPLAY (or WAYLAND_DISPLAY) to the screen to use, or learn in this terminal:\n"
                       "  lockstock lesson lost-update   a guided lesson, its frames with the trace between them\n"
                       "  lockstock run lost-update      run a scenario and print the checker's verdict\n"
                       "  lockstock --help               every command")
                   .arg(why.trimmed()));
    std::fflush(nullptr);
    ::_exit(finishOutput(kExitUsage));
}

// The window's application; exits with kExitUsage and a clear message when
// there is no display to show it on.
std::unique_ptr<QGuiApplication> openDisplay(int &argc, char **argv)
{
    qtMessages = qInstallMessageHandler(onDisplayMessage);
    auto app = std::make_unique<QGuiApplication>(argc, argv);
    qInstallMessageHandler(qtMessages);
    for (const auto &[type, category, message] : std::as_const(displayMessages))
        qtMessages(type, QMessageLogContext(nullptr, 0, nullptr, category.constData()), message);
    displayMessages.clear();
    return app;
}
} // namespace

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
    std::unique_ptr<RedisTarget> existing;
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
        // A --redis that cannot be used is bad input too: said, with no window.
        if (parser.isSet(QStringLiteral("redis")) && !(existing = openRedisTarget(parser)))
            return kExitUsage;
    }
    const std::unique_ptr<QGuiApplication> app = openDisplay(argc, argv);
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
            return std::move(existing);
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
