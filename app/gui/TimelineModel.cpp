#include "TimelineModel.h"


namespace lockstock {

TimelineModel::TimelineModel(QObject *parent)
    : QAbstractListModel(parent)
    , m_data(TimelineData::empty({}))
{
}

void TimelineModel::reset(const RunInfo &info)
{
    beginResetModel();
    m_arrival.clear();
    m_sortedIndex.clear();
    m_consumed = 0;
    m_data = TimelineData::empty(info);
    endResetModel();
    emit countChanged();
    emit timelineChanged();
}

bool TimelineModel::update(const History &history)
{
    const bool finishedNow = history.isFinished() && !m_data->finished;
    const QList<Event> since = history.eventsSince(m_consumed);
    if (since.isEmpty() && !finishedNow)
        return false;
    m_consumed += since.size();
    QList<Event> fresh;
    for (const Event &e : since)
        if (e.kind == EventKind::Command || (e.kind == EventKind::Error && !e.argv.isEmpty()))
            fresh << e;
    m_data = TimelineData::build(history);
    const int old = int(m_arrival.size());
    if (!fresh.isEmpty()) {
        beginInsertRows({}, int(m_arrival.size()), int(m_arrival.size() + fresh.size() - 1));
        m_arrival += fresh;
        reindex();
        endInsertRows();
        emit countChanged();
    } else {
        reindex();
    }
    // Races are judged on the whole history: earlier rows may have become one.
    if (old > 0)
        emit dataChanged(index(0), index(old - 1), {RaceRole, SortedIndexRole});
    emit timelineChanged();
    return true;
}

void TimelineModel::setData(std::shared_ptr<const TimelineData> data, const QList<Event> &arrival)
{
    beginResetModel();
    m_data = std::move(data);
    m_arrival = arrival;
    reindex();
    endResetModel();
    emit countChanged();
    emit timelineChanged();
}

void TimelineModel::reindex()
{
    // The sort is stable: among events with the same time, a row's event is
    // the first one with its client and command.
    m_sortedIndex.resize(m_arrival.size());
    for (qsizetype row = 0; row < m_arrival.size(); ++row) {
        const Event &e = m_arrival.at(row);
        int i = m_data->firstAtOrAfter(e.tNs);
        while (i < m_data->events.size() && m_data->events.at(i).tNs == e.tNs
               && (m_data->events.at(i).client != e.client || m_data->events.at(i).argv != e.argv))
            ++i;
        m_sortedIndex[row] = i < m_data->events.size() ? i : -1;
    }
}

int TimelineModel::rowAt(double ms) const
{
    const qint64 ns = m_data->realNs(ms);
    int best = -1;
    for (qsizetype row = 0; row < m_arrival.size(); ++row)
        if (m_arrival.at(row).tNs <= ns)
            best = int(row);
    return best;
}

int TimelineModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_arrival.size());
}

QString TimelineModel::monitorLine(const TimelineData &data, const Event &e)
{
    QStringList parts;
    for (const QByteArray &a : e.argv)
        parts << QLatin1Char('"') + QString::fromUtf8(a).replace(QLatin1Char('\n'), QStringLiteral("\\n")) + QLatin1Char('"');
    const QString who = e.client >= 0 ? data.info.clients.value(e.client) + (e.role == ActorRole::Watchdog ? QStringLiteral(":watchdog") : QString())
                                      : QStringLiteral("redis");
    return QStringLiteral("%1 [%2] %3").arg(data.scenarioMs(e.tNs) / 1000.0, 0, 'f', 3).arg(who, parts.join(QLatin1Char(' ')));
}

QVariant TimelineModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Event &e = m_arrival.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case MonitorRole:
        return monitorLine(*m_data, e);
    case TimeMsRole: return m_data->scenarioMs(e.tNs);
    case ClientRole: return e.client;
    case ClientNameRole: return m_data->info.clients.value(e.client);
    case KindRole: return QString::fromLatin1(eventKindName(e.kind));
    case ReplyRole: return e.kind == EventKind::Command ? TimelineData::replyText(e.reply) : QString();
    case RaceRole: return m_data->raceAt(m_sortedIndex.value(index.row(), -1));
    case SortedIndexRole: return m_sortedIndex.value(index.row(), -1);
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
