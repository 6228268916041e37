#include "FileLocations.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace lockstock {

namespace {
QString settingOf(const QString &kind)
{
    return QStringLiteral("files/") + kind;
}
} // namespace

QUrl FileLocations::startFolder(const QString &kind) const
{
    const QString last = QSettings().value(settingOf(kind)).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return QUrl::fromLocalFile(last);
    const QString own = QStandardPaths::writableLocation(kind == QLatin1String("scenarios") ? QStandardPaths::DocumentsLocation
                                                                                           : QStandardPaths::PicturesLocation);
    return QUrl::fromLocalFile(QFileInfo(own).isDir() ? own : QDir::homePath());
}

void FileLocations::remember(const QString &kind, const QUrl &file) const
{
    QSettings().setValue(settingOf(kind), QFileInfo(file.toLocalFile()).absolutePath());
}

QUrl FileLocations::resolve(const QUrl &folder, const QString &typed, const QString &suffix) const
{
    QString path = typed.trimmed();
    if (path.isEmpty())
        return {};
    if (path.startsWith(QLatin1String("file:")))
        path = QUrl(path).toLocalFile();
    else if (path == QLatin1String("~") || path.startsWith(QLatin1String("~/")))
        path = QDir::homePath() + path.mid(1);
    else if (QDir::isRelativePath(path))
        path = QDir(folder.toLocalFile()).filePath(path);
    path = QDir::cleanPath(path);
    if (!suffix.isEmpty() && QFileInfo(path).suffix().isEmpty() && !QFileInfo(path).isDir())
        path += QLatin1Char('.') + suffix;
    return QUrl::fromLocalFile(path);
}

bool FileLocations::isFolder(const QUrl &url) const
{
    return QFileInfo(url.toLocalFile()).isDir();
}

QUrl FileLocations::parentFolder(const QUrl &folder) const
{
    return QUrl::fromLocalFile(QFileInfo(QDir::cleanPath(folder.toLocalFile())).absolutePath());
}

} // namespace lockstock
