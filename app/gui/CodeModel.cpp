#include "CodeModel.h"

#include <QFile>
#include <QRegularExpression>

namespace lockstock {

CodeModel::CodeModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

bool CodeModel::showFile(const QString &basename)
{
    if (basename == m_fileName)
        return true;
    QFile file(QStringLiteral(":/sources/") + basename);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    beginResetModel();
    m_fileName = basename;
    m_lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    if (!m_lines.isEmpty() && m_lines.last().isEmpty())
        m_lines.removeLast();
    m_markers.clear();
    m_focusLine = -1;
    endResetModel();
    emit fileChanged();
    emit markersChanged();
    return true;
}

void CodeModel::setMarkers(const QHash<int, QList<int>> &markers, int focus)
{
    if (markers == m_markers && focus == m_focusLine)
        return;
    QList<int> touched = m_markers.keys() + markers.keys();
    if (m_focusLine > 0)
        touched << m_focusLine;
    if (focus > 0)
        touched << focus;
    m_markers = markers;
    m_focusLine = focus;
    for (int line : touched)
        if (line >= 1 && line <= m_lines.size())
            emit dataChanged(index(line - 1), index(line - 1), {ClientsRole, FocusRole});
    emit markersChanged();
}

int CodeModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_lines.size());
}

QVariant CodeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int line = index.row() + 1;
    switch (role) {
    case Qt::DisplayRole:
    case TextRole: return m_lines.at(index.row());
    case HtmlRole: return highlight(m_lines.at(index.row()));
    case NumberRole: return line;
    case ClientsRole: {
        QVariantList out;
        for (int c : m_markers.value(line))
            out << c;
        return out;
    }
    case FocusRole: return line == m_focusLine;
    default: return {};
    }
}

QHash<int, QByteArray> CodeModel::roleNames() const
{
    return {{Qt::DisplayRole, "display"}, {NumberRole, "number"}, {TextRole, "text"},
            {HtmlRole, "html"},           {ClientsRole, "clients"}, {FocusRole, "current"}};
}

QString CodeModel::highlight(const QString &line)
{
    // One pass over tokens: comments, string literals, keywords; everything else escaped as is.
    static const QRegularExpression token(QStringLiteral(
        R"((//.*$)|("(?:[^"\\]|\\.)*")|\b(co_await|co_return|const|if|return|for|while|auto|bool|true|false|namespace|Task|local|end|then)\b)"));
    // Spaces become &nbsp; so indentation survives rich text.
    const auto escape = [](const QString &text) { return text.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;")); };
    QString out;
    qsizetype at = 0;
    auto it = token.globalMatch(line);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out += escape(line.mid(at, m.capturedStart() - at));
        const QString text = escape(m.captured());
        if (m.capturedLength(1))
            out += QStringLiteral("<span style=\"color:#7c8a9a;font-style:italic\">%1</span>").arg(text);
        else if (m.capturedLength(2))
            out += QStringLiteral("<span style=\"color:#16a34a\">%1</span>").arg(text);
        else
            out += QStringLiteral("<b style=\"color:#c026d3\">%1</b>").arg(text);
        at = m.capturedEnd();
    }
    return out + escape(line.mid(at));
}

} // namespace lockstock
