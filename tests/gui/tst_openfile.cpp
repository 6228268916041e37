// `lockstock FILE.json`: the window opens on that file, not on the last
// session's scenario, and puts no course over it, first start or not.

#include "TestRedis.h"

#include "gui/GuiApp.h"
#include "gui/RunController.h"
#include "gui/Translations.h"

#include <QFile>
#include <QQmlApplicationEngine>
#include <QQuickStyle>
#include <QQuickWindow>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace lockstock;

class TestOpenFile : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QCoreApplication::setApplicationName(QStringLiteral("lockstock"));
        QCoreApplication::setOrganizationName(QStringLiteral("LockStock"));
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
        QQuickStyle::setStyle(QStringLiteral("Material"));
        registerQmlTypes();
    }

    void fileGivenIsShownWithNoCourseOverIt_data()
    {
        QTest::addColumn<bool>("firstStart");
        QTest::newRow("first start") << true;
        // A class that stopped mid-lesson of another scenario: resuming it would replace the file.
        QTest::newRow("lesson to resume") << false;
    }

    void fileGivenIsShownWithNoCourseOverIt()
    {
        QFETCH(bool, firstStart);
        QSettings settings;
        settings.clear();
        settings.setValue(QStringLiteral("ui/scenario"), QStringLiteral("redlock-clock-jump"));
        if (!firstStart)
            settings.setValue(QStringLiteral("lesson/name"), QStringLiteral("lease-shorter-than-work"));
        settings.sync();

        const QString path = m_dir.filePath(QStringLiteral("mine.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"name": "mine", "title": "My own", "broken": "set-nx-ex-del", "correct": "set-nx-ex-lua",
                       "stock": 5, "clients": [{"name": "A"}, {"name": "B"}], "lease_ms": 1000, "work_ms": 500})");
        file.close();
        ScenarioError error;
        const std::optional<Scenario> opened = loadScenarioFile(path, &error);
        QVERIFY2(opened, qPrintable(error.display()));

        RunController controller(RedisTarget::startPrivate(), QString());
        RunController::setWindowController(&controller);
        QQmlApplicationEngine engine;
        Translations translations(nullptr);
        Translations::setWindowTranslations(&translations);
        translations.setEngine(&engine);
        translations.setLanguage(QStringLiteral("en"));
        QQuickWindow *window = loadWindow(engine, controller, opened);
        QVERIFY(window);
        QVERIFY(QTest::qWaitForWindowExposed(window));
        // Give a course that would open the chance to: once the window is
        // whole, and a while after. The browser is made when it opens.
        QTRY_VERIFY(window->property("complete").toBool());
        QTest::qWait(200);
        const QObject *browser = window->findChild<QObject *>(QStringLiteral("lessonBrowser"));
        QVERIFY(!browser || !browser->property("opened").toBool());
        QCOMPARE(controller.scenarioFile(), path);
        QCOMPARE(controller.scenarioTitle(), QStringLiteral("My own"));
        QCOMPARE(controller.primary()->clients(), (QStringList{QStringLiteral("A"), QStringLiteral("B")}));
        Translations::setWindowTranslations(nullptr);
    }
};

QTEST_MAIN(TestOpenFile)
#include "tst_openfile.moc"
