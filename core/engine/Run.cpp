#include "Run.h"

#include "NodeSet.h"
#include "RedisChecks.h"
#include "Wakeup.h"

#include "../redis/CommandAccess.h"
#include "../redis/RedisError.h"
#include "../redis/RedisScript.h"

#include <QVarLengthArray>

#include <algorithm>
#include <optional>

namespace lockstock {

namespace {
// The order loop every client runs, whatever the strategy.
// `strategy` is the run's: a fork may change it between two orders.
// `again` >= 0: a fork begins that order again, which had done nothing yet
// (its start offset waited out, its start time kept).
Task<void> clientMain(Client &c, const Strategy *const &strategy, int again = -1)
{
    const ClientSpec spec = c.config().clients.value(c.index());
    if (again < 0 && spec.startMs > 0)
        co_await c.sleep(Step::Start, spec.startMs);
    const int orders = spec.orders >= 0 ? spec.orders : c.config().ordersPerClient;
    for (int i = std::max(0, again); i < orders; ++i) {
        c.setOrder(i);
        if (i != again)
            c.markOrderStart();
        const bool sold = co_await strategy->placeOrder(c);
        c.finishOrder(sold);
    }
}
// Sends argv on `connection`, opening it with `open` when there is none. A
// connection the server closed (a restart, CLIENT KILL) is opened again once,
// as client libraries do; a timeout is not retried. Throws RedisError.
template <class Open, class Use>
auto usingReopeningOnce(std::unique_ptr<RedisConnection> &connection, const Open &open, const Use &use)
{
    for (int attempt = 0;; ++attempt) {
        const bool fresh = !connection;
        try {
            if (fresh)
                connection = open();
            return use(*connection);
        } catch (const RedisError &err) {
            connection.reset(); // a failed hiredis context cannot be used again
            const bool closed = dynamic_cast<const RedisConnectionError *>(&err)
                && !dynamic_cast<const RedisTimeoutError *>(&err);
            if (!closed || fresh || attempt > 0)
                throw;
        }
    }
}

// What a probe of one server reads: the lock's value and its expiry, the stock.
QList<Argv> truthReads(const RunInfo &info)
{
    return {{"MGET", info.lockKey, info.stockKey}, {"PTTL", info.lockKey}};
}

// The stock a reply holds (GET's, or the value a SET wrote); kUnknown when it is no integer.
qint64 stockFrom(const RedisValue &value)
{
    long long stock = 0;
    return value.readInteger(stock) ? stock : kUnknown;
}

LockTruth lockFrom(const RedisValue &value, const RedisValue &ttl)
{
    return LockTruth{value.isString() ? value.bytes() : QByteArray(), ttl.isInteger() ? ttl.toInteger() : kUnknown};
}

// What the one server holds, from the replies to truthReads(); `owners` reads a reentrant lock's hash
// {owner: hold count}, whose owner is the value.
struct ServerTruth {
    std::shared_ptr<Probe> probe;
    bool lockLasts = false;   // no lock, or one without an expiry
};
template <class Owners>
ServerTruth truthOfServer(const QList<RedisValue> &r, const Owners &owners)
{
    ServerTruth out{std::make_shared<Probe>()};
    const RedisValue &lockTtl = r.at(1);
    const QList<RedisValue> &values = r.at(0).items();
    const RedisValue lock = values.value(0);
    out.probe->locks << lockFrom(lock, lockTtl);
    // MGET answers nil for a key that is there but not a string.
    if (lock.isNil() && lockTtl.isInteger() && lockTtl.toInteger() != -2) {
        const RedisValue keys = owners();
        out.probe->locks.last().value = keys.items().isEmpty() ? QByteArray() : keys.items().first().bytes();
    }
    out.probe->stock = stockFrom(values.value(1));
    out.lockLasts = lockTtl.isInteger() && (lockTtl.toInteger() == -1 || lockTtl.toInteger() == -2);
    return out;
}

// Whether the reply to `argv` says what the stock holds after it: a SET of
// the stock without options (OK: the value it set, without an expiry), or an
// INCR, DECR, INCRBY or DECRBY of it (the value it answers).
bool answersStock(const Argv &argv, const QByteArray &stockKey)
{
    if (argv.size() < 2 || argv.size() > 3 || argv.at(1) != stockKey)
        return false;
    const auto is = [&argv](const char *name) { return argv.first().compare(name, Qt::CaseInsensitive) == 0; };
    return argv.size() == 3 ? is("SET") || is("INCRBY") || is("DECRBY") : is("INCR") || is("DECR");
}

// The stock after a command that answersStock() answered `reply`; none when
// the reply is not a success's (the stock is then read).
std::optional<qint64> stockAnswered(const Argv &argv, const RedisValue &reply)
{
    if (argv.first().compare("SET", Qt::CaseInsensitive) != 0)
        return reply.isInteger() ? std::optional<qint64>(reply.toInteger()) : std::nullopt;
    if (reply.type() != RedisValue::Type::Status || reply.bytes() != "OK")
        return std::nullopt;
    return stockFrom(RedisValue::string(argv.at(2)));
}

template <class Open>
RedisValue sendReopeningOnce(std::unique_ptr<RedisConnection> &connection, const Open &open, const Argv &argv)
{
    return usingReopeningOnce(connection, open, [&argv](RedisConnection &c) { return c.command(argv); });
}

// An operation that talks to Redis, not a sleep.
bool isCommand(const Operation &op)
{
    return op.kind == Operation::Kind::Command || op.kind == Operation::Kind::Fanout;
}

// A lock attempt that changed nothing in Redis: someone else held the lock.
bool isFutileAcquire(const Event &e)
{
    return e.kind == EventKind::Command && e.step == Step::Acquire && !e.holds
        && (e.reply.isNil() || (e.reply.isInteger() && e.reply.toInteger() == 0));
}

// The figure a Server event keeps of its fault (Event::amount).
qint32 faultAmount(const ServerFault &fault, const NodeSpec &nodes)
{
    switch (fault.action) {
    case ServerFault::Action::ClockJump: return qint32(fault.jumpMs);
    case ServerFault::Action::ClockDrift: return qint32(qRound(fault.rate * 1000));
    case ServerFault::Action::ClientPause: return qint32(fault.delayMs);
    case ServerFault::Action::FillMemory: return qint32(nodes.maxMemory / 1024);
    default: return 0;
    }
}

// Virtual time needs servers whose clock the run owns.
ClockKind possibleClock(ClockKind wanted, const RedisEndpoint &endpoint, const RunConfig &config)
{
    // Sentinel acts on its own event loop by the wall clock: frozen, it
    // never sees the master go; moved in a step, it takes the step for
    // silence (a false +sdown) or, past 2 s, for a clock fault (+tilt, 30 s
    // of doing nothing). Its scenarios run on the real clock.
    // So do the gossip and the failovers of a cluster's bus.
    return endpoint.clock && !config.nodes.ownTimers() ? wanted : ClockKind::Real;
}

// WAIT numreplicas timeout: the arguments, or false for another command.
bool readWait(const Argv &argv, qint64 *replicas, qint64 *timeoutMs)
{
    if (argv.size() != 3 || argv.first().compare("WAIT", Qt::CaseInsensitive) != 0)
        return false;
    bool okReplicas = false;
    bool okTimeout = false;
    *replicas = argv.at(1).toLongLong(&okReplicas);
    *timeoutMs = argv.at(2).toLongLong(&okTimeout);
    return okReplicas && okTimeout;
}
} // namespace

Run::Run(RunConfig config, const Strategy &strategy, NodeSet &nodes, History &history, ClockKind clock)
    : Run(std::move(config), strategy, nodes.endpoint(nodes.storeIndex()), history, clock)
{
    m_nodes = &nodes;
    m_endpoints.clear();
    for (int i = 0; i < nodes.serverCount(); ++i)
        m_endpoints << nodes.endpoint(i);
    m_info.nodes = nodes.names();
    m_history.setInfo(m_info);
}

RunInfo makeRunInfo(const RunConfig &config, const Strategy &strategy, ClockKind clock)
{
    RunInfo info;
    info.scenario = config.scenario;
    info.strategy = strategy.name;
    for (const ClientSpec &c : config.clients) {
        info.clients << c.name;
        info.orders << (c.orders >= 0 ? c.orders : config.ordersPerClient);
    }
    info.initialStock = config.stock;
    info.quantity = config.quantity;
    for (int c = 0; c < config.clients.size(); ++c)
        if (config.quantityOf(c) != config.quantity) {
            for (int i = 0; i < config.clients.size(); ++i)
                info.quantities << config.quantityOf(i);
            break;
        }
    info.clock = clock;
    info.speed = clock == ClockKind::Virtual ? 1.0 : config.speed;
    info.leaseMs = config.leaseMs;
    info.brokenSide = !config.correctSide.value_or(strategy.correct);
    info.weakness = strategy.weakness;
    // Known before the servers start, so a window can show the run from its first event.
    if (config.needsPrivateServers())
        info.nodes = NodeSet::namesFor(config.nodes);
    info.replicated = config.nodes.kind == NodeSpec::Kind::Replicated || config.nodes.kind == NodeSpec::Kind::Cluster;
    info.shards = config.nodes.shards();
    info.lockKey = config.lockKey();
    info.stockKey = config.stockKey();
    return info;
}

Run::Run(RunConfig config, const Strategy &strategy, RedisEndpoint endpoint, History &history, ClockKind clock)
    : m_config(std::move(config))
    , m_strategy(&strategy)
    , m_info(makeRunInfo(m_config, strategy, possibleClock(clock, endpoint, m_config)))
    , m_endpoints{endpoint}
    , m_history(history)
    , m_clock(m_info.clock, endpoint.clock)
{
    m_history.setInfo(m_info);
    if (m_clock.isVirtual())
        m_history.advancePresent(0);
}

Run::~Run()
{
    if (m_pool)
        returnConnections();
    // Actors reference their clients: destroy the coroutines first.
    for (ClientState &s : m_clients)
        s.actors.clear();
}

void Run::returnConnections()
{
    const auto give = [this](std::vector<std::unique_ptr<RedisConnection>> &connections) {
        for (std::unique_ptr<RedisConnection> &c : connections)
            m_pool->give(std::move(c));
    };
    for (ClientState &s : m_clients) {
        // A crashed process's connections closed with it.
        if (s.crashed)
            continue;
        for (const std::unique_ptr<Actor> &a : s.actors)
            give(a->connections);
        for (std::vector<std::unique_ptr<RedisConnection>> &parked : s.parked)
            give(parked);
    }
    give(m_observers);
    m_pool->give(std::move(m_control));
}

std::unique_ptr<RedisConnection> Run::open(int server, const RedisConnection::Options &options) const
{
    const RedisEndpoint &endpoint = m_endpoints.at(server);
    return m_pool ? m_pool->take(endpoint, options) : std::make_unique<RedisConnection>(endpoint, options);
}

std::unique_ptr<RedisConnection> Run::connect(const Client &client, ActorRole role, int server) const
{
    RedisConnection::Options options;
    options.commandTimeoutMs = m_config.commandTimeoutMs;
    options.clientName = "lockstock:" + client.name() + (role == ActorRole::Watchdog ? ":watchdog" : "");
    if (m_nodes && server != m_nodes->storeIndex() && !m_clock.isVirtual()) {
        // Short timeouts towards lock nodes, so a dead or frozen node costs
        // little of the lease (the Redlock page: 5-50 ms for a 10 s TTL). A
        // quarter of the lease, at least 50 real ms, keeps a loaded machine
        // from timing out a healthy node, and leaves room for WAIT. (On the
        // virtual clock a stopped node costs nodeTimeoutMs of virtual time
        // instead, and a running one always gets the time it needs.)
        const int ms = int(std::clamp<qint64>(m_info.redisMs(m_config.leaseMs) / 4, 50, 2000));
        options.connectTimeoutMs = ms;
        options.commandTimeoutMs = ms;
    }
    return open(server, options);
}

std::unique_ptr<RedisConnection> Run::connectControl(int timeoutMs) const
{
    const int ms = timeoutMs < 0 ? m_config.commandTimeoutMs : timeoutMs;
    return open(m_nodes ? m_nodes->storeIndex() : 0,
                {.connectTimeoutMs = std::min(2000, ms), .commandTimeoutMs = ms, .clientName = "lockstock:observer"});
}

void Run::prepare()
{
    using Type = RedisValue::Type;
    // The run's own connection goes where the stock is: the store, if any.
    m_control = connectControl();
    // Set on every run: a set of nodes may have served another strategy before.
    if (m_nodes)
        m_nodes->requireReplicasToWrite(m_strategy->minReplicasToWrite);
    // A cluster node takes only the keys of its own slots (others: -MOVED):
    // the lock key is deleted where it may be, on the master of its slot and,
    // with ASKING, on a master importing the slot.
    const bool cluster = m_nodes && m_config.nodes.kind == NodeSpec::Kind::Cluster;
    const int lockSlotOwner = cluster ? m_nodes->slotOwner(NodeSet::keySlot(m_config.lockKey())) : -1;
    if (cluster && lockSlotOwner < 0)
        throw RedisServerError("no cluster node serves the slot of " + m_config.lockKey().toStdString());
    const int store = m_nodes ? m_nodes->storeIndex() : 0;
    const Argv delLock{"DEL", m_config.lockKey(), m_config.fenceKey(), m_config.fenceSeenKey()};
    for (int server = 0; server < int(m_endpoints.size()); ++server) {
        std::unique_ptr<RedisConnection> own = server == store ? nullptr : open(server, {.commandTimeoutMs = m_config.commandTimeoutMs});
        RedisConnection &setup = own ? *own : *m_control;
        if (cluster && server != store) {
            const RedisValue deleted = setup.pipeline({{"ASKING"}, {"DEL", m_config.lockKey()}}).at(1);
            if (deleted.isError() && !NodeSet::isRedirect(deleted))
                throw RedisRefusedError(refusalMessage(setup.endpoint(), {"DEL", m_config.lockKey()}, deleted),
                                        deleted.bytes().toStdString());
            continue;
        }
        // A replica takes no writes until it is promoted.
        const bool replica = m_nodes && m_config.nodes.kind == NodeSpec::Kind::Replicated
            && server != store && server != m_nodes->lockServer(0);
        if (replica)
            continue;
        // Each client opens a connection to every server (watchdogs one more).
        if (!m_pool || !m_pool->isDone(setup.endpoint(), "preflight")) {
            preflight(setup, m_config.keyPrefix + "preflight:" + m_config.resource, int(m_config.clients.size()));
            if (m_pool)
                m_pool->markDone(setup.endpoint(), "preflight");
        }
        // The store's goes with the stock's set-up below.
        if (server != store)
            expectReply(setup, delLock, Type::Integer);
        if (m_pool)
            m_pool->give(std::move(own));
    }
    loadScripts(*m_strategy, false);
    m_truthReads = truthReads(m_info);
    m_setUp = {{delLock + Argv{m_config.reservedKey(), m_config.appliedOrdersKey()}, Type::Integer},
               {{"SET", m_config.stockKey(), QByteArray::number(m_config.stock)}, Type::Status, "OK"}};
    if (!readsAlongCommands())
        sendSetUp();

    m_clients.resize(size_t(m_config.clients.size()));
    for (int i = 0; i < int(m_clients.size()); ++i) {
        ClientState &s = m_clients[size_t(i)];
        s.client = std::make_unique<Client>(*this, m_config, i);
        s.faultUsed.assign(size_t(m_config.faults.size()), false);
        s.serverFaultUsed.assign(size_t(m_config.serverFaults.size()), false);
        s.slotOwner = lockSlotOwner; // a cluster client reads the slot map when it starts
    }
    m_clock.start();
    for (const ServerFault &f : m_config.serverFaults)
        if (f.atMs >= 0)
            queueServerFault(f, m_info.clockNs(double(f.atMs)));
    for (ClientState &s : m_clients)
        spawn(*s.client, ActorRole::Main, clientMain(*s.client, m_strategy));
}

void Run::sendSetUp()
{
    if (m_setUp.isEmpty())
        return;
    expectReplies(*m_control, m_setUp);
    m_setUp.clear();
    stand(setUpTruth(), true);
}

void Run::loadScripts(const Strategy &strategy, bool skipDownNodes)
{
    // Replicas too: they need the scripts once promoted.
    for (int server = 0; server < int(m_endpoints.size()); ++server) {
        QList<const RedisScript *> missing;
        for (const RedisScript *script : strategy.scripts)
            if (!m_pool || !m_pool->isDone(m_endpoints.at(server), script->sha()))
                missing << script;
        if (missing.isEmpty())
            continue;
        try {
            std::unique_ptr<RedisConnection> setup = open(server, {.commandTimeoutMs = m_config.commandTimeoutMs});
            for (const RedisScript *script : missing) {
                expectReply(*setup, {"SCRIPT", "LOAD", script->source()}, RedisValue::Type::String);
                if (m_pool)
                    m_pool->markDone(setup->endpoint(), script->sha());
            }
            if (m_pool)
                m_pool->give(std::move(setup));
        } catch (const RedisConnectionError &) {
            if (!skipDownNodes || !m_nodes || server == m_nodes->storeIndex())
                throw;
        }
    }
}

void Run::continueWith(const RunConfig &config, const Strategy &strategy)
{
    sendSetUp();
    // A lock node down at the fork point misses them, as it would any script.
    loadScripts(strategy, true);
    const bool newStrategy = &strategy != m_strategy;
    // A fault that stays keeps whether it has happened; a new one has not yet.
    const auto carry = [](const auto &before, const auto &after, const std::vector<bool> &used) {
        std::vector<bool> out(size_t(after.size()), false);
        for (qsizetype i = 0; i < after.size(); ++i)
            if (const qsizetype j = before.indexOf(after.at(i)); j >= 0)
                out[size_t(i)] = used[size_t(j)];
        return out;
    };
    for (ClientState &s : m_clients) {
        s.faultUsed = carry(m_config.faults, config.faults, s.faultUsed);
        s.serverFaultUsed = carry(m_config.serverFaults, config.serverFaults, s.serverFaultUsed);
    }
    {
        // Faults at a time: those dropped are not performed; those added are, from now on.
        QMutexLocker locker(&m_serverFaultLock);
        m_serverFaults.removeIf([&config](const DueServerFault &d) {
            return d.fault.atMs >= 0 && !config.serverFaults.contains(d.fault);
        });
    }
    for (const ServerFault &f : config.serverFaults)
        if (f.atMs >= 0 && !m_config.serverFaults.contains(f) && m_info.clockNs(double(f.atMs)) >= nowNs())
            queueServerFault(f, m_info.clockNs(double(f.atMs)));
    // Clients keep a reference to m_config: assigned in place, they read the new values.
    m_config = config;
    m_strategy = &strategy;
    const QStringList nodes = m_info.nodes;
    QList<StrategyTurn> turns = m_info.turns;
    if (newStrategy && turns.isEmpty())
        turns.append({0, m_info.strategy, m_info.brokenSide, m_info.weakness, QList<int>(m_info.clients.size(), 0),
                      QList<bool>(m_info.clients.size(), false)});
    m_info = makeRunInfo(m_config, strategy, m_info.clock);
    m_info.nodes = nodes;
    m_truthReads = truthReads(m_info);
    if (newStrategy) {
        StrategyTurn turn{nowNs(), m_info.strategy, m_info.brokenSide, m_info.weakness, {}, {}};
        for (ClientState &s : m_clients) {
            Actor *main = mainActor(s);
            const int order = s.client->order();
            const bool mid = main && order >= 0 && s.actedOrder == order;
            // An order that has done nothing yet begins again with this strategy.
            if (main && order >= 0 && !mid)
                beginOrderAgain(s, *main);
            turn.firstOrders << (!main ? m_info.orders.value(s.client->index()) : mid ? order + 1 : std::max(0, order));
            turn.midOrder << mid;
        }
        turns.append(turn);
    }
    m_info.turns = turns;
    m_history.setInfo(m_info);
}

Actor *Run::mainActor(const ClientState &state)
{
    const auto it = std::find_if(state.actors.begin(), state.actors.end(),
                                 [](const std::unique_ptr<Actor> &a) { return a->role() == ActorRole::Main; });
    return it == state.actors.end() ? nullptr : it->get();
}

void Run::beginOrderAgain(ClientState &state, Actor &main)
{
    Client &client = *state.client;
    auto fresh = std::make_unique<Actor>(&client, ActorRole::Main, clientMain(client, m_strategy, client.order()));
    fresh->connections = std::move(main.connections);
    const qint64 ready = main.readyNs;
    for (auto &a : state.actors)
        if (a.get() == &main)
            a = std::move(fresh);
    Actor &actor = *mainActor(state);
    actor.resume();
    afterResume(state, actor);
    // Its first command goes when the one it replaces would have.
    if (isCommand(actor.pending()))
        actor.readyNs = ready;
}

void Run::spawn(Client &client, ActorRole role, Task<void> body)
{
    ClientState &s = stateOf(client);
    auto actor = std::make_unique<Actor>(&client, role, std::move(body));
    actor->connections = std::move(s.parked[size_t(role)]);
    actor->connections.resize(size_t(m_endpoints.size()));
    // Connect up front, so an unusable Redis fails the run at once; a lock
    // node that is down now is tried again on first use.
    for (int server = 0; server < int(m_endpoints.size()); ++server) {
        if (actor->connections[size_t(server)])
            continue;
        try {
            actor->connections[size_t(server)] = connect(client, role, server);
        } catch (const RedisError &) {
            if (!m_nodes || server == m_nodes->storeIndex())
                throw;
        }
    }
    actor->readyNs = nowNs();
    Actor &a = *actor;
    s.actors.push_back(std::move(actor));
    if (role == ActorRole::Main)
        m_mainsRunning.fetch_add(1, std::memory_order_acq_rel);
    // Run up to its first operation so the schedule can see what it wants.
    a.resume();
    afterResume(s, a);
}

bool Run::hasMain(const ClientState &state)
{
    return mainActor(state) != nullptr;
}

void Run::cancel(Client &client, ActorRole role)
{
    ClientState &s = stateOf(client);
    for (size_t i = s.actors.size(); i-- > 0;)
        if (s.actors[i]->role() == role)
            retire(s, *s.actors[i]);
}

void Run::retire(ClientState &state, const Actor &actor)
{
    auto it = std::find_if(state.actors.begin(), state.actors.end(),
                           [&actor](const std::unique_ptr<Actor> &a) { return a.get() == &actor; });
    if (it == state.actors.end())
        return;
    if (actor.role() == ActorRole::Main)
        m_mainsRunning.fetch_sub(1, std::memory_order_acq_rel);
    state.parked[size_t(actor.role())] = std::move((*it)->connections);
    state.actors.erase(it);
}

void Run::orderFinished(Client &client, bool success, const QString &note)
{
    Event e;
    e.tNs = nowNs();
    e.client = client.index();
    e.order = client.order();
    e.kind = EventKind::Order;
    e.durationNs = e.tNs - client.orderStartNs();   // the order's latency
    e.success = success;
    e.holds = client.holdsLock();
    e.token = client.token();
    e.note = note;
    recordFrom(stateOf(client), std::move(e));
    m_ordersFinished.fetch_add(1, std::memory_order_relaxed);
}

QString Run::error() const
{
    QMutexLocker locker(&m_errorLock);
    return m_error;
}

void Run::requestStop()
{
    m_stopRequested = true;
    wakeSleepers();
}

void Run::record(Event e)
{
    if (!m_history.append(std::move(e)))
        fail(QStringLiteral("the run recorded %1 events, as many as a history keeps: give it fewer orders or clients")
                 .arg(m_history.limit()));
}

void Run::fail(const QString &message, const RedisValue &refusal)
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
    e.reply = refusal;
    record(std::move(e));
    requestStop();
}

