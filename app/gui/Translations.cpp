#include "Translations.h"

#include <QCoreApplication>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QJSEngine>
#include <QKeySequence>
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

QString Translations::fontAdvice() const
{
    if (m_effective != QLatin1String("zh_CN") || !qobject_cast<QGuiApplication *>(QCoreApplication::instance())
        || !QFontDatabase::families(QFontDatabase::SimplifiedChinese).isEmpty())
        return {};
    return QStringLiteral("Chinese text needs a Chinese font and none is installed: sudo apt install fonts-noto-cjk");
}

// The key names the window's menus show, for lupdate: Qt's own translations
// of them are not installed, so ours carry them.
[[maybe_unused]] constexpr const char *kKeyNames[] = {
    QT_TRANSLATE_NOOP("QShortcut", "Space"), QT_TRANSLATE_NOOP("QShortcut", "Right"),
    QT_TRANSLATE_NOOP("QShortcut", "Left"),  QT_TRANSLATE_NOOP("QShortcut", "PgUp"),
    QT_TRANSLATE_NOOP("QShortcut", "PgDown"), QT_TRANSLATE_NOOP("QShortcut", "Shift"),
};

QString Translations::shortcutText(const QString &portable) const
{
    return QKeySequence(portable, QKeySequence::PortableText).toString(QKeySequence::NativeText);
}

} // namespace lockstock
