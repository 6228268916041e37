#pragma once
// Everything a run needs besides the strategy: who the clients are, the stock,
// the timings (in scenario milliseconds) and the faults to inject.

#include "Event.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>

namespace lockstock {

struct ClientSpec {
    QString name;
    qint64 startMs = 0;     // joins the run this late
};

struct Fault {
    enum class Action : quint8 { Crash, Pause };
    QString client;
    Step after = Step::Acquire; // right after the client's first step of this kind...
    int order = 0;              // ...in this order (-1: any order)
    Action action = Action::Crash;
    qint64 pauseMs = 0;
};

enum class Schedule : quint8 {
    Timed,       // whoever is ready first goes first (the default)
    Scripted,    // the scenario's interleaving, then timed
    Random,      // a seeded random pick among the ready clients
    Interactive, // the caller says which client steps
};

struct RunConfig {
    QString scenario = QStringLiteral("custom");
    QList<ClientSpec> clients;
    qint64 stock = 100;
    int ordersPerClient = 1;
    qint64 quantity = 1;
    qint64 leaseMs = 10000;
    qint64 workMs = 0;
    qint64 retryMs = 100;
    qint64 acquireTimeoutMs = 10000;
    qint64 maxRunMs = 600000;      // a run that takes longer is stopped
    // Real ms every connection of the run waits for a reply before the run
    // stops with "no answer" (a stalled or SIGSTOP'd server must not hang us).
    int commandTimeoutMs = 5000;
    // Raised from outside (Ctrl-C, SIGTERM): the run stops at its next step,
    // says "interrupted" and keeps its history, so the caller can clean up.
    const std::atomic<bool> *interrupt = nullptr;
    double speed = 1.0;            // scenario ms per real ms
    QList<Fault> faults;
    QStringList interleaving;      // client names, one per step
    Schedule schedule = Schedule::Timed;
    quint64 seed = 1;
    bool probe = true;             // read the truth from Redis after each step
    QByteArray keyPrefix;          // empty on a private server
    QByteArray resource = "10086"; // the product being sold

    QByteArray lockKey() const { return keyPrefix + "lock:" + resource; }
    QByteArray stockKey() const { return keyPrefix + "stock:" + resource; }
    QByteArray fenceKey() const { return keyPrefix + "fence:" + resource; }
    // Scenario milliseconds as real nanoseconds.
    qint64 realNs(qint64 scenarioMs) const { return qint64(double(scenarioMs) * 1e6 / speed); }
    // Scenario milliseconds as the real milliseconds Redis is told (PX), at least 1.
    qint64 realMs(qint64 scenarioMs) const { return std::max<qint64>(1, qint64(double(scenarioMs) / speed + 0.5)); }
};

} // namespace lockstock
