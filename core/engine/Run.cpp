#include "Run.h"

#include "../redis/RedisError.h"
#include "../redis/RedisScript.h"

#include <QThread>

namespace lockstock {

namespace {
// The order loop every client runs, whatever the strategy.
Task<void> clientMain(Client &c, const Strategy &strategy)
{
    const qint64 startMs = c.config().clients.value(c.index()).startMs;
    if (startMs > 0)
        co_await c.sleep(Step::Start, startMs);
    for (int i = 0; i < c.config().ordersPerClient; ++i) {
        c.setOrder(i);
        c.markOrderStart();
        const bool sold = co_await strategy.placeOrder(c);
        c.finishOrder(sold);
    }
}
} // namespace

Run::Run(RunConfig config, const Strategy &strategy, RedisEndpoint endpoint, History &history)
    : m_config(std::move(config))
    , m_strategy(strategy)
    , m_endpoint(std::move(endpoint))
    , m_history(history)
{
    RunInfo info;
    info.scenario = m_config.scenario;
    info.strategy = strategy.name;
    for (const ClientSpec &c : m_config.clients)
        info.clients << c.name;
    info.initialStock = m_config.stock;
    info.quantity = m_config.quantity;
    info.speed = m_config.speed;
    info.lockKey = m_config.lockKey();
    info.stockKey = m_config.stockKey();
    m_history.setInfo(info);
}

Run::~Run()
{
    // Actors reference their clients: destroy the coroutines first.
    for (ClientState &s : m_clients)
        s.actors.clear();
}

std::unique_ptr<RedisConnection> Run::connect(const Client &client, ActorRole role) const
{
    RedisConnection::Options options;
    options.commandTimeoutMs = m_config.commandTimeoutMs;
    options.clientName = "lockstock:" + client.name() + (role == ActorRole::Watchdog ? ":watchdog" : "");
    return std::make_unique<RedisConnection>(m_endpoint, options);
}

void Run::prepare()
{
    m_control = std::make_unique<RedisConnection>(
        m_endpoint, RedisConnection::Options{.connectTimeoutMs = 2000, .commandTimeoutMs = m_config.commandTimeoutMs,
                                             .clientName = "lockstock:observer"});
    for (const RedisScript *script : m_strategy.scripts) {
        const RedisValue r = m_control->command({"SCRIPT", "LOAD", script->source()});
        if (r.isError())
            throw RedisError("SCRIPT LOAD failed: " + r.bytes().toStdString());
    }
    m_control->command({"DEL", m_config.lockKey(), m_config.fenceKey()});
    m_control->command({"SET", m_config.stockKey(), QByteArray::number(m_config.stock)});

    m_clients.resize(size_t(m_config.clients.size()));
    for (int i = 0; i < int(m_clients.size()); ++i) {
        ClientState &s = m_clients[size_t(i)];
        s.client = std::make_unique<Client>(*this, m_config, i);
        s.faultUsed.assign(size_t(m_config.faults.size()), false);
    }
    m_clock.start();
    for (ClientState &s : m_clients)
        spawn(*s.client, ActorRole::Main, clientMain(*s.client, m_strategy));
}

void Run::spawn(Client &client, ActorRole role, Task<void> body)
{
    ClientState &s = stateOf(client);
    auto actor = std::make_unique<Actor>(&client, role, std::move(body));
    actor->connection = connect(client, role);
    actor->readyNs = nowNs();
    Actor &a = *actor;
    s.actors.push_back(std::move(actor));
    // Run up to its first operation so the schedule can see what it wants.
    a.resume();
    afterResume(s, a);
}

void Run::cancel(Client &client, ActorRole role)
{
    auto &actors = stateOf(client).actors;
    std::erase_if(actors, [role](const std::unique_ptr<Actor> &a) { return a->role() == role; });
}

void Run::orderFinished(Client &client, bool success, const QString &note)
{
    Event e;
    e.tNs = nowNs();
    e.client = client.index();
    e.order = client.order();
    e.kind = EventKind::Order;
    e.success = success;
    e.holds = client.holdsLock();
    e.token = client.token();
    e.note = note;
    record(std::move(e));
}

QString Run::error() const
{
    QMutexLocker locker(&m_errorLock);
    return m_error;
}

void Run::fail(const QString &message)
{
    {
        QMutexLocker locker(&m_errorLock);
        if (!m_error.isEmpty())
            return;
        m_error = message;
    }
    Event e;
    e.tNs = nowNs();
    e.kind = EventKind::Error;
    e.note = message;
    record(std::move(e));
    m_stopRequested = true;
}

bool Run::shouldStop() const
{
    return m_stopRequested.load(std::memory_order_relaxed) || interrupted();
}

bool Run::interrupted() const
{
    return m_config.interrupt && m_config.interrupt->load(std::memory_order_relaxed);
}

void Run::sleepUntil(qint64 ns) const
{
    const qint64 wait = ns - nowNs();
    if (wait > 0)
        QThread::usleep(quint64(wait / 1000));
}

bool Run::step(ClientState &state, Actor &actor)
{
    if (shouldStop())
        return false;
    if (nowNs() > m_config.realNs(m_config.maxRunMs)) {
        fail(QStringLiteral("stopped: the run took longer than %1 s of scenario time")
                 .arg(m_config.maxRunMs / 1000));
        return false;
    }
    const Operation op = actor.pending();
    Client &client = *actor.client();
    if (op.kind != Operation::Kind::Command) {
        actor.resume();                         // a sleep is over
        afterResume(state, actor);
        return true;
    }

    Event e;
    e.client = client.index();
    e.order = client.order();
    e.role = actor.role();
    e.step = op.step;
    e.sourceFile = op.file;
    e.sourceLine = op.line;
    e.tNs = nowNs();
    RedisValue reply;
    try {
        reply = actor.connection->command(op.argv);
    } catch (const RedisError &err) {
        e.durationNs = nowNs() - e.tNs;
        e.kind = EventKind::Error;
        e.argv = op.argv;
        e.note = QString::fromStdString(err.what());
        record(std::move(e));
        fail(QStringLiteral("client %1: %2").arg(QString::fromUtf8(client.name()), QString::fromStdString(err.what())));
        return false;
    }
    e.durationNs = nowNs() - e.tNs;
    e.argv = op.argv;
    e.reply = reply;
    actor.resume(std::move(reply));
    e.holds = client.holdsLock();
    e.token = client.token();
    observe(e);
    record(std::move(e));
    afterResume(state, actor);                  // may destroy a finished actor
    applyFaults(state, op.step);
    return !shouldStop();
}

void Run::afterResume(ClientState &state, Actor &actor)
{
    if (actor.finished()) {
        try {
            actor.rethrowFailure();
        } catch (const std::exception &err) {
            fail(QStringLiteral("client %1 failed: %2").arg(QString::fromUtf8(actor.client()->name()), QString::fromUtf8(err.what())));
        }
        std::erase_if(state.actors, [&actor](const std::unique_ptr<Actor> &a) { return a.get() == &actor; });
        return;
    }
    const Operation &next = actor.pending();
    if (next.kind == Operation::Kind::Sleep) {
        Event e;
        e.tNs = nowNs();
        e.durationNs = next.sleepNs;
        e.client = actor.client()->index();
        e.order = actor.client()->order();
        e.kind = EventKind::Sleep;
        e.role = actor.role();
        e.step = next.step;
        e.sourceFile = next.file;
        e.sourceLine = next.line;
        e.holds = actor.client()->holdsLock();
        e.token = actor.client()->token();
        record(std::move(e));
        actor.readyNs = nowNs() + next.sleepNs;
    } else {
        actor.readyNs = nowNs();
    }
}

void Run::applyFaults(ClientState &state, Step step)
{
    const Client &client = *state.client;
    for (qsizetype i = 0; i < m_config.faults.size(); ++i) {
        const Fault &f = m_config.faults.at(i);
        if (state.faultUsed[size_t(i)] || f.after != step || f.client.toUtf8() != client.name()
            || (f.order >= 0 && f.order != client.order()))
            continue;
        state.faultUsed[size_t(i)] = true;
        Event e;
        e.tNs = nowNs();
        e.client = client.index();
        e.order = client.order();
        e.step = step;
        e.token = client.token();
        if (f.action == Fault::Action::Crash) {
            // The process dies: its coroutines and connections go with it.
            e.kind = EventKind::Crash;
            e.note = QStringLiteral("crashed after %1").arg(QString::fromLatin1(stepName(step)));
            state.actors.clear();
            state.crashed = true;
        } else {
            // The whole process freezes, watchdog included (a GC pause).
            e.kind = EventKind::Pause;
            e.durationNs = m_config.realNs(f.pauseMs);
            e.holds = client.holdsLock();
            e.note = QStringLiteral("paused for %1 ms after %2").arg(f.pauseMs).arg(QString::fromLatin1(stepName(step)));
            const qint64 wake = nowNs() + e.durationNs;
            for (auto &a : state.actors)
                a->readyNs = std::max(a->readyNs, wake);
        }
        record(std::move(e));
    }
}

void Run::finish()
{
    if (interrupted())
        fail(QStringLiteral("interrupted"));
    qint64 finalStock = kUnknown;
    try {
        long long v = 0;
        if (m_control->command({"GET", m_config.stockKey()}).readInteger(v))
            finalStock = v;
    } catch (const RedisError &err) {
        fail(QString::fromStdString(err.what()));
    }
    m_history.finish(finalStock, nowNs());
}

qint64 Run::removeKeys(RedisConnection &connection, const QByteArray &prefix)
{
    if (prefix.isEmpty())
        return 0; // never sweep a whole server
    qint64 removed = 0;
    QByteArray cursor = "0";
    do {
        const RedisValue page = connection.command({"SCAN", cursor, "MATCH", prefix + '*', "COUNT", "500"});
        if (!page.isArray() || page.items().size() != 2)
            break;
        cursor = page.items().at(0).bytes();
        Argv unlink{"UNLINK"};
        for (const RedisValue &key : page.items().at(1).items())
            unlink << key.bytes();
        if (unlink.size() > 1)
            removed += connection.command(unlink).toInteger();
    } while (cursor != "0");
    return removed;
}

} // namespace lockstock
