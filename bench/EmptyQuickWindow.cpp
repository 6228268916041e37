// bench_empty_window: the baseline of bench_window_start, an empty Qt Quick
// window of the size LockStock opens at on its first start (Main.qml: 96 %
// by 92 % of the screen, at most 1600×960), and nothing else.

#include <QGuiApplication>
#include <QQmlApplicationEngine>
#include <QQuickWindow>

#include <cstdio>

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv);
    QQmlApplicationEngine engine;
    engine.loadData("import QtQuick\n"
                    "Window {\n"
                    "    width: Math.min(1600, Math.round(Screen.desktopAvailableWidth * 0.96))\n"
                    "    height: Math.min(960, Math.round(Screen.desktopAvailableHeight * 0.92))\n"
                    "    visible: true\n"
                    "    color: \"white\"\n"
                    "}\n");
    auto *window = engine.rootObjects().isEmpty() ? nullptr : qobject_cast<QQuickWindow *>(engine.rootObjects().first());
    if (!window)
        return 1;
    // As LockStock says it under LOCKSTOCK_REPORT_FIRST_FRAME.
    QObject::connect(window, &QQuickWindow::frameSwapped, window, [] { std::fputs("lockstock: first frame\n", stderr); },
                     Qt::ConnectionType(Qt::DirectConnection | Qt::SingleShotConnection));
    return QGuiApplication::exec();
}