bool Run::shouldStop() const
{
    return m_stopRequested.load(std::memory_order_relaxed) || interrupted();
}

bool Run::interrupted() const
{
    return m_config.interrupt && m_config.interrupt->load(std::memory_order_relaxed);
}

void Run::advanceClock(qint64 ns)
{
    if (m_clock.isVirtual()) {
        // Another run took the servers' clock over (a window that started a
        // new run on the same server): this one must not move it any more.
        if (!m_clock.advanceTo(ns))
            fail(QStringLiteral("another run took over this server's clock"));
        return;
    }
    sleepUnlessStopped(ns - nowNs(), [this] { return shouldStop(); });
}

Event Run::commandEvent(const Actor &actor, const Operation &op, int server) const
{
    Event e;
    e.client = actor.client()->index();
    e.order = actor.client()->order();
    e.role = actor.role();
    e.step = op.step;
    e.node = server;
    e.sourceFile = op.file;
    e.sourceLine = op.line;
    e.argv = op.argv;
    e.wrote = op.stockValue;
    e.tNs = nowNs();
    return e;
}

int Run::serverFor(const Client &client, Step step, int node) const
{
    if (!m_nodes)
        return 0;
    if (routesBySlot(step))
        return m_clients[size_t(client.index())].slotOwner;
    return isStoreStep(step) ? m_nodes->storeIndex() : m_nodes->lockServer(node);
}

