// `lockstock observe` as the window drives it (WatchSession): a private
// redis-server behind the recording proxy, server faults done by button
// while programs talk through the proxy, and looks at what was recorded so
// far built on a thread of their own while recording goes on. A fault done
// by button reaches the analysis as what it was (its ServerAction), in every
// look and in the final history.

#include "proxy/Observation.h"

#include "analysis/RunAnalysis.h"
#include "redis/RedisConnection.h"

#include <QTest>

#include <condition_variable>
#include <mutex>
#include <thread>

using namespace lockstock;

namespace {

struct ServerEvent {
    ServerAction action;
    bool dataKept;
    qint64 tNs;
    bool operator==(const ServerEvent &) const = default;
};

// The Server events that say what happened to a server; the proxy's own
// faults (delays, drops) are said in words only (ServerAction::Other).
QList<ServerEvent> serverActions(const RunAnalysis &a)
{
    QList<ServerEvent> out;
    for (const int i : a.serverFaults)
        if (a.events.at(i).serverAction != ServerAction::Other)
            out.append({a.events.at(i).serverAction, a.events.at(i).dataKept, a.events.at(i).tNs});
    return out;
}

QList<ServerAction> actionsOf(const QList<ServerEvent> &events)
{
    QList<ServerAction> out;
    for (const ServerEvent &e : events)
        out.append(e.action);
    return out;
}

// The window's look thread: builds and analyses the latest look handed to
// it, one at a time, while the test records more and faults the server.
class LookThread {
public:
    LookThread() : m_thread([this] { run(); }) {}
    ~LookThread()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_wake.notify_all();
        m_thread.join();
    }

    void look(std::function<ObservedRun()> build)
    {
        {
            std::lock_guard lock(m_mutex);
            m_next = std::move(build);
        }
        m_wake.notify_all();
    }
    // Waits until every look handed over is analysed; the last analysis.
    std::shared_ptr<const RunAnalysis> settle()
    {
        std::unique_lock lock(m_mutex);
        m_done.wait(lock, [this] { return !m_next && !m_busy; });
        return m_last;
    }
    int looks() const
    {
        std::lock_guard lock(m_mutex);
        return m_looks;
    }

private:
    void run()
    {
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [this] { return m_stopping || m_next; });
            if (m_stopping)
                return;
            std::function<ObservedRun()> build = std::exchange(m_next, {});
            m_busy = true;
            lock.unlock();
            const ObservedRun run = build();
            std::shared_ptr<const RunAnalysis> analysis = run.resources.empty() ? nullptr : analyze(*run.resources.front().history);
            lock.lock();
            m_busy = false;
            m_last = std::move(analysis);
            ++m_looks;
            m_done.notify_all();
        }
    }

    mutable std::mutex m_mutex;
    std::condition_variable m_wake, m_done;
    std::function<ObservedRun()> m_next;
    std::shared_ptr<const RunAnalysis> m_last;
    int m_looks = 0;
    bool m_busy = false;
    bool m_stopping = false;
    std::thread m_thread;
};

RedisConnection::Options named(const QByteArray &name)
{
    return {.connectTimeoutMs = 2000, .commandTimeoutMs = 2000, .clientName = name};
}

// The proxy, logging in as the observed programs do.
RedisEndpoint proxyOf(const Observation &o)
{
    RedisEndpoint e;
    RedisEndpoint::parse(o.address(0), &e, nullptr);
    e.username = o.user().name;
    e.password = o.user().password;
    return e;
}

} // namespace

