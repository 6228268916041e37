#include "StressRun.h"

#include "LiveRun.h"

#include "../redis/RedisError.h"

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
    return c;
}

StressResult runStress(const StressWorkload &workload, const Strategy &strategy, const RedisEndpoint &endpoint,
                       const StressProgress &progress)
{
    const RunConfig config = stressConfig(workload);
    History history;
    QString error;
    {
        LiveRun run(config, strategy, endpoint, history);
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
        }
    }
    try {
        RedisConnection cleanup(endpoint);
        cleanup.command({"DEL", config.stockKey(), config.lockKey(), config.fenceKey()});
    } catch (const RedisError &) {
        // Redis is gone, and the keys with it (or the error above says why).
    }

    const QList<Event> sorted = sortedEvents(history);
    StressResult result = summarize(history, sorted, check(history, sorted));
    result.correct = strategy.correct;
    result.error = error;
    return result;
}

} // namespace lockstock
