#include "ScheduleRunner.h"

#include "analysis/RunAnalysis.h"
#include "engine/NodeSet.h"
#include "engine/RedisTarget.h"
#include "engine/SteppedRun.h"
#include "redis/RedisError.h"

#include <QCoreApplication>

#include <algorithm>

namespace lockstock {

Severity Outcome::severity() const
{
    Severity worst = Severity::Clean;
    for (const auto &[kind, severity] : findings)
        worst = std::max(worst, severity);
    return worst;
}

QList<FindingKind> Outcome::failures() const
{
    QList<FindingKind> out;
    for (const auto &[kind, severity] : findings)
        if (severity == Severity::Broken)
            out << kind;
    return out;
}

QString Outcome::key() const
{
    if (!error.isEmpty())
        return QStringLiteral("stopped: ") + error;
    QStringList parts{finalStock == kUnknown ? QStringLiteral("stock ?") : QStringLiteral("stock %1").arg(finalStock)};
    for (const auto &[kind, severity] : findings)
        parts << QString::fromLatin1(nameOf(kind));
    return parts.join(QStringLiteral(" · "));
}

QString Outcome::text() const
{
    if (!error.isEmpty())
        return QCoreApplication::translate("Explore", "stopped: %1").arg(error);
    QStringList parts{finalStock == kUnknown ? QCoreApplication::translate("Explore", "stock unknown")
                                             : QCoreApplication::translate("Explore", "stock %1").arg(finalStock)};
    for (const Finding &f : verdict)
        parts << f.brief();
    return parts.join(QStringLiteral(" · "));
}

Outcome outcomeOf(const History &history, const QString &error)
{
    Outcome out;
    out.error = error;
    if (!error.isEmpty())
        return out;
    const std::shared_ptr<const RunAnalysis> analysis = analyze(history);
    out.finalStock = analysis->finalStock;
    out.verdict = analysis->verdict.findings;
    for (const Finding &f : analysis->verdict.findings) {
        const auto same = std::find_if(out.findings.begin(), out.findings.end(),
                                       [&f](const auto &k) { return k.first == f.kind; });
        if (same == out.findings.end())
            out.findings.append({f.kind, f.severity});
        else
            same->second = std::max(same->second, f.severity);
    }
    return out;
}

QStringList Execution::interleaving(const RunConfig &config) const
{
    QStringList out;
    for (const ScheduledStep &s : steps)
        out << config.clients.value(s.client).name;
    return out;
}

int Execution::choicePoints() const
{
    return int(std::count_if(steps.begin(), steps.end(), [](const ScheduledStep &s) { return s.enabled.size() > 1; }));
}

int ReplayChooser::choose(qsizetype depth, const QList<int> &enabled, int timed)
{
    const int client = m_clients.value(depth, -1);
    return enabled.contains(client) ? client : timed;
}

qint64 waitingSlackNs(const RunConfig &config)
{
    qint64 ms = config.rttMs;
    for (const ClientSpec &c : config.clients)
        ms = std::max(ms, c.rttMs);
    for (const qint64 node : config.nodes.rttMs)
        ms = std::max(ms, node);
    return 2 * ms * 1'000'000;
}

ReadyClients readyClients(const SteppedRun &run, const QList<qint64> &lastRanNs, qint64 slackNs)
{
    const QList<SteppedRun::Turn> turns = run.turns();
    const auto waiting = [&](const SteppedRun::Turn &t) {
        return t.sleeping || t.dueNs > lastRanNs.value(t.client) + slackNs;
    };
    qint64 firstWake = std::numeric_limits<qint64>::max();
    for (const SteppedRun::Turn &t : turns)
        if (waiting(t))
            firstWake = std::min(firstWake, t.dueNs);
    ReadyClients out;
    const SteppedRun::Turn *timed = nullptr;
    const auto before = [](const SteppedRun::Turn &a, const SteppedRun::Turn &b) {
        return a.dueNs != b.dueNs ? a.dueNs < b.dueNs : a.arrivesNs < b.arrivesNs;
    };
    for (const SteppedRun::Turn &t : turns)
        if (waiting(t))
            out.waiting << t.client;
    for (const SteppedRun::Turn &t : turns)
        if (!waiting(t) && t.dueNs <= firstWake) {
            out.enabled << t.client;
            if (!timed || before(t, *timed))
                timed = &t;
        }
    if (out.enabled.isEmpty()) {
        for (const SteppedRun::Turn &t : turns)
            if (!timed || before(t, *timed))
                timed = &t;
        if (timed)
            out.enabled << timed->client;
        out.woke = true;
    }
    out.timed = timed ? timed->client : -1;
    return out;
}

ScheduleRunner::ScheduleRunner(const RunConfig &config)
{
    if (!config.needsPrivateServers())
        m_server = RedisTarget::startPrivate();
}

ScheduleRunner::~ScheduleRunner() = default;

Execution ScheduleRunner::run(const RunConfig &config, const Strategy &strategy, Chooser &chooser, History *history,
                              const std::atomic<bool> *stop)
{
    Execution out;
    History own;
    History &h = history ? *history : own;
    std::unique_ptr<NodeSet> nodes;
    std::unique_ptr<SteppedRun> run;
    QString error;
    try {
        if (config.needsPrivateServers()) {
            nodes = std::make_unique<NodeSet>(config.nodes);
            run = std::make_unique<SteppedRun>(config, strategy, *nodes, h);
        } else {
            if (!m_server)
                m_server = RedisTarget::startPrivate();
            run = std::make_unique<SteppedRun>(config, strategy, m_server->endpoint(), h);
            run->shareConnections(m_connections);
        }
        run->prepare();
    } catch (const RedisError &err) {
        out.complete = true;
        out.outcome.error = QString::fromStdString(err.what());
        return out;
    }
    const qint64 slack = waitingSlackNs(config);
    QList<qint64> lastRan(config.clients.size(), 0);
    FootprintReader reader;
    ReadyClients ready = readyClients(*run, lastRan, slack);
    bool stopped = false;
    while (!run->finished() && !run->failed()) {
        if (stop && stop->load(std::memory_order_relaxed)) {
            stopped = true;
            break;
        }
        const qsizetype depth = out.steps.size();
        const int client = chooser.choose(depth, ready.enabled, ready.timed);
        if (client < 0) {
            stopped = true;
            break;
        }
        const qsizetype before = h.size();
        run->stepClient(client);
        lastRan[client] = run->nowNs();
        ScheduledStep step{client, ready.enabled, ready.woke, reader.read(h.eventsSince(before))};
        const ReadyClients next = run->finished() ? ReadyClients{} : readyClients(*run, lastRan, slack);
        // A wake moves the clock for all; a client that starts to wait may
        // keep others from going before it wakes.
        if (ready.woke || next.waiting.contains(client))
            step.footprint.clock = true;
        out.steps << step;
        chooser.stepped(depth, out.steps.last());
        ready = next;
    }
    if (stopped)
        return out;
    run->close();
    out.complete = true;
    out.outcome = outcomeOf(h, run->error());
    return out;
}

} // namespace lockstock