bool Run::routesBySlot(Step step) const
{
    return m_nodes && m_config.nodes.kind == NodeSpec::Kind::Cluster && !isStoreStep(step);
}

void Run::refreshSlotMap(ClientState &state)
{
    // CLUSTER SLOTS of the first node that answers, as cluster clients do
    // after a connection error; none answering: where it was.
    if (const int owner = m_nodes->slotOwner(NodeSet::keySlot(m_config.lockKey())); owner >= 0)
        state.slotOwner = owner;
    state.slotMapStale = false;
}

qint64 Run::rttNs(const Client &client, int server) const
{
    qint64 ms = m_config.clients.value(client.index()).rttMs;
    if (ms < 0)
        ms = m_config.rttMs;
    if (m_nodes && server != m_nodes->storeIndex()) {
        // The slower of the link and the node sets the pace.
        const qint64 node = m_config.nodes.rttMs.value(server, -1);
        ms = std::max(ms, node < 0 ? m_config.rttMs : node);
    }
    return m_info.clockNs(double(ms));
}

bool Run::isStopped(int server) const
{
    return m_nodes && server != m_nodes->storeIndex() && m_nodes->isStopped(server);
}

qint64 Run::waitThatTimesOut(int server, const Argv &argv) const
{
    qint64 replicas = 0;
    qint64 timeoutMs = 0;
    if (!readWait(argv, &replicas, &timeoutMs) || timeoutMs <= 0 || replicas <= 0)
        return -1;
    const int acking = m_nodes ? m_nodes->replicasThatAcknowledge(server) : 0;
    return replicas > acking ? timeoutMs : -1;
}

