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

QList<SteppedRun::Turn> SteppedRun::turns() const
{
    QList<Turn> out;
    for (const ClientState &s : m_clients)
        if (hasMain(s)) {
            const Actor &main = *mainOf(s.client->index());
            out.append({s.client->index(), main.pending().kind == Operation::Kind::Sleep, dueNs(main), arrivesNs(main)});
        }
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
    const ClientState &state = m_clients[size_t(index)];
    if (Actor *main = mainActor(state))
        return main;
    return state.actors.empty() ? nullptr : state.actors.front().get();
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
    advancePresent();
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
    // Waiting for its start offset is the engine's, not a step of the
    // client's code: the press goes on to the client's first operation.
    const Operation &op = target->pending();
    const bool joining = op.kind == Operation::Kind::Sleep && op.step == Step::Start;
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
    if (!stepActor(*target) || finished())
        return false;
    return joining ? stepChosen(index) : true;
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
        if (!m_random)
            m_random.emplace(quint32(config().seed));
        QList<Actor *> ready;
        const qint64 now = nowNs();
        for (const ClientState &s : m_clients)
            for (const auto &a : s.actors)
                if (a->readyNs <= now)
                    ready << a.get();
        if (!ready.isEmpty())
            return stepActor(*ready.at(qsizetype(m_random->bounded(quint32(ready.size())))));
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
    advancePresent();
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
        m_random.reset();
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
    // Watch every lock node's lease for the moment it runs out (waitUntil).
    const QList<LockTruth> &locks = into->probe->locks;
    m_leases.resize(locks.size());
    for (qsizetype n = 0; n < locks.size(); ++n) {
        const LockTruth &lock = locks.at(n);
        if (lock.pttl == kUnknown) {
            // The node did not answer: what it holds is unknown, not gone.
            m_leases[n].expiresNs = -1;
            continue;
        }
        const qint64 expires = lock.pttl >= 0 ? clock().expiryNs(int(n), lock.pttl) : -1;
        // Looked at when it was due and still there (a node whose clock lags):
        // the next step's probe sets it again.
        m_leases[n] = {lock.value, expires > clock().nowNs() ? expires : -1};
    }
}

qint64 SteppedRun::nextExpiryNs() const
{
    qint64 next = -1;
    for (const Lease &l : m_leases)
        if (l.expiresNs >= 0 && (next < 0 || l.expiresNs < next))
            next = l.expiresNs;
    return next;
}

void SteppedRun::waitUntil(qint64 ns)
{
    while (!shouldStop()) {
        applyDueServerFaults();
        const qint64 fault = nextServerFaultNs();
        const qint64 expiry = nextExpiryNs();
        const bool faultDue = fault >= 0 && fault <= ns;
        const bool expiryDue = expiry >= 0 && expiry <= ns;
        // Sentinels speak on their own time: listen while waiting.
        if (listensToSentinels()) {
            qint64 next = ns;
            if (faultDue)
                next = std::min(next, fault);
            if (expiryDue)
                next = std::min(next, expiry);
            if (next - nowNs() > kSentinelListenNs) {
                advanceClock(nowNs() + kSentinelListenNs);
                continue;
            }
        }
        if (!expiryDue && !faultDue) {
            advanceClock(ns);
            return;
        }
        if (faultDue && (!expiryDue || fault <= expiry)) {
            advanceClock(fault);
            continue;
        }
        // A lease should be over by then: ask Redis whether it really let go,
        // and record it at that instant, on each node that did.
        advanceClock(expiry);
        const QList<Lease> before = m_leases;
        Event e;
        e.tNs = nowNs();
        e.kind = EventKind::Expired;
        try {
            probe(&e);
        } catch (const RedisError &err) {
            fail(QString::fromStdString(err.what()));
            return;
        }
        for (qsizetype n = 0; n < before.size() && n < m_leases.size(); ++n) {
            const QByteArray &token = before.at(n).value;
            if (token.isEmpty() || m_leases.at(n).value == token)
                continue;
            Event expired = e;
            expired.node = quint8(n);
            expired.token = token;
            expired.note = QStringLiteral("Redis expired the lock of %1").arg(QString::fromUtf8(token));
            history().append(std::move(expired));
        }
        advancePresent();
    }
}

} // namespace lockstock
