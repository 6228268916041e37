#include "SystematicSearch.h"

#include <vector>

namespace lockstock {

namespace {
// A set of step indexes.
class StepSet {
public:
    explicit StepSet(qsizetype size = 0) : m_words(size_t((size + 63) / 64), 0) {}
    void insert(qsizetype i) { m_words[size_t(i / 64)] |= quint64(1) << (i % 64); }
    bool contains(qsizetype i) const { return (m_words[size_t(i / 64)] >> (i % 64)) & 1; }
    void unite(const StepSet &o)
    {
        for (size_t w = 0; w < m_words.size(); ++w)
            m_words[w] |= o.m_words[w];
    }
    bool intersects(const StepSet &o) const
    {
        for (size_t w = 0; w < m_words.size(); ++w)
            if (m_words[w] & o.m_words[w])
                return true;
        return false;
    }

private:
    std::vector<quint64> m_words;
};
} // namespace

// Chooses for one execution: the frames' choices while it replays, then
// (new states) the timed pick unless it is asleep, else the first awake one.
class SystematicSearch::Driver : public Chooser {
public:
    explicit Driver(SystematicSearch &search) : m_search(search), m_replayed(search.m_frames.size()) {}

    bool blocked = false;

    int choose(qsizetype depth, const QList<int> &enabled, int timed) override
    {
        QList<Frame> &frames = m_search.m_frames;
        if (depth < frames.size()) {
            const Frame &f = frames.at(depth);
            if (f.enabled != enabled) {
                ++m_search.m_divergences;
                return -1;
            }
            return f.chosen;
        }
        Frame f;
        f.enabled = enabled;
        const QList<int> &prefix = m_search.m_subtree.prefix;
        if (depth < prefix.size()) {
            f.chosen = prefix.at(depth);
            if (!enabled.contains(f.chosen)) {
                ++m_search.m_divergences;
                return -1;
            }
            f.backtrack = {f.chosen};
            frames << f;
            return f.chosen;
        }
        f.sleep = depth == prefix.size() ? m_search.m_subtree.sleep : m_nextSleep;
        QList<int> awake;
        for (const int c : enabled)
            if (!f.sleep.contains(c))
                awake << c;
        if (awake.isEmpty()) {
            blocked = true;
            return -1;
        }
        f.chosen = awake.contains(timed) ? timed : awake.first();
        f.backtrack = {f.chosen};
        if (m_search.m_mode == Mode::Naive)
            for (const int c : std::as_const(awake))
                if (c != f.chosen)
                    f.backtrack << c;
        frames << f;
        return f.chosen;
    }

