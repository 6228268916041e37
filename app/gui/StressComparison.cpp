#include "StressComparison.h"
#include "redis/RedisError.h"
#include "strategies/Strategies.h"

namespace lockstock {

namespace {
// Beyond these a comparison of every strategy takes too long to watch.
constexpr int kMaxClients = 200;
constexpr int kMaxOrders = 1'000'000;
} // namespace

StressComparison::StressComparison(QObject *parent)
    : QAbstractListModel(parent)
{
    for (const Strategy *s : allStrategies())
        m_rows.append(Row{.strategy = s});
}

StressComparison::~StressComparison()
{
    if (!m_thread)
        return;
    m_cancel = true;
    m_thread->wait();
    delete m_thread;
}

void StressComparison::setRedis(std::function<Redis()> source)
{
    m_redis = std::move(source);
}

QString StressComparison::current() const
{
    return m_currentRow >= 0 ? m_rows.at(m_currentRow).strategy->name : QString();
}

double StressComparison::maxOrdersPerSecond() const
{
    double most = 0;
    for (const Row &row : m_rows)
        if (row.status == Status::Done)
            most = std::max(most, row.result.ordersPerSecond);
    return most;
}

double StressComparison::maxProblems() const
{
    qint64 most = 0;
    for (const Row &row : m_rows)
        if (row.status == Status::Done)
            most = std::max(most, row.result.verdict.problems());
    return double(most);
}

QVariantMap StressComparison::workload() const
{
    if (!m_workload)
        return {};
    return {{QStringLiteral("clients"), m_workload->clients},
            {QStringLiteral("orders"), m_workload->orders},
            {QStringLiteral("stock"), m_workload->stock}};
}

void StressComparison::setError(const QString &error)
{
    if (error == m_error)
        return;
    m_error = error;
    emit errorChanged();
}

bool StressComparison::start(int clients, int orders, qint64 stock)
{
    if (running()) {
        setError(tr("A comparison is already running."));
        return false;
    }
    if (!m_redis) {
        setError(tr("Redis is not available."));
        return false;
    }
    if (clients < 1 || clients > kMaxClients || orders < 1 || orders > kMaxOrders || stock < 0) {
        setError(tr("Clients must be 1 to %1, orders 1 to %2, stock 0 or more.").arg(kMaxClients).arg(kMaxOrders));
        return false;
    }
    Redis redis;
    try {
        redis = m_redis();
    } catch (const RedisError &err) {
        setError(tr("Redis is not available: %1").arg(QString::fromUtf8(err.what())));
        return false;
    }
    setError({});
    StressWorkload workload;
    workload.clients = clients;
    workload.orders = orders;
    workload.stock = stock;
    workload.keyPrefix = redis.keyPrefix;
    workload.interrupt = &m_cancel;
    m_workload = workload;
    m_cancel = false;

    QList<const Strategy *> strategies;
    for (Row &row : m_rows) {
        row.status = Status::Waiting;
        row.progress = 0;
        row.result = StressResult{};
        strategies << row.strategy;
    }
    m_rows.first().status = Status::Running;
    m_currentRow = 0;
    m_progress = 0;
    emit dataChanged(index(0), index(rowCount() - 1));

    // The worker reports through queued calls: the rows change on this thread only.
    m_thread = QThread::create([this, workload, strategies, endpoint = redis.endpoint] {
        runStressComparison(
            workload, strategies, endpoint,
            [this](int row, int done, int total) {
                QMetaObject::invokeMethod(this, [=, this] { runProgressed(row, done, total); }, Qt::QueuedConnection);
            },
            [this](int row, const StressResult &result) {
                QMetaObject::invokeMethod(this, [=, this] { runFinished(row, result); }, Qt::QueuedConnection);
            });
    });
    connect(m_thread, &QThread::finished, this, &StressComparison::comparisonEnded);
    m_thread->start();
    emit runningChanged();
    emit progressChanged();
    emit resultsChanged();
    return true;
}

void StressComparison::cancel()
{
    m_cancel = true;
}

void StressComparison::runProgressed(int row, int done, int total)
{
    Row &r = m_rows[row];
    r.progress = total > 0 ? double(done) / total : 1.0;
    m_progress = (row + r.progress) / double(m_rows.size());
    emit dataChanged(index(row), index(row), {RowProgressRole});
    emit progressChanged();
}

void StressComparison::runFinished(int row, const StressResult &result)
{
    Row &r = m_rows[row];
    r.result = result;
    r.progress = 1;
    // A run that stopped early covered part of the workload only: its figures are not charted.
    r.status = !result.skipped.isEmpty() ? Status::Skipped
        : result.error.isEmpty()         ? Status::Done
        : m_cancel                       ? Status::Cancelled
                                         : Status::Stopped;
    emit dataChanged(index(row), index(row));
    if (!m_cancel && row + 1 < m_rows.size()) {
        m_rows[row + 1].status = Status::Running;
        m_currentRow = row + 1;
        emit dataChanged(index(row + 1), index(row + 1), {StatusRole});
    }
    m_progress = (row + 1) / double(m_rows.size());
    emit progressChanged();
    emit resultsChanged();
}

void StressComparison::comparisonEnded()
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    // Cancelled before its run began, the row marked as next never ran.
    if (m_currentRow >= 0 && m_rows.at(m_currentRow).status == Status::Running) {
        m_rows[m_currentRow].status = Status::Cancelled;
        emit dataChanged(index(m_currentRow), index(m_currentRow), {StatusRole});
    }
    m_currentRow = -1;
    emit runningChanged();
    emit progressChanged();
}

