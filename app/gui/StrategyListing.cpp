#include "StrategyListing.h"

#include "analysis/RunAnalysis.h"
#include "engine/EnumNames.h"
#include "engine/Strategy.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace lockstock {

namespace {

QStringList readLines(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines;
}

const QRegularExpression &markPattern()
{
    static const QRegularExpression mark(QStringLiteral(R"(\s*(?:#|//)@\s*(.*)$)"));
    return mark;
}

// A line with a comment, in its parts.
struct CommentedLine {
    QString code;  // before `#` or `//`
    QString lead;  // the blanks between `#` and the words
    QString words;
    QString mark;  // "   #@ acquire", or empty
};

CommentedLine splitAt(const QString &line, qsizetype column, const QString &prefix)
{
    CommentedLine out{line.left(column), {}, {}, {}};
    QString comment = line.mid(column);
    if (const QRegularExpressionMatch m = markPattern().match(comment); m.hasMatch()) {
        out.mark = comment.mid(m.capturedStart());
        comment.truncate(m.capturedStart());
    }
    const QString body = comment.mid(prefix.size());
    out.words = body.trimmed();
    out.lead = body.left(out.words.isEmpty() ? 0 : body.indexOf(out.words));
    return out;
}

// A listing's comment as a translation names it: lines [first, last) of a
// run of comment-only lines at one indent, or the words after the code (or
// before the mark) of line `first`.
struct Comment {
    qsizetype first = 0;
    qsizetype last = 0;
    qsizetype column = 0; // of the comment in line `first`
    QString text;
    bool alone = false;   // on lines of its own
};

QString prefixOf(const QString &language)
{
    return language == QLatin1String("python") ? QStringLiteral("#") : QStringLiteral("//");
}

QList<Comment> commentsOf(const QStringList &lines, const QString &language)
{
    const QList<qsizetype> columns = StrategyListing::commentColumns(lines, language);
    const QString prefix = prefixOf(language);
    QList<Comment> out;
    for (qsizetype i = 0; i < lines.size();) {
        const CommentedLine line = columns.at(i) < 0 ? CommentedLine() : splitAt(lines.at(i), columns.at(i), prefix);
        if (line.words.isEmpty()) { // no comment, or a mark alone
            ++i;
            continue;
        }
        Comment c{i, i + 1, columns.at(i), line.words, line.code.trimmed().isEmpty() && line.mark.isEmpty()};
        for (; c.alone && c.last < lines.size() && columns.at(c.last) >= 0; ++c.last) {
            const CommentedLine next = splitAt(lines.at(c.last), columns.at(c.last), prefix);
            if (next.code != line.code || !next.mark.isEmpty() || next.words.isEmpty())
                break;
            c.text += QLatin1Char(' ') + next.words;
        }
        out << c;
        i = c.last;
    }
    return out;
}

// `lines` with each comment `translations` has in its language; a comment
// on lines of its own takes as many lines as the translation has. `from`
// (if given) gets, per line out, the line in that it stands for: -1 for a
// translated comment's own lines.
QStringList translated(const QStringList &lines, const QString &language, const QHash<QString, QString> &translations,
                       QList<qsizetype> *from = nullptr)
{
    const QString prefix = prefixOf(language);
    QStringList out;
    qsizetype next = 0;
    const auto keep = [&](qsizetype first, qsizetype last) {
        out += lines.mid(first, last - first);
        if (from)
            for (qsizetype i = first; i < last; ++i)
                *from << i;
    };
    for (const Comment &c : commentsOf(lines, language)) {
        const QString words = translations.value(c.text);
        if (words.isEmpty())
            continue;
        keep(next, c.first);
        next = c.last;
        const CommentedLine first = splitAt(lines.at(c.first), c.column, prefix);
        if (c.alone) {
            for (const QString &piece : words.split(QLatin1Char('\n'))) {
                out << first.code + prefix + first.lead + piece;
                if (from)
                    *from << -1;
            }
        } else {
            out << first.code + prefix + first.lead + QString(words).replace(QLatin1Char('\n'), QLatin1Char(' ')) + first.mark;
            if (from)
                *from << c.first; // code and comment on one line
        }
    }
    keep(next, lines.size());
    return out;
}

// :/listings/<uiLanguage>.json: {"English comment": "its translation"}.
QHash<QString, QString> commentTranslations(const QString &uiLanguage)
{
    QFile file(QStringLiteral(":/listings/%1.json").arg(uiLanguage));
    QHash<QString, QString> out;
    if (!file.open(QIODevice::ReadOnly))
        return out;
    const QJsonObject object = QJsonDocument::fromJson(file.readAll()).object();
    for (auto it = object.begin(); it != object.end(); ++it)
        out.insert(it.key(), it.value().toString());
    return out;
}

// A top-level definition of a strategy source: a function, a script, a
// constant, with the comment right above it.
struct Definition {
    QString name;
    int first = 0;         // 0-based, the comment included
    int last = 0;
    bool fileLocal = false; // in `namespace {`: only its own file calls it
    bool strategy = false;  // `extern const Strategy …`: metadata, not code
};

struct SourceFile {
    QString name;
    QStringList lines;
    QList<Definition> definitions;
};

SourceFile parseSource(const QString &name)
{
    static const QRegularExpression definedName(QStringLiteral(R"((\w+)\s*[({])"));
    SourceFile file{name, readLines(QStringLiteral(":/sources/") + name), {}};
    bool fileLocal = false;
    for (int i = 0; i < file.lines.size(); ++i) {
        const QString &line = file.lines.at(i);
        if (line.startsWith(QLatin1String("namespace {"))) {
            fileLocal = true;
            continue;
        }
        if (line.startsWith(QLatin1String("} // namespace")) && !line.contains(QLatin1String("lockstock"))) {
            fileLocal = false;
            continue;
        }
        if (line.isEmpty() || line.front().isSpace() || line.startsWith(QLatin1Char('}')) || line.startsWith(QLatin1Char('#'))
            || line.startsWith(QLatin1String("//")) || line.startsWith(QLatin1String("namespace")))
            continue;
        Definition d;
        d.first = i;
        while (d.first > 0 && file.lines.at(d.first - 1).startsWith(QLatin1String("//")))
            --d.first;
        // It ends where its brackets close on a `;` or `}`.
        int depth = 0;
        int end = i;
        for (; end < file.lines.size(); ++end) {
            const QString code = file.lines.at(end).section(QLatin1String("//"), 0, 0).trimmed();
            for (const QChar ch : code)
                depth += (ch == QLatin1Char('(') || ch == QLatin1Char('{')) ? 1 : (ch == QLatin1Char(')') || ch == QLatin1Char('}')) ? -1 : 0;
            if (depth <= 0 && (code.endsWith(QLatin1Char(';')) || code.endsWith(QLatin1Char('}'))))
                break;
        }
        d.last = std::min(end, int(file.lines.size()) - 1);
        const QString head = file.lines.mid(i, d.last - i + 1).join(QLatin1Char(' '));
        d.name = definedName.match(head).captured(1);
        d.fileLocal = fileLocal;
        d.strategy = head.startsWith(QLatin1String("extern const Strategy"));
        file.definitions << d;
        i = d.last;
    }
    return file;
}

bool mentions(const QString &text, const QString &name)
{
    return !name.isEmpty() && text.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name))));
}

} // namespace