    void stepped(qsizetype depth, const ScheduledStep &step) override
    {
        Frame &f = m_search.m_frames[depth];
        if (depth < m_replayed - 1 && f.footprint != step.footprint)
            ++m_search.m_divergences;
        f.footprint = step.footprint;
        if (m_search.m_mode == Mode::Naive || depth + 1 < m_search.m_frames.size())
            return;
        // Asleep in the next state: those asleep here or explored from here
        // before, whose step is independent of this one.
        m_nextSleep.clear();
        for (const QHash<int, Footprint> *from : {&f.sleep, &f.done})
            for (auto it = from->begin(); it != from->end(); ++it)
                if (it.key() != step.client && !it.value().dependsOn(step.footprint))
                    m_nextSleep.insert(it.key(), it.value());
    }

private:
    SystematicSearch &m_search;
    qsizetype m_replayed;
    QHash<int, Footprint> m_nextSleep;
};

SystematicSearch::SystematicSearch(Mode mode, Subtree subtree) : m_mode(mode), m_subtree(std::move(subtree)) {}

bool SystematicSearch::next(const std::function<Execution(Chooser &)> &run)
{
    if (m_started && !backtrack())
        return false;
    m_started = true;
    Driver driver(*this);
    m_last = run(driver);
    m_lastBlocked = driver.blocked;
    // Frames of steps that did not happen (a run stopped early) are dropped.
    m_frames.resize(std::min(m_frames.size(), m_last.steps.size()));
    if (m_mode == Mode::Reduced)
        addRaces(m_last);
    return true;
}

bool SystematicSearch::backtrack()
{
    while (m_frames.size() > m_subtree.prefix.size()) {
        Frame &f = m_frames.last();
        f.done.insert(f.chosen, f.footprint);
        for (const int c : std::as_const(f.backtrack))
            if (!f.done.contains(c) && !f.sleep.contains(c)) {
                f.chosen = c;
                f.footprint = {};
                return true;
            }
        m_frames.removeLast();
    }
    return false;
}

void SystematicSearch::addRaces(const Execution &e)
{
    const QList<ScheduledStep> &steps = e.steps;
    const qsizetype n = steps.size();
    // before[j]: the steps that happen before step j (its client's earlier
    // steps, dependent steps, and what happens before those); after[i]: the
    // steps step i happens before.
    const auto count = size_t(n);
    std::vector<StepSet> before(count, StepSet{n});
    std::vector<StepSet> after(count, StepSet{n});
    std::vector<std::vector<bool>> dependent(count);
    for (qsizetype j = 0; j < n; ++j) {
        dependent[size_t(j)].assign(size_t(j), false);
        for (qsizetype i = 0; i < j; ++i) {
            const bool same = steps.at(i).client == steps.at(j).client;
            const bool dep = !same && steps.at(i).footprint.dependsOn(steps.at(j).footprint);
            dependent[size_t(j)][size_t(i)] = dep;
            if (same || dep) {
                before[size_t(j)].unite(before[size_t(i)]);
                before[size_t(j)].insert(i);
            }
        }
        for (qsizetype i = 0; i < j; ++i)
            if (before[size_t(j)].contains(i))
                after[size_t(i)].insert(j);
    }
    // Adds to the state before step i a client that can start the reversed
    // order of i and j; false when none is ready there.
    const auto reverseAt = [&](qsizetype i, qsizetype j) {
        // The steps after i that need not wait for it, then j: the clients that
        // can start that sequence.
        StepSet notAfter(n);
        for (qsizetype k = i + 1; k < j; ++k)
            if (!after[size_t(i)].contains(k))
                notAfter.insert(k);
        notAfter.insert(j);
        QList<int> initials;
        for (qsizetype k = i + 1; k <= j; ++k) {
            if (!notAfter.contains(k) || before[size_t(k)].intersects(notAfter))
                continue;
            if (!initials.contains(steps.at(k).client))
                initials << steps.at(k).client;
        }
        Frame &f = m_frames[i];
        QList<int> candidates;
        bool covered = false;
        for (const int c : std::as_const(initials)) {
            if (!f.enabled.contains(c))
                continue;
            candidates << c;
            covered = covered || f.backtrack.contains(c) || f.sleep.contains(c);
        }
        if (candidates.isEmpty())
            return false;
        if (!covered) {
            const int racer = steps.at(j).client;
            f.backtrack << (candidates.contains(racer) ? racer : candidates.first());
        }
        return true;
    };
    const qsizetype fixed = m_subtree.prefix.size();
    for (qsizetype j = 0; j < n; ++j) {
        for (qsizetype i = j - 1; i >= fixed; --i) {
            if (!dependent[size_t(j)][size_t(i)])
                continue;
            // A race only when nothing between them carries the order.
            if (before[size_t(j)].intersects(after[size_t(i)]))
                continue;
            // Reversed at i, or, when no client that can start the reversal
            // is ready there (a step before i made it wait, e.g. a client
            // that began a back-off), at the latest earlier state j is
            // ordered after where one is: the order that kept it waiting is
            // a race of its own, hidden behind the wait.
            for (qsizetype at = i; at >= fixed; --at)
                if ((at == i || before[size_t(j)].contains(at)) && reverseAt(at, j))
                    break;
        }
    }
}

} // namespace lockstock