RedisConnection &Run::observer(int server)
{
    m_observers.resize(m_endpoints.size());
    std::unique_ptr<RedisConnection> &c = m_observers[size_t(server)];
    if (!c) {
        c = open(server, {.connectTimeoutMs = 2000, .commandTimeoutMs = m_config.commandTimeoutMs,
                          .clientName = "lockstock:observer"});
        // A cluster replica answers reads of its master's slots only after READONLY.
        if (m_config.nodes.kind == NodeSpec::Kind::Cluster && server != m_nodes->storeIndex())
            c->command({"READONLY"});
    }
    return *c;
}

RedisValue Run::waitOutOnServerClock(Actor &actor, int server, const Argv &argv, qint64 timeoutMs)
{
    std::unique_ptr<RedisConnection> &c = actor.connections[size_t(server)];
    if (!c)
        c = connect(*actor.client(), actor.role(), server);
    // Redis takes the deadline from its clock when it blocks the client:
    // move the clock only once it has (until then it stands still).
    const qint64 deadlineNs = m_clock.expiryNs(server, timeoutMs);
    c->post(argv);
    for (;;) {
        if (c->replyArrived(1))
            return c->takeReply();
        const QByteArray info = observer(server).command({"INFO", "clients"}).bytes();
        if (!info.contains("\nblocked_clients:0"))
            break;
    }
    // A fault due before the deadline (a replica back) may let it succeed.
    for (qint64 fault = nextServerFaultNs(); fault >= 0 && fault < deadlineNs; fault = nextServerFaultNs()) {
        reach(fault);
        if (waitThatTimesOut(server, argv) < 0)
            return c->takeReply();
    }
    reach(deadlineNs);
    return c->takeReply();
}