int StressComparison::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

void StressComparison::retranslate()
{
    if (!m_rows.empty())
        emit dataChanged(index(0), index(int(m_rows.size()) - 1));
}

QVariant StressComparison::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    const StressResult &r = row.result;
    switch (role) {
    case Qt::DisplayRole:
    case NameRole: return row.strategy->name;
    case TitleRole: return row.strategy->titleText();
    case CorrectRole: return row.strategy->correct;
    case StatusRole: return int(row.status);
    case RowProgressRole: return row.progress;
    case OrdersTriedRole: return r.ordersTried;
    case OrdersSucceededRole: return r.ordersSucceeded;
    case InitialStockRole: return r.initialStock;
    case ExpectedStockRole: return r.expectedStock;
    case FinalStockRole: return r.finalStock == kUnknown ? QVariant() : QVariant(r.finalStock);
    case OversoldRole: return r.oversold;
    case LostUpdatesRole: return r.lostUpdates;
    case ExclusionViolationsRole: return r.exclusionViolations;
    case ForeignReleasesRole: return r.foreignReleases;
    case ForeignRenewalsRole: return r.foreignRenewals;
    case ProblemsRole: return r.verdict.problems();
    case BrokeRole: return r.broke();
    case OutcomeRole: return int(r.verdict.severity());
    case BriefRole: return r.verdict.briefs().join(QStringLiteral(" \u00b7 "));
    case OrdersPerSecondRole: return r.ordersPerSecond;
    case LatencyP50Role: return r.latencyP50Ms;
    case LatencyP99Role: return r.latencyP99Ms;
    case RetriesRole: return r.retries;
    case NoteRole: return r.skipped.isEmpty() ? r.error : r.skippedText();
    default: return {};
    }
}

QHash<int, QByteArray> StressComparison::roleNames() const
{
    return {{NameRole, "name"},
            {TitleRole, "title"},
            {CorrectRole, "correct"},
            {StatusRole, "status"},
            {RowProgressRole, "rowProgress"},
            {OrdersTriedRole, "ordersTried"},
            {OrdersSucceededRole, "ordersSucceeded"},
            {InitialStockRole, "initialStock"},
            {ExpectedStockRole, "expectedStock"},
            {FinalStockRole, "finalStock"},
            {OversoldRole, "oversold"},
            {LostUpdatesRole, "lostUpdates"},
            {ExclusionViolationsRole, "exclusionViolations"},
            {ForeignReleasesRole, "foreignReleases"},
            {ForeignRenewalsRole, "foreignRenewals"},
            {ProblemsRole, "problems"},
            {BrokeRole, "broke"},
            {OutcomeRole, "outcome"},
            {BriefRole, "brief"},
            {OrdersPerSecondRole, "ordersPerSecond"},
            {LatencyP50Role, "latencyP50Ms"},
            {LatencyP99Role, "latencyP99Ms"},
            {RetriesRole, "retries"},
            {NoteRole, "note"}};
}

} // namespace lockstock
