#include "ScheduleExploration.h"

#include "RunController.h"
#include "rendering/TimelineTheme.h"

#include "scenario/ScenarioWriter.h"
#include "strategies/Strategies.h"

#include <QDir>
#include <QJSEngine>
#include <QStandardPaths>

#include <algorithm>

namespace lockstock {

namespace {
// A tree of more schedules than this is not drawn further (a sampled space
// goes on for its budget); the outcomes keep counting.
constexpr int kMostLeavesDrawn = 20000;
} // namespace

ScheduleExploration::ScheduleExploration(RunController *controller, QObject *parent)
    : QObject(parent), m_controller(controller)
{
    m_drain.setInterval(150);
    connect(&m_drain, &QTimer::timeout, this, &ScheduleExploration::drain);
    connect(m_controller, &RunController::configChanged, this, &ScheduleExploration::scenarioChanged);
}

ScheduleExploration::~ScheduleExploration()
{
    if (m_explorer)
        m_explorer->cancel();
    if (m_thread)
        m_thread->join();
}

ScheduleExploration *ScheduleExploration::create(QQmlEngine *engine, QJSEngine *js)
{
    auto *exploration = new ScheduleExploration(RunController::create(engine, js));
    QJSEngine::setObjectOwnership(exploration, QJSEngine::JavaScriptOwnership);
    return exploration;
}

QString ScheduleExploration::unexplorable() const
{
    const QString why = explorable(m_controller->shownScenario());
    return why.isEmpty() ? QString() : tr("This scenario runs on the real clock (Sentinel or a cluster act on their own timers): its schedules cannot be replayed, so they cannot be explored.");
}

int ScheduleExploration::paletteSize() const
{
    return int(faultPalette(m_controller->shownScenario().config).size());
}

QString ScheduleExploration::progress() const
{
    QMutexLocker locker(&m_lock);
    if (m_progress.executions == 0 && !running())
        return {};
    return tr("%n schedule(s) run · %1/s", nullptr, int(m_progress.executions))
        .arg(qRound64(double(m_progress.executions) / std::max(0.001, m_progress.seconds)));
}

QString ScheduleExploration::summary() const
{
    return m_result ? m_result->spaceText() : QString();
}

QString ScheduleExploration::verdict() const
{
    if (!m_result || m_result->executions == 0)
        return {};
    const int n = int(m_result->executions);
    if (!m_result->failed())
        return m_result->coverage == Coverage::Complete ? tr("No finding in all %n distinct execution(s).", nullptr, n)
                                                        : tr("No finding in the %n execution(s) run.", nullptr, n);
    // Not "break the stock or the lock": refused orders and timeouts fail too.
    return tr("%1 of %n execution(s) fail.", nullptr, n).arg(m_result->failingExecutions());
}

QColor ScheduleExploration::outcomeColour(int outcome, bool dark) const
{
    const TimelineTheme theme = dark ? TimelineTheme::dark() : TimelineTheme::light();
    if (outcome < 0 || outcome >= m_outcomes.size())
        return theme.grid;
    const Outcome &o = m_outcomes.at(outcome).outcome;
    if (!o.error.isEmpty())
        return theme.mutedText;
    // Failing outcomes in shades of red, one each, in the order they were seen.
    int shade = 0;
    for (int i = 0; i < outcome; ++i)
        shade += m_outcomes.at(i).outcome.severity() == Severity::Broken;
    QColor c = theme.severity(o.severity());
    if (o.severity() == Severity::Broken && shade > 0)
        c = dark ? c.lighter(100 + 18 * (shade % 4)) : c.darker(100 + 22 * (shade % 4));
    return c;
}

QVariantList ScheduleExploration::outcomes() const
{
    qint64 total = 0;
    for (const OutcomeRow &r : m_outcomes)
        total += r.count;
    QList<int> order;
    for (int i = 0; i < int(m_outcomes.size()); ++i)
        order << i;
    std::stable_sort(order.begin(), order.end(), [this](int a, int b) { return m_outcomes.at(a).count > m_outcomes.at(b).count; });
    QVariantList out;
    for (const int i : order) {
        const OutcomeRow &r = m_outcomes.at(i);
        out << QVariantMap{{QStringLiteral("text"), r.outcome.text()},
                           {QStringLiteral("count"), r.count},
                           {QStringLiteral("share"), total > 0 ? double(r.count) / double(total) : 0.0},
                           {QStringLiteral("failing"), !r.outcome.failures().isEmpty()},
                           {QStringLiteral("colour"), outcomeColour(i, false)},
                           {QStringLiteral("darkColour"), outcomeColour(i, true)}};
    }
    return out;
}

void ScheduleExploration::start(int faults, int budgetSeconds)
{
    if (running() || !unexplorable().isEmpty())
        return;
    m_scenario = m_controller->shownScenario();
    m_strategy = findStrategy(m_controller->strategy());
    if (!m_strategy)
        return;
    const bool correct = m_scenario.correctHere(m_strategy->name, m_strategy->correct);
    m_subject = tr("%1 · %2 (%3)").arg(m_scenario.name, m_strategy->name, correct ? tr("correct") : tr("broken"));
    m_error.clear();
    m_result.reset();
    m_nodes = {Node{}};
    m_leaves.clear();
    m_outcomes.clear();
    m_outcomeIndex.clear();
    m_depth = 0;
    {
        QMutexLocker locker(&m_lock);
        m_pending.clear();
        m_progress = {};
    }
    ExploreOptions options;
    options.faults = std::clamp(faults, 0, paletteSize());
    options.budgetSeconds = std::max(1, budgetSeconds);
    m_explorer = std::make_unique<Explorer>(m_scenario, *m_strategy, options);
    m_explorer->onSchedule = [this](const ExploredSchedule &s) {
        QMutexLocker locker(&m_lock);
        m_pending << s;
    };
    m_explorer->onProgress = [this](const ExploreProgress &p) {
        QMutexLocker locker(&m_lock);
        m_progress = p;
    };
    m_thread = std::make_unique<std::thread>([this] {
        const ExploreResult result = m_explorer->run();
        QMetaObject::invokeMethod(this, [this, result] { finish(result); }, Qt::QueuedConnection);
    });
    m_drain.start();
    emit stateChanged();
    emit grown();
}

void ScheduleExploration::cancel()
{
    if (m_explorer)
        m_explorer->cancel();
}

void ScheduleExploration::finish(const ExploreResult &result)
{
    m_thread->join();
    m_thread.reset();
    m_drain.stop();
    drain();
    m_result = result;
    m_error = result.error;
    emit stateChanged();
}

void ScheduleExploration::drain()
{
    QList<ExploredSchedule> pending;
    {
        QMutexLocker locker(&m_lock);
        pending.swap(m_pending);
    }
    for (const ExploredSchedule &s : std::as_const(pending))
        add(s);
    emit grown();
}

int ScheduleExploration::nodeFor(int parent, const QString &label, int client)
{
    for (const int child : std::as_const(m_nodes[parent].children))
        if (m_nodes.at(child).label == label && !m_nodes.at(child).leaf)
            return child;
    Node n;
    n.parent = parent;
    n.depth = m_nodes.at(parent).depth + 1;
    n.label = label;
    n.client = client;
    m_nodes << n;
    const int index = int(m_nodes.size()) - 1;
    // In the clients' order (the placements' by their words), whichever
    // worker's schedule came first: the same exploration draws the same tree.
    QList<int> &siblings = m_nodes[parent].children;
    const auto after = std::find_if(siblings.begin(), siblings.end(), [&](int other) {
        const Node &o = m_nodes.at(other);
        return !o.leaf && (o.client != n.client ? o.client > n.client : o.label > n.label);
    });
    siblings.insert(after, index);
    m_depth = std::max(m_depth, n.depth);
    return index;
}

void ScheduleExploration::add(const ExploredSchedule &s)
{
    const QString key = s.outcome.key();
    auto known = m_outcomeIndex.constFind(key);
    if (known == m_outcomeIndex.constEnd()) {
        known = m_outcomeIndex.insert(key, int(m_outcomes.size()));
        m_outcomes << OutcomeRow{s.outcome, 0};
    }
    ++m_outcomes[*known].count;
    if (m_leaves.size() >= kMostLeavesDrawn)
        return;
    // Down the tree: the placement of its faults, then the client of each choice.
    int node = 0;
    if (!s.faults.isEmpty())
        node = nodeFor(0, s.faults.text(m_controller->primary()->analysis()->info.nodes), -1);
    const QStringList clients = [&] {
        QStringList names;
        for (const int c : s.clients)
            names << m_scenario.config.clients.value(c).name;
        return names;
    }();
    for (qsizetype i = 0; i < s.clients.size(); ++i)
        if (s.choices.value(i))
            node = nodeFor(node, clients.at(i), s.clients.at(i));
    Node leaf;
    leaf.parent = node;
    leaf.depth = m_nodes.at(node).depth + 1;
    leaf.leaf = true;
    leaf.leaves = 1;
    leaf.firstLeaf = int(m_leaves.size());
    m_leaves << Leaf{s, *known};
    m_nodes << leaf;
    m_nodes[node].children << int(m_nodes.size()) - 1;
    m_depth = std::max(m_depth, leaf.depth);
    for (int up = node; up >= 0; up = m_nodes.at(up).parent) {
        Node &n = m_nodes[up];
        if (n.firstLeaf < 0)
            n.firstLeaf = leaf.firstLeaf;
        ++n.leaves;
    }
}

QString ScheduleExploration::describe(int leaf) const
{
    if (leaf < 0 || leaf >= m_leaves.size())
        return {};
    const Leaf &l = m_leaves.at(leaf);
    QStringList names;
    for (const int c : l.schedule.clients)
        names << m_scenario.config.clients.value(c).name;
    QString text = tr("%n step(s): %1", nullptr, int(names.size())).arg(names.mid(0, 40).join(QLatin1Char(' ')))
        + (names.size() > 40 ? QStringLiteral(" …") : QString());
    if (!l.schedule.faults.isEmpty())
        text += QLatin1Char('\n') + tr("faults: %1").arg(l.schedule.faults.text(m_controller->primary()->analysis()->info.nodes));
    return text + QLatin1Char('\n') + tr("outcome: %1").arg(m_outcomes.at(l.outcome).outcome.text());
}

QString ScheduleExploration::load(int leaf)
{
    if (leaf < 0 || leaf >= m_leaves.size() || !m_strategy)
        return tr("No such schedule");
    const Leaf &l = m_leaves.at(leaf);
    Counterexample c;
    for (const int client : l.schedule.clients)
        c.interleaving << m_scenario.config.clients.value(client).name;
    c.faults = l.schedule.faults;
    c.outcome = l.schedule.outcome;
    // A file of its own, as --save-counterexample writes it: it can be run,
    // saved elsewhere and opened again.
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/explored");
    if (!QDir().mkpath(dir))
        return tr("Cannot write to %1").arg(dir);
    const QString path = QStringLiteral("%1/%2-%3-%4.json").arg(dir, m_scenario.name, m_strategy->name).arg(leaf + 1);
    Scenario file = Explorer::counterexampleScenario(m_scenario, *m_strategy, c);
    file.lesson = tr("Schedule %1 of the exploration of %2: %3").arg(leaf + 1).arg(m_subject, l.schedule.outcome.text());
    QString why;
    if (!saveScenarioFile(file, path, &why))
        return why;
    file.path = path;
    m_controller->openScenarioFile(file);
    m_controller->setStrategy(m_strategy->name);
    m_controller->run();
    return {};
}

} // namespace lockstock
