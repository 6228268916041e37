#pragma once
// The UI language: English, Simplified Chinese, or the system's (""). The
// .qm files are built from resources/translations/*.ts into :/i18n. Switching
// reinstalls the translator and asks the QML engine to re-evaluate qsTr().

#include <QObject>
#include <QTranslator>
#include <QtQmlIntegration>

class QQmlEngine;
class QJSEngine;

namespace lockstock {

class Translations : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(QString language READ language WRITE setLanguage NOTIFY languageChanged)
    Q_PROPERTY(QString effective READ effective NOTIFY languageChanged)
    Q_PROPERTY(QString fontAdvice READ fontAdvice NOTIFY languageChanged)
public:
    // No default argument: Qt 6.4 makes a QML singleton with a default
    // constructor rather than create(), and the window's would not be used.
    explicit Translations(QObject *parent);

    QString language() const { return m_language; }
    void setLanguage(const QString &language);
    // The language in use: "en" or "zh_CN".
    QString effective() const { return m_effective; }
    void setEngine(QQmlEngine *engine) { m_engine = engine; }
    // Chinese drawn (the window, shot) where no installed font has Chinese:
    // the package only recommends fonts-noto-cjk. What to install, in
    // English, which any font shows; empty when there is nothing to say.
    QString fontAdvice() const;
    // A shortcut as a menu shows it ("Ctrl+O", "Space"), its key names in
    // the language in use (Qt asks the "QShortcut" context for them).
    Q_INVOKABLE QString shortcutText(const QString &portable) const;

    // The window's, made before its QML engine: what `Translations` is there.
    static void setWindowTranslations(Translations *t) { s_window = t; }
    static Translations *create(QQmlEngine *, QJSEngine *);

signals:
    void languageChanged();

private:
    static inline Translations *s_window = nullptr;
    QString m_language = QStringLiteral("unset");
    QString m_effective = QStringLiteral("en");
    QTranslator m_translator;
    bool m_installed = false;
    QQmlEngine *m_engine = nullptr;
};

} // namespace lockstock
