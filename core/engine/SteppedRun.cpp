#include "SteppedRun.h"

#include "../redis/RedisError.h"

#include <algorithm>

namespace lockstock {

SteppedRun::SteppedRun(RunConfig config, const Strategy &strategy, RedisEndpoint endpoint, History &history)
    : Run(std::move(config), strategy, std::move(endpoint), history, ClockKind::Virtual)
{
}

SteppedRun::SteppedRun(RunConfig config, const Strategy &strategy, NodeSet &nodes, History &history)
    : Run(std::move(config), strategy, nodes, history, ClockKind::Virtual)
{
}

bool SteppedRun::finished() const
{
    return std::none_of(m_clients.begin(), m_clients.end(), hasMain);
}

QList<int> SteppedRun::activeClients() const
{
    QList<int> out;
    for (const ClientState &s : m_clients)
        if (hasMain(s))
            out << s.client->index();
    return out;
}

Actor *SteppedRun::earliest(bool backgroundOnly) const
{
    Actor *best = nullptr;
    for (const ClientState &s : m_clients)
        for (const auto &a : s.actors) {
            if (backgroundOnly && a->role() == ActorRole::Main)
                continue;
            // Ties go to the one that reached its server first (commands
            // held by a CLIENT PAUSE), then the lower client index, then the
            // main actor: stable and reproducible.
            const qint64 due = dueNs(*a);
            if (!best || due < dueNs(*best) || (due == dueNs(*best) && arrivesNs(*a) < arrivesNs(*best)))
                best = a.get();
        }
    return best;
}

Actor *SteppedRun::mainOf(int index) const
{
    if (index < 0 || index >= int(m_clients.size()))
        return nullptr;
    const auto &actors = m_clients[size_t(index)].actors;
    for (const auto &a : actors)
        if (a->role() == ActorRole::Main)
            return a.get();
    return actors.empty() ? nullptr : actors.front().get();
}

int SteppedRun::scriptedClient()
{
    const QStringList &script = config().interleaving;
    while (m_scriptPos < script.size()) {
        const QString name = script.at(m_scriptPos++);
        for (const ClientState &s : m_clients)
            if (QString::fromUtf8(s.client->name()) == name && !s.actors.empty())
                return s.client->index();
        // That client is done or dead: skip its turn.
    }
    return -1;
}

bool SteppedRun::stepActor(Actor &actor)
{
    waitUntil(dueNs(actor));
    if (shouldStop())
        return false;
    const bool more = step(stateOf(*actor.client()), actor);
    settleHistory();
    return more;
}

QString forkConflict(const RunConfig &from, const RunConfig &to)
{
    const auto names = [](const RunConfig &c) {
        QStringList out;
        for (const ClientSpec &s : c.clients)
            out << s.name;
        return out;
    };
    if (names(from) != names(to))
        return QStringLiteral("clients");
    if (from.stock != to.stock || from.quantity != to.quantity)
        return QStringLiteral("stock");
    if (from.ordersPerClient != to.ordersPerClient)
        return QStringLiteral("orders");
    for (qsizetype i = 0; i < from.clients.size(); ++i) {
        const ClientSpec &a = from.clients.at(i);
        const ClientSpec &b = to.clients.at(i);
        if (a.orders != b.orders || a.quantity != b.quantity)
            return QStringLiteral("orders");
    }
    if (from.nodes != to.nodes || from.needsPrivateServers() != to.needsPrivateServers())
        return QStringLiteral("servers");
    return {};
}

bool SteppedRun::stepClient(int index)
{
    const qint64 from = nowNs();
    const bool more = stepChosen(index);
    m_choices.append({index, from, nowNs()});
    return more;
}

bool SteppedRun::stepChosen(int index)
{
    if (shouldStop())
        return false;
    Actor *target = mainOf(index);
    if (!target)
        return !finished();
    // Background actors (watchdogs) due before the target keep their timing.
    while (Actor *bg = earliest(true)) {
        const qint64 due = dueNs(*bg);
        if (due > dueNs(*target) || (due == dueNs(*target) && arrivesNs(*bg) > arrivesNs(*target)) || bg == target)
            break;
        if (!stepActor(*bg))
            return false;
        target = mainOf(index);
        if (!target)
            return !finished();
    }
    return stepActor(*target) && !finished();
}

bool SteppedRun::stepNext()
{
    if (finished() || shouldStop())
        return false;
    const qint64 from = nowNs();
    const bool more = stepScheduled();
    m_choices.append({-1, from, nowNs()});
    return more;
}

bool SteppedRun::stepScheduled()
{
    switch (config().schedule) {
    case Schedule::Scripted:
        if (const int next = scriptedClient(); next >= 0)
            return stepChosen(next);
        break;
    case Schedule::Random: {
        if (!m_randomSeeded) {
            m_random.seed(quint32(config().seed));
            m_randomSeeded = true;
        }
        QList<Actor *> ready;
        const qint64 now = nowNs();
        for (const ClientState &s : m_clients)
            for (const auto &a : s.actors)
                if (a->readyNs <= now)
                    ready << a.get();
        if (!ready.isEmpty())
            return stepActor(*ready.at(qsizetype(m_random.bounded(quint32(ready.size())))));
        break;
    }
    case Schedule::Timed:
    case Schedule::Interactive:
        break;
    }
    Actor *next = earliest(false);
    return next && stepActor(*next) && !finished();
}

qint64 SteppedRun::nextDueNs() const
{
    const Actor *next = earliest(false);
    return next ? dueNs(*next) : -1;
}

void SteppedRun::advanceTo(qint64 ns)
{
    const qint64 due = nextDueNs();
    if (!shouldStop())
        waitUntil(due >= 0 ? std::min(ns, due) : ns);
    settleHistory();
}

void SteppedRun::replay(const QList<StepChoice> &choices, qint64 ns)
{
    // Those replayed already (a fork of a fork) are not made again.
    for (qsizetype i = m_choices.size(); i < choices.size() && !shouldStop(); ++i) {
        const StepChoice &c = choices.at(i);
        if (c.toNs > ns)
            break;
        // The clock where it stood for that call: a random pick sees who is ready by then.
        waitUntil(c.fromNs);
        if (c.client < 0)
            stepNext();
        else
            stepClient(c.client);
    }
    advanceTo(ns);
}

void SteppedRun::fork(const RunConfig &config, const Strategy &strategy)
{
    const bool newScript = config.interleaving != this->config().interleaving;
    const bool reseed = config.seed != this->config().seed;
    continueWith(config, strategy);
    if (newScript)
        m_scriptPos = 0;
    if (reseed)
        m_randomSeeded = false;
}

void SteppedRun::serverFaultsQueued()
{
    if (!clock().isVirtual())
        applyDueServerFaults();
}

void SteppedRun::runToEnd()
{
    while (stepNext()) {
    }
    close();
}

void SteppedRun::close()
{
    if (m_closed)
        return;
    m_closed = true;
    finish();
}

void SteppedRun::observe(Event &e)
{
    if (!config().probe)
        return;
    try {
        probe(&e);
    } catch (const RedisError &err) {
        fail(QString::fromStdString(err.what()));
    }
}

void SteppedRun::probe(Event *into)
{
    into->probe = readTruth();
    // With one server, watch for the lease to run out (waitUntil); lock
    // nodes are only read.
    const LockTruth *lock = hasNodes() ? nullptr : into->lock();
    m_lockValue = lock ? lock->value : QByteArray();
    m_lockExpiresNs = lock && lock->pttl >= 0 ? clock().expiryNs(0, lock->pttl) : -1;
}

void SteppedRun::waitUntil(qint64 ns)
{
    while (!shouldStop()) {
        applyDueServerFaults();
        const qint64 fault = nextServerFaultNs();
        const bool faultDue = fault >= 0 && fault <= ns;
        const bool expiryDue = m_lockExpiresNs >= 0 && m_lockExpiresNs <= ns;
        // Sentinels speak on their own time: listen while waiting.
        if (listensToSentinels()) {
            qint64 next = ns;
            if (faultDue)
                next = std::min(next, fault);
            if (expiryDue)
                next = std::min(next, m_lockExpiresNs);
            if (next - nowNs() > kSentinelListenNs) {
                advanceClock(nowNs() + kSentinelListenNs);
                continue;
            }
        }
        if (!expiryDue && !faultDue) {
            advanceClock(ns);
            return;
        }
        if (faultDue && (!expiryDue || fault <= m_lockExpiresNs)) {
            advanceClock(fault);
            continue;
        }
        // The lease should be over by then: ask Redis whether it really let go.
        advanceClock(m_lockExpiresNs);
        const QByteArray before = m_lockValue;
        Event e;
        e.tNs = nowNs();
        e.kind = EventKind::Expired;
        try {
            probe(&e);
        } catch (const RedisError &err) {
            fail(QString::fromStdString(err.what()));
            return;
        }
        if (m_lockValue != before) {
            e.token = before;
            e.note = QStringLiteral("Redis expired the lock of %1").arg(QString::fromUtf8(before));
            history().append(std::move(e));
        }
    }
}

} // namespace lockstock
