#include "LanguageOption.h"

#include "cli/Console.h"

#include <QCommandLineParser>

namespace lockstock {

void addLanguageOption(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("language"), QStringLiteral("en or zh_CN (default: the system's)."),
                      QStringLiteral("LANG")});
}

bool applyLanguage(const QCommandLineParser &parser, Translations &translations)
{
    const QString language = parser.value(QStringLiteral("language"));
    if (!language.isEmpty() && language != QLatin1String("en") && language != QLatin1String("zh_CN")) {
        printError(QStringLiteral("--language must be en or zh_CN (got '%1')").arg(language));
        return false;
    }
    translations.setLanguage(language);
    if (const QString advice = translations.fontAdvice(); !advice.isEmpty())
        printError(advice);
    return true;
}

std::optional<int> parseInLanguage(QCommandLineParser &parser, const QStringList &arguments, Translations &translations)
{
    if (const std::optional<int> done = parseArguments(parser, arguments))
        return done;
    if (!applyLanguage(parser, translations))
        return kExitUsage;
    return std::nullopt;
}

} // namespace lockstock
