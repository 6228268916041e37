#include "LiveRun.h"

#include "Wakeup.h"

#include <QThread>
#include <algorithm>
#include <atomic>
#include <thread>

namespace lockstock {

LiveRun::LiveRun(RunConfig config, const Strategy &strategy, RedisEndpoint endpoint, History &history)
    : Run(std::move(config), strategy, std::move(endpoint), history, ClockKind::Real)
{
}

LiveRun::LiveRun(RunConfig config, const Strategy &strategy, NodeSet &nodes, History &history)
    : Run(std::move(config), strategy, nodes, history, ClockKind::Real)
{
}

void LiveRun::runClient(ClientState &state)
{
    // A client's own actors (its order loop and its watchdog) share its thread,
    // each on its own connection, taking turns by their ready time.
    // Its background actors (a watchdog nobody stops) live on with the
    // process while the other clients are still placing orders.
    while (hasMain(state) || (!state.actors.empty() && mainsRunning() > 0)) {
        Actor *next = nullptr;
        for (const auto &a : state.actors)
            if (!next || a->readyNs < next->readyNs)
                next = a.get();
        advanceClock(next->readyNs);
        if (!step(state, *next))
            return;
    }
}

void LiveRun::serverFaultsQueued()
{
    // The client that triggered a fault goes on only once it happened, as
    // it would if the server really died at that moment.
    const qint64 queuedAt = nowNs();
    for (qint64 next = nextServerFaultNs(); next >= 0 && next <= queuedAt && !shouldStop();
         next = nextServerFaultNs())
        QThread::usleep(100);
}

void LiveRun::runToEnd()
{
    applyDueServerFaults();                     // those at scenario time 0
    std::vector<std::thread> threads;
    threads.reserve(m_clients.size());
    std::atomic<int> running{int(m_clients.size())};
    for (ClientState &s : m_clients)
        threads.emplace_back([this, &s, &running] {
            runClient(s);
            --running;
            wakeSleepers();
        });
    // This thread started the servers, so it performs their faults: the
    // timed ones and those the clients' steps queued. It sleeps until one is
    // due or it is woken (a client done, a fault queued, a stop), not in a
    // polling loop: the clients need the cores.
    while (running > 0 && !shouldStop()) {
        applyDueServerFaults();
        const qint64 next = nextServerFaultNs();
        qint64 waitNs = next >= 0 ? next - nowNs() : qint64(3600) * 1'000'000'000;
        if (listensToSentinels())
            waitNs = std::min(waitNs, kSentinelListenNs);
        sleepUnlessStopped(waitNs, [&] { return running == 0 || shouldStop() || nextServerFaultNs() != next; });
    }
    for (std::thread &t : threads)
        t.join();
    finish();
}

} // namespace lockstock
