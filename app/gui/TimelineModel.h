#pragma once
// The commands of a run as MONITOR would print them, one row per command in
// the order they reached the history: what the Redis panel lists. It also
// holds the run's current TimelineData snapshot, rebuilt when events arrive,
// for the timeline view and the other panels.

#include "TimelineData.h"

#include <QAbstractListModel>

namespace lockstock {

class TimelineModel : public QAbstractListModel {
    Q_OBJECT
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
public:
    enum Role {
        TimeMsRole = Qt::UserRole + 1,
        ClientRole,        // index, -1 for Redis itself
        ClientNameRole,
        KindRole,          // "command", "sleep", ...
        MonitorRole,       // 12.345 [A] "SET" "lock:10086" ...
        ReplyRole,
        RaceRole,          // why this event is a race, or empty
        SortedIndexRole,   // index into TimelineData::events
    };
    Q_ENUM(Role)

    explicit TimelineModel(QObject *parent = nullptr);

    // Starts over with an empty run.
    void reset(const RunInfo &info);
    // Pulls what `history` recorded since the last call; true when anything changed.
    bool update(const History &history);
    // For the bench and the tests: a finished, synthetic or recorded run.
    void setData(std::shared_ptr<const TimelineData> data, const QList<Event> &arrival);

    std::shared_ptr<const TimelineData> timeline() const { return m_data; }
    const Event &eventAt(int row) const { return m_arrival.at(row); }
    // The last row whose event happened at or before `ms` (scenario time); -1 if none.
    Q_INVOKABLE int rowAt(double ms) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    static QString monitorLine(const TimelineData &data, const Event &e);

signals:
    void countChanged();
    void timelineChanged();

private:
    void reindex();

    std::shared_ptr<const TimelineData> m_data;
    QList<Event> m_arrival;          // rows: the commands
    qsizetype m_consumed = 0;        // history events seen so far
    QList<int> m_sortedIndex;        // row -> index in m_data->events
};

} // namespace lockstock