RedisValue Run::perform(Actor &actor, int server, const Argv &argv, bool *answered)
{
    *answered = true;
    const TruthChange change = readsAlongCommands() ? noteWhatItChanges(argv) : TruthChange::Lock;
    try {
        if (m_clock.isVirtual() && isStopped(server)) {
            // A stopped process reads nothing: what was sent waits in the
            // socket and runs when it resumes. The client gives up at once
            // in real time and after nodeTimeoutMs in virtual time.
            if (std::unique_ptr<RedisConnection> &c = actor.connections[size_t(server)]) {
                c->post(argv);
                c.reset();
            }
            *answered = false;
            return RedisValue::error("UNREACHABLE no answer within " + QByteArray::number(m_config.nodeTimeoutMs)
                                     + " ms: " + m_info.nodes.value(server).toUtf8() + " is stopped");
        }
        RedisValue reply;
        std::unique_ptr<RedisConnection> &c = actor.connections[size_t(server)];
        const auto open = [&] { return connect(*actor.client(), actor.role(), server); };
        const qint64 timeoutMs = m_clock.isVirtual() ? waitThatTimesOut(server, argv) : -1;
        const bool withProbe = timeoutMs <= 0 && probesWithCommand(c.get(), argv);
        if (!withProbe)
            sendSetUp();
        if (timeoutMs > 0)
            reply = waitOutOnServerClock(actor, server, argv, timeoutMs);
        else if (withProbe)
            reply = usingReopeningOnce(c, open, [&](RedisConnection &on) { return sendWithProbe(on, argv, change); });
        else
            reply = sendReopeningOnce(c, open, argv);
        // Lock nodes are faulted on purpose: what they answer is the lesson.
        // The store, or the one server, must do what it is asked.
        if ((!m_nodes || server == m_nodes->storeIndex()) && isRefusal(reply))
            throw RedisRefusedError(refusalMessage(m_endpoints.at(server), argv, reply), reply.bytes().toStdString());
        return reply;
    } catch (const RedisRefusedError &) {
        throw;
    } catch (const RedisError &err) {
        actor.connections[size_t(server)].reset();
        if (!m_nodes || server == m_nodes->storeIndex())
            throw;
        *answered = !dynamic_cast<const RedisTimeoutError *>(&err);
        // Named as the timeline names it, not by its (random) port.
        QByteArray why(err.what());
        why.replace(m_endpoints.at(server).display().toUtf8(), m_info.nodes.value(server).toUtf8());
        return RedisValue::error("UNREACHABLE " + why);
    }
}

bool Run::readsAlongCommands() const
{
    return observesEachStep() && m_clock.isVirtual() && !m_nodes;
}

bool Run::probesWithCommand(const RedisConnection *c, const Argv &argv) const
{
    // A stepped run on one server sends one command at a time: reads sent
    // right behind a command on its own connection see what it left, as the
    // probe after the step would, for no round trip of their own. Not when
    // they would be queued in a MULTI or refused by a subscription.
    return readsAlongCommands() && c && c->staysPlainAfter(argv);
}

RedisValue Run::sendWithProbe(RedisConnection &c, const Argv &argv, TruthChange change)
{
    if (!m_setUp.isEmpty() && change != TruthChange::Lock) {
        stand(setUpTruth(), true);
        if (change == TruthChange::Stock)
            m_lockStands = std::exchange(m_standingTruth, nullptr);
    }
    // What the command may have changed is read behind it: nothing while the
    // truth stands, the stock alone while the lock does (or nothing, when the
    // command's reply says it), else all.
    const Argv readStock{"GET", m_info.stockKey};
    const bool stockInReply = m_lockStands && answersStock(argv, m_info.stockKey);
    QList<Argv> commands{argv};
    if (!m_standingTruth && !stockInReply)
        commands += m_lockStands ? QList<Argv>{readStock} : m_truthReads;
    QList<RedisValue> replies;
    try {
        // The set-up first: a repeat on a reopened connection leaves the same as one.
        replies = expectReplies(c, m_setUp, commands);
    } catch (const RedisRefusedError &err) {
        // The set-up's, not the command's: the run stops there.
        throw RedisProtocolError(std::string("setting up the run: ") + err.what());
    }
    m_setUp.clear();
    RedisValue reply = replies.takeFirst();
    if (m_standingTruth) {
        m_probedWithCommand = standingTruthNow();
        return reply;
    }
    if (reply.isError() && reply.bytes().startsWith("NOSCRIPT")) {
        // The script goes again after SCRIPT LOAD, past the reads: the step's probe reads on its own.
        m_probedWithCommand.reset();
        m_lockStands.reset();
        return c.command(argv);
    }
    std::shared_ptr<Probe> probe;
    if (const std::shared_ptr<const Probe> lock = std::exchange(m_lockStands, nullptr)) {
        probe = std::make_shared<Probe>(*lock);
        if (const std::optional<qint64> said = stockInReply ? stockAnswered(argv, reply) : std::nullopt)
            probe->stock = *said;
        else
            probe->stock = stockFrom(stockInReply ? c.command(readStock) : replies.at(0));
        stand(probe, true);
    } else {
        ServerTruth truth = truthOfServer(replies, [&] { return c.command({"HKEYS", m_info.lockKey}); });
        probe = std::move(truth.probe);
        stand(probe, truth.lockLasts);
    }
    probe->atNs = m_clock.nowNs();
    m_probedWithCommand = std::move(probe);
    return reply;
}

Run::TruthChange Run::noteWhatItChanges(const Argv &argv)
{
    const CommandAccess access = commandAccess(argv);
    const bool stock = access.everyKey || access.writes.contains(m_info.stockKey);
    if (access.clock && stock)
        m_stockMayExpire = true;
    if (access.everyKey || access.runsQueued || access.writes.contains(m_info.lockKey)) {
        m_standingTruth.reset();
        m_lockStands.reset();
        return TruthChange::Lock;
    }
    if (!stock)
        return TruthChange::Nothing;
    if (m_standingTruth)
        m_lockStands = std::exchange(m_standingTruth, nullptr);
    return TruthChange::Stock;
}

std::shared_ptr<const Probe> Run::setUpTruth() const
{
    auto probe = std::make_shared<Probe>();
    probe->atNs = m_clock.nowNs();
    probe->stock = m_config.stock;
    probe->locks << LockTruth{{}, kNoKey};
    return probe;
}

void Run::stand(const std::shared_ptr<const Probe> &probe, bool lockLasts)
{
    m_standingTruth = readsAlongCommands() && lockLasts && !m_stockMayExpire ? probe : nullptr;
    m_lockStands.reset();
}

std::shared_ptr<const Probe> Run::standingTruthNow() const
{
    auto probe = std::make_shared<Probe>(*m_standingTruth);
    probe->atNs = m_clock.nowNs();
    return probe;
}

int Run::serverOf(const Actor &actor) const
{
    const Operation &op = actor.pending();
    return serverFor(*actor.client(), op.step, op.kind == Operation::Kind::Fanout ? 0 : op.node);
}

qint64 Run::arrivesNs(const Actor &actor) const
{
    if (!m_clock.isVirtual() || !isCommand(actor.pending()))
        return actor.readyNs;
    return actor.readyNs + rttNs(*actor.client(), serverOf(actor)) / 2;
}

qint64 Run::dueNs(const Actor &actor) const
{
    if (!m_clock.isVirtual() || !isCommand(actor.pending()))
        return actor.readyNs;
    return std::max(arrivesNs(actor), pausedUntilNs(serverOf(actor)));
}

qint64 Run::pausedUntilNs(int server) const
{
    return size_t(server) < m_clientPauses.size() ? m_clientPauses[size_t(server)].untilNs : 0;
}

bool Run::waitsOutPause(int server, qint64 arrivalNs) const
{
    if (size_t(server) >= m_clientPauses.size())
        return false;
    const ClientPause &p = m_clientPauses[size_t(server)];
    return p.fromNs <= arrivalNs && arrivalNs < p.untilNs && m_clock.nowNs() <= p.untilNs;
}

