#pragma once
// Every schedule of one subtree, one execution after another: naive
// enumeration (every ready client at every point), or stateless dynamic
// partial-order reduction with sleep sets (source sets: Abdulla, Aronis,
// Jonsson, Sagonas, POPL 2014, Algorithm 1), which runs one execution per
// Mazurkiewicz trace of the dependency relation (Footprint) and never runs
// two equivalent complete executions.
//
// Stateless: every execution starts the scenario afresh and replays the
// choices of the state it branches from. Races are read off each finished
// execution: for each step e and a later dependent step e' of another
// client that e happens right before, the state before e gets a client that
// can start the reversed order. A race whose reversal no client ready before
// e can start (a client asleep then) is not reversible: waits end in time
// order, and a step that makes a client ready or not is dependent with all.

#include "ScheduleRunner.h"

#include <QHash>

#include <functional>

namespace lockstock {

class SystematicSearch {
public:
    enum class Mode : quint8 { Reduced, Naive };
    // The subtree: the first `prefix.size()` steps are fixed; `sleep` is the
    // sleep set at the state after them (clients explored from its parent
    // before, with the footprint of the step they took there).
    struct Subtree {
        QList<int> prefix;
        QHash<int, Footprint> sleep;
    };
    SystematicSearch(Mode mode, Subtree subtree);

    // Runs the next execution with `run`; false when the subtree is done.
    bool next(const std::function<Execution(Chooser &)> &run);
    // The last execution's (complete or cut short by the sleep set).
    const Execution &last() const { return m_last; }
    // The last execution stopped: every ready client was asleep (its trace
    // was explored already).
    bool lastBlocked() const { return m_lastBlocked; }
    // A replayed prefix did not reach the state it reached before.
    int divergences() const { return m_divergences; }

private:
    struct Frame {
        QList<int> enabled;
        QList<int> backtrack;          // to explore, in the order added
        QHash<int, Footprint> done;    // explored, with what their step touched
        QHash<int, Footprint> sleep;   // asleep on arrival
        int chosen = -1;
        Footprint footprint;           // of the chosen step
    };
    class Driver;
    friend class Driver;

    void addRaces(const Execution &e);
    // Picks the next alternative; false when none is left.
    bool backtrack();

    Mode m_mode;
    Subtree m_subtree;
    QList<Frame> m_frames;
    bool m_started = false;
    Execution m_last;
    bool m_lastBlocked = false;
    int m_divergences = 0;
};

} // namespace lockstock
