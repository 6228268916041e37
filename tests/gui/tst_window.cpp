// The whole window, as `lockstock` opens it: File > Export goes through the
// real save dialog (Qt Quick's own, which lists folders with
// Qt.labs.folderlistmodel) and writes a PNG and an SVG; the window fits a
// 1366×768 screen on first start and presentation mode keeps the timeline; a
// finished run of up to three clients shows every lane and its verdict
// without scrolling, and the replay's time is in the run's own unit. The
// first start opens the course; every lesson plays to its end with Next and
// back to its start with Back, each frame showing again what it showed first.

#include "LayoutProblems.h"
#include "Phones.h"
#include "TestRedis.h"

#include "gui/GuiApp.h"
#include "gui/LessonPlayer.h"
#include "lesson/Lesson.h"
#include "gui/RunController.h"
#include "gui/StrategyListing.h"
#include "gui/TimelineView.h"
#include "gui/Translations.h"
#include "redis/RedisConnection.h"
#include "analysis/HistoryJson.h"
#include "poll/ClassPoll.h"

#include <QGuiApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QImageReader>
#include <QMimeData>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickStyle>
#include <QQuickWindow>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <utility>

using namespace lockstock;

namespace {
// Items of popups (the dialog) are not QObject children of the window's items: look everywhere.
QQuickItem *findItem(QQuickItem *under, const QString &name)
{
    if (under->objectName() == name && under->isVisible())
        return under;
    for (QQuickItem *child : under->childItems())
        if (QQuickItem *found = findItem(child, name))
            return found;
    return nullptr;
}

QQuickItem *buttonWithText(QQuickItem *under, const QString &text)
{
    if (under->isVisible() && under->inherits("QQuickAbstractButton") && under->property("text").toString() == text)
        return under;
    for (QQuickItem *child : under->childItems())
        if (QQuickItem *found = buttonWithText(child, text))
            return found;
    return nullptr;
}

// A file the dialog lists (its delegates show the name, with no text of their own).
QQuickItem *listedFile(QQuickItem *under, const QString &fileName)
{
    if (under->isVisible() && under->property("file").toUrl().fileName() == fileName)
        return under;
    for (QQuickItem *child : under->childItems())
        if (QQuickItem *found = listedFile(child, fileName))
            return found;
    return nullptr;
}

// The texts of the visible buttons, for a failure to say what there was.
QStringList buttonTexts(QQuickItem *under)
{
    QStringList out;
    if (under->isVisible() && under->inherits("QQuickAbstractButton"))
        out << under->property("text").toString();
    for (QQuickItem *child : under->childItems())
        out << buttonTexts(child);
    return out;
}

// The first shown item of that name (the side column has two of some, one per layout).
// A visible text item showing `text` (a label, a tip's words).
QQuickItem *visibleText(QQuickItem *under, const QString &text)
{
    if (!under->isVisible())
        return nullptr;
    if (under->inherits("QQuickText") && under->property("text").toString() == text)
        return under;
    for (QQuickItem *child : under->childItems())
        if (QQuickItem *found = visibleText(child, text))
            return found;
    return nullptr;
}

QQuickItem *findVisibleItem(QQuickItem *under, const QString &name)
{
    if (!under->isVisible())
        return nullptr;
    if (under->objectName() == name)
        return under;
    for (QQuickItem *child : under->childItems())
        if (QQuickItem *found = findVisibleItem(child, name))
            return found;
    return nullptr;
}

// Every shown item of that name under `under`.
QList<QQuickItem *> visibleItems(QQuickItem *under, const QString &name)
{
    QList<QQuickItem *> out;
    if (!under->isVisible())
        return out;
    if (under->objectName() == name)
        out << under;
    for (QQuickItem *child : under->childItems())
        out << visibleItems(child, name);
    return out;
}

// Where a user points at an item: its centre, in the window.
QPoint centreOf(const QQuickItem *item)
{
    return item->mapToScene(QPointF(item->width() / 2, item->height() / 2)).toPoint();
}

void click(QQuickWindow *window, QQuickItem *item)
{
    QTest::mouseClick(window, Qt::LeftButton, Qt::NoModifier, centreOf(item));
}

// `item` whole on the screen: inside the window and inside every ancestor
// that clips (a pane that scrolls); "" when it is, else where it is.
QString notWhole(const QQuickItem *item)
{
    const QRectF rect = item->mapRectToScene(QRectF(0, 0, item->width(), item->height()));
    QRectF shown(QPointF(0, 0), item->window()->size());
    for (const QQuickItem *above = item->parentItem(); above; above = above->parentItem())
        if (above->clip())
            shown &= above->mapRectToScene(QRectF(0, 0, above->width(), above->height()));
    if (shown.adjusted(-0.5, -0.5, 0.5, 0.5).contains(rect))
        return {};
    return QStringLiteral("%1 at %2,%3 %4×%5, shown %6,%7 %8×%9")
        .arg(item->objectName()).arg(rect.x()).arg(rect.y()).arg(rect.width()).arg(rect.height())
        .arg(shown.x()).arg(shown.y()).arg(shown.width()).arg(shown.height());
}

// The timelines shown under `item`, in tree order (side by side: left first).
QList<QQuickItem *> visibleTimelines(QQuickItem *item)
{
    QList<QQuickItem *> out;
    if (!item->isVisible())
        return out;
    if (item->inherits("lockstock::TimelineView"))
        out << item;
    for (QQuickItem *child : item->childItems())
        out << visibleTimelines(child);
    return out;
}
} // namespace

class TestWindow : public QObject {
    Q_OBJECT
private:
    std::unique_ptr<RunController> m_controller;
    std::unique_ptr<Translations> m_translations;
    std::unique_ptr<QQmlApplicationEngine> m_engine;
    QQuickWindow *m_window = nullptr;
    QTemporaryDir m_settingsDir;

    // The window active, the course closed (it is open when a test runs alone).
    bool activeWithoutTheCourse()
    {
        m_window->requestActivate();
        if (!QTest::qWaitForWindowActive(m_window))
            return false;
        if (QQuickItem *free = findItem(m_window->contentItem(), QStringLiteral("browserFree")))
            click(m_window, free);
        return QTest::qWaitFor([this] { return !findItem(m_window->contentItem(), QStringLiteral("lessonList")); });
    }

    // Triggers `action`, then in the save dialog `dialogName` it opens goes to
    // `folder` (unless empty), types `file` into the name field and clicks
    // Save, as a user would: Save is there as soon as a name is typed. Returns
    // once the dialog is gone.
    void saveThroughDialog(const QString &action, const QString &dialogName, const QString &folder, const QString &file)
    {
        QObject *trigger = m_window->findChild<QObject *>(action);
        QVERIFY2(trigger, qPrintable(action));
        QVERIFY(QMetaObject::invokeMethod(trigger, "trigger"));
        QObject *dialog = m_window->findChild<QObject *>(dialogName);
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->property("opened").toBool());
        if (!folder.isEmpty())
            dialog->setProperty("currentFolder", QUrl::fromLocalFile(folder));
        QQuickItem *name = nullptr;
        QTRY_VERIFY((name = findItem(m_window->contentItem(), QStringLiteral("fileNameTextField"))));
        click(m_window, name);
        QTRY_VERIFY(name->hasActiveFocus());
        QTest::keyClick(m_window, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(m_window, Qt::Key_Delete);
        QQuickItem *save = buttonWithText(m_window->contentItem(), QStringLiteral("Save"));
        QVERIFY2(save, qPrintable(buttonTexts(m_window->contentItem()).join(QStringLiteral(" | "))));
        QVERIFY(!save->isEnabled());
        for (const QChar c : file) // QTest::keyClicks takes only widgets
            QTest::keyClick(m_window, c.toLatin1());
        QVERIFY(save->isEnabled());
        click(m_window, save);
        // Gone, not fading out: until it is, its dimmer takes the next click.
        QTRY_VERIFY(!dialog->property("visible").toBool());
    }

    // The fault menu, made (as a user makes it) by a right-click on the
    // timeline's first lane and closed again.
    QObject *faultMenu()
    {
        if (QObject *menu = m_window->findChild<QObject *>(QStringLiteral("faultMenu")))
            return menu;
        QQuickItem *timeline = findItem(m_window->contentItem(), QStringLiteral("timelineView"));
        if (!timeline)
            return nullptr;
        for (qreal y = 10; y < timeline->height(); y += 12) {
            const QPointF at = timeline->mapToScene(QPointF(timeline->width() * 0.2, y));
            QTest::mouseClick(m_window, Qt::RightButton, Qt::NoModifier, at.toPoint());
            QObject *menu = m_window->findChild<QObject *>(QStringLiteral("faultMenu"));
            if (menu && menu->property("visible").toBool()) {
                QTest::keyClick(m_window, Qt::Key_Escape);
                if (!QTest::qWaitFor([menu] { return !menu->property("visible").toBool(); }))
                    return nullptr;
                return menu;
            }
        }
        return nullptr;
    }

    // The window as it is, into LOCKSTOCK_POLL_SHOTS/NAME.png when that is set: to look at.
    void shot(const QString &name) const
    {
        const QString dir = qEnvironmentVariable("LOCKSTOCK_POLL_SHOTS");
        if (!dir.isEmpty())
            m_window->grabWindow().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
    }

    // A guided lesson's card as the class sees it: Back, Next and the
    // choices whole on the screen. "" when they are, else what is not and
    // where the window is at.
    QString lessonCardProblems()
    {
        QStringList out;
        QQuickItem *card = findVisibleItem(m_window->contentItem(), QStringLiteral("lessonCard"));
        if (!card)
            return QStringLiteral("no lesson card");
        for (const QString &name : {QStringLiteral("lessonBack"), QStringLiteral("lessonNext")}) {
            QQuickItem *item = findVisibleItem(card, name);
            out << (item ? notWhole(item) : name + QStringLiteral(" not shown"));
        }
        if (QQuickItem *verdict = findVisibleItem(card, QStringLiteral("lessonVerdict")))
            out << notWhole(verdict);
        for (int i = 0; i < player()->choices().size() && player()->ready(); ++i) {
            QQuickItem *choice = findVisibleItem(card, QStringLiteral("lessonChoice%1").arg(i));
            out << (choice ? notWhole(choice) : QStringLiteral("choice %1 not shown").arg(i));
        }
        out.removeAll(QString());
        if (out.isEmpty())
            return {};
        return QStringLiteral("%1 frame %2, %3×%4 %5 ×%6%7: ").arg(player()->lesson()).arg(player()->frame())
                   .arg(m_window->width()).arg(m_window->height()).arg(m_translations->effective())
                   .arg(m_window->property("presenting").toBool() ? QStringLiteral(" presenting") : QString())
                   .arg(scale())
            + out.join(QStringLiteral("; "));
    }

    // The window's text size (Style.scale, as the timeline takes it).
    double scale() const
    {
        return findItem(m_window->contentItem(), QStringLiteral("timelineView"))->property("textScale").toDouble();
    }

    // A test's rows: text ×1 and ×1.5, the sizes a class reads.
    static void textScales()
    {
        QTest::addColumn<double>("scale");
        QTest::newRow("×1") << 1.0;
        QTest::newRow("×1.5") << 1.5;
    }

    // Text size, language and presentation mode as a teacher sets them.
    void present(double scale, const QString &language, bool presenting)
    {
        QMetaObject::invokeMethod(m_window, "setPresenting", Q_ARG(QVariant, presenting));
        QMetaObject::invokeMethod(m_window, "setScale", Q_ARG(QVariant, scale));
        m_translations->setLanguage(language);
    }

    // What the painter of each timeline shown drew last, as in tst_rendering:
    // no label over another, cut off, or under a line across the lanes.
    QString timelineProblems()
    {
        m_window->grabWindow(); // a frame of what is there now
        QStringList out;
        for (QQuickItem *item : visibleTimelines(m_window->contentItem()))
            if (const PaintRecord *record = qobject_cast<TimelineView *>(item)->paintRecord())
                out << test::layoutProblems(*record);
        out.removeAll(QString());
        return out.join(QStringLiteral("; "));
    }

