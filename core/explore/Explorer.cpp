#include "Explorer.h"

#include "CpuPlacement.h"
#include "SystematicSearch.h"

#include "engine/History.h"
#include "engine/NodeSet.h"
#include "redis/RedisError.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QWaitCondition>

#include <cmath>
#include <deque>
#include <map>
#include <thread>

namespace lockstock {

namespace {
QRandomGenerator seeded(quint64 seed)
{
    const quint32 words[2] = {quint32(seed), quint32(seed >> 32)};
    return QRandomGenerator(words, words + 2);
}

// Random walks that estimate the size of the space (and find the steps a
// fault can follow); the first one is the timed schedule.
constexpr int kEstimateWalks = 33;
// Explored systematically when its estimated number of interleavings is at
// most this; else sampled.
constexpr double kSystematicLimit = 200'000;

// Picks among the ready clients at random.
class RandomChooser : public Chooser {
public:
    explicit RandomChooser(quint64 seed) : m_random(seeded(seed)) {}
    // The product of the choices' widths: Knuth's estimate of the tree's leaves.
    double width = 1;

    int choose(qsizetype, const QList<int> &enabled, int) override
    {
        width *= double(enabled.size());
        return enabled.at(qsizetype(m_random.bounded(quint32(enabled.size()))));
    }

private:
    QRandomGenerator m_random;
};

// PCT: random priorities, the highest ready client goes; at d-1 random steps
// the one about to go drops below all others.
class PctChooser : public Chooser {
public:
    PctChooser(quint64 seed, int clients, int steps, int depth) : m_random(seeded(seed))
    {
        QList<int> priorities;
        for (int i = 0; i < clients; ++i)
            priorities << depth + i;
        for (qsizetype i = priorities.size() - 1; i > 0; --i)
            priorities.swapItemsAt(i, qsizetype(m_random.bounded(quint32(i + 1))));
        m_priority = priorities;
        for (int j = 1; j < depth; ++j)
            m_changes.insert(qsizetype(m_random.bounded(quint32(std::max(1, steps)))), j);
    }

    int choose(qsizetype depth, const QList<int> &enabled, int) override
    {
        const auto highest = [&] {
            int best = enabled.first();
            for (const int c : enabled)
                if (m_priority.value(c) > m_priority.value(best))
                    best = c;
            return best;
        };
        if (const auto change = m_changes.constFind(depth); change != m_changes.constEnd())
            m_priority[highest()] = change.value();
        return highest();
    }

private:
    QRandomGenerator m_random;
    QList<int> m_priority;          // by client
    QHash<qsizetype, int> m_changes; // step -> the priority the client about to go drops to
};

// Follows the timed schedule up to the first choice, and stops there.
class FirstChoiceChooser : public Chooser {
public:
    QList<int> prefix;
    QList<int> choice;
    int choose(qsizetype, const QList<int> &enabled, int) override
    {
        if (enabled.size() > 1) {
            choice = enabled;
            return -1;
        }
        prefix << enabled.first();
        return enabled.first();
    }
};

// Follows `clients` and stops after them.
class PrefixChooser : public Chooser {
public:
    explicit PrefixChooser(QList<int> clients) : m_clients(std::move(clients)) {}
    int choose(qsizetype depth, const QList<int> &enabled, int) override
    {
        const int c = m_clients.value(depth, -1);
        return enabled.contains(c) ? c : -1;
    }

private:
    QList<int> m_clients;
};
} // namespace

// What one job found; merged in a fixed order.
struct Explorer::Part {
    qint64 executions = 0;
    qint64 blocked = 0;
    int divergences = 0;
    bool finished = true;          // covered all of its share
    std::map<QString, OutcomeCount> outcomes;
    std::map<FindingKind, Counterexample> shortest;
    int longest = 0;
    int widest = 0;
    double widthSum = 0;           // estimate walks
    int walks = 0;
    qint64 pctRuns = 0;
    qint64 randomRuns = 0;
    QList<StepPoint> points;       // steps seen, for fault placements
};

// Worker threads, each with its own servers, taking jobs from one queue.
class Explorer::Pool {
public:
    using Job = std::function<void(ScheduleRunner &)>;
    Pool(int workers, const RunConfig &config)
    {
        const QList<int> cpus = usableCpus();
        for (int i = 0; i < workers; ++i) {
            const int cpu = cpus.isEmpty() ? -1 : cpus.at(i % cpus.size());
            m_threads.emplace_back([this, config, cpu] {
                const OneCpu place(cpu);
                work(config);
            });
        }
    }
    ~Pool()
    {
        {
            QMutexLocker locker(&m_lock);
            m_closing = true;
        }
        m_wake.wakeAll();
        for (std::thread &t : m_threads)
            t.join();
    }
    void post(Job job)
    {
        {
            QMutexLocker locker(&m_lock);
            m_jobs.push_back(std::move(job));
        }
        m_wake.wakeOne();
    }
    // Waits until every job posted (and those they post) is done, calling
    // `tick` every 50 ms meanwhile.
    void wait(const std::function<void()> &tick)
    {
        QMutexLocker locker(&m_lock);
        while (!m_jobs.empty() || m_busy > 0) {
            m_idle.wait(&m_lock, 50);
            locker.unlock();
            tick();
            locker.relock();
        }
    }
    QString error() const
    {
        QMutexLocker locker(&m_lock);
        return m_error;
    }

private:
    void work(const RunConfig &config)
    {
        std::unique_ptr<ScheduleRunner> runner;
        try {
            runner = std::make_unique<ScheduleRunner>(config);
        } catch (const RedisError &err) {
            QMutexLocker locker(&m_lock);
            m_error = QString::fromStdString(err.what());
        }
        QMutexLocker locker(&m_lock);
        for (;;) {
            while (m_jobs.empty() && !m_closing)
                m_wake.wait(&m_lock);
            if (m_jobs.empty())
                return;
            Job job = std::move(m_jobs.front());
            m_jobs.pop_front();
            ++m_busy;
            locker.unlock();
            if (runner) {
                try {
                    job(*runner);
                } catch (const RedisError &err) {
                    QMutexLocker errorLocker(&m_lock);
                    m_error = QString::fromStdString(err.what());
                }
            }
            locker.relock();
            --m_busy;
            if (m_jobs.empty() && m_busy == 0)
                m_idle.wakeAll();
        }
    }

