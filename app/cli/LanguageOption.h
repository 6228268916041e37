#pragma once
// --language en|zh_CN for the commands that print what LockStock says: the
// same translations as the window's (default: the system's language).

#include "gui/Translations.h"

#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace lockstock {

void addLanguageOption(QCommandLineParser &parser);
// Installs the language asked for; false (the error printed) when it is not one we have.
bool applyLanguage(const QCommandLineParser &parser, Translations &translations);
// parseArguments, then applyLanguage: the exit code when the command is done
// before it starts (--help, bad input), nothing when it goes on.
std::optional<int> parseInLanguage(QCommandLineParser &parser, const QStringList &arguments, Translations &translations);

} // namespace lockstock