    LessonPlayer *player() const
    {
        return m_engine->singletonInstance<LessonPlayer *>(qmlTypeId("LockStock.Native", 1, 0, "LessonPlayer"));
    }

private slots:
    // A binding loop is a layout that never settles: every test fails on one
    // (Main.qml's shared time axis logged one).
    void init() { QTest::failOnWarning(QRegularExpression(QStringLiteral("Binding loop"))); }
    // A test that failed stopped where it was (presenting, text ×1.5, in
    // Chinese): the tests after it start from the window they expect, not
    // fail in its wake.
    void cleanup()
    {
        if (!QTest::currentTestFailed())
            return;
        present(1.0, QStringLiteral("en"), false);
        m_window->grabWindow(); // laid out as it is now, for the next test's positions
    }

    void initTestCase()
    {
        // As main() names it, so Settings { } in QML can remember (in the test's own place).
        QCoreApplication::setApplicationName(QStringLiteral("lockstock"));
        QCoreApplication::setOrganizationName(QStringLiteral("LockStock"));
        QStandardPaths::setTestModeEnabled(true);
        // Settings of this process's own: the two screens' runs go side by side,
        // and the class's place one of them remembers must not open the other's window.
        QVERIFY(m_settingsDir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settingsDir.path());
        QSettings().clear();
        QQuickStyle::setStyle(QStringLiteral("Material"));
        // As with a mouse on a desktop: the offscreen platform says no pointer hovers.
        qputenv("QT_QUICK_CONTROLS_HOVER_ENABLED", "1");
        m_controller = std::make_unique<RunController>(RedisTarget::startPrivate(), QString());
        RunController::setWindowController(m_controller.get());
        registerQmlTypes();
        m_engine = std::make_unique<QQmlApplicationEngine>();
        // As runWindow() does: the window's Translations is the QML singleton.
        m_translations = std::make_unique<Translations>(nullptr);
        Translations::setWindowTranslations(m_translations.get());
        m_translations->setEngine(m_engine.get());
        m_translations->setLanguage(QStringLiteral("en"));
        m_controller->followLanguage(*m_translations);
        m_window = loadWindow(*m_engine, *m_controller, {});
        QVERIFY(m_window);
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
        // The side panels come after the first frame.
        QTRY_VERIFY(m_window->property("complete").toBool());
    }

    // The first start shows the course, not an empty timeline; "Explore freely" closes it.
    void firstStartOpensTheCourse()
    {
        QQuickItem *browser = nullptr;
        QTRY_VERIFY((browser = findItem(m_window->contentItem(), QStringLiteral("lessonList"))));
        QTRY_VERIFY(browser->property("count").toInt() == builtinLessonNames().size());
        QQuickItem *free = findItem(m_window->contentItem(), QStringLiteral("browserFree"));
        QVERIFY(free);
        click(m_window, free);
        QTRY_VERIFY(!findItem(m_window->contentItem(), QStringLiteral("lessonList")));
        QVERIFY(!player()->active());
    }

    // The first start fits the screen it opens on.
    void firstStartFitsTheScreen()
    {
        const QRect screen = m_window->screen()->availableGeometry();
        QVERIFY2(m_window->width() <= screen.width() && m_window->height() <= screen.height(),
                 qPrintable(QStringLiteral("%1×%2 on %3×%4").arg(m_window->width()).arg(m_window->height())
                                .arg(screen.width()).arg(screen.height())));
    }

    // What the window makes only when it is wanted works as if made at start:
    // a menu's entries are there when it opens (its keys worked before), a
    // control's hint shows under the pointer, a box's list is as wide as
    // its choices need.
    void menusHintsAndListsComeWhenWanted()
    {
        m_window->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(m_window));
        // Ctrl+L is View > Guided lessons, a menu not opened yet.
        QObject *view = m_window->findChild<QObject *>(QStringLiteral("viewMenu"));
        QVERIFY(view);
        QCOMPARE(view->property("count").toInt(), 0);
        QTest::keyClick(m_window, Qt::Key_L, Qt::ControlModifier);
        QQuickItem *free = nullptr;
        QTRY_VERIFY((free = findItem(m_window->contentItem(), QStringLiteral("browserFree"))));
        click(m_window, free);
        QTRY_VERIFY(!findItem(m_window->contentItem(), QStringLiteral("lessonList")));

        // Help, opened with a click: its entries, keys and all.
        QQuickItem *help = buttonWithText(m_window->contentItem(), QStringLiteral("&Help"));
        QVERIFY(help);
        click(m_window, help);
        QQuickItem *entry = nullptr;
        QTRY_VERIFY((entry = buttonWithText(m_window->contentItem(), QStringLiteral("Esc: leave presentation mode"))));
        QTRY_VERIFY(m_window->findChild<QObject *>(QStringLiteral("helpMenu"))->property("opened").toBool());
        // Its entries are to read: in the text's colour (Style.text, light), not greyed.
        const auto *words = entry->property("contentItem").value<QQuickItem *>()->childItems().value(0);
        QVERIFY(words);
        QCOMPARE(words->property("color").value<QColor>(), QColor(QStringLiteral("#1b1f27")));
        // Its shadow came with its entries; View, never opened, has none yet.
        const auto shadowed = [this](const char *menu) {
            const auto *background = m_window->findChild<QObject *>(QLatin1String(menu))->property("background").value<QQuickItem *>();
            return background && background->property("layer").value<QObject *>()->property("enabled").toBool();
        };
        QVERIFY(shadowed("helpMenu"));
        QVERIFY(!shadowed("viewMenu"));
        QTest::keyClick(m_window, Qt::Key_Escape);
        QTRY_VERIFY(!buttonWithText(m_window->contentItem(), QStringLiteral("Esc: leave presentation mode")));

        // The play button's hint (its key) under the pointer, after a pause.
        QQuickItem *play = findItem(m_window->contentItem(), QStringLiteral("playButton"));
        QVERIFY(play);
        const QPoint onPlay = centreOf(play);
        QTest::mouseMove(m_window, onPlay - QPoint(0, 200));
        QTest::mouseMove(m_window, onPlay);
        QTRY_VERIFY(play->property("hovered").toBool());
        QQuickItem *tip = nullptr;
        QTRY_VERIFY((tip = visibleText(m_window->contentItem(), QStringLiteral("Space"))));
        QVERIFY(tip->mapToScene(QPointF(0, 0)).y() > play->mapToScene(QPointF(0, play->height())).y() - 1); // under it
        QTest::mouseMove(m_window, onPlay + QPoint(0, 300));
        QTRY_VERIFY(!visibleText(m_window->contentItem(), QStringLiteral("Space")));

