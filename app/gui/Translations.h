#pragma once
// The UI language: English, Simplified Chinese, or the system's (""). The
// .qm files are built from resources/translations/*.ts into :/i18n. Switching
// reinstalls the translator and asks the QML engine to re-evaluate qsTr().

#include <QObject>
#include <QTranslator>

class QQmlEngine;

namespace lockstock {

class Translations : public QObject {
    Q_OBJECT
    Q_PROPERTY(QString language READ language WRITE setLanguage NOTIFY languageChanged)
    Q_PROPERTY(QString effective READ effective NOTIFY languageChanged)
public:
    explicit Translations(QObject *parent = nullptr);

    QString language() const { return m_language; }
    void setLanguage(const QString &language);
    // The language in use: "en" or "zh_CN".
    QString effective() const { return m_effective; }
    void setEngine(QQmlEngine *engine) { m_engine = engine; }

signals:
    void languageChanged();

private:
    QString m_language = QStringLiteral("unset");
    QString m_effective = QStringLiteral("en");
    QTranslator m_translator;
    bool m_installed = false;
    QQmlEngine *m_engine = nullptr;
};

} // namespace lockstock
