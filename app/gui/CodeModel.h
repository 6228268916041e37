#pragma once
// The strategy's code the code panel shows, one row per line, in the
// language chosen (C++ that runs, the Python/redis-py or Redisson listing
// written for it), with the clients whose last step stands on each line.
// A lesson points at a line by step: highlightStep("acquire").

#include "StrategyListing.h"

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
    Q_PROPERTY(QString language READ language WRITE setLanguage NOTIFY fileChanged)
    Q_PROPERTY(QStringList languages READ languages NOTIFY languagesChanged)
    Q_PROPERTY(int focusLine READ focusLine NOTIFY markersChanged)
    Q_PROPERTY(int highlightedLine READ highlightedLine NOTIFY markersChanged)
public:
    enum Role { NumberRole = Qt::UserRole + 1, TextRole, HtmlRole, ClientsRole, FocusRole, HighlightRole };
    Q_ENUM(Role)

    explicit CodeModel(QObject *parent = nullptr);

    QString fileName() const { return m_listing.title; }
    QString language() const { return m_listing.language; }
    // "cpp", "python" or "java"; a language the strategy has no listing in
    // is kept as the wish and shown as Python (else C++).
    void setLanguage(const QString &language);
    QStringList languages() const { return m_languages; }
    int focusLine() const { return m_focusLine; }
    int highlightedLine() const { return m_highlightedLine; }

    // The window's language ("en", "zh_CN"): listings are commented in it.
    void setUiLanguage(const QString &uiLanguage);

    // Shows `strategyName`'s code; false when there is no such strategy.
    bool showStrategy(const QString &strategyName);
    // Each client's last step (client index -> step); the focused client's
    // line is the one to scroll to.
    void setPositions(const QHash<int, CodeStep> &steps, int focusClient);
    // Highlights the first line where `step` ("acquire", "release"…) happens,
    // in whichever language is shown; "" clears it. Returns the line, 0 if none.
    Q_INVOKABLE int highlightStep(const QString &step);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // A line in rich text: comments, strings and keywords stand out.
    static QString highlight(const QString &line, const QString &language = QStringLiteral("cpp"));

signals:
    void fileChanged();
    void languagesChanged();
    void markersChanged();

private:
    void load();
    void placeMarkers();

    QString m_strategy;
    QString m_wantedLanguage = QStringLiteral("python");
    QString m_uiLanguage = QStringLiteral("en");
    QStringList m_languages;
    StrategyListing m_listing;
    QHash<int, CodeStep> m_steps;
    int m_focusClient = 0;
    std::optional<Step> m_highlightedStep;
    QHash<int, QList<int>> m_markers;
    int m_focusLine = -1;
    int m_highlightedLine = 0;
};

} // namespace lockstock