CodeStep StrategyListing::codeStepOf(const RunAnalysis &run, int index)
{
    const Event &e = run.events.at(index);
    CodeStep step{e.step, std::nullopt, QFileInfo(QString::fromUtf8(e.sourceFile)).fileName(), e.sourceLine};
    if (e.client < 0 || e.client >= run.lanes.size())
        return step;
    // The same actor's step before it: a listing may show a step twice
    // (EVALSHA, and EVALSHA again after SCRIPT LOAD).
    const SharedList<LaneEvent> &lane = run.lanes.at(e.client);
    qsizetype at = lane.size() - 1;
    while (at >= 0 && lane.at(at).index != index)
        --at;
    for (qsizetype k = at - 1; k >= 0; --k) {
        const Event &before = run.events.at(lane.at(k).index);
        if (before.sourceFile && before.step != Step::Start && before.role == e.role) {
            step.previous = before.step;
            break;
        }
    }
    return step;
}

StrategyListing StrategyListing::cpp(const Strategy &strategy, const QString &uiLanguage)
{
    StrategyListing out;
    out.language = QStringLiteral("cpp");
    const QString own = QFileInfo(QString::fromUtf8(strategy.sourceFile)).fileName();
    QList<SourceFile> files;
    for (const QString &name : QDir(QStringLiteral(":/sources")).entryList({QStringLiteral("*.cpp")}, QDir::Files, QDir::Name))
        files << parseSource(name);
    const auto ownFile = std::find_if(files.cbegin(), files.cend(), [&](const SourceFile &f) { return f.name == own; });
    if (ownFile == files.cend())
        return out;

    // What is shown: the own file's definitions, then every helper they call, and
    // the helpers those call, file by file in the order they are first needed.
    QList<QPair<const SourceFile *, QList<const Definition *>>> shown;
    QString shownText;
    shown.append(qMakePair(&*ownFile, QList<const Definition *>()));
    for (const Definition &d : ownFile->definitions)
        if (!d.strategy) {
            shown.first().second << &d;
            shownText += ownFile->lines.mid(d.first, d.last - d.first + 1).join(QLatin1Char('\n'));
        }
    for (bool grew = true; grew;) {
        grew = false;
        for (const SourceFile &f : files) {
            auto entry = std::find_if(shown.begin(), shown.end(), [&](const auto &e) { return e.first == &f; });
            for (const Definition &d : f.definitions) {
                if (d.strategy || (entry != shown.end() && entry->second.contains(&d)))
                    continue;
                // A file's own helpers are called only from what is shown of that file.
                QString caller = shownText;
                if (d.fileLocal) {
                    if (entry == shown.end())
                        continue;
                    caller.clear();
                    for (const Definition *s : entry->second)
                        caller += f.lines.mid(s->first, s->last - s->first + 1).join(QLatin1Char('\n'));
                }
                // readCheckWrite(c) reads and writes through its default, declared in the header.
                const bool defaulted = d.name == QLatin1String("plainStock") && caller.contains(QLatin1String("readCheckWrite(c)"));
                if (!mentions(caller, d.name) && !defaulted)
                    continue;
                if (entry == shown.end()) {
                    shown.append(qMakePair(&f, QList<const Definition *>()));
                    entry = std::prev(shown.end());
                }
                entry->second << &d;
                shownText += f.lines.mid(d.first, d.last - d.first + 1).join(QLatin1Char('\n'));
                grew = true;
            }
        }
    }

    QStringList helpers;
    for (auto &[file, definitions] : shown) {
        std::sort(definitions.begin(), definitions.end(), [](const Definition *a, const Definition *b) { return a->first < b->first; });
        if (file != &*ownFile) {
            helpers << file->name;
            out.lines << QString() << QStringLiteral("// ── %1 ──").arg(file->name);
            out.m_origins << QPair<QString, int>() << QPair<QString, int>();
        }
        for (const Definition *d : definitions) {
            if (!out.lines.isEmpty() && !out.lines.last().startsWith(QLatin1String("// ──"))) {
                out.lines << QString();
                out.m_origins << QPair<QString, int>();
            }
            for (int i = d->first; i <= d->last; ++i) {
                out.lines << file->lines.at(i);
                out.m_origins << QPair<QString, int>(file->name, i + 1);
            }
        }
    }
    out.title = helpers.isEmpty() ? own : own + QStringLiteral(" + ") + helpers.join(QStringLiteral(", "));
    if (uiLanguage != QLatin1String("en")) {
        // A line of code keeps the file and line it shows; a comment's own lines show none.
        QList<qsizetype> from;
        out.lines = translated(out.lines, out.language, commentTranslations(uiLanguage), &from);
        QList<QPair<QString, int>> origins;
        for (const qsizetype line : std::as_const(from))
            origins << (line < 0 ? QPair<QString, int>() : out.m_origins.at(line));
        out.m_origins = origins;
    }
    return out;
}

