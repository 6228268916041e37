#include "StressRun.h"

#include "engine/LiveRun.h"
#include "engine/RedisChecks.h"
#include "redis/RedisError.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <chrono>
#include <future>

namespace lockstock {

QJsonObject StressWorkload::toJson() const
{
    return QJsonObject{
        {QStringLiteral("clients"), clients},
        {QStringLiteral("orders"), orders},
        {QStringLiteral("stock"), stock},
        {QStringLiteral("lease_ms"), leaseMs},
        {QStringLiteral("retry_ms"), retryMs},
        {QStringLiteral("work_ms"), workMs},
        {QStringLiteral("acquire_timeout_ms"), acquireTimeoutMs},
        {QStringLiteral("max_seconds"), maxSeconds},
        // Threads racing on the wall clock, whatever server they run on.
        {QStringLiteral("clock"), QLatin1String(nameOf(ClockKind::Real))},
    };
}

RunConfig stressConfig(const StressWorkload &w)
{
    RunConfig c;
    c.scenario = QStringLiteral("stress");
    for (int i = 0; i < w.clients; ++i)
        c.clients.append({.name = QStringLiteral("C%1").arg(i + 1),
                          .startMs = 0,
                          .orders = w.orders / w.clients + (i < w.orders % w.clients ? 1 : 0)});
    c.ordersPerClient = 0;
    c.stock = w.stock;
    c.leaseMs = w.leaseMs;
    c.retryMs = w.retryMs;
    c.workMs = w.workMs;
    c.acquireTimeoutMs = w.acquireTimeoutMs;
    c.maxRunMs = qint64(w.maxSeconds) * 1000;
    c.speed = 1.0;
    c.probe = false;
    c.keyPrefix = w.keyPrefix;
    c.interrupt = w.interrupt;
    return c;
}

namespace {
// Why `strategy` cannot run against `endpoint`; empty when it can. WAIT 1 on
// a server without replicas never succeeds, and a lock that is never
// released blocks every order after the first: each would wait out its
// acquire timeout until the run's time limit.
QString whyNotRunnable(const Strategy &strategy, const RedisEndpoint &endpoint)
{
    if (strategy.neverReleases)
        return QCoreApplication::translate("Stress", "never releases its lock: every order after the first would wait out its acquire timeout");
    if (!strategy.needsReplica)
        return {};
    try {
        RedisConnection c(endpoint);
        const QByteArray info = c.command({"INFO", "replication"}).bytes();
        static const QRegularExpression replicas(QStringLiteral("connected_slaves:(\\d+)"));
        const QRegularExpressionMatch m = replicas.match(QString::fromLatin1(info));
        if (m.hasMatch() && m.captured(1).toInt() == 0)
            return QString::fromLatin1(QT_TRANSLATE_NOOP("Stress", "needs a replica to acknowledge WAIT, and this Redis has none"));
    } catch (const RedisError &) {
        // The run itself says what is wrong with Redis.
    }
    return {};
}
} // namespace

StressResult runStress(const StressWorkload &workload, const Strategy &strategy, const RedisEndpoint &endpoint,
                       const StressProgress &progress)
{
    if (const QString why = whyNotRunnable(strategy, endpoint); !why.isEmpty()) {
        StressResult result;
        result.strategy = strategy.name;
        result.correct = strategy.correct;
        result.clients = workload.clients;
        result.skipped = why;
        return result;
    }
    const RunConfig config = stressConfig(workload);
    History history;
    history.setTallyRetries(true);
    QString error;
    bool refused = false;
    {
        // Real time, and hands off the server's clock: the window may have
        // a stepped run paused on the same server, whose time must not move.
        RedisEndpoint shared = endpoint;
        shared.clock.reset();
        LiveRun run(config, strategy, shared, history);
        try {
            run.prepare();
            std::future<void> done = std::async(std::launch::async, [&run] { run.runToEnd(); });
            while (done.wait_for(std::chrono::milliseconds(100)) != std::future_status::ready)
                if (progress)
                    progress(run.ordersFinished(), workload.orders);
            done.get();
            if (progress)
                progress(run.ordersFinished(), workload.orders);
            error = run.error();
        } catch (const RedisError &err) {
            error = QString::fromStdString(err.what());
            refused = dynamic_cast<const RedisRefusedError *>(&err) != nullptr;
        }
    }
    try {
        // After a failure Redis may be what failed: a second, not another full timeout.
        const int ms = error.isEmpty() ? config.commandTimeoutMs : std::min(config.commandTimeoutMs, 1000);
        RedisConnection cleanup(endpoint, {.connectTimeoutMs = ms, .commandTimeoutMs = ms});
        cleanup.command({"DEL", config.stockKey(), config.lockKey(), config.fenceKey(), config.fenceSeenKey(),
                         config.reservedKey(), config.appliedOrdersKey()});
    } catch (const RedisError &) {
        // Redis is gone, and the keys with it (or the error above says why).
    }

    // A run cut short by Ctrl-C or Cancel is not analysed to its end either.
    const std::shared_ptr<const RunAnalysis> analysis = analyze(history, workload.interrupt);
    StressResult result = summarize(*analysis, history.retryTallies());
    result.correct = strategy.correct;
    result.error = error;
    result.refused = refused || stoppedByRefusal(analysis->events);
    return result;
}

QList<StressResult> runStressComparison(const StressWorkload &workload, const QList<const Strategy *> &strategies,
                                        const RedisEndpoint &endpoint, const ComparisonProgress &progress,
                                        const ComparisonFinished &finished)
{
    QList<StressResult> results;
    for (int i = 0; i < strategies.size(); ++i) {
        if (workload.interrupt && workload.interrupt->load())
            break;
        StressProgress one;
        if (progress)
            one = [&progress, i](int done, int total) { progress(i, done, total); };
        results << runStress(workload, *strategies.at(i), endpoint, one);
        if (finished)
            finished(i, results.last());
    }
    return results;
}

} // namespace lockstock
