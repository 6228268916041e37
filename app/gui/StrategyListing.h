#pragma once
// A strategy's code as the code panel shows it, in one language, and where
// a recorded step stands in it.
//
// C++: the strategy's own file with the helpers it calls (LockCommands.cpp,
// StockUpdate.cpp, …) after it, so acquire, work and release read on one
// page; a step finds its row by the file and line that issued it.
// Python (redis-py) and Java (Redisson): resources/listings/<strategy>.py
// and .java, written for LockStock. A line ending in `#@ acquire` (or
// `//@ …`) is where the Acquire step happens; `#@ expire<inspect` only when
// the same actor's step before it was Inspect. The marks are not shown.
// In Chinese the comments are Chinese, as in the articles students read:
// resources/listings/zh_CN.json translates each comment (a run of comment
// lines is one text); the code is the same file.

#include "engine/Event.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace lockstock {

class RunAnalysis;
struct Strategy;

// What a recorded event did and where, as much as a listing needs.
struct CodeStep {
    Step step = Step::Start;
    std::optional<Step> previous;  // the same actor's step before it
    QString sourceFile;            // basename: "LockCommands.cpp"
    int sourceLine = 0;
};

class StrategyListing {
public:
    // Event `index` of a run as a step in the code.
    static CodeStep codeStepOf(const RunAnalysis &run, int index);
    // Commented in `uiLanguage` where zh_CN.json (and the like) has the words.
    static StrategyListing cpp(const Strategy &strategy, const QString &uiLanguage = QStringLiteral("en"));
    // From :/listings/<strategy>.<py|java>, commented in `uiLanguage` ("en",
    // "zh_CN") where it has that translation; nullopt when there is none.
    static std::optional<StrategyListing> load(const QString &strategyName, const QString &language,
                                               const QString &uiLanguage = QStringLiteral("en"));
    // Where each line's comment starts (its `#` or `//`; a mark is one), -1
    // where it has none: quotes are followed, across lines for Python's
    // triple-quoted scripts, so "redis://…" or a Lua `#KEYS` is code.
    static QList<qsizetype> commentColumns(const QStringList &lines, const QString &language);
    // The comments of a listing as a translation names them: a run of
    // comment-only lines at one indent is one text, a comment after code another.
    static QStringList commentTexts(const QStringList &lines, const QString &language);
    // The languages `strategyName` has a listing in, C++ first.
    static QStringList languagesOf(const QString &strategyName);

    QString language;
    QString title;           // what the panel's header names
    QStringList lines;       // as shown

    // 1-based line of a recorded step; 0 when this listing does not show it.
    int lineOf(const CodeStep &step) const;
    // The first line where `step` happens (a lesson pointing at it); 0 if none.
    int lineOfStep(Step step) const;
    // The lines marked with a step (listings), in order.
    QList<int> markedLines() const;

private:
    struct Mark {
        Step step;
        std::optional<Step> previous;
    };
    QList<QList<Mark>> m_marks;              // listings: per line
    QList<QPair<QString, int>> m_origins;    // C++: per line, file and line shown there
};

} // namespace lockstock
