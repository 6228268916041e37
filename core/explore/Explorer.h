#pragma once
// Every schedule of a scenario, against real Redis: the explorer runs the
// scenario again and again on the virtual clock, each time with other choices
// of which client sends its next command (ScheduleRunner), and judges every
// run by its own verdict. Small spaces are explored completely, with
// dynamic partial-order reduction (SystematicSearch); a space too large for
// the budget is sampled with PCT (Burckhardt, Kothari, Musuvathi,
// Nagarakatte, ASPLOS 2010) and random walks, and says what that guarantees.
//
// Workers on their own threads, each with its own private redis-server(s),
// share the work: the space is split at its first choice point and the
// parts are explored side by side. What they find is merged in a fixed
// order, so the same exploration gives the same counts and the same shortest
// counterexamples however the work was shared.

#include "FaultPalette.h"
#include "ScheduleRunner.h"

#include "scenario/Scenario.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QMutex>

#include <atomic>
#include <functional>
#include <optional>

namespace lockstock {

enum class ExploreMethod : quint8 {
    Auto,      // reduced when the space looks small enough for the budget, else sampled
    Reduced,   // DPOR with sleep sets
    Naive,     // every interleaving, for comparison
    Sampled,   // PCT and random walks
};
template <>
struct EnumNames<ExploreMethod> {
    static constexpr EnumName<ExploreMethod> table[] = {{ExploreMethod::Auto, "auto"},
                                                        {ExploreMethod::Reduced, "dpor"},
                                                        {ExploreMethod::Naive, "naive"},
                                                        {ExploreMethod::Sampled, "sampled"}};
};

// How much of the space the exploration covered.
enum class Coverage : quint8 {
    Complete,  // every schedule (up to equivalence) was run
    Bounded,   // systematic, stopped by the budget or by Ctrl-C
    Sampled,   // PCT and random walks
};
template <>
struct EnumNames<Coverage> {
    static constexpr EnumName<Coverage> table[] = {
        {Coverage::Complete, "complete"}, {Coverage::Bounded, "bounded"}, {Coverage::Sampled, "sampled"}};
};

struct ExploreOptions {
    ExploreMethod method = ExploreMethod::Auto;
    int faults = 0;                // up to this many from the palette per schedule
    double budgetSeconds = 60;
    int workers = 2;
    int pctDepth = 3;              // PCT finds bugs of this depth with the stated probability
    quint64 seed = 1;              // of the sampling and of the size estimate
    const std::atomic<bool> *interrupt = nullptr;
};

// A schedule that shows a failure.
struct Counterexample {
    FindingKind kind = FindingKind::Correct;
    QStringList interleaving;      // the client of each step
    FaultSet faults;
    Outcome outcome;

    int steps() const { return int(interleaving.size()); }
    // Fewest steps, then fewest faults, then the first in a fixed order.
    bool shorterThan(const Counterexample &o) const;
};

struct OutcomeCount {
    Outcome outcome;
    qint64 count = 0;
    Counterexample example;        // its shortest schedule
};

// One finished execution, as the window grows its tree of choices.
struct ExploredSchedule {
    int variant = 0;               // index into ExploreResult::variants
    FaultSet faults;               // that variant's
    QList<int> clients;            // the client of each step
    QList<bool> choices;           // the step was a choice between several
    Outcome outcome;
};

struct ExploreResult {
    QString scenario;
    QString strategy;
    bool correctSide = false;
    ExploreMethod method = ExploreMethod::Reduced;
    Coverage coverage = Coverage::Complete;
    QString stoppedBy;             // "budget", "interrupted" or empty
    QList<FaultSet> variants;      // the fault placements explored (the first: none)
    int faults = 0;
    qint64 executions = 0;         // complete runs (distinct executions when reduced)
    qint64 blocked = 0;            // reduced: runs cut short, their trace explored already
    int divergences = 0;           // replays that did not reach the same state (should be 0)
    // The number of interleavings without reduction: counted by the naive
    // method, else estimated from random walks (Knuth's estimator).
    double naiveCount = 0;
    bool naiveExact = false;
    int estimateWalks = 0;
    int longestRun = 0;            // steps
    int mostClients = 0;           // ready at once
    // Sampled: how many of each, and what PCT guarantees per run.
    qint64 pctRuns = 0;
    qint64 randomRuns = 0;
    int pctDepth = 0;
    double pctBound = 0;           // 1 / (n k^(d-1))
    QList<OutcomeCount> outcomes;  // most frequent first
    QList<Counterexample> counterexamples; // one per failing finding kind, in kind order
    double seconds = 0;
    QString error;                 // the exploration could not start

    bool failed() const { return !counterexamples.isEmpty(); }
    // The executions whose outcome has a failure (a broken finding).
    qint64 failingExecutions() const;
    // "complete: all 6 interleavings (DPOR: 4 distinct executions)", in words.
    QString spaceText() const;
    QJsonObject toJson() const;
};

struct ExploreProgress {
    qint64 executions = 0;
    qint64 blocked = 0;
    double seconds = 0;
    QString phase;                 // "estimating", "dpor", "naive", "sampling"
    QList<OutcomeCount> outcomes;  // so far
};

// Why `scenario` cannot be explored (a run on the real clock), or empty.
QString explorable(const Scenario &scenario);

class Explorer {
public:
    Explorer(Scenario scenario, const Strategy &strategy, ExploreOptions options);

    // Called from the workers' threads, one at a time.
    std::function<void(const ExploreProgress &)> onProgress;   // at most 5 times a second
    std::function<void(const ExploredSchedule &)> onSchedule;  // after every complete run

    ExploreResult run();
    // Stops the exploration soon; safe from any thread.
    void cancel() { m_cancel = true; }

    // The scenario file that replays `example` (its interleaving and faults).
    static Scenario counterexampleScenario(const Scenario &scenario, const Strategy &strategy,
                                           const Counterexample &example);

private:
    struct Part;
    class Pool;
    RunConfig configFor(const FaultSet &faults) const;
    bool stopping() const;
    void record(const Execution &e, int variant, Part &part);
    void reportProgress(bool force);
    void estimate(Pool &pool, ExploreResult &result);
    void systematic(Pool &pool, ExploreResult &result, bool reduced);
    void sample(Pool &pool, ExploreResult &result);
    void merge(const QList<Part> &parts, ExploreResult &result) const;

    Scenario m_scenario;
    const Strategy &m_strategy;
    ExploreOptions m_options;
    RunConfig m_base;
    QList<FaultSet> m_variants;
    // The timed run, when it met no choice: then it is the only schedule.
    std::optional<Execution> m_onlyExecution;
    std::atomic<bool> m_cancel{false};
    QElapsedTimer m_clock;
    qint64 m_deadlineMs = 0;
    std::atomic<bool> m_outOfTime{false};

    QMutex m_progressLock;
    ExploreProgress m_progress;
    qint64 m_lastProgressMs = -1000;
};

} // namespace lockstock
