#pragma once
// The window's stress comparison (`lockstock stress --all` as a chart): every
// strategy, one row each, on the same workload against the window's Redis.
// The runs go on a worker thread; rows fill in as each strategy finishes.
// Exposed to QML as `controller.stress`.

#include "stress/StressRun.h"

#include <QAbstractListModel>
#include <QtQmlIntegration>
#include <QThread>
#include <atomic>
#include <functional>
#include <optional>

namespace lockstock {

class StressComparison : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by the controller")
    Q_PROPERTY(bool running READ running NOTIFY runningChanged)
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
    Q_PROPERTY(QString current READ current NOTIFY progressChanged)
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    Q_PROPERTY(double maxOrdersPerSecond READ maxOrdersPerSecond NOTIFY resultsChanged)
    Q_PROPERTY(double maxProblems READ maxProblems NOTIFY resultsChanged)
    Q_PROPERTY(QVariantMap workload READ workload NOTIFY resultsChanged)
public:
    enum Role {
        NameRole = Qt::UserRole + 1,
        TitleRole,
        CorrectRole,            // the strategy's own claim
        StatusRole,             // a Status
        RowProgressRole,        // 0..1 while it runs
        OrdersTriedRole,
        OrdersSucceededRole,
        InitialStockRole,
        ExpectedStockRole,       // initial minus sold: below zero once oversold
        FinalStockRole,         // -1 when it could not be read
        OversoldRole,            // units
        LostUpdatesRole,         // units sold but missing from the stock
        ExclusionViolationsRole,
        ForeignReleasesRole,
        ForeignRenewalsRole,
        ProblemsRole,           // what went wrong, counted: the correctness bar's length
        BrokeRole,
        OutcomeRole,            // the verdict's severity (RunSession::Outcome)
        BriefRole,              // the verdict's findings in a few words each: "12 units lost · 3 overlaps"
        OrdersPerSecondRole,
        LatencyP50Role,
        LatencyP99Role,
        RetriesRole,
        NoteRole,               // why a stopped or skipped row has no figures
    };
    Q_ENUM(Role)
    // Where a row's run is: done rows have figures; stopped, skipped and cancelled ones say why not.
    enum class Status { Waiting, Running, Done, Stopped, Skipped, Cancelled };
    Q_ENUM(Status)

    explicit StressComparison(QObject *parent = nullptr);
    ~StressComparison() override;

    // Where a comparison's runs go: the server, and the prefix their keys live under.
    struct Redis {
        RedisEndpoint endpoint;
        QByteArray keyPrefix;
    };
    // Asked for when a comparison starts, so a server of their own starts
    // only if one is run; throws RedisError when there is none. Until set,
    // start() fails.
    void setRedis(std::function<Redis()> source);

    bool running() const { return m_thread != nullptr; }
    // 0..1 over every strategy.
    double progress() const { return m_progress; }
    QString current() const;
    QString error() const { return m_error; }
    double maxOrdersPerSecond() const;
    double maxProblems() const;
    // The workload of the last start(): clients, orders, stock; empty before the first.
    QVariantMap workload() const;

    // Runs every strategy in turn; false (with `error` set) when the numbers
    // are out of range, Redis is not known or a comparison is running.
    Q_INVOKABLE bool start(int clients, int orders, qint64 stock);
    // The run at hand stops at its next step (its keys are still removed); the rest are skipped.
    Q_INVOKABLE void cancel();
    // The UI language changed: every row's text is new.
    void retranslate();

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

signals:
    void runningChanged();
    void progressChanged();
    void errorChanged();
    void resultsChanged();

private:
    struct Row {
        const Strategy *strategy = nullptr;
        Status status = Status::Waiting;
        double progress = 0;
        StressResult result;
    };

    void setError(const QString &error);
    void runProgressed(int row, int done, int total);
    void runFinished(int row, const StressResult &result);
    void comparisonEnded();

    QList<Row> m_rows;
    std::function<Redis()> m_redis;
    std::optional<StressWorkload> m_workload;
    QThread *m_thread = nullptr;
    std::atomic<bool> m_cancel{false};
    double m_progress = 0;
    int m_currentRow = -1;
    QString m_error;
};

} // namespace lockstock
