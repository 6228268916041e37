#include "Client.h"

#include <array>
#include <utility>
#include <vector>

namespace lockstock {

namespace {
// The generator of client `index` of a run with `seed`. Seeding a Mersenne
// Twister from a seed sequence costs more than the commands of a short run;
// runs after runs (the explorer) copy a state seeded once on their thread.
QRandomGenerator seededRandom(qint64 seed, int index)
{
    const std::array<quint32, 3> words{quint32(seed), quint32(seed >> 32), quint32(index)};
    thread_local std::vector<std::pair<std::array<quint32, 3>, QRandomGenerator>> seeded;
    for (const auto &[key, random] : seeded)
        if (key == words)
            return random;
    if (seeded.size() >= 64) // a stress run's or a sampling's many seeds: keep the latest
        seeded.erase(seeded.begin());
    seeded.emplace_back(words, QRandomGenerator(words.data(), qsizetype(words.size())));
    return seeded.back().second;
}
} // namespace

Client::Client(ClientHost &host, const RunConfig &config, int index)
    : m_host(host)
    , m_config(config)
    , m_index(index)
    , m_name(config.clients.value(index).name.toUtf8())
    , m_random(seededRandom(config.seed, index))
    , m_lockKey(host.runInfo().lockKey)
    , m_stockKey(host.runInfo().stockKey)
    , m_fenceKey(config.fenceKey())
    , m_quantity(QByteArray::number(config.quantityOf(index)))
{
}

namespace {
Operation commandAt(const StepAt &step, Argv argv, int node)
{
    Operation op;
    op.kind = Operation::Kind::Command;
    op.step = step.step;
    op.node = node;
    op.argv = std::move(argv);
    op.file = step.where.file_name();
    op.line = int(step.where.line());
    return op;
}
} // namespace

OperationAwaiter Client::command(StepAt step, Argv argv, int node)
{
    return OperationAwaiter(commandAt(step, std::move(argv), node));
}

OperationAwaiter Client::stockWrite(StepAt step, Argv argv, qint64 value)
{
    Operation op = commandAt(step, std::move(argv), 0);
    op.stockValue = value;
    return OperationAwaiter(std::move(op));
}

OperationAwaiter Client::fanout(StepAt step, Argv argv)
{
    Operation op;
    op.kind = Operation::Kind::Fanout;
    op.step = step.step;
    op.argv = std::move(argv);
    op.file = step.where.file_name();
    op.line = int(step.where.line());
    return OperationAwaiter(std::move(op));
}

int Client::lockNodes() const
{
    return m_config.nodes.kind == NodeSpec::Kind::Masters ? m_config.nodes.count : 1;
}

OperationAwaiter Client::sleep(StepAt step, qint64 scenarioMs)
{
    Operation op;
    op.kind = Operation::Kind::Sleep;
    op.step = step.step;
    // A slow clock takes longer to count them.
    op.sleepNs = m_host.runInfo().clockNs(double(scenarioMs) / m_config.clients.value(m_index).clockRate);
    op.file = step.where.file_name();
    op.line = int(step.where.line());
    return OperationAwaiter(std::move(op));
}

qint64 Client::orderElapsedMs() const
{
    return qint64(m_host.runInfo().scenarioMs(m_host.nowNs() - m_orderStartNs) * m_config.clients.value(m_index).clockRate);
}

void Client::markOrderStart()
{
    m_orderStartNs = m_host.nowNs();
}

QByteArray Client::newToken()
{
    // Readable on a timeline, unique across the clients of a run.
    return m_name + '-' + QByteArray::number(++m_tokenCounter) + '-'
        + QByteArray::number(m_random.generate() & 0xffff, 16).rightJustified(4, '0');
}

void Client::believeHolding(const QByteArray &token)
{
    m_holds = true;
    m_lost = false;
    m_token = token;
}

void Client::believeReleased()
{
    m_holds = false;
}

void Client::believeLost()
{
    m_holds = false;
    m_lost = true;
}

void Client::startWatchdog(Task<void> body)
{
    m_host.spawn(*this, ActorRole::Watchdog, std::move(body));
}

void Client::stopWatchdog()
{
    m_host.cancel(*this, ActorRole::Watchdog);
}

void Client::finishOrder(bool success, const QString &note)
{
    m_host.orderFinished(*this, success, note);
}

} // namespace lockstock