qint64 Run::sentNs(const Client &client, int server, qint64 readyNs) const
{
    const qint64 there = rttNs(client, server) / 2;
    // Sent when ready; it reaches the server half a round trip later, or
    // later when the clock has already passed that (the schedule let
    // another client go first). One that reached a server stalled by CLIENT
    // PAUSE went in time: the clock passed its arrival only while it waited
    // there for the pause to end.
    if (waitsOutPause(server, readyNs + there))
        return readyNs;
    return std::max(readyNs + there, m_clock.nowNs()) - there;
}

void Run::followRedirects(ClientState &state, Actor &actor, const Operation &op, Event &e, Exchange &x)
{
    // A cluster node that does not serve the key's slot names the one that
    // does: -MOVED slot host:port when the slot has moved (the client corrects
    // its map), -ASK slot host:port while it is moving and the key is not
    // here (this once, ASKING and the command there; the map stays).
    const Client &client = *state.client;
    for (int redirects = 0; redirects < 5 && x.reply.isError(); ++redirects) {
        const QList<QByteArray> words = x.reply.bytes().split(' ');
        const bool moved = words.value(0) == "MOVED";
        const QByteArray &address = words.value(2);
        const int to = moved || words.value(0) == "ASK" ? m_nodes->nodeAt(address) : -1;
        if (to < 0)
            return;
        const QString toName = m_info.nodes.value(to);
        const qint64 answeredNs = x.answeredNs;
        x.answer(e);
        // Named as the timeline names it, not by its (random) port.
        e.reply = RedisValue::error(QByteArray(e.reply.bytes()).replace(address, toName.toUtf8()));
        e.holds = client.holdsLock();
        e.token = client.token();
        e.note = (moved ? QStringLiteral("MOVED: %1 serves slot %2 now; the client follows")
                        : QStringLiteral("ASK: slot %2 is moving to %1; the client asks there, this once"))
                     .arg(toName)
                     .arg(words.value(1).toInt());
        recordFrom(state, std::exchange(e, commandEvent(actor, op, to)));
        qint64 ready = answeredNs;
        if (moved) {
            state.slotOwner = to;
        } else {
            const Argv askingArgv{"ASKING"};
            Event asking = commandEvent(actor, op, to);
            asking.step = Step::Other; // neither lock nor stock: it lets the next command in
            asking.argv = askingArgv;
            x = exchange(actor, to, askingArgv, ready);
            ready = x.answeredNs;
            x.answer(asking);
            asking.holds = client.holdsLock();
            asking.token = client.token();
            recordFrom(state, std::move(asking));
        }
        x = exchange(actor, to, op.argv, ready);
    }
}

Run::Exchange Run::exchange(Actor &actor, int server, const Argv &argv, qint64 readyNs)
{
    Exchange x;
    bool answered = true;
    if (!m_clock.isVirtual()) {
        x.sentNs = nowNs();
        x.reply = perform(actor, server, argv, &answered);
        if (const qint64 delay = partitionDelayNs(*actor.client(), server); delay > 0 && answered)
            advanceClock(nowNs() + delay);
        x.answeredNs = nowNs();
        return x;
    }
    const qint64 rtt = rttNs(*actor.client(), server);
    const qint64 there = rtt / 2;
    x.sentNs = sentNs(*actor.client(), server, readyNs);
    // A server stalled by CLIENT PAUSE runs it once the pause is over; the
    // reply leaves then.
    const qint64 executes = std::max({x.sentNs + there, m_clock.nowNs(), pausedUntilNs(server)});
    reach(executes);
    x.reply = perform(actor, server, argv, &answered);
    x.answeredNs = answered ? std::max(m_clock.nowNs(), executes) + (rtt - there) + partitionDelayNs(*actor.client(), server)
                            : x.sentNs + m_info.clockNs(double(m_config.nodeTimeoutMs));
    return x;
}

qint64 Run::partitionDelayNs(const Client &client, int server) const
{
    const ClientSpec &spec = m_config.clients.at(client.index());
    if (!m_nodes || server == m_nodes->storeIndex() || !spec.partitionedFrom.contains(server))
        return 0;
    return m_info.clockNs(double(spec.partitionDelayMs));
}

bool Run::loseReply(ClientState &state, const Operation &op, Exchange &x, Event &e)
{
    const Client &client = *state.client;
    for (qsizetype i = 0; i < m_config.faults.size(); ++i) {
        const Fault &f = m_config.faults.at(i);
        if (f.action != Fault::Action::LoseReply || state.faultUsed[size_t(i)] || f.after != op.step
            || f.client.toUtf8() != client.name() || (f.order >= 0 && f.order != client.order()))
            continue;
        state.faultUsed[size_t(i)] = true;
        // Redis ran it; the reply never came. The client library gives up
        // after its socket timeout.
        e.note = QStringLiteral("reply lost: Redis ran it and answered %1; the client timed out after %2 ms")
                     .arg(x.reply.display()).arg(f.timeoutMs);
        x.reply = RedisValue::error("TIMEOUT no reply within " + QByteArray::number(f.timeoutMs) + " ms");
        x.answeredNs = x.sentNs + m_info.clockNs(double(f.timeoutMs));
        if (!m_clock.isVirtual())
            advanceClock(x.answeredNs);
        return true;
    }
    return false;
}

namespace {
// While a virtual step resumes an actor, the run's time is the actor's.
// (Live runs never set it: their threads only read it.)
class ActorTime {
public:
    ActorTime(qint64 &slot, bool active, qint64 ns) : m_slot(active ? &slot : nullptr)
    {
        if (m_slot)
            *m_slot = ns;
    }
    ~ActorTime()
    {
        if (m_slot)
            *m_slot = -1;
    }

private:
    qint64 *m_slot;
};
} // namespace