std::optional<StrategyListing> StrategyListing::load(const QString &strategyName, const QString &language,
                                                     const QString &uiLanguage)
{
    const QString suffix = language == QLatin1String("python") ? QStringLiteral(".py")
                         : language == QLatin1String("java") ? QStringLiteral(".java") : QString();
    if (suffix.isEmpty())
        return std::nullopt;
    const QString name = strategyName + suffix;
    QStringList raw = readLines(QStringLiteral(":/listings/") + name);
    if (raw.isEmpty())
        return std::nullopt;
    if (uiLanguage != QLatin1String("en"))
        raw = translated(raw, language, commentTranslations(uiLanguage));
    StrategyListing out;
    out.language = language;
    out.title = name;
    const QList<qsizetype> comments = commentColumns(raw, language);
    for (qsizetype row = 0; row < raw.size(); ++row) {
        QString line = raw.at(row);
        QList<Mark> marks;
        // From the blanks before the comment, so they go with the mark.
        qsizetype from = comments.at(row);
        while (from > 0 && line.at(from - 1).isSpace())
            --from;
        const QRegularExpressionMatch m = comments.at(row) < 0 ? QRegularExpressionMatch() : markPattern().match(line, from);
        if (m.hasMatch()) {
            for (const QString &token : m.captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
                const QStringList parts = token.split(QLatin1Char('<'));
                const std::optional<Step> step = enumFromName<Step>(parts.first());
                const std::optional<Step> previous = parts.size() > 1 ? enumFromName<Step>(parts.at(1)) : std::nullopt;
                if (step)
                    marks << Mark{*step, previous};
            }
            line.truncate(m.capturedStart());
        }
        out.lines << line;
        out.m_marks << marks;
    }
    return out;
}

