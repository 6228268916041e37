// Qt Quick Test runner for the QML components in qml/ (module LockStock).

#include "gui/GuiApp.h"

#include <QQmlEngine>
#include <QtQuickTest>

class Setup : public QObject {
    Q_OBJECT
public slots:
    void qmlEngineAvailable(QQmlEngine *engine)
    {
        lockstock::registerQmlTypes();
        engine->addImportPath(QStringLiteral("qrc:/"));
    }
};

QUICK_TEST_MAIN_WITH_SETUP(lockstock_qml, Setup)
#include "tst_qml.moc"
