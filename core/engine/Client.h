#pragma once
// What a strategy sees of the simulated client it runs in: its name, the run's
// settings, Redis (one command per co_await) and its own belief about the lock.

#include "Actor.h"
#include "History.h"
#include "RunConfig.h"

#include <QRandomGenerator>

namespace lockstock {

class Client;

// A step and the line of strategy code that takes it. Converting from Step at
// the call site captures that line, so the code panel can point at it.
struct StepAt {
    StepAt(Step s, std::source_location w = std::source_location::current()) : step(s), where(w) {}
    Step step;
    std::source_location where;
};

// The run that hosts the clients: clocks and background actors.
class ClientHost {
public:
    virtual ~ClientHost() = default;
    // The run's clock and how scenario milliseconds map onto it.
    virtual const RunInfo &runInfo() const = 0;
    virtual qint64 nowNs() const = 0;
    virtual void spawn(Client &client, ActorRole role, Task<void> body) = 0;
    virtual void cancel(Client &client, ActorRole role) = 0;
    virtual void orderFinished(Client &client, bool success, const QString &note) = 0;
};

class Client {
public:
    Client(ClientHost &host, const RunConfig &config, int index);

    int index() const { return m_index; }
    const QByteArray &name() const { return m_name; }
    const RunConfig &config() const { return m_config; }
    int order() const { return m_order; }
    void setOrder(int order) { m_order = order; }

    // The keys of this run, made once: nearly every command names one.
    const QByteArray &lockKey() const { return m_lockKey; }
    const QByteArray &stockKey() const { return m_stockKey; }
    const QByteArray &fenceKey() const { return m_fenceKey; }
    QByteArray reservedKey() const { return m_config.reservedKey(); }
    QByteArray appliedOrdersKey() const { return m_config.appliedOrdersKey(); }
    // This order's identity, the same on every retry: "A:0".
    QByteArray orderId() const { return m_name + ':' + QByteArray::number(m_order); }
    // The units of this client's orders, and as Redis is told them.
    qint64 units() const { return m_config.quantityOf(m_index); }
    const QByteArray &quantity() const { return m_quantity; }
    // Scenario milliseconds as Redis is told them (PX, WAIT): the lesson's
    // own numbers on the virtual clock, scaled by the speed on the real one.
    QByteArray redisMs(qint64 scenarioMs) const { return QByteArray::number(m_host.runInfo().redisMs(scenarioMs)); }
    QByteArray leasePx() const { return redisMs(m_config.leaseMs); }
    // Scenario milliseconds per millisecond of the run's clock (1 when virtual).
    double speed() const { return m_host.runInfo().speed; }

    // Sends one command, argument by argument as redis-cli takes them;
    // co_await it for the reply.
    template <class... Args>
    OperationAwaiter redis(StepAt step, const Args &...args)
    {
        return command(step, Argv{arg(args)...});
    }
    OperationAwaiter command(StepAt step, Argv argv, int node = 0);
    // A command that sets the stock to `value`: the strategy says what it
    // wrote, so nothing has to guess it from the command's arguments.
    OperationAwaiter stockWrite(StepAt step, Argv argv, qint64 value);
    // The same, to lock node `node` (0 .. lockNodes()-1).
    template <class... Args>
    OperationAwaiter redisAt(int node, StepAt step, const Args &...args)
    {
        return command(step, Argv{arg(args)...}, node);
    }
    // The same command to every lock node at once; the reply is an array with
    // one item per node (an error item for a node that did not answer).
    template <class... Args>
    OperationAwaiter redisAll(StepAt step, const Args &...args)
    {
        return fanout(step, Argv{arg(args)...});
    }
    OperationAwaiter fanout(StepAt step, Argv argv);
    // How many independent lock nodes the run has (1 unless "masters").
    int lockNodes() const;
    // Waits this many scenario milliseconds by the client's own clock.
    OperationAwaiter sleep(StepAt step, qint64 scenarioMs);
    // Scenario milliseconds since this client started its current order, by
    // its own clock (a slow clock reads short).
    qint64 orderElapsedMs() const;
    void markOrderStart();
    // When the current order started, on the host's clock.
    qint64 orderStartNs() const { return m_orderStartNs; }

    // A fresh value identifying one acquisition, from the client's seeded
    // generator: the same run gives the same tokens.
    QByteArray newToken();
    // The client's own random numbers (back-off jitter), seeded by the run's
    // seed and the client: reproducible.
    QRandomGenerator &random() { return m_random; }

    // The client's belief, recorded with every event.
    bool holdsLock() const { return m_holds; }
    const QByteArray &token() const { return m_token; }
    void believeHolding(const QByteArray &token);
    void believeReleased();
    // The watchdog learned that the lease is gone; the main code must not write.
    void believeLost();
    bool lockLost() const { return m_lost; }
    qint64 fencingToken() const { return m_fence; }
    void setFencingToken(qint64 token) { m_fence = token; }

    void startWatchdog(Task<void> body);
    void stopWatchdog();
    void finishOrder(bool success, const QString &note = {});

    ClientHost &host() { return m_host; }

private:
    // A literal ("SET", "NX") is used where it is, not copied for every command.
    template <std::size_t N>
    static QByteArray arg(const char (&literal)[N]) { return QByteArray::fromRawData(literal, qsizetype(N - 1)); }
    static const QByteArray &arg(const QByteArray &bytes) { return bytes; }

    ClientHost &m_host;
    const RunConfig &m_config;
    int m_index;
    QByteArray m_name;
    int m_order = -1;
    qint64 m_orderStartNs = 0;
    bool m_holds = false;
    bool m_lost = false;
    QByteArray m_token;
    qint64 m_fence = 0;
    quint32 m_tokenCounter = 0;
    QRandomGenerator m_random;
    QByteArray m_lockKey, m_stockKey, m_fenceKey, m_quantity;
};

} // namespace lockstock