        // The scenario box's list: wider than the box, as the box says.
        QQuickItem *box = findItem(m_window->contentItem(), QStringLiteral("scenarioBox"));
        QVERIFY(box);
        click(m_window, box);
        QObject *list = box->property("popup").value<QObject *>();
        QVERIFY(list);
        QTRY_VERIFY(list->property("opened").toBool());
        QCOMPARE(list->property("width").toReal(), box->property("popupWidth").toReal());
        QVERIFY(list->property("width").toReal() > box->width());
        // It has the keys while open: Esc closes it, and the box gives them back.
        QVERIFY(box->hasActiveFocus());
        QTest::keyClick(m_window, Qt::Key_Escape);
        QTRY_VERIFY(!list->property("visible").toBool());
        QVERIFY(!box->hasActiveFocus());
    }

    // With a menu open the keys are the menu's, as in any desktop program:
    // → goes to the next menu and Space does not run the scenario behind it.
    // The Run menu's own entries stay enabled while it shows, and once the
    // menus are closed the same keys drive the timeline again.
    void oneKeyShortcutsWaitWhileAMenuIsOpen()
    {
        QVERIFY(activeWithoutTheCourse());
        m_controller->reset();
        const auto events = [this] {
            const auto analysis = m_controller->primary()->analysis();
            return analysis ? analysis->events.size() : 0;
        };
        const qsizetype before = events();
        QObject *edit = m_window->findChild<QObject *>(QStringLiteral("editMenu"));
        QVERIFY(edit);

        QQuickItem *file = buttonWithText(m_window->contentItem(), QStringLiteral("&File"));
        QVERIFY(file);
        click(m_window, file);
        QTRY_VERIFY(buttonWithText(m_window->contentItem(), QStringLiteral("&Open scenario…")));
        QTest::keyClick(m_window, Qt::Key_Space);
        QTest::keyClick(m_window, Qt::Key_Right);
        QTRY_VERIFY(edit->property("opened").toBool());
        QTest::qWait(300);
        QCOMPARE(events(), before);
        QVERIFY(!m_controller->running());
        // The arrows still walk the menu's entries.
        const int current = edit->property("currentIndex").toInt();
        QTest::keyClick(m_window, Qt::Key_Down);
        QTRY_VERIFY(edit->property("currentIndex").toInt() != current);
        QTest::keyClick(m_window, Qt::Key_Escape);
        QTRY_VERIFY(!edit->property("visible").toBool());

        QQuickItem *run = buttonWithText(m_window->contentItem(), QStringLiteral("&Run"));
        QVERIFY(run);
        click(m_window, run);
        QQuickItem *step = nullptr;
        QTRY_VERIFY((step = buttonWithText(m_window->contentItem(), QStringLiteral("Step focused client"))));
        QVERIFY(step->isEnabled());
        QTest::keyClick(m_window, Qt::Key_Right);
        QTest::qWait(300);
        QCOMPARE(events(), before);
        QObject *view = m_window->findChild<QObject *>(QStringLiteral("viewMenu"));
        QTRY_VERIFY(view->property("opened").toBool());
        QTest::keyClick(m_window, Qt::Key_Escape);

        // At once, while the menu fades.
        QTest::keyClick(m_window, Qt::Key_Right);
        QTRY_VERIFY(events() > before);
    }

    // A menu closed with Esc, the pointer still on its title: the next title
    // clicked opens its menu (Qt 6.4's bar stayed in its open-on-hover mode,
    // opened the next menu as the pointer came and closed it with the click).
    void menuOpensByClickAfterEsc()
    {
        QVERIFY(activeWithoutTheCourse());
        QObject *file = m_window->findChild<QObject *>(QStringLiteral("fileMenu"));
        QObject *edit = m_window->findChild<QObject *>(QStringLiteral("editMenu"));
        QObject *run = m_window->findChild<QObject *>(QStringLiteral("runMenu"));
        QVERIFY(file && edit && run);
        const auto centre = [this](QObject *menu) {
            return centreOf(buttonWithText(m_window->contentItem(), menu->property("title").toString()));
        };
        // Other titles, the same one again; each clicked after Esc closed the
        // one before, its menu opened after an Esc too.
        QString clicked;
        for (QObject *menu : {file, run, edit, edit, file}) {
            clicked += menu->objectName() + QLatin1Char(' ');
            QTest::mouseMove(m_window, centre(menu));
            QTest::qWait(200);
            QTest::mouseClick(m_window, Qt::LeftButton, Qt::NoModifier, centre(menu));
            QTRY_VERIFY2(menu->property("opened").toBool(), qPrintable(clicked));
            QTest::keyClick(m_window, Qt::Key_Escape);
            QTRY_VERIFY(!menu->property("visible").toBool());
        }
        QTest::mouseMove(m_window, QPoint(m_window->width() / 2, m_window->height() / 2));
    }

    void exportWritesPngAndSvgThroughTheDialog_data()
    {
        QTest::addColumn<QString>("action");
        QTest::addColumn<QString>("file");
        QTest::newRow("png") << "exportPngAction" << "timeline.png";
        QTest::newRow("svg") << "exportSvgAction" << "timeline.svg";
    }

    void exportWritesPngAndSvgThroughTheDialog()
    {
        QFETCH(QString, action);
        QFETCH(QString, file);
        // A finished run, so that there is something to export.
        if (!m_controller->finished()) {
            m_controller->setScenario(QStringLiteral("lost-update"));
            m_controller->run();
            QTRY_VERIFY_WITH_TIMEOUT(m_controller->finished(), 60000);
        }
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(file);
        saveThroughDialog(action, QStringLiteral("exportDialog"), dir.path(), file);
        if (QTest::currentTestFailed())
            return;
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(path).size() > 0, 20000);
        if (file.endsWith(QLatin1String(".png"))) {
            const QImage image(path);
            QVERIFY(!image.isNull());
            QVERIFY(image.width() >= 800);
        } else {
            QFile svg(path);
            QVERIFY(svg.open(QIODevice::ReadOnly));
            QVERIFY(svg.readAll().contains("<svg"));
        }
        QTRY_VERIFY(!findItem(m_window->contentItem(), QStringLiteral("fileNameTextField")));
    }

    // File > Export as a user types a name: a bare one lands in the folder
    // shown, an absolute path where it says (it went to "<folder>//tmp/…"),
    // a "~" path in the home folder, a name without a suffix gets the kind's.
    // The dialog first shows the user's Pictures (it showed the directory
    // LockStock was started from, the last name filled in), then the folder
    // last used; it is the language's.
    void exportDialogTakesEveryKindOfPath()
    {
        QVERIFY(activeWithoutTheCourse());
        if (!m_controller->finished()) {
            m_controller->setScenario(QStringLiteral("lost-update"));
            m_controller->run();
            QTRY_VERIFY_WITH_TIMEOUT(m_controller->finished(), 60000);
        }
        QTemporaryDir home, shown, elsewhere;
        QVERIFY(home.isValid() && shown.isValid() && elsewhere.isValid());
        const QByteArray realHome = qgetenv("HOME");
        qputenv("HOME", QFile::encodeName(home.path()));
        QVERIFY(QDir(home.path()).mkpath(QStringLiteral("Pictures")));
        QSettings().remove(QStringLiteral("files"));
        const auto saved = [&](const QString &typed, const QString &folder, const QString &lands) {
            saveThroughDialog(QStringLiteral("exportPngAction"), QStringLiteral("exportDialog"), folder, typed);
            QTRY_VERIFY2_WITH_TIMEOUT(QFileInfo(lands).size() > 0, qPrintable(typed + QStringLiteral(" -> ") + lands), 20000);
            QTRY_VERIFY(!findItem(m_window->contentItem(), QStringLiteral("fileNameTextField")));
        };
        // Opened the first time: Pictures, a name of the run's own in the field.
        QObject *trigger = m_window->findChild<QObject *>(QStringLiteral("exportPngAction"));
        QVERIFY(QMetaObject::invokeMethod(trigger, "trigger"));
        QObject *dialog = nullptr;
        QTRY_VERIFY((dialog = m_window->findChild<QObject *>(QStringLiteral("exportDialog"))) && dialog->property("opened").toBool());
        QCOMPARE(dialog->property("currentFolder").toUrl(), QUrl::fromLocalFile(home.filePath(QStringLiteral("Pictures"))));
        QVERIFY(dialog->property("currentFolder").toUrl() != QUrl::fromLocalFile(QDir::currentPath()));
        QQuickItem *name = nullptr;
        QTRY_VERIFY((name = findItem(m_window->contentItem(), QStringLiteral("fileNameTextField"))));
        QCOMPARE(name->property("text").toString(), m_controller->scenario() + QStringLiteral("-") + m_controller->primary()->strategyName()
                                                        + QStringLiteral(".png"));
        QTest::keyClick(m_window, Qt::Key_Escape);
        QTRY_VERIFY(!dialog->property("visible").toBool());

        saved(QStringLiteral("bare.png"), shown.path(), shown.filePath(QStringLiteral("bare.png")));
        saved(elsewhere.filePath(QStringLiteral("absolute.png")), shown.path(), elsewhere.filePath(QStringLiteral("absolute.png")));
        QVERIFY(!QFileInfo::exists(shown.path() + elsewhere.filePath(QStringLiteral("absolute.png"))));
        saved(QStringLiteral("~/tilde.png"), shown.path(), home.filePath(QStringLiteral("tilde.png")));
        // The folder of the last file saved, where the next one goes.
        saved(QStringLiteral("nosuffix"), QString(), home.filePath(QStringLiteral("nosuffix.png")));
        qputenv("HOME", realHome);
        // In Chinese, the dialog's own words too.
        m_translations->setLanguage(QStringLiteral("zh_CN"));
        QVERIFY(QMetaObject::invokeMethod(trigger, "trigger"));
        QTRY_VERIFY(dialog->property("opened").toBool());
        const QRegularExpression han(QStringLiteral("\\p{Han}"));
        for (const char *button : {"fileCancel", "fileAccept"})
            QVERIFY2(findItem(m_window->contentItem(), QLatin1String(button))->property("text").toString().contains(han), button);
        QTest::keyClick(m_window, Qt::Key_Escape);
        QTRY_VERIFY(!dialog->property("visible").toBool());
        m_translations->setLanguage(QStringLiteral("en"));
    }

    // File > Export animation: the finished run as a GIF, written off the
    // window's thread while the status says how far it is, then "Saved".
    void exportAnimationThroughTheDialog()
    {
        QVERIFY(m_controller->finished());
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("run.gif"));
        saveThroughDialog(QStringLiteral("exportAnimationAction"), QStringLiteral("animationDialog"), dir.path(),
                          QStringLiteral("run.gif"));
        if (QTest::currentTestFailed())
            return;
        QObject *status = m_window->findChild<QObject *>(QStringLiteral("exportStatus"));
        QVERIFY(status);
        QTRY_VERIFY_WITH_TIMEOUT(status->property("text").toString() == QStringLiteral("Saved %1").arg(path), 120000);
        QCOMPARE(m_controller->animationProgress(), -1.0);
        // Qt's own GIF reader: 1280 wide, as high as the lanes need, many frames.
        QImageReader reader(path);
        QCOMPARE(reader.format(), QByteArray("gif"));
        QCOMPARE(reader.size().width(), 1280);
        QVERIFY(reader.size().height() >= 240);
        QVERIFY2(reader.imageCount() > 20, qPrintable(QString::number(reader.imageCount())));
        // The dialog's other kinds, through the call it makes: each file is what its name says.
        const std::pair<QString, QByteArray> kinds[] = {{QStringLiteral("run.webm"), QByteArray("\x1a\x45\xdf\xa3", 4)},
                                                        {QStringLiteral("run.mp4"), QByteArray("ftyp")},
                                                        {QStringLiteral("run.apng"), QByteArray("acTL")}};
        for (const auto &[name, signature] : kinds) {
            QSignalSpy exported(m_controller.get(), &RunController::animationExported);
            QCOMPARE(m_controller->exportAnimation(QUrl::fromLocalFile(dir.filePath(name)), QStringLiteral("dark")), QString());
            QTRY_VERIFY_WITH_TIMEOUT(!exported.isEmpty(), 120000);
            QCOMPARE(exported.first().first().toString(), QString());
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY2(file.read(64).contains(signature), qPrintable(name));
        }
        // A name no animation has: the window says so and writes nothing.
        QCOMPARE(m_controller->exportAnimation(QUrl::fromLocalFile(dir.filePath(QStringLiteral("run.txt"))), QStringLiteral("light")),
                 QStringLiteral("cannot write %1: an animation is a .gif, .webm, .mp4 or .apng file").arg(dir.filePath(QStringLiteral("run.txt"))));
        QTRY_VERIFY(!findItem(m_window->contentItem(), QStringLiteral("fileNameTextField")));
    }

    // File > Save scenario as writes the scenario file type, NAME.lockstock.json,
    // which the file manager opens in LockStock (packaging/); a name that says
    // .json stays plain .json. Both open again as they were saved.
    void saveScenarioThroughTheDialog()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::pair<QString, QString> saves[] = {{QStringLiteral("mine"), QStringLiteral("mine.lockstock.json")},
                                                     {QStringLiteral("plain.json"), QStringLiteral("plain.json")}};
        for (const auto &[typed, written] : saves) {
            saveThroughDialog(QStringLiteral("saveScenarioAction"), QStringLiteral("saveScenarioDialog"), dir.path(), typed);
            if (QTest::currentTestFailed())
                return;
            const QString path = dir.filePath(written);
            QTRY_VERIFY2(QFileInfo(path).size() > 0, qPrintable(QDir(dir.path()).entryList().join(QLatin1Char(' '))));
            ScenarioError error;
            const std::optional<Scenario> saved = loadScenarioFile(path, &error);
            QVERIFY2(saved, qPrintable(error.display()));
            QCOMPARE(saved->config, m_controller->editor()->scenario().config);
            QTRY_VERIFY(!findItem(m_window->contentItem(), QStringLiteral("fileNameTextField")));
        }
    }

    // File > Open through the real dialog: the file's scenario is shown, atop
    // the picker, and remembered; a bad file says the loader's words in the banner.
    void openScenarioThroughTheDialog()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("mine.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"name": "mine", "title": "My own", "broken": "no-lock", "correct": "lua-decrement", "clients": 3})");
        file.close();

        QObject *trigger = m_window->findChild<QObject *>(QStringLiteral("openAction"));
        QVERIFY(trigger);
        QVERIFY(QMetaObject::invokeMethod(trigger, "trigger"));
        QObject *dialog = m_window->findChild<QObject *>(QStringLiteral("openDialog"));
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->property("visible").toBool());
        dialog->setProperty("currentFolder", QUrl::fromLocalFile(dir.path()));
        // The file as the dialog lists it, clicked, then Open.
        QQuickItem *listed = nullptr;
        QTRY_VERIFY((listed = listedFile(m_window->contentItem(), QStringLiteral("mine.json"))));
        click(m_window, listed);
        QQuickItem *open = buttonWithText(m_window->contentItem(), QStringLiteral("Open"));
        QVERIFY2(open, qPrintable(buttonTexts(m_window->contentItem()).join(QStringLiteral(" | "))));
        click(m_window, open);
        QTRY_COMPARE(m_controller->scenarioFile(), path);
        QTRY_VERIFY(!dialog->property("visible").toBool()); // gone, not fading over the window
        QCOMPARE(m_controller->scenario(), path);
        QCOMPARE(m_controller->scenarioTitle(), QStringLiteral("My own"));
        QCOMPARE(m_controller->primary()->clients().size(), 3);
        const QVariantMap first = m_controller->scenarios().first().toMap();
        QCOMPARE(first.value(QStringLiteral("name")).toString(), path);
        QCOMPARE(first.value(QStringLiteral("course")).toInt(), 0);
        QCOMPARE(m_controller->recentFiles().first(), path);
        QQuickItem *box = findItem(m_window->contentItem(), QStringLiteral("scenarioBox"));
        QVERIFY(box);
        QTRY_COMPARE(box->property("displayText").toString(), QStringLiteral("File: mine.json"));

        // A file dropped on the window opens the same way; a bad one changes nothing but the banner.
        QFile bad(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{\n  \"broken\": \"no-lock\",\n  \"stock\": -1\n}\n");
        bad.close();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(bad.fileName())});
        const QPoint centre(m_window->width() / 2, m_window->height() / 2);
        QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_window, &enter);
        QDropEvent drop(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_window, &drop);
        QTRY_COMPARE(m_controller->banner(), QStringLiteral("Not opened: bad.json:3: field 'stock': must be 0 or more (is -1)"));
        QCOMPARE(m_controller->scenarioFile(), path);
        // Back to a shipped one, as the tests after this expect.
        m_controller->setScenario(QStringLiteral("lost-update"));
        QVERIFY(m_controller->banner().isEmpty());
    }

    // F5: the timeline and the verdict over the whole screen, nothing beside them; F5 again restores.
    void presentationModeKeepsTheTimeline()
    {
        QQuickItem *timeline = findItem(m_window->contentItem(), QStringLiteral("timelineView"));
        QVERIFY(timeline);
        const qreal before = timeline->height();
        // Shortcuts go to the active window; without a window manager nothing gives it back after the dialog.
        m_window->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(m_window));
        QTest::keyClick(m_window, Qt::Key_F5);
        QTRY_VERIFY(m_window->property("presenting").toBool());
        QQuickItem *side = m_window->findChild<QQuickItem *>(QStringLiteral("sidePanels"));
        QVERIFY(side);
        QTRY_VERIFY(!side->isVisible());
        QTRY_VERIFY(timeline->height() > before);
        QTest::keyClick(m_window, Qt::Key_F5);
        QTRY_VERIFY(!m_window->property("presenting").toBool());
        QTRY_VERIFY(side->isVisible());
    }

    // What a teacher projects: the finished run's every lane (lock, clients,
    // stock) at its minimum height or more, no lane scroll bar, and the verdict.
    void finishedRunFitsWithoutScrolling_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<bool>("correct");
        QTest::newRow("lost-update") << "lost-update" << false;
        QTest::newRow("lost-update correct") << "lost-update" << true;
        QTest::newRow("3 clients") << "lease-expired-wrong-delete" << false;
    }

    void finishedRunFitsWithoutScrolling()
    {
        QFETCH(QString, scenario);
        QFETCH(bool, correct);
        m_controller->setScenario(scenario);
        m_controller->setCorrect(correct);
        m_controller->setSpeedFactor(16);
        m_controller->run();
        QTRY_VERIFY_WITH_TIMEOUT(m_controller->finished(), 60000);
        QQuickItem *timeline = findItem(m_window->contentItem(), QStringLiteral("timelineView"));
        QQuickItem *scroller = findItem(m_window->contentItem(), QStringLiteral("laneScroller"));
        QVERIFY(timeline && scroller);
        const QString sizes = QStringLiteral("window %1×%2, lanes at y %5: lanes need %3 px, the timeline has %4")
                                  .arg(m_window->width()).arg(m_window->height());
        QTRY_VERIFY2(timeline->property("minimumContentHeight").toReal() <= scroller->height() + 0.5,
                     qPrintable(sizes.arg(timeline->property("minimumContentHeight").toReal()).arg(scroller->height())
                                   .arg(scroller->mapToScene(QPointF()).y())));
        QCOMPARE(scroller->property("contentHeight").toReal(), scroller->height());
        // The verdict, whole, inside the window.
        QQuickItem *finding = findItem(m_window->contentItem(), QStringLiteral("finding"));
        QVERIFY(finding);
        const QRectF where = finding->mapRectToScene(QRectF(0, 0, finding->width(), finding->height()));
        QVERIFY2(QRectF(0, 0, m_window->width(), m_window->height()).contains(where),
                 qPrintable(QStringLiteral("the verdict at %1,%2").arg(where.x()).arg(where.y())));
        // A run of a few milliseconds reads in ms, not "0.00 s".
        QQuickItem *time = findItem(m_window->contentItem(), QStringLiteral("replayTime"));
        QVERIFY(time);
        if (m_controller->durationMs() < 1000)
            QVERIFY2(time->property("text").toString().endsWith(QLatin1String(" ms")), qPrintable(time->property("text").toString()));
        QVERIFY2(!time->property("text").toString().startsWith(QLatin1String("0.00 ")), qPrintable(time->property("text").toString()));
        // Its labels clear of each other and of the lines across the lanes,
        // replaying too (the cursor's time hid the axis's ticks).
        QVERIFY2(timelineProblems().isEmpty(), qPrintable(timelineProblems()));
        m_controller->setCursorMs(m_controller->durationMs() * 0.4);
        QVERIFY2(timelineProblems().isEmpty(), qPrintable(timelineProblems()));
        m_controller->setCursorMs(-1);
        m_controller->setSpeedFactor(1);
    }

    // F5 on a finished run of three clients and five findings, at text ×1
    // and ×1.5: every finding and every lane on the screen (the lanes drawn
    // smaller where they need it; three findings showed, C and Stock were
    // off-screen), its labels clear; Ctrl++ and Ctrl+− size the text.
    void presentationModeShowsEveryFindingAndLane_data() { textScales(); }

    void presentationModeShowsEveryFindingAndLane()
    {
        QFETCH(double, scale);
        QVERIFY(activeWithoutTheCourse());
        m_controller->setScenario(QStringLiteral("lease-expired-wrong-delete"));
        m_controller->setCorrect(false);
        if (!m_controller->finished()) {
            m_controller->setSpeedFactor(16);
            m_controller->run();
            QTRY_VERIFY_WITH_TIMEOUT(m_controller->finished(), 60000);
            m_controller->setSpeedFactor(1);
        }
        const qsizetype findings = m_controller->primary()->findings().size();
        QVERIFY2(findings >= 5, qPrintable(QString::number(findings)));
        QTest::keyClick(m_window, Qt::Key_F5);
        QTRY_VERIFY(m_window->property("presenting").toBool());
        QMetaObject::invokeMethod(m_window, "setScale", Q_ARG(QVariant, scale));
        QTest::keyClick(m_window, Qt::Key_Plus, Qt::ControlModifier);
        QTRY_VERIFY2(qAbs(this->scale() - scale - 0.1) < 1e-6, qPrintable(QString::number(this->scale())));
        QTest::keyClick(m_window, Qt::Key_Minus, Qt::ControlModifier);
        QTRY_VERIFY2(qAbs(this->scale() - scale) < 1e-6, qPrintable(QString::number(this->scale())));
        QQuickItem *scroller = findItem(m_window->contentItem(), QStringLiteral("laneScroller"));
        QVERIFY(scroller);
        const auto problems = [&] {
            QStringList out;
            const QList<QQuickItem *> shown = visibleItems(m_window->contentItem(), QStringLiteral("finding"));
            if (shown.size() != findings)
                out << QStringLiteral("%1 of %2 findings").arg(shown.size()).arg(findings);
            for (QQuickItem *finding : shown)
                out << notWhole(finding);
            if (scroller->property("contentHeight").toReal() > scroller->height() + 0.5)
                out << QStringLiteral("the lanes need %1 px of %2").arg(scroller->property("contentHeight").toReal()).arg(scroller->height());
            out << timelineProblems();
            out.removeAll(QString());
            return out.join(QStringLiteral("; "));
        };
        QTRY_VERIFY2(problems().isEmpty(), qPrintable(QStringLiteral("%1×%2: ").arg(m_window->width()).arg(m_window->height()) + problems()));
        QTest::keyClick(m_window, Qt::Key_F5);
        QTRY_VERIFY(!m_window->property("presenting").toBool());
        QMetaObject::invokeMethod(m_window, "setScale", Q_ARG(QVariant, 1.0));
    }

    // The wheel zooms around the pointer, never before 0 or past the end of
    // the run (the view showed "−4 ms", or a blank run); zoomed out past the
    // run it fits it, and another scenario starts fitted (the zoom carried over).
    void wheelZoomStaysInTheRun()
    {
        QVERIFY(activeWithoutTheCourse());
        m_controller->setScenario(QStringLiteral("lease-expired-wrong-delete"));
        m_controller->setSpeedFactor(16);
        m_controller->run();
        QTRY_VERIFY_WITH_TIMEOUT(m_controller->finished(), 60000);
        m_controller->setSpeedFactor(1);
        QQuickItem *timeline = findItem(m_window->contentItem(), QStringLiteral("timelineView"));
        QVERIFY(timeline);
        const QPointF at = timeline->mapToScene(QPointF(timeline->width() * 0.3, 40));
        const auto wheel = [&](int notches) {
            for (int i = 0; i < std::abs(notches); ++i) {
                QWheelEvent event(at, m_window->mapToGlobal(at), QPoint(), QPoint(0, notches > 0 ? 120 : -120), Qt::NoButton,
                                  Qt::NoModifier, Qt::NoScrollPhase, false);
                QCoreApplication::sendEvent(m_window, &event);
            }
        };
        const auto range = [&] {
            return QStringLiteral("%1 to %2 ms").arg(timeline->property("viewStartMs").toDouble()).arg(timeline->property("viewEndMs").toDouble());
        };
        wheel(8);
        QVERIFY(!timeline->property("follow").toBool());
        // Dragged towards the start and past it.
        QTest::mousePress(m_window, Qt::LeftButton, Qt::NoModifier, at.toPoint());
        for (int dx = 20; dx <= 600; dx += 20)
            QTest::mouseMove(m_window, at.toPoint() + QPoint(dx, 0));
        QTest::mouseRelease(m_window, Qt::LeftButton, Qt::NoModifier, at.toPoint() + QPoint(600, 0));
        QCOMPARE(timeline->property("viewStartMs").toDouble(), 0.0);
        wheel(-3);
        QVERIFY2(timeline->property("viewStartMs").toDouble() >= 0, qPrintable(range()));
        wheel(-20);
        QVERIFY2(timeline->property("follow").toBool(), qPrintable(range()));
        wheel(4);
        QVERIFY(!timeline->property("follow").toBool());
        m_controller->setScenario(QStringLiteral("lost-update"));
        QVERIFY2(timeline->property("follow").toBool(), qPrintable(range()));
    }

    // The column beside the timeline at text ×1 and ×1.5: the code shows a
    // good part of the algorithm, and the event inspector is in reach (its
    // tab where the column is short), all inside the window.
    void sideColumnIsUsable_data() { textScales(); }

    void sideColumnIsUsable()
    {
        QFETCH(double, scale);
        QMetaObject::invokeMethod(m_window, "setScale", Q_ARG(QVariant, scale));
        m_controller->setScenario(QStringLiteral("lease-shorter-than-work"));
        const QRectF window(0, 0, m_window->width(), m_window->height());
        const auto inside = [&window](QQuickItem *item) {
            return window.contains(item->mapRectToScene(QRectF(0, 0, item->width(), item->height())).adjusted(1, 1, -1, -1));
        };
        QQuickItem *code = nullptr;
        QTRY_VERIFY((code = findVisibleItem(m_window->contentItem(), QStringLiteral("codeList"))));
        // Four lines at least, on the smallest screen at the largest text.
        QTRY_VERIFY2(code->height() >= 4 * 22 * scale,
                     qPrintable(QStringLiteral("the code has %1 px in a %2×%3 window").arg(code->height()).arg(window.width()).arg(window.height())));
        QVERIFY(inside(code));
        // No line runs past the panel's edge (long comments were cut at 1366): they wrap.
        const qreal codeRight = code->mapToScene(QPointF(code->width(), 0)).x();
        for (const QQuickItem *line : visibleItems(code, QStringLiteral("codeText"))) {
            const qreal right = line->mapToScene(QPointF(line->property("contentWidth").toReal(), 0)).x();
            QVERIFY2(right <= codeRight + 0.5, qPrintable(QStringLiteral("a line ends at x %1, the panel at %2").arg(right).arg(codeRight)));
        }
        if (QQuickItem *tab = findVisibleItem(m_window->contentItem(), QStringLiteral("eventTab")))
            click(m_window, tab);
        QQuickItem *inspector = nullptr;
        QTRY_VERIFY((inspector = findVisibleItem(m_window->contentItem(), QStringLiteral("eventInspector"))));
        QTRY_VERIFY(inspector->height() > 0);
        QQuickItem *pane = inspector->parentItem();
        while (pane && !pane->inherits("QQuickScrollView"))
            pane = pane->parentItem();
        QVERIFY(pane);
        const QRectF at = pane->mapRectToScene(QRectF(0, 0, pane->width(), pane->height()));
        QVERIFY2(pane->height() >= 40 * scale && inside(pane),
                 qPrintable(QStringLiteral("the inspector at %1,%2 %3×%4 in a %5×%6 window")
                                .arg(at.x()).arg(at.y()).arg(at.width()).arg(at.height()).arg(window.width()).arg(window.height())));
        if (QQuickItem *tab = findVisibleItem(m_window->contentItem(), QStringLiteral("codeTab")))
            click(m_window, tab);
        QMetaObject::invokeMethod(m_window, "setScale", Q_ARG(QVariant, 1.0));
    }

    // Text ×1.5: the verdict beside the timeline is whole in its pane (its
    // findings scroll inside it, the box itself is not cut), and a scenario's
    // title too long for its box ends in "…".
    void sideVerdictIsWholeAtLargerText()
    {
        QMetaObject::invokeMethod(m_window, "setScale", Q_ARG(QVariant, 1.5));
        m_controller->setScenario(QStringLiteral("lease-expired-wrong-delete"));
        m_controller->setCorrect(false);
        m_controller->setSpeedFactor(16);
        m_controller->run();
        QTRY_VERIFY_WITH_TIMEOUT(m_controller->finished(), 60000);
        m_controller->setSpeedFactor(1);
        QQuickItem *verdict = findVisibleItem(m_window->contentItem(), QStringLiteral("sideVerdict"));
        QQuickItem *pane = findItem(m_window->contentItem(), QStringLiteral("aboutPane"));
        if (verdict && pane) { // beside the timeline (else it is above the lanes, tested above)
            const auto rect = [](QQuickItem *item) { return item->mapRectToScene(QRectF(0, 0, item->width(), item->height())); };
            QTRY_VERIFY2(rect(pane).adjusted(-0.5, -0.5, 0.5, 0.5).contains(rect(verdict)),
                         qPrintable(QStringLiteral("the verdict %1 px high in a pane %2 px high, window %3×%4")
                                        .arg(verdict->height()).arg(pane->height()).arg(m_window->width()).arg(m_window->height())));
        }
        QQuickItem *box = findItem(m_window->contentItem(), QStringLiteral("scenarioBox"));
        QVERIFY(box);
        auto *label = box->property("contentItem").value<QQuickItem *>();
        QVERIFY(label);
        QVERIFY(label->width() <= box->width());
        // Wider than its box the title is shown elided, not clipped.
        QTRY_COMPARE(label->property("truncated").toBool(), label->implicitWidth() > label->width() + 0.5);
        // Here both fit whole: the strategy's box says only its name where
        // its side would cut it ("set-nx-ex-del · broken h…"; the switch says
        // the side), the scenario's title takes the rest ("7. A's lease
        // expires, B takes the loc…").
        QQuickItem *strategy = findItem(m_window->contentItem(), QStringLiteral("strategyBox"));
        QVERIFY(strategy);
        for (QQuickItem *shown : {box, strategy})
            QTRY_VERIFY2(!shown->property("contentItem").value<QQuickItem *>()->property("truncated").toBool(),
                         qPrintable(shown->property("displayText").toString()));
        QMetaObject::invokeMethod(m_window, "setScale", Q_ARG(QVariant, 1.0));
    }

    // Text ×1.5 in a 1366×768 window: the control bar keeps three lines (the
    // replay's scrubber goes where a line has room, not on a fourth line of
    // its own), so the lanes keep the greater part of the window; every
    // control stays inside it.
    void controlBarLeavesTheLanesTheirHeight()
    {
        m_controller->setScenario(QStringLiteral("lease-expired-wrong-delete"));
        m_controller->setCorrect(false);
        QQuickItem *scroller = findItem(m_window->contentItem(), QStringLiteral("laneScroller"));
        QQuickItem *replay = findItem(m_window->contentItem(), QStringLiteral("replayRow"));
        QQuickItem *run = findItem(m_window->contentItem(), QStringLiteral("playButton"));
        QVERIFY(scroller && replay && run);
        const qreal runHeight = run->height();
        QMetaObject::invokeMethod(m_window, "setScale", Q_ARG(QVariant, 1.5));
        QTRY_VERIFY(run->height() >= 1.4 * runHeight);
        const auto sizes = [&] {
            return QStringLiteral("window %1×%2: lanes %3 px high at y %4; replay row %5 px wide at y %6; Run at y %7")
                .arg(m_window->width()).arg(m_window->height()).arg(scroller->height())
                .arg(scroller->mapToScene(QPointF()).y()).arg(replay->width())
                .arg(replay->mapToScene(QPointF()).y()).arg(run->mapToScene(QPointF()).y());
        };
        const QRectF window(0, 0, m_window->width(), m_window->height());
        const auto outside = [&] {
            QStringList out;
            for (const char *name : {"scenarioBox", "strategyBox", "sideSwitch", "compareBox", "playButton", "resetButton",
                                     "speedSlider", "replayBar"}) {
                QQuickItem *item = findItem(m_window->contentItem(), QString::fromLatin1(name));
                const QRectF at = item ? item->mapRectToScene(QRectF(0, 0, item->width(), item->height())) : QRectF();
                if (!item || !window.contains(at))
                    out << QStringLiteral("%1 at %2,%3 %4×%5").arg(QLatin1String(name)).arg(at.x()).arg(at.y()).arg(at.width()).arg(at.height());
            }
            return out.join(QStringLiteral("; "));
        };
        QTRY_VERIFY2(outside().isEmpty(), qPrintable(outside() + QStringLiteral("; ") + sizes()));
        // The scrubber is usable wherever it went: above the run controls or beside them, not under them.
        QTRY_VERIFY2(replay->width() >= 420 * 1.5 - 2 && replay->mapToScene(QPointF()).y() <= run->mapToScene(QPointF()).y() + 1,
                     qPrintable(sizes()));
        if (m_window->height() <= 768)
            QTRY_VERIFY2(scroller->height() >= 0.55 * m_window->height(), qPrintable(sizes()));
        QMetaObject::invokeMethod(m_window, "setScale", Q_ARG(QVariant, 1.0));
    }

    // Language > 简体中文 through the menu bar, as a user clicks it: the
    // menus and the controller's texts turn Chinese, an edit made before
    // too (Edit > Redo read "重做 Fault on node 1"), and the C++ listing's
    // comments; English turns them back.
    void languageMenuSwitchesTheWindow()
    {
        QVERIFY(activeWithoutTheCourse());
        const QRegularExpression han(QStringLiteral("\\p{Han}"));
        m_controller->editor()->addNodeFault(0, 1, QStringLiteral("kill"));
        m_controller->editor()->undo();
        QObject *redo = m_window->findChild<QObject *>(QStringLiteral("redoAction"));
        QVERIFY(redo);
        QCOMPARE(redo->property("text").toString(), QStringLiteral("&Redo Fault on node 1"));
        const auto choose = [this](const QString &language) {
            m_window->requestActivate();
            QQuickItem *menu = buttonWithText(m_window->contentItem(), m_translations->effective() == QLatin1String("en")
                                                                           ? QStringLiteral("&Language")
                                                                           : QStringLiteral("语言(&L)"));
            QVERIFY2(menu, qPrintable(buttonTexts(m_window->contentItem()).join(QStringLiteral(" | "))));
            click(m_window, menu);
            QQuickItem *item = nullptr;
            QTRY_VERIFY((item = buttonWithText(m_window->contentItem(), language)));
            click(m_window, item);
        };
        choose(QStringLiteral("简体中文"));
        QTRY_COMPARE(m_translations->language(), QStringLiteral("zh_CN"));
        QTRY_VERIFY(buttonWithText(m_window->contentItem(), QStringLiteral("文件(&F)")));
        QVERIFY2(m_controller->scenarioTitle().contains(han), qPrintable(m_controller->scenarioTitle()));
        // The code panel's listing is commented in Chinese too, its code unchanged.
        CodeModel *code = m_controller->code();
        code->setLanguage(QStringLiteral("python"));
        const auto firstLine = [code] { return code->data(code->index(0), CodeModel::TextRole).toString(); };
        QVERIFY2(firstLine().contains(han), qPrintable(firstLine()));
        QTRY_COMPARE(redo->property("text").toString(), QStringLiteral("重做 节点 1 的故障(&R)"));
        code->setLanguage(QStringLiteral("cpp"));
        QStringList cpp;
        for (int row = 0; row < code->rowCount(); ++row)
            cpp << code->data(code->index(row), CodeModel::TextRole).toString();
        QStringList comments = StrategyListing::commentTexts(cpp, QStringLiteral("cpp"));
        comments.removeIf([](const QString &text) { return text.startsWith(QStringLiteral("──")); }); // a file's name
        QVERIFY(!comments.isEmpty());
        for (const QString &comment : std::as_const(comments))
            QVERIFY2(comment.contains(han), qPrintable(comment));
        code->setLanguage(QStringLiteral("python"));
        choose(QStringLiteral("English"));
        QTRY_COMPARE(m_translations->language(), QStringLiteral("en"));
        QTRY_VERIFY(buttonWithText(m_window->contentItem(), QStringLiteral("&File")));
        QVERIFY2(!m_controller->scenarioTitle().contains(han), qPrintable(m_controller->scenarioTitle()));
        QVERIFY2(!firstLine().contains(han), qPrintable(firstLine()));
        QTRY_COMPARE(redo->property("text").toString(), QStringLiteral("&Redo Fault on node 1"));
    }

    // Side by side is one time axis: both timelines fitted end at the same
    // time in plots of the same width, their lanes start at the same height,
    // and zooming one zooms the other.
    void sideBySideSharesOneTimeAxis()
    {
        m_controller->setScenario(QStringLiteral("lease-expired-wrong-delete"));
        m_controller->setCompare(true);
        m_controller->run();
        QTRY_VERIFY_WITH_TIMEOUT(m_controller->finished(), 120000);
        QList<QQuickItem *> views;
        QTRY_VERIFY((views = visibleTimelines(m_window->contentItem())).size() == 2);
        QQuickItem *broken = views.at(0), *correct = views.at(1);
        const auto sameAxis = [&] {
            return qAbs(broken->property("viewEndMs").toDouble() - correct->property("viewEndMs").toDouble()) < 1e-6
                && qAbs(broken->property("viewStartMs").toDouble() - correct->property("viewStartMs").toDouble()) < 1e-6;
        };
        QTRY_VERIFY2(sameAxis(), qPrintable(QStringLiteral("%1 vs %2").arg(broken->property("viewEndMs").toDouble()).arg(correct->property("viewEndMs").toDouble())));
        QVERIFY2(qAbs(broken->width() - correct->width()) <= 1, qPrintable(QStringLiteral("%1 vs %2 px").arg(broken->width()).arg(correct->width())));
        QTRY_COMPARE(broken->mapToScene(QPointF(0, 0)).y(), correct->mapToScene(QPointF(0, 0)).y());
        QVERIFY(QMetaObject::invokeMethod(broken, "zoomBy", Q_ARG(double, 0.5), Q_ARG(double, -1)));
        QVERIFY(!correct->property("follow").toBool());
        QVERIFY(sameAxis());
        QVERIFY(QMetaObject::invokeMethod(correct, "fit"));
        QVERIFY(broken->property("follow").toBool());
        m_controller->setCompare(false);
    }

    // Edit > Scenario parameters as a student uses it: a negative lease typed
    // says the loader's words under the field and Space runs nothing; Undo
    // mends it. Right-click on A's lane → Crash here: the next run crashes A,
    // with the run before beside it, and the saved file has the fault.
    void scenarioPanelAndFaultByClick()
    {
        m_controller->setScenario(QStringLiteral("lost-update"));
        m_controller->setCorrect(false);
        m_controller->setSpeedFactor(16);
        m_controller->run();
        QTRY_VERIFY_WITH_TIMEOUT(m_controller->finished(), 60000);
        m_window->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(m_window));
        QObject *panelAction = m_window->findChild<QObject *>(QStringLiteral("scenarioPanelAction"));
        QVERIFY(panelAction);
        QVERIFY(QMetaObject::invokeMethod(panelAction, "trigger"));
        QObject *popup = m_window->findChild<QObject *>(QStringLiteral("scenarioPopup"));
        QVERIFY(popup);
        QTRY_VERIFY(popup->property("opened").toBool());

        QQuickItem *lease = nullptr;
        QTRY_VERIFY((lease = findItem(m_window->contentItem(), QStringLiteral("lease_msField"))));
        QQuickItem *input = findItem(lease, QStringLiteral("field"));
        QVERIFY(input);
        QCOMPARE(input->property("text").toString(), QStringLiteral("10"));
        click(m_window, input);
        QTRY_VERIFY(input->hasActiveFocus());
        QTest::keySequence(m_window, QKeySequence::SelectAll);
        for (const char c : {'-', '1'})
            QTest::keyClick(m_window, c);
        QTest::keyClick(m_window, Qt::Key_Return);
        QQuickItem *error = nullptr;
        QTRY_VERIFY((error = findItem(lease, QStringLiteral("fieldError"))));
        QCOMPARE(error->property("text").toString(), QStringLiteral("lease_ms: must be 1 or more (is -1000)"));
        // Run refuses: the run shown stays, finished, and the banner says why.
        QTest::keyClick(m_window, Qt::Key_Escape);
        QTRY_VERIFY(!popup->property("opened").toBool());
        QTest::keyClick(m_window, Qt::Key_Space);
        QTest::qWait(100);
        QVERIFY(!m_controller->running());
        QVERIFY(m_controller->primary()->state() == RunSession::State::Finished);
        QVERIFY2(m_controller->banner().contains(QStringLiteral("lease_ms: must be 1 or more")), qPrintable(m_controller->banner()));
        QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier);
        QTRY_VERIFY(m_controller->editor()->valid());
        QCOMPARE(m_controller->editor()->scenario().config.leaseMs, 10000);
        QVERIFY(!m_controller->editPending());

        // A right-click down A's lane, a little after its GET: the fault menu for client A.
        QQuickItem *timeline = findItem(m_window->contentItem(), QStringLiteral("timelineView"));
        QVERIFY(timeline);
        QObject *menu = nullptr; // made by the first right-click on a lane
        bool onA = false;
        for (qreal y = 10; y < timeline->height() && !onA; y += 12) {
            // Early in the run, right of the lane names.
            const QPointF at = timeline->mapToScene(QPointF(timeline->width() * 0.2, y));
            QTest::mouseClick(m_window, Qt::RightButton, Qt::NoModifier, at.toPoint());
            menu = m_window->findChild<QObject *>(QStringLiteral("faultMenu"));
            if (!menu || !menu->property("visible").toBool())
                continue;
            onA = menu->property("lane").toString() == QLatin1String("client") && menu->property("index").toInt() == 0;
            if (!onA) {
                QTest::keyClick(m_window, Qt::Key_Escape);
                QTRY_VERIFY(!menu->property("visible").toBool());
            }
        }
        QVERIFY(onA);
        QTRY_VERIFY(menu->property("opened").toBool()); // in place, not still growing in
        QQuickItem *crash = nullptr;
        QTRY_VERIFY((crash = findItem(m_window->contentItem(), QStringLiteral("crashHere"))));
        click(m_window, crash);
        QTRY_COMPARE(m_controller->editor()->scenario().config.faults.size(), 1);
        QCOMPARE(m_controller->editor()->scenario().config.faults.first().client, QStringLiteral("A"));
        QVERIFY(m_controller->editPending());

        QTest::keyClick(m_window, Qt::Key_Space);
        QTRY_VERIFY_WITH_TIMEOUT(m_controller->finished() && !m_controller->editPending(), 60000);
        QVERIFY(m_controller->previousShown());
        const SharedList<Event> &events = m_controller->primary()->analysis()->events;
        QVERIFY(std::any_of(events.begin(), events.end(), [](const Event &e) { return e.kind == EventKind::Crash && e.client == 0; }));
        // Two panes: the run before the fault beside the run with it.
        QList<QQuickItem *> views;
        QTRY_VERIFY((views = visibleTimelines(m_window->contentItem())).size() == 2);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("crash.json"));
        QCOMPARE(m_controller->saveScenario(QUrl::fromLocalFile(path)), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains(R"("client": "A")"));
        // Undo takes the fault back; the scenarios after this one start afresh.
        QObject *undo = m_window->findChild<QObject *>(QStringLiteral("undoAction"));
        QVERIFY(undo && undo->property("enabled").toBool());
        QVERIFY(QMetaObject::invokeMethod(undo, "trigger"));
        QVERIFY(m_controller->editor()->scenario().config.faults.isEmpty());
        m_controller->setScenario(QStringLiteral("lease-expired-wrong-delete"));
        m_controller->setScenario(QStringLiteral("lost-update"));
        QVERIFY(!m_controller->previousShown());
        m_controller->setSpeedFactor(1);
    }

    // The fault menu on a cluster replica's lane fails it over the cluster
    // way (CLUSTER FAILOVER FORCE), not by REPLICAOF; a master's has none.
    void faultMenuFailsAClusterReplicaOver()
    {
        m_controller->setScenario(QStringLiteral("cluster-failover-lost-lock"));
        QObject *menu = faultMenu();
        QVERIFY(menu);
        const int faults = m_controller->editor()->scenario().config.serverFaults.size();
        for (const int node : {1, 4}) {
            menu->setProperty("lane", QStringLiteral("node"));
            menu->setProperty("index", node);
            menu->setProperty("name", QStringLiteral("n%1").arg(node + 1));
            menu->setProperty("atMs", 1000.0);
            QVERIFY(QMetaObject::invokeMethod(menu, "openAt", Q_ARG(QVariant, 100), Q_ARG(QVariant, 100)));
            QTRY_VERIFY(menu->property("opened").toBool());
            QQuickItem *failOver = findItem(m_window->contentItem(), QStringLiteral("promoteNode")); // visible ones only
            QCOMPARE(failOver != nullptr, node == 4);
            QVERIFY(findItem(m_window->contentItem(), QStringLiteral("killNode")));
            if (failOver)
                click(m_window, failOver);
            else
                QTest::keyClick(m_window, Qt::Key_Escape);
            QTRY_VERIFY(!menu->property("visible").toBool());
        }
        const QList<ServerFault> &added = m_controller->editor()->scenario().config.serverFaults;
        QCOMPARE(added.size(), faults + 1);
        QCOMPARE(added.last().node, 4);
        QCOMPARE(added.last().action, ServerAction::ClusterFailover);
        m_controller->editor()->undo();
        QCOMPARE(m_controller->editor()->scenario().config.serverFaults.size(), faults);
        m_controller->setScenario(QStringLiteral("lost-update"));
    }

    // Run > Fork the future, as the QML does it: three orders each without
    // a lock lose updates; scrubbed to just before the first stock write and
    // forked with the correct side's lock (the popup's default), the fork
    // waits at its point beside the original; Space plays it on. Before the
    // point it is the original event for event, after it every later order
    // takes the lock and the checker finds fewer lost updates.
    void forkTheFutureThroughTheWindow()
    {
        // Run alone, the course is open still (firstStartOpensTheCourse closes it).
        if (QQuickItem *free = findItem(m_window->contentItem(), QStringLiteral("browserFree"))) {
            click(m_window, free);
            QTRY_VERIFY(!findItem(m_window->contentItem(), QStringLiteral("lessonList")));
        }
        m_controller->setScenario(QStringLiteral("lost-update"));
        m_controller->setCorrect(false);
        m_controller->setSpeedFactor(16);
        QVERIFY(m_controller->editor()->set(QStringLiteral("orders_per_client"), QStringLiteral("3")));
        m_controller->run();
        QTRY_VERIFY_WITH_TIMEOUT(m_controller->finished() && !m_controller->editPending(), 60000);
        m_controller->hidePrevious();
        const auto original = m_controller->primary()->analysis();
        QVERIFY2(original->counts.lostUpdates >= 2, qPrintable(QString::number(original->counts.lostUpdates)));
        qint64 write = -1;
        for (const Event &e : original->events)
            if (write < 0 && e.kind == EventKind::Command && e.step == Step::WriteStock)
                write = e.tNs;
        QVERIFY(write > 0);
        const double ms = original->info.scenarioMs(write - 1000);
        QVERIFY(m_controller->canFork());

        // The scrubber, then F: the popup, the correct side preselected.
        m_controller->setCursorMs(ms);
        m_window->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(m_window));
        QTest::keyClick(m_window, Qt::Key_F);
        QObject *popup = m_window->findChild<QObject *>(QStringLiteral("forkPopup"));
        QVERIFY(popup);
        QTRY_VERIFY(popup->property("opened").toBool());
        QQuickItem *strategyBox = findItem(m_window->contentItem(), QStringLiteral("forkStrategy"));
        QVERIFY(strategyBox);
        const QVariantList strategies = m_controller->strategies();
        QCOMPARE(strategies.at(strategyBox->property("currentIndex").toInt()).toMap().value(QStringLiteral("name")).toString(),
                 QStringLiteral("set-nx-ex-lua"));
        QQuickItem *forkButton = findItem(m_window->contentItem(), QStringLiteral("forkButton"));
        QVERIFY(forkButton);
        click(m_window, forkButton);
        QTRY_VERIFY(!popup->property("opened").toBool());
        QVERIFY(m_controller->previousShown());
        QCOMPARE(m_controller->strategy(), QStringLiteral("set-nx-ex-lua"));
        QTRY_VERIFY_WITH_TIMEOUT(m_controller->primary()->state() == RunSession::State::Paused, 60000);
        QVERIFY(qAbs(m_controller->primary()->forkMs() - ms) < 0.001);
        QList<QQuickItem *> views;
        QTRY_VERIFY((views = visibleTimelines(m_window->contentItem())).size() == 2);
        QCOMPARE(m_controller->secondary()->analysis()->events.size(), original->events.size());

        QTest::keyClick(m_window, Qt::Key_Space);
        QTRY_VERIFY_WITH_TIMEOUT(m_controller->primary()->state() == RunSession::State::Finished, 60000);
        const auto forked = m_controller->primary()->analysis();
        // The same run up to the point, field by field.
        qsizetype same = 0;
        while (same < forked->events.size() && same < original->events.size()
               && eventToJson(forked->info, forked->events.at(same)) == eventToJson(original->info, original->events.at(same)))
            ++same;
        for (qsizetype i = 0; i < original->events.size(); ++i)
            if (original->events.at(i).tNs < write - 1000)
                QVERIFY2(i < same, qPrintable(QStringLiteral("event %1 of the original differs in the fork").arg(i)));
        QVERIFY(same < forked->events.size());
        // After it: the later orders lock, the checker sees fewer lost updates.
        QSet<int> lockedOrders;
        for (qsizetype i = same; i < forked->events.size(); ++i) {
            const Event &e = forked->events.at(i);
            if (e.kind == EventKind::Command && e.step == Step::Acquire)
                lockedOrders.insert(e.client * 10 + e.order);
        }
        QCOMPARE(lockedOrders, (QSet<int>{1, 2, 11, 12}));
        QVERIFY2(forked->counts.lostUpdates < original->counts.lostUpdates,
                 qPrintable(QStringLiteral("%1 vs %2").arg(forked->counts.lostUpdates).arg(original->counts.lostUpdates)));

        m_controller->hidePrevious();
        m_controller->setScenario(QStringLiteral("lease-expired-wrong-delete"));
        m_controller->setScenario(QStringLiteral("lost-update"));
        m_controller->setCorrect(false);
        m_controller->setSpeedFactor(1);
    }

    // Twenty clients' step buttons wrap onto a second line, every one in reach
    // (choosing flash-sale crashed the window: a binding on the buttons' widths).
    void twentyClientsStepButtonsWrap()
    {
        m_controller->setScenario(QStringLiteral("flash-sale"));
        QQuickItem *last = nullptr;
        QTRY_VERIFY((last = findItem(m_window->contentItem(), QStringLiteral("stepT"))));
        QQuickItem *first = findItem(m_window->contentItem(), QStringLiteral("stepA"));
        QVERIFY(first);
        const QPointF a = first->mapToScene(QPointF(0, 0));
        const QPointF t = last->mapToScene(QPointF(last->width(), last->height()));
        QVERIFY2(t.x() <= m_window->width() && t.y() > a.y(), qPrintable(QStringLiteral("A at %1,%2; T ends at %3,%4").arg(a.x()).arg(a.y()).arg(t.x()).arg(t.y())));
        m_controller->setScenario(QStringLiteral("lost-update"));
        QTRY_VERIFY(!findItem(m_window->contentItem(), QStringLiteral("stepT")));
    }

    // Run > Watch external clients: two programs' connections through the
    // proxy play a lost update; the timeline shows their lanes as they go,
    // Stop judges it, and Reset brings the scenario back.
    void watchExternalClientsThroughTheWindow()
    {
        m_window->requestActivate();
        QObject *trigger = m_window->findChild<QObject *>(QStringLiteral("watchAction"));
        QVERIFY(trigger);
        QVERIFY(QMetaObject::invokeMethod(trigger, "trigger"));
        QObject *popup = m_window->findChild<QObject *>(QStringLiteral("watchPopup"));
        QVERIFY(popup);
        QTRY_VERIFY(popup->property("opened").toBool()); // where the button is once it stopped moving
        QQuickItem *start = findItem(m_window->contentItem(), QStringLiteral("watchStartButton"));
        QVERIFY(start);
        click(m_window, start);
        WatchSession *watch = m_controller->watch();
        QTRY_VERIFY2_WITH_TIMEOUT(watch->active(), qPrintable(watch->message()), 20000);
        // Programs log in as the panel says, with the password it shows.
        QVERIFY2(watch->pythonExample().contains(QStringLiteral("redis.Redis(")), qPrintable(watch->pythonExample()));
        QVERIFY2(watch->pythonExample().contains(QStringLiteral("username=\"%1\", password=\"%2\"").arg(watch->user(), watch->password())),
                 qPrintable(watch->pythonExample()));
        RedisEndpoint proxy;
        QVERIFY(RedisEndpoint::parse(watch->nodes().value(0).toMap().value(QStringLiteral("address")).toString(), &proxy, nullptr));
        proxy.username = watch->user().toUtf8();
        proxy.password = watch->password().toUtf8();
        QCOMPARE(watch->password().size(), 32);
        RedisConnection a(proxy, {.clientName = "A"});
        RedisConnection b(proxy, {.clientName = "B"});
        a.command({"SET", "stock:10086", "100"});
        a.command({"GET", "stock:10086"});
        b.command({"GET", "stock:10086"});
        QTRY_VERIFY_WITH_TIMEOUT(m_controller->primary()->observed(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_controller->primary()->clients(), (QStringList{QStringLiteral("A"), QStringLiteral("B")}), 10000);
        a.command({"SET", "stock:10086", "99"});
        b.command({"SET", "stock:10086", "99"});
        QTRY_COMPARE_WITH_TIMEOUT(watch->commands(), 5 + 6, 10000); // and each connection's AUTH, PING and CLIENT SETNAME
        // A proxy fault from the panel's list of targets: A's link slowed 300 ms each way.
        QTRY_VERIFY(watch->targets().contains(QStringLiteral("A")));
        watch->delayClient(QStringLiteral("A"), 300);
        QElapsedTimer slowed;
        slowed.start();
        a.command({"PING"});
        QVERIFY2(slowed.elapsed() >= 550, qPrintable(QStringLiteral("%1 ms; %2").arg(slowed.elapsed()).arg(watch->message())));
        watch->delayClient(QStringLiteral("A"), 0);
        // A server fault by button is on the timeline as what it was, not only in words.
        watch->serverFault(QStringLiteral("pause"), 0);
        watch->serverFault(QStringLiteral("resume"), 0);
        QVERIFY2(watch->message().contains(QStringLiteral("resumed")), qPrintable(watch->message()));

        QQuickItem *stop = findItem(m_window->contentItem(), QStringLiteral("watchStopButton"));
        QVERIFY(stop);
        click(m_window, stop);
        QTRY_VERIFY_WITH_TIMEOUT(!watch->active(), 20000);
        // The watched programs' lanes take no fault of the scenario's: right-clicks open nothing.
        QTest::keyClick(m_window, Qt::Key_Escape);
        QQuickItem *timeline = findItem(m_window->contentItem(), QStringLiteral("timelineView"));
        QVERIFY(timeline);
        for (qreal y = 10; y < timeline->height(); y += 24) {
            QTest::mouseClick(m_window, Qt::RightButton, Qt::NoModifier, timeline->mapToScene(QPointF(timeline->width() * 0.4, y)).toPoint());
            const QObject *menu = m_window->findChild<QObject *>(QStringLiteral("faultMenu"));
            QVERIFY(!menu || !menu->property("visible").toBool());
        }
        const auto analysis = m_controller->primary()->analysis();
        QVERIFY2(analysis->verdict.has(FindingKind::LostUpdates), qPrintable(analysis->findings().join(QLatin1Char(' '))));
        QCOMPARE(m_controller->primary()->outcome(), RunSession::Outcome::Broken);
        QList<ServerAction> faults;
        for (const int i : analysis->serverFaults)
            if (analysis->events.at(i).serverAction != ServerAction::Other) // not the proxy's delays
                faults << analysis->events.at(i).serverAction;
        QCOMPARE(faults, (QList<ServerAction>{ServerAction::Pause, ServerAction::Resume}));
        QVERIFY(m_controller->redisLabel().contains(QStringLiteral("proxy")));
        QVERIFY(m_controller->finished());

        QTest::keyClick(m_window, Qt::Key_Escape);
        m_controller->reset();
        QVERIFY(!m_controller->primary()->observed());
        QCOMPARE(m_controller->primary()->strategyName(), m_controller->strategy());
    }

    // A guided lesson's card as the class sees it at every frame of the
    // first lesson, at text ×1 and ×1.5, in English and Chinese, in the
    // window and presenting: Back, Next, the choices and, once answered,
    // the verdict whole on the screen, with no scrolling to reach them (at
    // 1366×768 the choices were cut off and Next hidden).
    void lessonCardFitsEveryWay()
    {
        QVERIFY(activeWithoutTheCourse());
        LessonPlayer *lessons = player();
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            present(1.0, language, false);
            lessons->open(QStringLiteral("lost-update"));
            for (;;) {
                QTRY_VERIFY2_WITH_TIMEOUT(lessons->ready() || !lessons->error().isEmpty(), qPrintable(lessons->error()), 60000);
                QVERIFY2(lessons->error().isEmpty(), qPrintable(lessons->error()));
                if (!lessons->choices().isEmpty())
                    lessons->choose(lessons->rightChoice());
                for (const double scale : {1.0, 1.5})
                    for (const bool presenting : {false, true}) {
                        present(scale, language, presenting);
                        QTRY_VERIFY2(lessonCardProblems().isEmpty(),
                                     qPrintable(lessonCardProblems()));
                        shot(QStringLiteral("lesson1-frame%1-%2-x%3%4-%5x%6").arg(lessons->frame() + 1 + (lessons->correctSide() ? 5 : 0))
                                 .arg(language).arg(scale).arg(presenting ? QStringLiteral("-presenting") : QString())
                                 .arg(m_window->screen()->size().width()).arg(m_window->screen()->size().height()));
                    }
                if (lessons->atEnd())
                    break;
                present(1.0, language, false);
                lessons->next();
                if (!lessons->ready())
                    lessons->next(); // a second Next skips the travel
            }
        }
        present(1.0, QStringLiteral("en"), false);
        lessons->close();
    }

    // Every lesson to its end with Next (→, PageDown, "." in turn), then all
    // the way back with Back (←, PageUp): at each frame the timeline shows
    // exactly what it showed the first time (the cursor to the nanosecond,
    // the outlined event, the lane in focus, what Redis held, the words).
    void lessonsPlayForwardAndBack()
    {
        // What it checks does not depend on the screen: one size plays it.
        if (qEnvironmentVariableIsSet("LOCKSTOCK_LESSONS_PLAYED"))
            QSKIP("every lesson is played on the other screen size's run");
        LessonPlayer *lessons = player();
        if (QObject *browser = m_window->findChild<QObject *>(QStringLiteral("lessonBrowser")))
            QMetaObject::invokeMethod(browser, "close");
        m_window->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(m_window));
        QQuickItem *timeline = findItem(m_window->contentItem(), QStringLiteral("timelineView"));
        QVERIFY(timeline);
        const auto state = [&] {
            return QVariantList{lessons->lesson(), lessons->correctSide(), lessons->frame(), lessons->text(),
                                m_controller->cursorMs(), timeline->property("selectedEvent"), m_controller->focusClient(),
                                m_controller->redisState(), m_controller->primary()->analysis()->events.size(),
                                m_controller->scenario(), m_controller->correct()};
        };
        const Qt::Key forward[] = {Qt::Key_Right, Qt::Key_PageDown, Qt::Key_Period, Qt::Key_Space};
        const Qt::Key backward[] = {Qt::Key_Left, Qt::Key_PageUp};
        // Lessons on real Sentinel or a real cluster run on the real clock,
        // seconds to a minute a side and each frame back runs it again: one of
        // them is played here, the others' anchors are tested by test_lessons.
        bool sentinelPlayed = false;
        QString last;
        // Each lesson in one of the ways a class sees it, in turn: its card's
        // Back, Next and choices whole on the screen at every frame.
        struct Way {
            double scale;
            QString language;
            bool presenting;
        };
        const Way ways[] = {{1.0, QStringLiteral("en"), false}, {1.5, QStringLiteral("zh_CN"), true},
                            {1.5, QStringLiteral("en"), false}, {1.0, QStringLiteral("zh_CN"), true},
                            {1.0, QStringLiteral("zh_CN"), false}, {1.5, QStringLiteral("en"), true},
                            {1.5, QStringLiteral("zh_CN"), false}, {1.0, QStringLiteral("en"), true}};
        int played = 0;
        for (const QString &name : builtinLessonNames()) {
            LessonError error;
            const std::optional<Lesson> lesson = findLesson(name, &error);
            QVERIFY2(lesson, qPrintable(error.display()));
            ScenarioError scenarioError;
            const bool realClock = findScenario(lesson->scenario, &scenarioError)->config.nodes.ownTimers();
            if (realClock && std::exchange(sentinelPlayed, true))
                continue;
            last = name;
            const Way &way = ways[played++ % std::size(ways)];
            present(way.scale, way.language, way.presenting);
            lessons->open(name);
            QList<QVariantList> shown;
            for (int press = 0;; ++press) {
                QTRY_VERIFY2_WITH_TIMEOUT(lessons->ready() || !lessons->error().isEmpty(), qPrintable(name), 60000);
                QVERIFY2(lessons->error().isEmpty(), qPrintable(name + QStringLiteral(": ") + lessons->error()));
                QTRY_VERIFY2(lessonCardProblems().isEmpty(), qPrintable(lessonCardProblems()));
                QVERIFY(lessons->highlight() == QLatin1String("verdict") || lessons->highlightEvent() >= 0);
                shown << state();
                if (lessons->atEnd())
                    break;
                const QVariantList before = state();
                QTest::keyClick(m_window, forward[press % 4]);
                QVERIFY2(state() != before, qPrintable(QStringLiteral("%1: the key moved nothing").arg(name)));
                if (!lessons->ready() && lessons->error().isEmpty())
                    QTest::keyClick(m_window, forward[press % 4]); // a second press skips the travel
            }
            QCOMPARE(shown.size(), lesson->broken.size() + lesson->correct.size());
            // A lesson on real Sentinel runs on the real clock: a side run
            // again has its own times and events, so only the frame and its
            // words are the same (the first four fields and the last two).
            const auto comparable = [realClock](QVariantList s) {
                return realClock ? s.mid(0, 4) + s.mid(s.size() - 2) : s;
            };
            for (qsizetype i = shown.size() - 2; i >= 0; --i) {
                const QVariantList before = state();
                QTest::keyClick(m_window, backward[i % 2]);
                QVERIFY2(state() != before || shown.at(i) == before, qPrintable(QStringLiteral("%1: the key moved nothing").arg(name)));
                QTRY_VERIFY2_WITH_TIMEOUT(lessons->ready(), qPrintable(name), 60000);
                QCOMPARE(comparable(state()), comparable(shown.at(i)));
            }
            QVERIFY(lessons->atStart());
        }
        QVERIFY(sentinelPlayed);
        QCOMPARE(lessons->savedLesson(), last);
        present(1.0, QStringLiteral("en"), false);
        lessons->close();
        QVERIFY(!lessons->active());
    }

    // Lesson > Class poll on a projector, in presentation mode: the join code
    // large and whole on the screen; twenty phones join and vote on the
    // lesson's question while one floods the poll: the chart counts every
    // honest vote (frame times to the log); Vote again shows both rounds,
    // Reveal plays the run on to the moment that answers it; the export has
    // the counts; the panel's ✕ stops it all.
    void classPollOnTheProjector()
    {
        auto *poll = m_engine->singletonInstance<ClassPoll *>(qmlTypeId("LockStock.Native", 1, 0, "ClassPoll"));
        QVERIFY(poll);
        LessonPlayer *lessons = player();
        QVERIFY(activeWithoutTheCourse());
        poll->setAddress(QStringLiteral("127.0.0.1"));
        lessons->open(QStringLiteral("lost-update"), false, 0);
        QTRY_VERIFY_WITH_TIMEOUT(lessons->ready(), 30000);
        QObject *start = m_window->findChild<QObject *>(QStringLiteral("pollAction"));
        QVERIFY(start);
        QVERIFY(QMetaObject::invokeMethod(start, "trigger"));
        QTRY_VERIFY(poll->running());
        QObject *panel = nullptr;
        QTRY_VERIFY((panel = m_window->findChild<QObject *>(QStringLiteral("pollPanel"))) && panel->property("opacity").toReal() == 1.0);
        QVERIFY2(poll->url().startsWith(QStringLiteral("http://127.0.0.1:")), qPrintable(poll->url()));
        QTest::keyClick(m_window, Qt::Key_F5);
        QTRY_VERIFY(m_window->property("presenting").toBool());

        // Before the question: the code large, all of it on the screen, and the address to type.
        const QRectF screen(0, 0, m_window->width(), m_window->height());
        const auto whole = [&](const QQuickItem *item) { return screen.contains(item->mapRectToScene(QRectF(0, 0, item->width(), item->height()))); };
        QQuickItem *code = nullptr;
        QTRY_VERIFY((code = findItem(m_window->contentItem(), QStringLiteral("pollCode"))));
        QTRY_VERIFY(whole(code)); // once the panel has its place beside the lesson's card
        QVERIFY2(code->width() >= 300 && code->height() == code->width(), qPrintable(QString::number(code->width())));
        QCOMPARE(findItem(m_window->contentItem(), QStringLiteral("pollAddress"))->property("text").toString(), poll->shortUrl());
        QObject owner;
        QList<test::Phone *> phones;
        for (int i = 0; i < 20; ++i) {
            phones << new test::Phone(QUrl(poll->url()), test::studentId(i), &owner);
            phones.last()->open();
        }
        QTRY_COMPARE(poll->joined(), 20);
        QTRY_COMPARE(findItem(m_window->contentItem(), QStringLiteral("pollJoined"))->property("text").toString(), QStringLiteral("20 joined"));
        shot(QStringLiteral("poll-join"));

        // The question's frame: every phone has it; they vote, one floods.
        QTest::keyClick(m_window, Qt::Key_Right);
        if (!lessons->ready())
            QTest::keyClick(m_window, Qt::Key_Right); // a second press skips the travel
        QTRY_VERIFY(lessons->ready() && lessons->frame() == 1);
        QTRY_VERIFY(poll->votingOpen());
        for (test::Phone *p : phones)
            QTRY_COMPARE(p->round(), 1);
        // Before the first vote, every choice whole on the chart.
        for (int c = 0; c < 3; ++c) {
            QQuickItem *choice = findItem(m_window->contentItem(), QStringLiteral("pollChoice%1").arg(c));
            QVERIFY(choice);
            QTRY_VERIFY2(!choice->property("truncated").toBool(),
                         qPrintable(QStringLiteral("%1 in %2 px").arg(choice->property("text").toString()).arg(choice->width())));
        }
        test::FrameTimes frames(m_window);
        auto *flood = new test::Phone(QUrl(poll->url()), test::studentId(666), &owner);
        flood->open();
        QTRY_VERIFY(flood->statesSeen > 0);
        for (int i = 0; i < 10000; ++i)
            flood->vote(0);
        for (int i = 0; i < 20; ++i)
            phones.at(i)->vote(i < 7 ? 1 : i < 15 ? 0 : 2); // 99: 7, 98: 8, 100: 5
        const auto honest = [poll](int round) {
            QVariantList counts = poll->counts().value(round).toList();
            if (!counts.isEmpty() && poll->room().voteOf(test::studentId(666)) >= 0)
                counts[poll->room().voteOf(test::studentId(666))] = counts[poll->room().voteOf(test::studentId(666))].toInt() - 1;
            return counts;
        };
        QTRY_COMPARE(honest(0), (QVariantList{8, 7, 5}));
        QTRY_VERIFY(!flood->isOpen());
        QCOMPARE(poll->joined(), 20);
        qInfo().noquote() << "20 phones voted, one flooded: the window meanwhile:" << frames.summary();
        QQuickItem *shares = findItem(m_window->contentItem(), QStringLiteral("pollShares1"));
        QVERIFY(shares);
        const int flooder = poll->room().voteOf(test::studentId(666));
        QTRY_COMPARE(shares->property("text").toString(),
                     flooder < 0 ? QStringLiteral("35 %  (7)") : QStringLiteral("%1 %  (7)").arg(qRound(700.0 / 21)));
        QTRY_VERIFY(whole(shares));
        shot(QStringLiteral("poll-question"));

        // Closed, then a second round after the discussion: both rounds side by side.
        click(m_window, findItem(m_window->contentItem(), QStringLiteral("pollClose")));
        QTRY_VERIFY(!poll->votingOpen());
        click(m_window, findItem(m_window->contentItem(), QStringLiteral("pollAgain")));
        QTRY_COMPARE(poll->round(), 2);
        for (test::Phone *p : phones) {
            QTRY_COMPARE(p->round(), 2);
            p->vote(1);
        }
        QTRY_COMPARE(poll->counts().value(1).toList(), (QVariantList{0, 20, 0}));
        // A vote read before the window prepares its next frame is in that
        // frame: the chart is told in the frame's polish (it was told on a
        // timer, after the frame's sync when the frame's request came first).
        const int serial = poll->room().question()->serial;
        QEvent frame(QEvent::UpdateRequest); // polish and sync, now
        QCOMPARE(poll->room().vote(test::studentId(0), serial, 2, 0), PollRoom::Ballot::Changed);
        QCoreApplication::sendEvent(m_window, &frame);
        QCOMPARE(poll->counts().value(1).toList(), (QVariantList{1, 19, 0}));
        QVERIFY2(findItem(m_window->contentItem(), QStringLiteral("pollShares0"))->property("text").toString().endsWith(QStringLiteral("(1)")),
                 qPrintable(findItem(m_window->contentItem(), QStringLiteral("pollShares0"))->property("text").toString()));
        QCOMPARE(poll->room().vote(test::studentId(0), serial, 2, 1), PollRoom::Ballot::Changed);
        QCoreApplication::sendEvent(m_window, &frame);
        QCOMPARE(poll->counts().value(1).toList(), (QVariantList{0, 20, 0}));
        QTRY_COMPARE(shares->property("text").toString(),
                     (flooder < 0 ? QStringLiteral("35 %") : QStringLiteral("%1 %").arg(qRound(700.0 / 21))) + QStringLiteral(" → 100 %  (20)"));
        QVERIFY(m_window->findChild<QObject *>(QStringLiteral("exportPollAction"))->property("enabled").toBool());

        // Reveal: the right answer marked, and the run plays on to the moment that answers it.
        click(m_window, findItem(m_window->contentItem(), QStringLiteral("pollReveal")));
        QTRY_VERIFY(poll->revealed());
        QTRY_VERIFY_WITH_TIMEOUT(lessons->ready() && lessons->frame() == 2, 10000);
        QCOMPARE(poll->rightChoice(), 1);
        QVERIFY(poll->asking()); // the answering frame keeps the results shown
        QCOMPARE(findItem(m_window->contentItem(), QStringLiteral("pollChoice1"))->property("text").toString(), QStringLiteral("✓ 99"));
        for (test::Phone *p : phones)
            QTRY_VERIFY(p->state.value(QStringLiteral("question")).toObject().value(QStringLiteral("revealed")).toBool());
        shot(QStringLiteral("poll-revealed"));

        // File > Export poll results, through its dialog.
        QTemporaryDir dir;
        saveThroughDialog(QStringLiteral("exportPollAction"), QStringLiteral("pollExportDialog"), dir.path(), QStringLiteral("poll.csv"));
        QTRY_VERIFY(QFile::exists(dir.filePath(QStringLiteral("poll.csv"))));
        QFile csv(dir.filePath(QStringLiteral("poll.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QStringList rows = QString::fromUtf8(csv.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(rows.size(), 7);
        QVERIFY2(rows.at(5).startsWith(QStringLiteral("lost-update,broken,2,Both sell one unit. What will the stock be?,2,99,yes,20,1.0000,20,1.0000")),
                 qPrintable(rows.at(5)));

        // The window in Chinese: the panel and every phone with it.
        m_translations->setLanguage(QStringLiteral("zh_CN"));
        QTRY_VERIFY2(findItem(m_window->contentItem(), QStringLiteral("pollRound"))->property("text").toString().startsWith(QStringLiteral("第 2 轮")),
                     qPrintable(findItem(m_window->contentItem(), QStringLiteral("pollRound"))->property("text").toString()));
        for (test::Phone *p : phones)
            QTRY_COMPARE(p->state.value(QStringLiteral("lang")).toString(), QStringLiteral("zh_CN"));
        shot(QStringLiteral("poll-revealed-zh"));
        m_translations->setLanguage(QStringLiteral("en"));

        // Stopped: every phone disconnected, the panel gone, the results kept.
        click(m_window, findItem(m_window->contentItem(), QStringLiteral("pollStop")));
        QTRY_VERIFY(!poll->running());
        for (test::Phone *p : phones)
            QTRY_VERIFY(!p->isOpen());
        QTRY_VERIFY(!findItem(m_window->contentItem(), QStringLiteral("pollCode")));
        QVERIFY(poll->hasResults());
        QTest::keyClick(m_window, Qt::Key_F5);
        QTRY_VERIFY(!m_window->property("presenting").toBool());
        lessons->close();
    }

    void cleanupTestCase()
    {
        m_engine.reset();
        Translations::setWindowTranslations(nullptr);
        m_translations.reset();
        RunController::setWindowController(nullptr);
        m_controller.reset();
    }
};

QTEST_MAIN(TestWindow)
#include "tst_window.moc"
