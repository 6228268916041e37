#pragma once
// The window's stress comparison: every strategy on the same workload, one
// after the other on a worker thread, against the window's Redis; one row per
// strategy, filled in as each run ends (what `lockstock stress --all` prints,
// for the bar chart). Exposed to QML as `stress`.

#include "engine/RedisTarget.h"
#include "engine/StressRun.h"

#include <QAbstractListModel>
#include <QThread>
#include <atomic>
#include <memory>

namespace lockstock {

class StressComparison : public QAbstractListModel {
    Q_OBJECT
    Q_PROPERTY(bool running READ running NOTIFY runningChanged)
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
    Q_PROPERTY(QString current READ current NOTIFY progressChanged)
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    Q_PROPERTY(double maxThroughput READ maxThroughput NOTIFY resultsChanged)
    Q_PROPERTY(int maxProblems READ maxProblems NOTIFY resultsChanged)
    Q_PROPERTY(int finishedCount READ finishedCount NOTIFY resultsChanged)
public:
    enum Role {
        NameRole = Qt::UserRole + 1,
        CorrectRole,       // the strategy's own claim
        DoneRole,          // its run has ended
        BrokeRole,         // something was oversold, lost, shared or deleted
        ProblemsRole,      // oversold + lost updates + overlaps + foreign releases
        OversoldRole,
        LostUpdatesRole,
        OverlapsRole,
        ForeignReleasesRole,
        SucceededRole,
        TriedRole,
        FinalStockRole,
        ExpectedStockRole,
        ThroughputRole,    // orders/s
        P50Role,
        P99Role,
        RetriesRole,
        ErrorRole,
        NotRunRole,        // why it was not run (it needs another topology)
    };

    // `target` is the window's Redis; null when it could not be reached.
    explicit StressComparison(const RedisTarget *target, QObject *parent = nullptr);
    ~StressComparison() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    bool running() const { return m_thread != nullptr; }
    double progress() const { return m_progress; }
    QString current() const { return m_current; }
    QString error() const { return m_error; }
    double maxThroughput() const;
    int maxProblems() const;
    int finishedCount() const;

    // Runs every strategy on `clients` clients placing `orders` orders on `stock` units.
    Q_INVOKABLE void start(int clients, int orders, int stock);
    // Stops after the strategy now running (each run is bounded in time).
    Q_INVOKABLE void cancel();

signals:
    void runningChanged();
    void progressChanged();
    void errorChanged();
    void resultsChanged();
    void finished();

private:
    struct Row {
        const Strategy *strategy = nullptr;
        bool done = false;
        StressResult result;
    };
    void setError(const QString &error);
    void report(int row, int ordersDone, int ordersTotal);
    void store(int row, const StressResult &result);
    void end();

    const RedisTarget *m_target;
    QList<Row> m_rows;
    QThread *m_thread = nullptr;
    std::atomic<bool> m_cancel = false;
    double m_progress = 0;
    QString m_current;
    QString m_error;
};

} // namespace lockstock
