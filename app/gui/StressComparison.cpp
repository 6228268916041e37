#include "StressComparison.h"

#include "engine/Strategy.h"

namespace lockstock {

namespace {
// A comparison is a classroom demonstration: no single run may hold it up.
constexpr int kMaxSecondsPerStrategy = 20;

int problems(const StressResult &r)
{
    return int(r.oversold + r.lostUpdates) + r.exclusionViolations + r.foreignReleases;
}
} // namespace

StressComparison::StressComparison(const RedisTarget *target, QObject *parent)
    : QAbstractListModel(parent)
    , m_target(target)
{
    for (const Strategy *s : allStrategies())
        m_rows.append({s});
}

StressComparison::~StressComparison()
{
    m_cancel = true;
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

int StressComparison::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
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
    case CorrectRole: return row.strategy->correct;
    case DoneRole: return row.done;
    case BrokeRole: return r.broke();
    case ProblemsRole: return problems(r);
    case OversoldRole: return r.oversold;
    case LostUpdatesRole: return r.lostUpdates;
    case OverlapsRole: return r.exclusionViolations;
    case ForeignReleasesRole: return r.foreignReleases;
    case SucceededRole: return r.ordersSucceeded;
    case TriedRole: return r.ordersTried;
    case FinalStockRole: return r.finalStock == kUnknown ? QVariant() : QVariant(r.finalStock);
    case ExpectedStockRole: return r.expectedStock;
    case ThroughputRole: return r.ordersPerSecond;
    case P50Role: return r.latencyP50Ms;
    case P99Role: return r.latencyP99Ms;
    case RetriesRole: return r.retries;
    case ErrorRole: return r.error;
    case NotRunRole: return r.notRun;
    }
    return {};
}

QHash<int, QByteArray> StressComparison::roleNames() const
{
    return {
        {NameRole, "name"},
        {CorrectRole, "correct"},
        {DoneRole, "done"},
        {BrokeRole, "broke"},
        {ProblemsRole, "problems"},
        {OversoldRole, "oversold"},
        {LostUpdatesRole, "lostUpdates"},
        {OverlapsRole, "overlaps"},
        {ForeignReleasesRole, "foreignReleases"},
        {SucceededRole, "succeeded"},
        {TriedRole, "tried"},
        {FinalStockRole, "finalStock"},
        {ExpectedStockRole, "expectedStock"},
        {ThroughputRole, "throughput"},
        {P50Role, "p50"},
        {P99Role, "p99"},
        {RetriesRole, "retries"},
        {ErrorRole, "error"},
        {NotRunRole, "notRun"},
    };
}

double StressComparison::maxThroughput() const
{
    double most = 0;
    for (const Row &row : m_rows)
        most = std::max(most, row.result.ordersPerSecond);
    return most;
}

int StressComparison::maxProblems() const
{
    int most = 0;
    for (const Row &row : m_rows)
        most = std::max(most, problems(row.result));
    return most;
}

int StressComparison::finishedCount() const
{
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(), [](const Row &row) { return row.done; }));
}

void StressComparison::start(int clients, int orders, int stock)
{
    if (m_thread)
        return;
    if (!m_target) {
        setError(tr("Redis is not reachable: nothing to stress"));
        return;
    }
    setError({});
    beginResetModel();
    for (Row &row : m_rows)
        row = {row.strategy};
    endResetModel();
    emit resultsChanged();

    StressWorkload w;
    w.clients = std::clamp(clients, 1, 200);
    w.orders = std::max(orders, w.clients);
    w.stock = std::max(stock, 0);
    w.maxSeconds = kMaxSecondsPerStrategy;
    // Apart from the keys of the runs the window shows, which may go on meanwhile.
    w.keyPrefix = m_target->keyPrefix() + "stress:";
    const RedisEndpoint endpoint = m_target->endpoint();
    QList<const Strategy *> strategies;
    for (const Row &row : std::as_const(m_rows))
        strategies << row.strategy;

    m_cancel = false;
    m_thread = QThread::create([this, w, endpoint, strategies] {
        for (int i = 0; i < strategies.size() && !m_cancel; ++i) {
            const auto progress = [this, i](int done, int total) {
                QMetaObject::invokeMethod(this, [this, i, done, total] { report(i, done, total); }, Qt::QueuedConnection);
            };
            progress(0, w.orders);
            const StressResult r = runStress(w, *strategies.at(i), endpoint, progress);
            QMetaObject::invokeMethod(this, [this, i, r] { store(i, r); }, Qt::QueuedConnection);
        }
    });
    connect(m_thread, &QThread::finished, this, &StressComparison::end);
    m_thread->start();
    emit runningChanged();
}

void StressComparison::cancel()
{
    m_cancel = true;
}

void StressComparison::setError(const QString &error)
{
    if (error == m_error)
        return;
    m_error = error;
    emit errorChanged();
}

void StressComparison::report(int row, int ordersDone, int ordersTotal)
{
    m_current = m_rows.at(row).strategy->name;
    m_progress = (row + double(ordersDone) / std::max(1, ordersTotal)) / double(m_rows.size());
    emit progressChanged();
}

void StressComparison::store(int row, const StressResult &result)
{
    m_rows[row].done = true;
    m_rows[row].result = result;
    emit dataChanged(index(row), index(row));
    emit resultsChanged();
}

void StressComparison::end()
{
    // Queued after the last result: every store() has run.
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    m_current.clear();
    m_progress = finishedCount() == m_rows.size() ? 1.0 : m_progress;
    emit progressChanged();
    emit runningChanged();
    emit finished();
}

} // namespace lockstock
