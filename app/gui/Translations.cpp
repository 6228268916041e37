#include "Translations.h"

#include <QCoreApplication>
#include <QJSEngine>
#include <QLocale>
#include <QQmlEngine>

namespace lockstock {

Translations::Translations(QObject *parent)
    : QObject(parent)
{
}

Translations *Translations::create(QQmlEngine *, QJSEngine *)
{
    Q_ASSERT(s_window);
    QJSEngine::setObjectOwnership(s_window, QJSEngine::CppOwnership);
    return s_window;
}

void Translations::setLanguage(const QString &language)
{
    if (language == m_language)
        return;
    m_language = language;
    const QString wanted = language.isEmpty()
        ? (QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en"))
        : language;
    if (m_installed) {
        QCoreApplication::removeTranslator(&m_translator);
        m_installed = false;
    }
    m_effective = QStringLiteral("en");
    if (wanted != QLatin1String("en") && m_translator.load(QStringLiteral(":/i18n/lockstock_") + wanted)) {
        QCoreApplication::installTranslator(&m_translator);
        m_installed = true;
        m_effective = wanted;
    }
    if (m_engine)
        m_engine->retranslate();
    emit languageChanged();
}

} // namespace lockstock