class TestObservation : public QObject {
    Q_OBJECT

private slots:
    // Pause and resume by button between a client's commands, looks built
    // on the look thread all along: each look after a fault, and the final
    // history, carry Pause then Resume (not the proxy's words only), and the
    // analysis has the node stopped from one to the other.
    void serverFaultsByButtonKeepTheirAction()
    {
        Observation observation({});
        LookThread looks;
        RedisConnection a(proxyOf(observation), named("A"));
        a.command({"SET", "stock:1", "100"});
        QCOMPARE(a.command({"SET", "lock:1", "ta", "NX", "PX", "60000"}).display(), QStringLiteral("OK"));
        // Looks race the faults: each is handed over as soon as it is taken.
        for (int round = 0; round < 20; ++round) {
            looks.look(observation.sofar());
            a.command({"GET", "stock:1"});
        }
        observation.proxy().delay(QStringLiteral("A"), 1);
        observation.proxy().delay(QStringLiteral("A"), 0);
        observation.serverFault(ServerAction::Pause, 0);
        looks.look(observation.sofar());
        const std::shared_ptr<const RunAnalysis> paused = looks.settle();
        QVERIFY(paused);
        QCOMPARE(actionsOf(serverActions(*paused)), QList<ServerAction>{ServerAction::Pause});
        observation.serverFault(ServerAction::Resume, 0);
        for (int round = 0; round < 20; ++round) {
            looks.look(observation.sofar());
            a.command({"GET", "stock:1"});
        }
        const std::shared_ptr<const RunAnalysis> resumed = looks.settle();
        QVERIFY(looks.looks() >= 2);
        QCOMPARE(actionsOf(serverActions(*resumed)), (QList<ServerAction>{ServerAction::Pause, ServerAction::Resume}));

        const ObservedRun run = observation.finish();
        QVERIFY(!run.resources.empty());
        const std::shared_ptr<const RunAnalysis> final = analyze(*run.resources.front().history);
        const QList<ServerEvent> faults = serverActions(*final);
        QVERIFY(faults == serverActions(*resumed)); // the same moments as the last look saw
        QCOMPARE(actionsOf(faults), (QList<ServerAction>{ServerAction::Pause, ServerAction::Resume}));
        QVERIFY(!faults.at(0).dataKept && !faults.at(1).dataKept);
        // The proxy's own faults are there too, in words.
        QCOMPARE(final->serverFaults.size(), faults.size() + 2);
        // The analysis acts on them: the node was stopped from the pause to the resume.
        QCOMPARE(final->nodes.size(), 1);
        const QList<NodeOutage> &outages = final->nodes.first().outages;
        QCOMPARE(outages.size(), 1);
        QCOMPARE(outages.first().condition, NodeOutage::Condition::Stopped);
        QCOMPARE(outages.first().span.startNs, faults.at(0).tNs);
        QCOMPARE(outages.first().span.endNs, faults.at(1).tNs);
    }

    // A restart by button without persistence empties the server: the
    // analysis ends the lock it held there, as it does for a scenario's restart.
    // The observed programs' Redis user is back with the server, at once.
    void restartByButtonEndsTheLockItHeld()
    {
        Observation observation({});
        RedisConnection a(proxyOf(observation), named("A"));
        QCOMPARE(a.command({"SET", "lock:1", "ta", "NX", "PX", "60000"}).display(), QStringLiteral("OK"));
        a.command({"DECR", "stock:1"});
        // The proxy reads the lock back after the reply (its probe): the
        // restart comes once the observation holds it, as a user sees it.
        const auto holdings = [&observation] {
            const ObservedRun sofar = observation.sofar()();
            return sofar.resources.empty() ? -1 : int(analyze(*sofar.resources.front().history)->nodes.value(0).holdingCount());
        };
        QTRY_COMPARE_WITH_TIMEOUT(holdings(), 1, 10000);
        QVERIFY2(observation.serverFault(ServerAction::Restart, 0).contains(QStringLiteral("no persistence")),
                 "a single private server keeps no data");
        RedisConnection again(proxyOf(observation), named("again"));
        QCOMPARE(again.command({"ACL", "WHOAMI"}).bytes(), observation.user().name);
        QVERIFY(again.command({"FLUSHALL"}).bytes().startsWith("NOPERM"));
        const ObservedRun run = observation.finish();
        QVERIFY(!run.resources.empty());
        const std::shared_ptr<const RunAnalysis> final = analyze(*run.resources.front().history);
        const QList<ServerEvent> faults = serverActions(*final);
        QCOMPARE(actionsOf(faults), QList<ServerAction>{ServerAction::Restart});
        QVERIFY(!faults.first().dataKept);
        const LockNode &node = final->nodes.first();
        QCOMPARE(node.changes.size(), 1);
        QCOMPARE(node.changes.first().action, ServerAction::Restart);
        QCOMPARE(node.holdingCount(), 1);
        QVERIFY(!node.open);
        QCOMPARE(node.holdings.at(0).span.endNs, faults.first().tNs);
    }
};

QTEST_GUILESS_MAIN(TestObservation)
#include "test_observation.moc"
