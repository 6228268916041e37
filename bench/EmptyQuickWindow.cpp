// bench_empty_window: the baseline of bench_window_start, an empty Qt Quick
// window of the size LockStock opens at, and nothing else.

#include <QGuiApplication>
#include <QQmlApplicationEngine>
#include <QQuickWindow>

#include <cstdio>

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv);
    QQmlApplicationEngine engine;
    engine.loadData("import QtQuick\nWindow { width: 1366; height: 768; visible: true; color: \"white\" }\n");
    auto *window = engine.rootObjects().isEmpty() ? nullptr : qobject_cast<QQuickWindow *>(engine.rootObjects().first());
    if (!window)
        return 1;
    // As LockStock says it under LOCKSTOCK_REPORT_FIRST_FRAME.
    QObject::connect(window, &QQuickWindow::frameSwapped, window, [] { std::fputs("lockstock: first frame\n", stderr); },
                     Qt::ConnectionType(Qt::DirectConnection | Qt::SingleShotConnection));
    return QGuiApplication::exec();
}
