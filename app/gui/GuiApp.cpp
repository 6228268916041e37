#include "GuiApp.h"

#include "CodeModel.h"
#include "RunController.h"
#include "TimelineView.h"
#include "Translations.h"

#include <QGuiApplication>
#include <QIcon>
#include <QQmlApplicationEngine>
#include <QQmlContext>
#include <QQuickStyle>
#include <QSettings>

namespace lockstock {

void registerQmlTypes()
{
    const char *uri = "LockStock.Native";
    qmlRegisterType<TimelineView>(uri, 1, 0, "TimelineView");
    qmlRegisterUncreatableType<RunSession>(uri, 1, 0, "RunSession", QStringLiteral("owned by the controller"));
    qmlRegisterUncreatableType<TimelineModel>(uri, 1, 0, "TimelineModel", QStringLiteral("owned by a session"));
    qmlRegisterUncreatableType<CodeModel>(uri, 1, 0, "CodeModel", QStringLiteral("owned by the controller"));
    qmlRegisterUncreatableType<RunController>(uri, 1, 0, "RunController", QStringLiteral("one per window"));
    qmlRegisterUncreatableType<StressComparison>(uri, 1, 0, "StressComparison", QStringLiteral("owned by the controller"));
}

int runWindow(std::unique_ptr<RedisTarget> target, const QString &error)
{
    QGuiApplication::setApplicationDisplayName(QStringLiteral("LockStock"));
    QGuiApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/lockstock.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("lockstock"));
    RunController controller(std::move(target), error);

    QQuickStyle::setStyle(QStringLiteral("Material"));
    registerQmlTypes();
    QQmlApplicationEngine engine;
    Translations translations;
    translations.setEngine(&engine);
    translations.setLanguage(QSettings().value(QStringLiteral("ui/language"), QString()).toString());
    engine.addImportPath(QStringLiteral("qrc:/"));
    engine.rootContext()->setContextProperty(QStringLiteral("controller"), &controller);
    engine.rootContext()->setContextProperty(QStringLiteral("translations"), &translations);
    engine.load(QUrl(QStringLiteral("qrc:/LockStock/Main.qml")));
    if (engine.rootObjects().isEmpty())
        return 1;
    return QGuiApplication::exec();
}

} // namespace lockstock
