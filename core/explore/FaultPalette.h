#pragma once
// The faults an exploration may inject (--faults K), each placed right after
// a step a client takes: a pause longer than the lease, a crash, a lost reply
// (Redis ran the command, the client never heard), a restart of a lock node
// without persistence, a clock jump on one RedLock node. Which of them a
// scenario offers depends on it: the last two need lock nodes of its own.
// The scenario's own faults stay as written.

#include "engine/RunConfig.h"

#include <QList>
#include <QString>

namespace lockstock {

enum class PaletteFault : quint8 { Pause, Crash, LostReply, Restart, ClockJump };
template <>
struct EnumNames<PaletteFault> {
    static constexpr EnumName<PaletteFault> table[] = {{PaletteFault::Pause, "pause"},
                                                       {PaletteFault::Crash, "crash"},
                                                       {PaletteFault::LostReply, "lost_reply"},
                                                       {PaletteFault::Restart, "restart"},
                                                       {PaletteFault::ClockJump, "clock_jump"}};
};

// Faults injected into one schedule, on top of the scenario's.
struct FaultSet {
    QList<Fault> faults;
    QList<ServerFault> serverFaults;

    int size() const { return int(faults.size() + serverFaults.size()); }
    bool isEmpty() const { return size() == 0; }
    // "pause A after acquire (order 0); restart n1 after B's release", in English for the JSON.
    QString text(const QStringList &nodeNames) const;
    bool operator==(const FaultSet &) const = default;
};

// The palette of a scenario: the kinds it offers.
QList<PaletteFault> faultPalette(const RunConfig &config);

// A point a fault can follow: a client's first step of a kind in an order.
struct StepPoint {
    int client = 0;
    int order = 0;
    Step step = Step::Start;
    bool operator==(const StepPoint &) const = default;
};

// Every set of 1..k faults of distinct kinds of the palette, each placed
// after one of `points`, in a fixed order (fewer faults first).
QList<FaultSet> faultPlacements(const RunConfig &config, const QList<StepPoint> &points, int k);

// `config` with `faults` added.
RunConfig withFaults(RunConfig config, const FaultSet &faults);

} // namespace lockstock
