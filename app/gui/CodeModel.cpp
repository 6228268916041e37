#include "CodeModel.h"

#include "engine/EnumNames.h"
#include "strategies/Strategies.h"

#include <QRegularExpression>

namespace lockstock {

CodeModel::CodeModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

void CodeModel::setLanguage(const QString &language)
{
    if (language.isEmpty() || language == m_wantedLanguage)
        return;
    m_wantedLanguage = language;
    load();
}

void CodeModel::setUiLanguage(const QString &uiLanguage)
{
    if (uiLanguage == m_uiLanguage)
        return;
    m_uiLanguage = uiLanguage;
    load();
}

void CodeModel::setFigures(const RunConfig &config)
{
    const auto figures = [](const RunConfig &c) {
        return std::tuple(c.leaseMs, c.workMs, c.retryMs, c.acquireTimeoutMs, c.stock);
    };
    if (m_figures && figures(*m_figures) == figures(config))
        return;
    m_figures = config;
    load();
}

bool CodeModel::showStrategy(const QString &strategyName)
{
    if (strategyName == m_strategy)
        return true;
    if (!findStrategy(strategyName))
        return false;
    m_strategy = strategyName;
    m_steps.clear();
    m_highlightedStep.reset();
    const QStringList languages = StrategyListing::languagesOf(strategyName);
    if (languages != m_languages) {
        m_languages = languages;
        emit languagesChanged();
    }
    load();
    return true;
}

void CodeModel::load()
{
    const Strategy *strategy = findStrategy(m_strategy);
    if (!strategy)
        return;
    QString language = m_wantedLanguage;
    if (!m_languages.contains(language))
        language = m_languages.contains(QStringLiteral("python")) ? QStringLiteral("python") : QStringLiteral("cpp");
    beginResetModel();
    if (language == QLatin1String("cpp"))
        m_listing = StrategyListing::cpp(*strategy, m_uiLanguage);
    else
        m_listing = StrategyListing::load(m_strategy, language, m_uiLanguage).value_or(StrategyListing::cpp(*strategy, m_uiLanguage));
    if (m_figures)
        m_listing.showFigures(*m_figures);
    m_markers.clear();
    m_focusLine = -1;
    endResetModel();
    emit fileChanged();
    placeMarkers();
}

void CodeModel::setPositions(const QHash<int, CodeStep> &steps, int focusClient)
{
    m_steps = steps;
    m_focusClient = focusClient;
    placeMarkers();
}

int CodeModel::highlightStep(const QString &step)
{
    m_highlightedStep = enumFromName<Step>(step);
    placeMarkers();
    return m_highlightedLine;
}

void CodeModel::placeMarkers()
{
    QHash<int, QList<int>> markers;
    int focus = -1;
    QList<int> clients = m_steps.keys();
    std::sort(clients.begin(), clients.end());
    for (int c : clients) {
        const int line = m_listing.lineOf(m_steps.value(c));
        if (line <= 0)
            continue;
        markers[line] << c;
        if (c == m_focusClient || focus < 0)
            focus = line;
    }
    const int highlighted = m_highlightedStep ? m_listing.lineOfStep(*m_highlightedStep) : 0;
    if (markers == m_markers && focus == m_focusLine && highlighted == m_highlightedLine)
        return;
    QList<int> touched = m_markers.keys() + markers.keys() + QList<int>{m_focusLine, focus, m_highlightedLine, highlighted};
    m_markers = markers;
    m_focusLine = focus;
    m_highlightedLine = highlighted;
    for (int line : touched)
        if (line >= 1 && line <= m_listing.lines.size())
            emit dataChanged(index(line - 1), index(line - 1), {ClientsRole, FocusRole, HighlightRole});
    emit markersChanged();
}

int CodeModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_listing.lines.size());
}

QVariant CodeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int line = index.row() + 1;
    switch (role) {
    case Qt::DisplayRole:
    case TextRole: return m_listing.lines.at(index.row());
    case HtmlRole: return highlight(m_listing.lines.at(index.row()), m_listing.language);
    case NumberRole: return line;
    case ClientsRole: {
        QVariantList out;
        for (int c : m_markers.value(line))
            out << c;
        return out;
    }
    case FocusRole: return line == m_focusLine;
    case HighlightRole: return line == m_highlightedLine;
    default: return {};
    }
}

QHash<int, QByteArray> CodeModel::roleNames() const
{
    return {{Qt::DisplayRole, "display"}, {NumberRole, "number"},   {TextRole, "text"},
            {HtmlRole, "html"},           {ClientsRole, "clients"}, {FocusRole, "current"},
            {HighlightRole, "highlighted"}};
}

QString CodeModel::highlight(const QString &line, const QString &language)
{
    // One pass over tokens: comments, string literals, keywords; everything else escaped as is.
    static const QRegularExpression cpp(QStringLiteral(
        R"((//.*$)|("(?:[^"\\]|\\.)*")|\b(co_await|co_return|const|if|else|return|for|while|auto|bool|true|false|namespace|Task|local|end|then|break|continue)\b)"));
    static const QRegularExpression python(QStringLiteral(
        R"((#.*$)|("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|\b(def|class|return|if|elif|else|while|for|in|not|and|or|try|except|finally|with|as|import|from|global|pass|continue|break|raise|None|True|False|local|end|then)\b)"));
    static const QRegularExpression java(QStringLiteral(
        R"((//.*$)|("(?:[^"\\]|\\.)*")|\b(new|return|if|else|try|finally|catch|final|long|int|boolean|var|true|false|null|static|void|class)\b)"));
    const QRegularExpression &token = language == QLatin1String("python") ? python : language == QLatin1String("java") ? java : cpp;
    // Spaces become &nbsp; so that indentation and runs of spaces survive
    // rich text, but for the last of each run after the indentation, where a
    // narrow panel may wrap the line (a comment wrapped mid-word at 1366 px
    // otherwise); the one after a comment's mark stays with it.
    qsizetype indent = 0;
    while (indent < line.size() && line.at(indent) == QLatin1Char(' '))
        ++indent;
    const auto escape = [&line, indent](qsizetype from, qsizetype length) {
        QString out;
        for (qsizetype i = from; i < from + length; ++i) {
            const QChar ch = line.at(i);
            const auto isAt = [&line](qsizetype k, char c) { return k >= 0 && k < line.size() && line.at(k) == QLatin1Char(c); };
            if (ch != QLatin1Char(' '))
                out += QString(ch).toHtmlEscaped();
            else if (i > indent && i + 1 < line.size() && !isAt(i + 1, ' ') && !isAt(i - 1, '#') && !isAt(i - 1, '/'))
                out += QLatin1Char(' ');
            else
                out += QStringLiteral("&nbsp;");
        }
        return out;
    };
    QString out;
    qsizetype at = 0;
    auto it = token.globalMatch(line);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out += escape(at, m.capturedStart() - at);
        const QString text = escape(m.capturedStart(), m.capturedLength());
        if (m.capturedLength(1))
            out += QStringLiteral("<span style=\"color:#7c8a9a;font-style:italic\">%1</span>").arg(text);
        else if (m.capturedLength(2))
            out += QStringLiteral("<span style=\"color:#16a34a\">%1</span>").arg(text);
        else
            out += QStringLiteral("<b style=\"color:#c026d3\">%1</b>").arg(text);
        at = m.capturedEnd();
    }
    return out + escape(at, line.size() - at);
}

} // namespace lockstock