bool Run::step(ClientState &state, Actor &actor)
{
    if (shouldStop())
        return false;
    if (nowNs() > m_info.clockNs(double(m_config.maxRunMs))) {
        fail(QStringLiteral("the run took longer than %1 s of scenario time")
                 .arg(m_config.maxRunMs / 1000));
        return false;
    }
    m_probedWithCommand.reset();
    const Operation &op = actor.pending();       // valid until the actor resumes
    Client &client = *actor.client();
    if (op.kind == Operation::Kind::Sleep || op.kind == Operation::Kind::None) {
        const ActorTime at(m_actorNowNs, m_clock.isVirtual(), std::max(actor.readyNs, m_clock.nowNs()));
        actor.resume();                         // a sleep is over
        afterResume(state, actor);
        return true;
    }

    // A fan-out asks every lock node in turn; each node is one event.
    // Sequential rather than parallel: with the short per-node timeouts a
    // dead node costs one refused connect, which keeps the order simple.
    state.actedOrder = client.order();
    const bool fanout = op.kind == Operation::Kind::Fanout;
    const int targets = fanout ? client.lockNodes() : 1;
    const Step step = op.step;
    QVarLengthArray<Event, 1> events;
    QList<RedisValue> replies;
    qint64 ready = actor.readyNs;
    const bool bySlot = routesBySlot(step);
    if (bySlot && state.slotMapStale)
        refreshSlotMap(state);
    for (int n = 0; n < targets; ++n) {
        const int server = serverFor(client, step, fanout ? n : op.node);
        Event &e = events.emplace_back(commandEvent(actor, op, server));
        Exchange x;
        try {
            x = exchange(actor, server, op.argv, ready);
            if (bySlot)
                followRedirects(state, actor, op, e, x);
            // A node that did not answer: the map is read again before the next command.
            if (bySlot && x.reply.isError() && x.reply.bytes().startsWith("UNREACHABLE"))
                state.slotMapStale = true;
        } catch (const RedisError &err) {
            // A refusal is an answer: the command event keeps it, and so
            // does the Error event that stops the run.
            const auto *refused = dynamic_cast<const RedisRefusedError *>(&err);
            const RedisValue refusal = refused ? RedisValue::error(QByteArray::fromStdString(refused->reply())) : RedisValue();
            e.durationNs = nowNs() - e.tNs;
            e.kind = refused ? EventKind::Command : EventKind::Error;
            e.reply = refusal;
            e.note = QString::fromStdString(err.what());
            record(std::move(e));
            fail(QStringLiteral("client %1: %2").arg(QString::fromUtf8(client.name()), QString::fromStdString(err.what())),
                 refusal);
            return false;
        }
        if (op.kind == Operation::Kind::Command)
            loseReply(state, op, x, e);
        ready = x.answeredNs;
        x.answer(e);
        if (fanout)
            replies << e.reply;
    }
    const ActorTime at(m_actorNowNs, m_clock.isVirtual(), ready);
    m_lastReplyNs = std::max(m_lastReplyNs, ready);
    const bool heldBefore = client.holdsLock();
    const QByteArray tokenBefore = client.token();
    state.resuming = true;
    actor.resume(fanout ? RedisValue::array(std::move(replies)) : events.front().reply);
    state.resuming = false;
    // A client that gains the lock by a fan-out learns it from the last
    // reply, once it could count the nodes; one that lets go does so before
    // the first release goes out.
    const bool gained = !heldBefore && client.holdsLock();
    observe(events.last());                     // one look at Redis after the whole step
    for (qsizetype i = 0; i < events.size(); ++i) {
        Event &e = events[i];
        const bool decided = !gained || i + 1 == events.size();
        e.holds = decided ? client.holdsLock() : heldBefore;
        e.token = decided ? client.token() : tokenBefore;
        if (i + 1 < events.size())
            e.probe = events.last().probe;
        if (m_history.talliesRetries() && isFutileAcquire(e))
            m_history.tallyRetry(e.client, e.tNs);
        else
            record(std::move(e));
    }
    for (Event &e : std::exchange(state.deferred, {}))
        record(std::move(e));
    afterResume(state, actor);                  // may destroy a finished actor
    if (applyFaults(state, step))
        serverFaultsQueued();
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
        retire(state, actor);
        return;
    }
    const Operation &next = actor.pending();
    if (next.kind == Operation::Kind::Sleep)
        state.actedOrder = actor.client()->order();
    if (next.kind == Operation::Kind::Sleep && next.step == Step::Backoff && m_history.talliesRetries()) {
        actor.readyNs = nowNs() + next.sleepNs; // part of the tallied retry
    } else if (next.kind == Operation::Kind::Sleep) {
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
        recordFrom(state, std::move(e));
        actor.readyNs = nowNs() + next.sleepNs;
    } else {
        actor.readyNs = nowNs();
    }
    const qint64 frozen = actor.role() == ActorRole::Main ? state.mainFrozenUntilNs : state.watchdogFrozenUntilNs;
    actor.readyNs = std::max(actor.readyNs, frozen);
}

void Run::freeze(ClientState &state, const ActorRole *role, qint64 untilNs)
{
    if (!role || *role == ActorRole::Main)
        state.mainFrozenUntilNs = std::max(state.mainFrozenUntilNs, untilNs);
    if (!role || *role == ActorRole::Watchdog)
        state.watchdogFrozenUntilNs = std::max(state.watchdogFrozenUntilNs, untilNs);
    for (auto &a : state.actors)
        if (!role || a->role() == *role)
            a->readyNs = std::max(a->readyNs, untilNs);
}

bool Run::applyFaults(ClientState &state, Step step)
{
    const Client &client = *state.client;
    bool queued = false;
    for (qsizetype i = 0; i < m_config.serverFaults.size(); ++i) {
        const ServerFault &f = m_config.serverFaults.at(i);
        if (f.atMs >= 0 || state.serverFaultUsed[size_t(i)] || f.after != step
            || f.client.toUtf8() != client.name() || (f.order >= 0 && f.order != client.order()))
            continue;
        state.serverFaultUsed[size_t(i)] = true;
        queueServerFault(f, nowNs());
        queued = true;
    }
    for (qsizetype i = 0; i < m_config.faults.size(); ++i) {
        const Fault &f = m_config.faults.at(i);
        if (f.action == Fault::Action::LoseReply) // at the step itself: loseReply()
            continue;
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
        const QString after = QString::fromLatin1(nameOf(step));
        if (f.action == Fault::Action::Crash) {
            // The process dies: its coroutines and connections go with it.
            e.kind = EventKind::Crash;
            e.note = QStringLiteral("crashed after %1").arg(after);
            if (hasMain(state))
                m_mainsRunning.fetch_sub(1, std::memory_order_acq_rel);
            state.actors.clear();
            state.crashed = true;
        } else {
            e.kind = EventKind::Pause;
            e.durationNs = m_info.clockNs(double(f.pauseMs));
            e.holds = client.holdsLock();
            const qint64 wake = nowNs() + e.durationNs;
            static constexpr ActorRole main = ActorRole::Main;
            static constexpr ActorRole watchdog = ActorRole::Watchdog;
            if (f.action == Fault::Action::Pause) {
                // The whole process freezes, watchdog included (a GC pause).
                e.note = QStringLiteral("paused for %1 ms after %2").arg(f.pauseMs).arg(after);
                freeze(state, nullptr, wake);
            } else if (f.action == Fault::Action::StarveWatchdog) {
                // Its renewal thread gets no CPU; the work goes on.
                e.role = ActorRole::Watchdog;
                e.note = QStringLiteral("watchdog starved for %1 ms after %2").arg(f.pauseMs).arg(after);
                freeze(state, &watchdog, wake);
            } else {
                // The work hangs (a deadlock, a stuck call); the watchdog runs on.
                e.note = QStringLiteral("work hung for %1 ms after %2").arg(f.pauseMs).arg(after);
                freeze(state, &main, wake);
            }
        }
        record(std::move(e));
    }
    return queued;
}

void Run::queueServerFault(const ServerFault &fault, qint64 dueNs)
{
    {
        QMutexLocker locker(&m_serverFaultLock);
        m_serverFaults.append({dueNs, fault});
    }
    wakeSleepers(); // the thread that performs faults may be asleep
}

qint64 Run::nextServerFaultNs() const
{
    QMutexLocker locker(&m_serverFaultLock);
    qint64 next = -1;
    for (const DueServerFault &d : m_serverFaults)
        if (next < 0 || d.dueNs < next)
            next = d.dueNs;
    return next;
}

void Run::recordSentinelNotices()
{
    for (NodeSet::SentinelNotice &n : m_nodes->takeSentinelNotices()) {
        // Heard a few ms after the sentinel said it (Run::listensToSentinels).
        Event e;
        e.tNs = nowNs();
        e.kind = EventKind::Server;
        e.node = n.node;
        e.serverAction = n.action;
        e.amount = n.sentinel + 1;
        e.note = std::move(n.text);
        record(std::move(e));
    }
}

bool Run::listensToSentinels() const
{
    return m_nodes && m_nodes->sentinelCount() > 0;
}