QList<qsizetype> StrategyListing::commentColumns(const QStringList &lines, const QString &language)
{
    const bool python = language == QLatin1String("python");
    QList<qsizetype> out;
    QString triple; // the open triple quote of a Python string, across lines
    for (const QString &line : lines) {
        qsizetype comment = -1;
        QChar quote; // the open quote of a one-line string
        for (qsizetype i = 0; i < line.size() && comment < 0; ++i) {
            const QChar c = line.at(i);
            const QString three = line.mid(i, 3);
            if (!triple.isEmpty()) {
                if (three == triple) {
                    triple.clear();
                    i += 2;
                }
            } else if (!quote.isNull()) {
                if (c == QLatin1Char('\\'))
                    ++i;
                else if (c == quote)
                    quote = QChar();
            } else if (python && (three == QLatin1String("\"\"\"") || three == QLatin1String("'''"))) {
                triple = three;
                i += 2;
            } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
                quote = c;
            } else if (python ? c == QLatin1Char('#') : line.mid(i, 2) == QLatin1String("//")) {
                comment = i;
            }
        }
        out << comment;
    }
    return out;
}

QStringList StrategyListing::commentTexts(const QStringList &lines, const QString &language)
{
    QStringList out;
    for (const Comment &c : commentsOf(lines, language))
        out << c.text;
    return out;
}

QStringList StrategyListing::languagesOf(const QString &strategyName)
{
    QStringList out{QStringLiteral("cpp")};
    if (QFile::exists(QStringLiteral(":/listings/%1.py").arg(strategyName)))
        out << QStringLiteral("python");
    if (QFile::exists(QStringLiteral(":/listings/%1.java").arg(strategyName)))
        out << QStringLiteral("java");
    return out;
}

int StrategyListing::lineOf(const CodeStep &step) const
{
    if (!m_origins.isEmpty()) {
        const int row = int(m_origins.indexOf(QPair<QString, int>(step.sourceFile, step.sourceLine)));
        return row + 1;
    }
    // The line that names the step before it too, else the first with the step.
    int plain = 0;
    for (int row = 0; row < m_marks.size(); ++row)
        for (const Mark &m : m_marks.at(row)) {
            if (m.step != step.step)
                continue;
            if (m.previous && m.previous == step.previous)
                return row + 1;
            if (!plain)
                plain = row + 1;
        }
    if (plain)
        return plain;
    for (int row = 0; row < m_marks.size(); ++row)
        for (const Mark &m : m_marks.at(row))
            if (m.step == step.step)
                return row + 1;
    return 0;
}

int StrategyListing::lineOfStep(Step step) const
{
    if (!m_origins.isEmpty()) {
        // The row that passes it: `Step::ReadStock` is "read", `Step::LoadScript` "load".
        static const QRegularExpression passed(QStringLiteral(R"(\bStep::(\w+))"));
        const QString name = QString::fromLatin1(nameOf(step));
        for (int row = 0; row < lines.size(); ++row)
            for (auto it = passed.globalMatch(lines.at(row)); it.hasNext();)
                if (it.next().captured(1).toLower().startsWith(name))
                    return row + 1;
        return 0;
    }
    for (int row = 0; row < m_marks.size(); ++row)
        for (const Mark &m : m_marks.at(row))
            if (m.step == step)
                return row + 1;
    return 0;
}

QList<int> StrategyListing::markedLines() const
{
    QList<int> out;
    for (int row = 0; row < m_marks.size(); ++row)
        if (!m_marks.at(row).isEmpty())
            out << row + 1;
    return out;
}

} // namespace lockstock