    mutable QMutex m_lock;
    QWaitCondition m_wake;
    QWaitCondition m_idle;
    std::deque<Job> m_jobs;
    int m_busy = 0;
    bool m_closing = false;
    QString m_error;
    std::vector<std::thread> m_threads;
};

bool Counterexample::shorterThan(const Counterexample &o) const
{
    if (steps() != o.steps())
        return steps() < o.steps();
    if (faults.size() != o.faults.size())
        return faults.size() < o.faults.size();
    const QString mine = faults.text({}) + QLatin1Char('|') + interleaving.join(QLatin1Char(','));
    const QString theirs = o.faults.text({}) + QLatin1Char('|') + o.interleaving.join(QLatin1Char(','));
    return mine < theirs;
}

QString explorable(const Scenario &scenario)
{
    if (scenario.config.nodes.ownTimers())
        return QStringLiteral("scenario '%1' runs on the real clock (%2 act on their own timers): "
                              "its schedules cannot be replayed, so it cannot be explored")
            .arg(scenario.name,
                 scenario.config.nodes.sentinels > 0 ? QStringLiteral("Sentinel's processes") : QStringLiteral("a cluster's nodes"));
    return {};
}

Explorer::Explorer(Scenario scenario, const Strategy &strategy, ExploreOptions options)
    : m_scenario(std::move(scenario)), m_strategy(strategy), m_options(options)
{
    m_base = m_scenario.config;
    m_base.schedule = Schedule::Interactive;
    m_base.interleaving.clear();
    m_base.interrupt = nullptr;
    m_base.correctSide = m_scenario.correctHere(strategy.name, strategy.correct);
    m_variants = {FaultSet{}};
}

RunConfig Explorer::configFor(const FaultSet &faults) const
{
    return withFaults(m_base, faults);
}

bool Explorer::stopping() const
{
    return m_cancel.load(std::memory_order_relaxed) || m_outOfTime.load(std::memory_order_relaxed)
        || (m_options.interrupt && m_options.interrupt->load(std::memory_order_relaxed));
}

void Explorer::record(const Execution &e, int variant, Part &part)
{
    part.longest = std::max(part.longest, int(e.steps.size()));
    for (const ScheduledStep &s : e.steps)
        part.widest = std::max(part.widest, int(s.enabled.size()));
    if (!e.complete)
        return;
    ++part.executions;
    Counterexample example;
    example.interleaving = e.interleaving(configFor(m_variants.at(variant)));
    example.faults = m_variants.at(variant);
    example.outcome = e.outcome;
    const QString key = e.outcome.key();
    OutcomeCount &count = part.outcomes[key];
    if (count.count == 0 || example.shorterThan(count.example)) {
        count.outcome = e.outcome;
        count.example = example;
    }
    ++count.count;
    for (const FindingKind kind : e.outcome.failures()) {
        example.kind = kind;
        const auto known = part.shortest.find(kind);
        if (known == part.shortest.end() || example.shorterThan(known->second))
            part.shortest[kind] = example;
    }
    {
        QMutexLocker locker(&m_progressLock);
        ++m_progress.executions;
        auto it = std::find_if(m_progress.outcomes.begin(), m_progress.outcomes.end(),
                               [&key](const OutcomeCount &c) { return c.outcome.key() == key; });
        if (it == m_progress.outcomes.end())
            m_progress.outcomes << OutcomeCount{e.outcome, 1, example};
        else
            ++it->count;
        if (onSchedule) {
            ExploredSchedule s{variant, m_variants.at(variant), {}, {}, e.outcome};
            for (const ScheduledStep &step : e.steps) {
                s.clients << step.client;
                s.choices << (step.enabled.size() > 1);
            }
            onSchedule(s);
        }
    }
    reportProgress(false);
}

void Explorer::reportProgress(bool force)
{
    QMutexLocker locker(&m_progressLock);
    const qint64 now = m_clock.elapsed();
    if (!onProgress || (!force && now - m_lastProgressMs < 200))
        return;
    m_lastProgressMs = now;
    m_progress.seconds = double(now) / 1000.0;
    ExploreProgress snapshot = m_progress;
    std::sort(snapshot.outcomes.begin(), snapshot.outcomes.end(),
              [](const OutcomeCount &a, const OutcomeCount &b) { return a.count > b.count; });
    onProgress(snapshot);
}

void Explorer::estimate(Pool &pool, ExploreResult &result)
{
    {
        QMutexLocker locker(&m_progressLock);
        m_progress.phase = QStringLiteral("estimating");
    }
    QMutex lock;
    std::map<int, Part> parts;
    const auto walk = [this, &lock, &parts](ScheduleRunner &runner, int index) {
        if (stopping())
            return;
        Part part;
        const RunConfig config = configFor({});
        RandomChooser random(m_options.seed * 1000003 + quint64(index));
        ReplayChooser timed({});
        Chooser &chooser = index == 0 ? static_cast<Chooser &>(timed) : random;
        History history;
        const Execution e = runner.run(config, m_strategy, chooser, &history, &m_outOfTime);
        if (index > 0 && e.complete) {
            part.widthSum = random.width;
            part.walks = 1;
        }
        part.longest = int(e.steps.size());
        for (const ScheduledStep &s : e.steps)
            part.widest = std::max(part.widest, int(s.enabled.size()));
        // The steps a fault can follow: each client's first of a kind in an order.
        for (const Event &ev : history.events())
            if (ev.client >= 0 && ev.role == ActorRole::Main
                && (ev.kind == EventKind::Command || ev.kind == EventKind::Sleep)) {
                const StepPoint p{ev.client, ev.order, ev.step};
                if (!part.points.contains(p))
                    part.points << p;
            }
        QMutexLocker locker(&lock);
        // A timed run without a single choice is the whole space.
        if (index == 0 && e.complete && e.choicePoints() == 0)
            m_onlyExecution = e;
        parts[index] = std::move(part);
    };
    pool.post([walk](ScheduleRunner &runner) { walk(runner, 0); });
    pool.wait([this] { reportProgress(false); });
    if (!m_onlyExecution)
        for (int index = 1; index < kEstimateWalks; ++index)
            pool.post([walk, index](ScheduleRunner &runner) { walk(runner, index); });
    pool.wait([this] { reportProgress(false); });
    double widths = 0;
    QList<StepPoint> points;
    for (const auto &[walk, part] : parts) {
        widths += part.widthSum;
        result.estimateWalks += part.walks;
        result.longestRun = std::max(result.longestRun, part.longest);
        result.mostClients = std::max(result.mostClients, part.widest);
        for (const StepPoint &p : part.points)
            if (!points.contains(p))
                points << p;
    }
    result.naiveCount = result.estimateWalks > 0 ? widths / result.estimateWalks : 1;
    if (m_onlyExecution)
        result.estimateWalks = 1;
    if (m_options.faults > 0)
        m_variants += faultPlacements(m_base, points, m_options.faults);
}

void Explorer::systematic(Pool &pool, ExploreResult &result, bool reduced)
{
    {
        QMutexLocker locker(&m_progressLock);
        m_progress.phase = reduced ? QStringLiteral("dpor") : QStringLiteral("naive");
    }
    const SystematicSearch::Mode mode = reduced ? SystematicSearch::Mode::Reduced : SystematicSearch::Mode::Naive;
    QMutex lock;
    std::map<std::pair<int, int>, Part> parts; // (variant, part of it)
    const auto commit = [&lock, &parts](int variant, int index, Part part) {
        QMutexLocker locker(&lock);
        parts[{variant, index}] = std::move(part);
    };
    const auto explore = [this, mode, commit](ScheduleRunner &runner, int variant, int index,
                                              SystematicSearch::Subtree subtree) {
        Part part;
        const RunConfig config = configFor(m_variants.at(variant));
        SystematicSearch search(mode, std::move(subtree));
        for (;;) {
            if (stopping()) {
                part.finished = false;
                break;
            }
            const bool more = search.next(
                [&](Chooser &chooser) { return runner.run(config, m_strategy, chooser, nullptr, &m_outOfTime); });
            if (!more)
                break;
            const Execution &e = search.last();
            if (e.complete) {
                record(e, variant, part);
            } else if (search.lastBlocked()) {
                ++part.blocked;
                QMutexLocker locker(&m_progressLock);
                ++m_progress.blocked;
            } else {
                part.finished = false;
                break;
            }
        }
        part.divergences = search.divergences();
        commit(variant, index, std::move(part));
    };
    for (int variant = 0; variant < int(m_variants.size()); ++variant) {
        if (variant == 0 && m_onlyExecution) {
            Part part;
            record(*m_onlyExecution, 0, part);
            commit(0, 0, std::move(part));
            continue;
        }
        // Split at the first choice: each client that can go there is a
        // part of its own, asleep to the ones before it (as a sequential
        // search would have explored them first).
        pool.post([this, variant, reduced, &pool, explore, commit](ScheduleRunner &runner) {
            if (stopping()) {
                Part part;
                part.finished = false;
                commit(variant, 0, std::move(part));
                return;
            }
            const RunConfig config = configFor(m_variants.at(variant));
            FirstChoiceChooser first;
            const Execution e = runner.run(config, m_strategy, first, nullptr, &m_outOfTime);
            if (first.choice.isEmpty()) {
                Part part;
                part.finished = e.complete;
                record(e, variant, part);
                commit(variant, 0, std::move(part));
                return;
            }
            QHash<int, Footprint> footprints;
            for (const int c : std::as_const(first.choice)) {
                PrefixChooser step(first.prefix + QList<int>{c});
                const Execution one = runner.run(config, m_strategy, step, nullptr, &m_outOfTime);
                if (one.steps.size() != first.prefix.size() + 1) {
                    Part part;
                    part.finished = false;
                    commit(variant, 0, std::move(part));
                    return;
                }
                footprints.insert(c, one.steps.last().footprint);
            }
            for (qsizetype i = 0; i < first.choice.size(); ++i) {
                const int c = first.choice.at(i);
                SystematicSearch::Subtree subtree{first.prefix + QList<int>{c}, {}};
                if (reduced)
                    for (qsizetype j = 0; j < i; ++j) {
                        const int earlier = first.choice.at(j);
                        if (!footprints.value(earlier).dependsOn(footprints.value(c)))
                            subtree.sleep.insert(earlier, footprints.value(earlier));
                    }
                pool.post([explore, variant, i, subtree](ScheduleRunner &r) { explore(r, variant, int(i), subtree); });
            }
        });
    }
    pool.wait([this] { reportProgress(false); });
    QList<Part> ordered;
    for (auto &[key, part] : parts)
        ordered << std::move(part);
    merge(ordered, result);
    if (!result.stoppedBy.isEmpty() || std::any_of(ordered.begin(), ordered.end(), [](const Part &p) { return !p.finished; }))
        result.coverage = Coverage::Bounded;
    if (!reduced && result.coverage == Coverage::Complete) {
        result.naiveCount = double(result.executions);
        result.naiveExact = true;
    }
}

void Explorer::sample(Pool &pool, ExploreResult &result)
{
    {
        QMutexLocker locker(&m_progressLock);
        m_progress.phase = QStringLiteral("sampling");
    }
    result.coverage = Coverage::Sampled;
    result.pctDepth = m_options.pctDepth;
    const int clients = int(m_base.clients.size());
    const int steps = std::max(1, result.longestRun);
    result.pctBound = 1.0 / (double(clients) * std::pow(double(steps), double(result.pctDepth - 1)));
    std::atomic<qint64> next{0};
    QMutex lock;
    QList<Part> parts;
    for (int w = 0; w < m_options.workers; ++w)
        pool.post([&, clients, steps](ScheduleRunner &runner) {
            Part part;
            while (!stopping()) {
                const qint64 i = next.fetch_add(1);
                const quint64 seed = m_options.seed * 7919 + quint64(i);
                QRandomGenerator pick = seeded(seed ^ 0x5eed5eed);
                const int variant = int(pick.bounded(quint32(m_variants.size())));
                const bool pct = i % 2 == 0;
                PctChooser pctChooser(seed, clients, steps, m_options.pctDepth);
                RandomChooser randomChooser(seed);
                Chooser &chooser = pct ? static_cast<Chooser &>(pctChooser) : randomChooser;
                const Execution e = runner.run(configFor(m_variants.at(variant)), m_strategy, chooser, nullptr, &m_outOfTime);
                if (!e.complete)
                    break;
                (pct ? part.pctRuns : part.randomRuns)++;
                record(e, variant, part);
            }
            QMutexLocker locker(&lock);
            parts << std::move(part);
        });
    pool.wait([this] { reportProgress(false); });
    merge(parts, result);
    for (const Part &p : parts) {
        result.pctRuns += p.pctRuns;
        result.randomRuns += p.randomRuns;
    }
}

void Explorer::merge(const QList<Part> &parts, ExploreResult &result) const
{
    std::map<QString, OutcomeCount> outcomes;
    std::map<FindingKind, Counterexample> shortest;
    for (const Part &p : parts) {
        result.executions += p.executions;
        result.blocked += p.blocked;
        result.divergences += p.divergences;
        result.longestRun = std::max(result.longestRun, p.longest);
        result.mostClients = std::max(result.mostClients, p.widest);
        for (const auto &[key, c] : p.outcomes) {
            OutcomeCount &into = outcomes[key];
            if (into.count == 0 || c.example.shorterThan(into.example)) {
                into.outcome = c.outcome;
                into.example = c.example;
            }
            into.count += c.count;
        }
        for (const auto &[kind, c] : p.shortest) {
            const auto known = shortest.find(kind);
            if (known == shortest.end() || c.shorterThan(known->second))
                shortest[kind] = c;
        }
    }
    for (const auto &[key, c] : outcomes)
        result.outcomes << c;
    std::stable_sort(result.outcomes.begin(), result.outcomes.end(),
                     [](const OutcomeCount &a, const OutcomeCount &b) { return a.count > b.count; });
    for (const auto &[kind, c] : shortest)
        result.counterexamples << c;
}

ExploreResult Explorer::run()
{
    m_clock.start();
    ExploreResult result;
    result.scenario = m_scenario.name;
    result.strategy = m_strategy.name;
    result.correctSide = m_base.correctSide.value_or(m_strategy.correct);
    result.faults = m_options.faults;
    if (const QString why = explorable(m_scenario); !why.isEmpty()) {
        result.error = why;
        return result;
    }
    const qint64 budgetMs = qint64(m_options.budgetSeconds * 1000);
    Pool pool(std::max(1, m_options.workers), m_base);
    // Stops the runs under way once the budget is spent or Ctrl-C came.
    std::thread watch;
    std::atomic<bool> done{false};
    watch = std::thread([&] {
        while (!done.load()) {
            if (m_clock.elapsed() >= budgetMs || m_cancel.load()
                || (m_options.interrupt && m_options.interrupt->load()))
                m_outOfTime = true;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
    estimate(pool, result);
    ExploreMethod method = m_options.method;
    if (method == ExploreMethod::Auto)
        method = result.naiveCount * double(m_variants.size()) <= kSystematicLimit ? ExploreMethod::Reduced
                                                                                   : ExploreMethod::Sampled;
    result.method = method;
    if (!stopping()) {
        if (method == ExploreMethod::Sampled)
            sample(pool, result);
        else
            systematic(pool, result, method == ExploreMethod::Reduced);
    } else {
        result.coverage = Coverage::Bounded;
    }
    done = true;
    watch.join();
    // Each distinct execution is an interleaving of its own: the estimate is at least their number.
    if (!result.naiveExact)
        result.naiveCount = std::max(result.naiveCount * double(m_variants.size()), double(result.executions));
    result.variants = m_variants;
    if (m_cancel.load() || (m_options.interrupt && m_options.interrupt->load()))
        result.stoppedBy = QStringLiteral("interrupted");
    else if (m_outOfTime.load() && result.coverage != Coverage::Sampled)
        result.stoppedBy = QStringLiteral("budget");
    if (!result.stoppedBy.isEmpty() && result.coverage == Coverage::Complete)
        result.coverage = Coverage::Bounded;
    result.error = pool.error();
    result.seconds = double(m_clock.elapsed()) / 1000.0;
    reportProgress(true);
    return result;
}

Scenario Explorer::counterexampleScenario(const Scenario &scenario, const Strategy &strategy, const Counterexample &example)
{
    Scenario out = scenario;
    out.path.clear();
    out.config = withFaults(scenario.config, example.faults);
    out.config.interleaving = example.interleaving;
    out.config.schedule = Schedule::Scripted;
    out.config.interrupt = nullptr;
    out.config.correctSide.reset();
    // `run FILE` runs the broken side: the explored strategy, unless it is the correct one.
    if (strategy.name != scenario.correct)
        out.broken = strategy.name;
    out.lesson = QStringLiteral("The shortest schedule lockstock explore found that shows %1: %2 steps%3.")
                     .arg(QLatin1String(nameOf(example.kind)))
                     .arg(example.steps())
                     .arg(example.faults.isEmpty() ? QString() : QStringLiteral(", with ") + example.faults.text({}));
    return out;
}

qint64 ExploreResult::failingExecutions() const
{
    qint64 failing = 0;
    for (const OutcomeCount &c : outcomes)
        if (!c.outcome.failures().isEmpty())
            failing += c.count;
    return failing;
}

QString ExploreResult::spaceText() const
{
    const QString faultsText = faults > 0 ? QCoreApplication::translate("Explore", "with up to %n injected fault(s) in %1 placements", nullptr, faults)
                                                .arg(variants.size() - 1)
                                          : QString();
    QString text;
    switch (coverage) {
    case Coverage::Complete:
        if (executions == 1 && method != ExploreMethod::Naive)
            text = QCoreApplication::translate("Explore", "complete: a single schedule; no two clients ever have a command "
                                                          "to send at the same moment, so the scenario's timing decides every order");
        else if (method == ExploreMethod::Naive)
            text = QCoreApplication::translate("Explore", "complete: all %n interleaving(s)", nullptr, int(executions));
        else
            text = QCoreApplication::translate("Explore", "complete: %n distinct execution(s) (DPOR with sleep sets; about %1 "
                                                          "interleavings without reduction)", nullptr, int(executions))
                       .arg(std::llround(naiveCount));
        break;
    case Coverage::Bounded:
        text = (stoppedBy == QLatin1String("interrupted")
                    ? QCoreApplication::translate("Explore", "bounded: %n execution(s) before it was interrupted; the rest of "
                                                             "the space (about %1 interleavings) was not explored", nullptr, int(executions))
                    : QCoreApplication::translate("Explore", "bounded: %n execution(s) before the budget ran out; the rest of "
                                                             "the space (about %1 interleavings) was not explored", nullptr, int(executions)))
                   .arg(std::llround(naiveCount));
        break;
    case Coverage::Sampled:
        text = QCoreApplication::translate("Explore", "sampled: %1 PCT runs (depth %2) and %3 random walks of a space of about %4 interleavings; "
                  "each PCT run finds a bug of depth %2 with probability at least %5")
                   .arg(pctRuns)
                   .arg(pctDepth)
                   .arg(randomRuns)
                   .arg(naiveCount, 0, 'g', 3)
                   .arg(pctBound, 0, 'g', 3);
        break;
    }
    return faultsText.isEmpty() ? text : text + QStringLiteral(", ") + faultsText;
}

QJsonObject ExploreResult::toJson() const
{
    QJsonObject space{
        {QStringLiteral("coverage"), QLatin1String(nameOf(coverage))},
        {QStringLiteral("method"), QLatin1String(nameOf(method))},
        {QStringLiteral("executions"), executions},
        {QStringLiteral("sleep_set_blocked"), blocked},
        {QStringLiteral("naive_interleavings"), naiveCount},
        {QStringLiteral("naive_exact"), naiveExact},
        {QStringLiteral("estimate_walks"), estimateWalks},
        {QStringLiteral("longest_run_steps"), longestRun},
        {QStringLiteral("most_ready_at_once"), mostClients},
        {QStringLiteral("faults"), faults},
        {QStringLiteral("fault_placements"), int(std::max<qsizetype>(0, variants.size() - 1))},
        {QStringLiteral("replay_divergences"), divergences},
        {QStringLiteral("text"), spaceText()},
    };
    if (!stoppedBy.isEmpty())
        space[QStringLiteral("stopped_by")] = stoppedBy;
    if (coverage == Coverage::Sampled) {
        space[QStringLiteral("pct_runs")] = pctRuns;
        space[QStringLiteral("random_runs")] = randomRuns;
        space[QStringLiteral("pct_depth")] = pctDepth;
        space[QStringLiteral("pct_probability_per_run")] = pctBound;
    }
    const auto scheduleJson = [](const Counterexample &c) {
        QJsonObject o{{QStringLiteral("steps"), c.steps()},
                      {QStringLiteral("interleaving"), QJsonArray::fromStringList(c.interleaving)},
                      {QStringLiteral("faults"), c.faults.size()}};
        if (!c.faults.isEmpty())
            o[QStringLiteral("injected")] = c.faults.text({});
        return o;
    };
    const qint64 total = std::max<qint64>(1, executions);
    QJsonArray outcomesJson;
    for (const OutcomeCount &c : outcomes) {
        QJsonArray findings;
        for (const auto &[kind, severity] : c.outcome.findings)
            findings << QJsonObject{{QStringLiteral("kind"), QLatin1String(nameOf(kind))},
                                    {QStringLiteral("severity"), QLatin1String(nameOf(severity))}};
        QJsonObject o{{QStringLiteral("final_stock"), c.outcome.finalStock == kUnknown ? QJsonValue() : QJsonValue(c.outcome.finalStock)},
                      {QStringLiteral("findings"), findings},
                      {QStringLiteral("severity"), QLatin1String(nameOf(c.outcome.severity()))},
                      {QStringLiteral("count"), c.count},
                      {QStringLiteral("share"), double(c.count) / double(total)},
                      {QStringLiteral("shortest"), scheduleJson(c.example)}};
        if (!c.outcome.error.isEmpty())
            o[QStringLiteral("error")] = c.outcome.error;
        outcomesJson << o;
    }
    QJsonArray counterJson;
    for (const Counterexample &c : counterexamples) {
        QJsonObject o = scheduleJson(c);
        o[QStringLiteral("finding")] = QLatin1String(nameOf(c.kind));
        o[QStringLiteral("final_stock")] = c.outcome.finalStock == kUnknown ? QJsonValue() : QJsonValue(c.outcome.finalStock);
        counterJson << o;
    }
    QJsonObject out{
        {QStringLiteral("scenario"), scenario},
        {QStringLiteral("strategy"), strategy},
        {QStringLiteral("side"), correctSide ? QStringLiteral("correct") : QStringLiteral("broken")},
        {QStringLiteral("space"), space},
        {QStringLiteral("outcomes"), outcomesJson},
        {QStringLiteral("counterexamples"), counterJson},
        {QStringLiteral("clean"), counterexamples.isEmpty()},
        {QStringLiteral("seconds"), seconds},
    };
    if (!error.isEmpty())
        out[QStringLiteral("error")] = error;
    return out;
}

} // namespace lockstock
