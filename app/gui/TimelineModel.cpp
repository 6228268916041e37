#include "TimelineModel.h"

#include <algorithm>

namespace lockstock {

namespace {
std::shared_ptr<const RunAnalysis> nothingYet(const RunInfo &info)
{
    RunAnalyzer analyzer(info);
    return analyzer.snapshot();
}
} // namespace

TimelineModel::TimelineModel(QObject *parent)
    : QAbstractListModel(parent)
    , m_analysis(nothingYet({}))
{
}

void TimelineModel::reset(const RunInfo &info)
{
    beginResetModel();
    m_analysis = nothingYet(info);
    m_rows = 0;
    m_instantNs = -1;
    endResetModel();
    emit countChanged();
    emit analysisChanged();
}

void TimelineModel::setAnalysis(std::shared_ptr<const RunAnalysis> analysis, const QList<int> &marked, bool restarted)
{
    if (restarted) {
        beginResetModel();
        m_analysis = std::move(analysis);
        m_rows = rowsOf(*m_analysis);
        endResetModel();
        emit countChanged();
        emit analysisChanged();
        return;
    }
    // Which findings the verdict has: when that changes, marks may appear or go.
    const bool verdictMoved = m_analysis->verdict.kinds() != analysis->verdict.kinds();
    const int rows = rowsOf(*analysis);
    if (rows > m_rows) {
        beginInsertRows({}, m_rows, rows - 1);
        m_analysis = std::move(analysis);
        m_rows = rows;
        endInsertRows();
        emit countChanged();
    } else {
        m_analysis = std::move(analysis);
    }
    // Only rows whose mark is new change, unless the verdict itself did:
    // then every marked row may read differently.
    if (verdictMoved) {
        QList<int> all;
        for (const Mark &m : m_analysis->marks)
            all << m.event;
        emitRowsChanged(all);
    } else {
        emitRowsChanged(marked);
    }
    emit analysisChanged();
}

int TimelineModel::rowsOf(const RunAnalysis &analysis) const
{
    const SharedList<int> &commands = analysis.commands;
    if (m_instantNs < 0)
        return int(commands.size());
    const auto it = std::upper_bound(commands.cbegin(), commands.cend(), m_instantNs,
                                     [&analysis](qint64 t, int event) { return t < analysis.events.at(event).tNs; });
    return int(it.index());
}

void TimelineModel::setInstant(qint64 ns)
{
    if (ns == m_instantNs)
        return;
    m_instantNs = ns;
    const int rows = rowsOf(*m_analysis);
    if (rows > m_rows) {
        beginInsertRows({}, m_rows, rows - 1);
        m_rows = rows;
        endInsertRows();
    } else if (rows < m_rows) {
        beginRemoveRows({}, rows, m_rows - 1);
        m_rows = rows;
        endRemoveRows();
    } else {
        return;
    }
    emit countChanged();
}

int TimelineModel::rowOf(int event) const
{
    const SharedList<int> &commands = m_analysis->commands;
    const auto end = commands.cbegin() + m_rows;
    const auto it = std::lower_bound(commands.cbegin(), end, event);
    return it != end && *it == event ? int(it.index()) : -1;
}

void TimelineModel::retranslate()
{
    if (m_rows > 0)
        emit dataChanged(index(0), index(m_rows - 1));
}

void TimelineModel::emitRowsChanged(const QList<int> &events)
{
    for (int event : events)
        if (const int row = rowOf(event); row >= 0)
            emit dataChanged(index(row), index(row), {RaceRole});
}

int TimelineModel::rowAt(double ms) const
{
    const qint64 ns = m_analysis->clockNs(ms);
    const SharedList<int> &commands = m_analysis->commands;
    const auto end = commands.cbegin() + m_rows;
    const auto it = std::upper_bound(commands.cbegin(), end, ns,
                                     [this](qint64 t, int event) { return t < m_analysis->events.at(event).tNs; });
    return int(it.index()) - 1;
}

int TimelineModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

QString TimelineModel::monitorLine(const RunInfo &info, const Event &e)
{
    QStringList parts;
    for (const QByteArray &a : e.argv)
        parts << QLatin1Char('"') + QString::fromUtf8(a).replace(QLatin1Char('\n'), QStringLiteral("\\n")) + QLatin1Char('"');
    const QString who = e.client >= 0 ? info.clients.value(e.client) + (e.role == ActorRole::Watchdog ? QStringLiteral(":watchdog") : QString())
                                      : QStringLiteral("redis");
    return QStringLiteral("%1 [%2] %3").arg(info.scenarioMs(e.tNs) / 1000.0, 0, 'f', 3).arg(who, parts.join(QLatin1Char(' ')));
}

QVariant TimelineModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int event = m_analysis->commands.at(index.row());
    const Event &e = m_analysis->events.at(event);
    const RunInfo &info = m_analysis->info;
    switch (role) {
    case Qt::DisplayRole:
    case MonitorRole:
        return monitorLine(info, e);
    case TimeMsRole: return info.scenarioMs(e.tNs);
    case ClientRole: return e.client;
    case ClientNameRole: return info.clients.value(e.client);
    case KindRole: return QString::fromLatin1(nameOf(e.kind));
    case ReplyRole: return e.kind == EventKind::Command ? RunAnalysis::replyText(e.reply) : QString();
    case RaceRole: return m_analysis->markTextAt(event);
    case SortedIndexRole: return event;
    default: return {};
    }
}

QHash<int, QByteArray> TimelineModel::roleNames() const
{
    return {
        {Qt::DisplayRole, "display"},   {TimeMsRole, "timeMs"},     {ClientRole, "client"},
        {ClientNameRole, "clientName"}, {KindRole, "kind"},         {MonitorRole, "monitor"},
        {ReplyRole, "reply"},           {RaceRole, "race"},         {SortedIndexRole, "sortedIndex"},
    };
}

} // namespace lockstock