void Run::applyDueServerFaults()
{
    if (!m_nodes)
        return;
    recordSentinelNotices();
    for (;;) {
        ServerFault fault;
        {
            QMutexLocker locker(&m_serverFaultLock);
            const auto due = std::min_element(m_serverFaults.begin(), m_serverFaults.end(),
                                              [](const DueServerFault &a, const DueServerFault &b) { return a.dueNs < b.dueNs; });
            if (due == m_serverFaults.end() || due->dueNs > nowNs())
                return;
            fault = due->fault;
            m_serverFaults.erase(due);
        }
        Event e;
        e.tNs = nowNs();
        e.kind = EventKind::Server;
        e.node = fault.node;
        e.serverAction = fault.action;
        e.dataKept = fault.action == ServerFault::Action::Restart && m_nodes->persistent();
        e.amount = faultAmount(fault, m_config.nodes);
        try {
            e.note = m_nodes->apply(fault, m_info);
        } catch (const RedisError &err) {
            fail(QStringLiteral("server fault %1 on %2: %3")
                     .arg(QLatin1String(nameOf(fault.action)), m_history.info().nodes.value(fault.node),
                          QString::fromUtf8(err.what())));
            return;
        }
        e.durationNs = nowNs() - e.tNs;
        if (fault.action == ServerFault::Action::ClientPause && m_clock.isVirtual()) {
            // Redis lifts the pause once its clock is past the end (its cron
            // looks ten times a second, on the frozen clock).
            m_clientPauses.resize(m_endpoints.size());
            m_clientPauses[size_t(fault.node)] = {nowNs(), nowNs() + m_info.clockNs(double(fault.delayMs + 1))};
        }
        // What the fault left in Redis (a restart empties a node, a full one
        // evicts): the lanes show it from now, not from the next step.
        observe(e);
        record(std::move(e));
        // The second half of a timed fault: back up (or running) after delayMs.
        ServerFault then = fault;
        then.atMs = -1;
        then.delayMs = 0;
        if (fault.action == ServerFault::Action::RestartDelayed) {
            then.action = ServerFault::Action::Restart;
            queueServerFault(then, nowNs() + m_info.clockNs(double(fault.delayMs)));
        } else if (fault.action == ServerFault::Action::Pause && fault.delayMs > 0) {
            then.action = ServerFault::Action::Resume;
            queueServerFault(then, nowNs() + m_info.clockNs(double(fault.delayMs)));
        }
    }
}

void Run::finish()
{
    if (interrupted())
        fail(QStringLiteral("interrupted"));
    // The run ends when its last reply has arrived, not when Redis ran the command.
    if (m_clock.isVirtual() && !failed())
        reach(std::max(nowNs(), m_lastReplyNs));
    // After a failure Redis may be what failed: the final read gets a second,
    // never a second full command timeout.
    const int timeoutMs = failed() ? std::min(m_config.commandTimeoutMs, 1000) : m_config.commandTimeoutMs;
    if (m_control)
        m_control->setCommandTimeout(timeoutMs);
    for (const std::unique_ptr<RedisConnection> &c : m_observers)
        if (c)
            c->setCommandTimeout(timeoutMs);
    if (listensToSentinels())
        recordSentinelNotices();
    qint64 finalStock = kUnknown;
    try {
        // What Redis holds at the end, every lock node included: a live run
        // takes no other probe, and a lock left without a TTL shows here.
        Event e;
        e.tNs = nowNs();
        e.kind = EventKind::Probe;
        e.probe = readTruth(true, timeoutMs);
        e.durationNs = nowNs() - e.tNs;
        finalStock = e.probe->stock;
        record(std::move(e));
    } catch (const RedisError &err) {
        fail(QString::fromStdString(err.what()));
    }
    m_history.finish(finalStock, nowNs());
    m_clock.stop();
}

std::shared_ptr<const Probe> Run::readTruth(bool last, int timeoutMs)
{
    // Read with the step's command, at this very instant.
    if (std::shared_ptr<const Probe> along = std::exchange(m_probedWithCommand, nullptr);
        along && !last && along->atNs == m_clock.nowNs())
        return along;
    sendSetUp();
    if (m_standingTruth)
        return standingTruthNow();
    const auto open = [this, timeoutMs] { return connectControl(timeoutMs); };
    const auto onControl = [&](const auto &use) { return usingReopeningOnce(m_control, open, use); };
    const qint64 atNs = m_clock.isVirtual() ? m_clock.nowNs() : -1;
    if (!m_nodes) {
        const QList<RedisValue> r = onControl([&](RedisConnection &c) { return c.pipeline(m_truthReads); });
        ServerTruth truth = truthOfServer(r, [&] {
            return onControl([&](RedisConnection &c) { return c.command({"HKEYS", m_info.lockKey}); });
        });
        truth.probe->atNs = atNs;
        stand(truth.probe, truth.lockLasts);
        return truth.probe;
    }
    const Argv get{"GET", m_config.lockKey()};
    const Argv pttl{"PTTL", m_config.lockKey()};
    const Argv stock{"GET", m_config.stockKey()};
    auto probe = std::make_shared<Probe>();
    probe->atNs = atNs;
    probe->stock = stockFrom(onControl([&](RedisConnection &c) { return c.command(stock); }));
    m_nodes->awaitReplication();
    const auto readNode = [&](int node) {
        LockTruth truth;
        RedisConnection *c = probeConnection(node);
        if (!c)
            return truth;
        if (m_config.nodes.kind != NodeSpec::Kind::Cluster) {
            const QList<RedisValue> r = c->pipeline({get, pttl});
            return lockFrom(r.at(0), r.at(1));
        }
        // ASKING before each read: a node importing the key's slot
        // answers for the keys that moved to it already.
        const QList<RedisValue> r = c->pipeline({{"INFO", "replication"}, {"ASKING"}, get, {"ASKING"}, pttl});
        const QByteArray role = r.at(0).bytes();
        const RedisValue &value = r.at(2);
        if (NodeSet::isRedirect(value))
            truth = LockTruth{{}, kNoKey}; // outside the key's shard, or moved on: no such key
        else if (role.contains("role:master") || role.contains("master_link_status:up"))
            truth = lockFrom(value, r.at(4));
        // else a replica not yet in sync with its master (a demoted
        // master before its full sync): what it holds is no one's
        // lock any more, and soon flushed. Unknown, as a stopped node.
        return truth;
    };
    for (int node = 0; node < m_nodes->lockNodes(); ++node) {
        LockTruth truth;
        // A node restarted since the last look closed that connection: a
        // second look goes on a new one. A node that still does not answer
        // is unknown, and tried again next time.
        for (int attempt = 0; attempt < 2; ++attempt) {
            try {
                truth = readNode(node);
                break;
            } catch (const RedisError &) {
                m_observers[size_t(node)].reset();
            }
        }
        probe->locks << truth;
    }
    return probe;
}

RedisConnection *Run::probeConnection(int node)
{
    // A killed node refuses at once; a frozen one would hold the probe for a timeout.
    // One stalled by CLIENT PAUSE would hold it until the pause ends, which
    // on the virtual clock never comes while the probe waits.
    if (!m_nodes->server(node).isRunning() || m_nodes->isStopped(node)
        || (m_clock.isVirtual() && pausedUntilNs(node) > nowNs()))
        return nullptr;
    return &observer(node);
}

void Run::advancePresent()
{
    if (m_clock.isVirtual())
        m_history.advancePresent(std::max(m_clock.nowNs(), m_lastReplyNs));
}

void Run::recordFrom(ClientState &state, Event e)
{
    if (state.resuming)
        state.deferred << std::move(e);
    else
        record(std::move(e));
}

} // namespace lockstock
