// bench_empty_window: the baseline of bench_window_start, an empty Qt Quick
// window of the size LockStock opens at, and nothing else.

#include <QGuiApplication>
#include <QQmlApplicationEngine>

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv);
    QQmlApplicationEngine engine;
    engine.loadData("import QtQuick\nWindow { width: 1366; height: 768; visible: true; color: \"white\" }\n");
    if (engine.rootObjects().isEmpty())
        return 1;
    return QGuiApplication::exec();
}
