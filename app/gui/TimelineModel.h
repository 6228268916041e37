#pragma once
// The commands of a run as MONITOR would print them, one row per command in
// the order they ran: what the Redis panel lists. It holds the run's current
// analysis; each new one adds rows at the end and changes only the rows
// whose mark changed, never the whole list.

#include "analysis/RunAnalysis.h"

#include <QAbstractListModel>
#include <QtQmlIntegration>

namespace lockstock {

class TimelineModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by a run session")
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
public:
    enum Role {
        TimeMsRole = Qt::UserRole + 1,
        ClientRole,        // index, -1 for Redis itself
        ClientNameRole,
        KindRole,          // "command", "error"
        MonitorRole,       // 12.345 [A] "SET" "lock:10086" ...
        ReplyRole,
        RaceRole,          // what the verdict marks on it, or empty
        SortedIndexRole,   // index into RunAnalysis::events
    };
    Q_ENUM(Role)

    explicit TimelineModel(QObject *parent = nullptr);

    // Starts over with an empty run.
    void reset(const RunInfo &info);
    // Shows `analysis`, a later snapshot of the same run: rows are added for
    // new commands; `marked` are the events whose mark is new; `restarted`
    // means it was rebuilt from scratch (every row may have changed).
    void setAnalysis(std::shared_ptr<const RunAnalysis> analysis, const QList<int> &marked = {}, bool restarted = true);
    // Lists the commands sent by `ns` only, as MONITOR would have printed
    // them by then (a replay cursor, a lesson frame); < 0: all of them.
    void setInstant(qint64 ns);

    std::shared_ptr<const RunAnalysis> analysis() const { return m_analysis; }
    const Event &eventAt(int row) const { return m_analysis->events.at(m_analysis->commands.at(row)); }
    // The last row whose event happened at or before `ms` (scenario time); -1 if none.
    Q_INVOKABLE int rowAt(double ms) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    static QString monitorLine(const RunInfo &info, const Event &e);
    // The UI language changed: every row's text is new.
    void retranslate();

signals:
    void countChanged();
    void analysisChanged();

private:
    // The row of command event `event`; -1 when it is not a row.
    int rowOf(int event) const;
    // How many of `analysis`' commands are listed at the instant set.
    int rowsOf(const RunAnalysis &analysis) const;
    void emitRowsChanged(const QList<int> &events);

    std::shared_ptr<const RunAnalysis> m_analysis;
    int m_rows = 0;
    qint64 m_instantNs = -1;
};

} // namespace lockstock
