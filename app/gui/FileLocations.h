#pragma once
// Where the window's file dialogs start and what a typed name means: a
// dialog opens in the folder last used for its kind of file, else the
// user's Pictures (exports) or Documents (scenarios), never the directory
// LockStock was started from; a name may be bare ("run.png", in the folder
// shown), absolute ("/tmp/x/run.png") or start with "~" (the home folder).

#include <QObject>
#include <QUrl>
#include <QtQmlIntegration>

namespace lockstock {

class FileLocations : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
public:
    using QObject::QObject;

    // "exports" (pictures, animations) or "scenarios".
    Q_INVOKABLE QUrl startFolder(const QString &kind) const;
    // `file` was written or read: its folder is where `kind` starts next time.
    Q_INVOKABLE void remember(const QString &kind, const QUrl &file) const;
    // What `typed` names, seen from `folder`, with `.suffix` added when it
    // has none (a suffix that is empty adds nothing); an empty URL for nothing typed.
    Q_INVOKABLE QUrl resolve(const QUrl &folder, const QString &typed, const QString &suffix) const;
    Q_INVOKABLE bool isFolder(const QUrl &url) const;
    // The folder `folder` is in; "/" for "/".
    Q_INVOKABLE QUrl parentFolder(const QUrl &folder) const;
};

} // namespace lockstock
