#pragma once
// The strategy source the code panel shows, one row per line, with the
// clients whose last command came from that line. The files are the real
// core/strategies/*.cpp, compiled into the app's resources (:/sources/).

#include <QAbstractListModel>
#include <QtQmlIntegration>
#include <QHash>
#include <QStringList>

namespace lockstock {

class CodeModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by the controller")
    Q_PROPERTY(QString fileName READ fileName NOTIFY fileChanged)
    Q_PROPERTY(int focusLine READ focusLine NOTIFY markersChanged)
public:
    enum Role { NumberRole = Qt::UserRole + 1, TextRole, HtmlRole, ClientsRole, FocusRole };
    Q_ENUM(Role)

    explicit CodeModel(QObject *parent = nullptr);

    QString fileName() const { return m_fileName; }
    int focusLine() const { return m_focusLine; }
    // Shows `basename` from :/sources; false when there is no such file.
    bool showFile(const QString &basename);
    // line -> client indexes standing on it; `focus` is the line to scroll to.
    void setMarkers(const QHash<int, QList<int>> &markers, int focus);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // C++ in rich text: comments, strings and co_await stand out.
    static QString highlight(const QString &line);

signals:
    void fileChanged();
    void markersChanged();

private:
    QString m_fileName;
    QStringList m_lines;
    QHash<int, QList<int>> m_markers;
    int m_focusLine = -1;
};

} // namespace lockstock
