#include "ScenarioEditor.h"

#include "RunSession.h"

#include "scenario/ScenarioWriter.h"

#include <QRegularExpression>
#include <QUndoCommand>

#include <climits>
#include <cmath>

namespace lockstock {

namespace {

// A number the panel edits: its key in the file, the unit it is shown in
// (ms per unit), and where it lives in the run's settings.
struct NumberField {
    const char *key;
    double msPerUnit;
    qint64 (*get)(const RunConfig &);
    void (*set)(RunConfig &, qint64);
};

const NumberField kNumbers[] = {
    {"stock", 1, [](const RunConfig &c) { return c.stock; }, [](RunConfig &c, qint64 v) { c.stock = v; }},
    {"orders_per_client", 1, [](const RunConfig &c) { return qint64(c.ordersPerClient); },
     [](RunConfig &c, qint64 v) { c.ordersPerClient = int(std::clamp<qint64>(v, INT_MIN, INT_MAX)); }},
    {"quantity", 1, [](const RunConfig &c) { return c.quantity; }, [](RunConfig &c, qint64 v) { c.quantity = v; }},
    {"lease_ms", 1000, [](const RunConfig &c) { return c.leaseMs; }, [](RunConfig &c, qint64 v) { c.leaseMs = v; }},
    {"work_ms", 1000, [](const RunConfig &c) { return c.workMs; }, [](RunConfig &c, qint64 v) { c.workMs = v; }},
    {"retry_ms", 1, [](const RunConfig &c) { return c.retryMs; }, [](RunConfig &c, qint64 v) { c.retryMs = v; }},
    {"acquire_timeout_ms", 1000, [](const RunConfig &c) { return c.acquireTimeoutMs; },
     [](RunConfig &c, qint64 v) { c.acquireTimeoutMs = v; }},
    {"max_run_ms", 1000, [](const RunConfig &c) { return c.maxRunMs; }, [](RunConfig &c, qint64 v) { c.maxRunMs = v; }},
    {"rtt_ms", 1, [](const RunConfig &c) { return c.rttMs; }, [](RunConfig &c, qint64 v) { c.rttMs = v; }},
    {"seed", 1, [](const RunConfig &c) { return qint64(c.seed); },
     // Negative stays negative (through qint64's bits) for the loader to refuse.
     [](RunConfig &c, qint64 v) { c.seed = quint64(v); }},
};

const NumberField *numberField(const QString &key)
{
    for (const NumberField &f : kNumbers)
        if (key == QLatin1String(f.key))
            return &f;
    return nullptr;
}

QString shown(double value)
{
    return QString::number(value, 'g', 12);
}

// What was typed, as a number; nullopt when it is none.
std::optional<double> parseNumber(const QString &text)
{
    bool ok = false;
    const double d = QLocale::c().toDouble(text.trimmed().replace(QLatin1Char(','), QLatin1Char('.')), &ok);
    if (!ok || !std::isfinite(d) || std::abs(d) > 1e15)
        return std::nullopt;
    return d;
}

// A new client's name: A..Z, then C27, C28, ... as "clients": N names them, unless taken.
QString freshName(const QList<ClientSpec> &clients, qsizetype index)
{
    const auto taken = [&clients](const QString &name) {
        return std::any_of(clients.begin(), clients.end(), [&name](const ClientSpec &c) { return c.name == name; });
    };
    QString name = index < 26 ? QString(QChar(u'A' + int(index))) : QStringLiteral("C%1").arg(index + 1);
    for (qsizetype n = index + 1; taken(name); ++n)
        name = QStringLiteral("C%1").arg(n + 1);
    return name;
}

// The command a client sent last by `ns` on the run shown (its first if
// none yet): its step and order, where "crash here" strikes.
std::pair<Step, int> stepAt(const RunAnalysis &data, int client, qint64 ns)
{
    std::optional<std::pair<Step, int>> first;
    std::optional<std::pair<Step, int>> last;
    for (qsizetype i = 0; i < data.events.size(); ++i) {
        const Event &e = data.events.at(i);
        // Faults strike after a command (Run::applyFaults), not after a sleep.
        if (e.client != client || e.role != ActorRole::Main || e.kind != EventKind::Command || e.step == Step::Other)
            continue;
        const std::pair<Step, int> at{e.step, std::max(0, e.order)};
        if (!first)
            first = at;
        if (e.tNs > ns)
            break;
        last = at;
    }
    return last ? *last : first ? *first : std::pair{Step::Acquire, 0};
}

} // namespace

// One edit: the whole scenario before and after it, so undo gives back the
// exact earlier one, whatever the edit touched. Its words are kept
// untranslated and said in the language in use when asked for: an edit made
// in English reads in Chinese after the switch.
class ScenarioEdit : public QUndoCommand {
public:
    ScenarioEdit(ScenarioEditor *editor, Scenario before, Scenario after, const char *what, const QString &argument)
        : m_editor(editor)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_what(what)
        , m_argument(argument)
    {
    }
    void undo() override { m_editor->apply(m_before); }
    void redo() override { m_editor->apply(m_after); }
    QString description() const
    {
        const QString words = ScenarioEditor::tr(m_what);
        return m_argument.isNull() ? words : words.arg(m_argument);
    }

private:
    ScenarioEditor *m_editor;
    Scenario m_before;
    Scenario m_after;
    const char *m_what;     // QT_TR_NOOP'd
    QString m_argument;
};

ScenarioEditor::ScenarioEditor(QObject *parent)
    : QObject(parent)
{
    connect(&m_undo, &QUndoStack::indexChanged, this, &ScenarioEditor::changed);
}

void ScenarioEditor::reset(const Scenario &scenario)
{
    m_undo.clear();
    m_scenario = scenario;
    check();
    emit changed();
}

void ScenarioEditor::apply(const Scenario &scenario)
{
    const QString path = m_scenario.path;
    m_scenario = scenario;
    m_scenario.path = path;
    check();
    emit changed();
}

void ScenarioEditor::check()
{
    // The loader's own judgement: what would a file of this say?
    ScenarioError error;
    if (parseScenario(writeScenario(m_scenario), m_scenario.path, &error)) {
        m_error.clear();
        m_errorField.clear();
        return;
    }
    m_errorField = error.field.section(QRegularExpression(QStringLiteral("[\\[.]")), 0, 0);
    m_error = error.field.isEmpty() ? error.message : error.field + QStringLiteral(": ") + error.message;
}

QString ScenarioEditor::undoText() const
{
    const auto *edit = static_cast<const ScenarioEdit *>(m_undo.command(m_undo.index() - 1));
    return edit ? edit->description() : QString();
}

QString ScenarioEditor::redoText() const
{
    const auto *edit = static_cast<const ScenarioEdit *>(m_undo.command(m_undo.index()));
    return edit ? edit->description() : QString();
}

void ScenarioEditor::edit(const Scenario &edited, const char *what, const QString &argument)
{
    if (edited == m_scenario) {
        check(); // a refused input of before is gone: the value stands as it was
        emit changed();
        return;
    }
    m_undo.push(new ScenarioEdit(this, m_scenario, edited, what, argument));
}

QVariantMap ScenarioEditor::values() const
{
    const RunConfig &c = m_scenario.config;
    QVariantMap out;
    for (const NumberField &f : kNumbers)
        out.insert(QLatin1String(f.key), shown(double(f.get(c)) / f.msPerUnit));
    out.insert(QStringLiteral("clients"), QString::number(c.clients.size()));
    out.insert(QStringLiteral("schedule"), QLatin1String(nameOf(c.schedule)));
    out.insert(QStringLiteral("interleaving"), c.interleaving.join(QLatin1Char(' ')));
    return out;
}

QVariantList ScenarioEditor::clients() const
{
    QVariantList out;
    for (const ClientSpec &c : m_scenario.config.clients)
        out << QVariantMap{{QStringLiteral("name"), c.name}, {QStringLiteral("start"), shown(double(c.startMs))}};
    return out;
}

QVariantList ScenarioEditor::faults() const
{
    const RunConfig &c = m_scenario.config;
    QVariantList out;
    int index = 0;
    for (const Fault &f : c.faults) {
        QString text;
        const QString after = QLatin1String(nameOf(f.after));
        const QString order = QString::number(f.order + 1);
        switch (f.action) {
        case Fault::Action::Crash:
            text = tr("%1 crashes after its %2 (order %3)").arg(f.client, after, order);
            break;
        case Fault::Action::Pause:
            text = tr("%1 pauses %2 s after its %3 (order %4)").arg(f.client, shown(double(f.pauseMs) / 1000), after, order);
            break;
        default:
            text = tr("%1: %2 after its %3 (order %4)").arg(f.client, QLatin1String(nameOf(f.action)), after, order);
        }
        out << QVariantMap{{QStringLiteral("text"), text}, {QStringLiteral("index"), index++}};
    }
    // A slowed client's index is -1 - its own (removeFault puts its clock back).
    for (qsizetype i = 0; i < c.clients.size(); ++i)
        if (c.clients.at(i).clockRate != 1.0)
            out << QVariantMap{{QStringLiteral("text"), tr("%1's clock runs at ×%2").arg(c.clients.at(i).name, shown(c.clients.at(i).clockRate))},
                               {QStringLiteral("index"), int(-1 - i)}};
    index = int(c.faults.size());
    for (const ServerFault &f : c.serverFaults) {
        const QString node = tr("node %1").arg(f.node + 1);
        const QString at = f.client.isEmpty() ? tr("at %1 s").arg(shown(double(f.atMs) / 1000))
                                              : tr("after %1's %2").arg(f.client, QLatin1String(nameOf(f.after)));
        QString what;
        switch (f.action) {
        case ServerAction::Kill: what = tr("%1 is killed %2").arg(node, at); break;
        case ServerAction::Pause:
            what = tr("%1 is stopped (SIGSTOP) for %3 s %2").arg(node, at, shown(double(f.delayMs) / 1000));
            break;
        case ServerAction::Restart: what = tr("%1 restarts %2").arg(node, at); break;
        case ServerAction::Promote: what = tr("%1 is promoted to master %2").arg(node, at); break;
        case ServerAction::ClockJump:
            what = tr("%1's clock jumps %3 s %2").arg(node, at, shown(double(f.jumpMs) / 1000));
            break;
        case ServerAction::ClockDrift: what = tr("%1's clock runs at ×%3 %2").arg(node, at, shown(f.rate)); break;
        default: what = tr("%1: %2 %3").arg(node, QLatin1String(nameOf(f.action)), at);
        }
        out << QVariantMap{{QStringLiteral("text"), what}, {QStringLiteral("index"), index++}};
    }
    return out;
}

int ScenarioEditor::nodeCount() const
{
    return m_scenario.config.nodes.kind == NodeSpec::Kind::Single ? 1 : m_scenario.config.nodes.count;
}

bool ScenarioEditor::set(const QString &field, const QString &text)
{
    Scenario s = m_scenario;
    RunConfig &c = s.config;
    if (field == QLatin1String("schedule")) {
        const std::optional<Schedule> schedule = enumFromName<Schedule>(text);
        if (!schedule || *schedule == Schedule::Interactive)
            return false;
        c.schedule = *schedule;
        edit(s, QT_TR_NOOP("Schedule"));
        return true;
    }
    if (field == QLatin1String("interleaving")) {
        c.interleaving = text.split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts);
        // Names to follow are what a scripted schedule is; none, the clients' own timing.
        if (!c.interleaving.isEmpty())
            c.schedule = Schedule::Scripted;
        else if (c.schedule == Schedule::Scripted)
            c.schedule = Schedule::Timed;
        edit(s, QT_TR_NOOP("Interleaving"));
        return true;
    }
    const std::optional<double> number = parseNumber(text);
    const NumberField *known = numberField(field);
    if (!number || (!known && field != QLatin1String("clients"))) {
        m_errorField = field;
        m_error = field + QStringLiteral(": ") + tr("must be a number");
        emit changed();
        return false;
    }
    if (known) {
        known->set(c, qint64(std::llround(*number * known->msPerUnit)));
        edit(s, QT_TR_NOOP("Change %1"), field);
        return true;
    }
    const qint64 count = std::llround(*number);
    if (count > kMaxClients) {
        m_errorField = field;
        m_error = field + QStringLiteral(": ") + tr("at most %1 clients in the window").arg(kMaxClients);
        emit changed();
        return false;
    }
    // Fewer: the last ones go (the loader says where one is still named); more: fresh names.
    while (c.clients.size() > std::max<qint64>(count, 0))
        c.clients.removeLast();
    while (c.clients.size() < count)
        c.clients.append({freshName(c.clients, c.clients.size()), 0});
    edit(s, QT_TR_NOOP("Clients"));
    return true;
}

void ScenarioEditor::setClientName(int client, const QString &name)
{
    if (client < 0 || client >= m_scenario.config.clients.size())
        return;
    Scenario s = m_scenario;
    RunConfig &c = s.config;
    const QString old = c.clients.at(client).name;
    const QString fresh = name.trimmed();
    c.clients[client].name = fresh;
    // A renamed client keeps its turns and its faults.
    for (QString &turn : c.interleaving)
        if (turn == old)
            turn = fresh;
    for (Fault &f : c.faults)
        if (f.client == old)
            f.client = fresh;
    for (ServerFault &f : c.serverFaults)
        if (f.client == old)
            f.client = fresh;
    edit(s, QT_TR_NOOP("Rename %1"), old);
}

bool ScenarioEditor::setClientStart(int client, const QString &ms)
{
    const std::optional<double> number = parseNumber(ms);
    if (client < 0 || client >= m_scenario.config.clients.size())
        return false;
    if (!number) {
        m_errorField = QStringLiteral("clients");
        m_error = QStringLiteral("clients[%1].start_ms: ").arg(client) + tr("must be a number");
        emit changed();
        return false;
    }
    Scenario s = m_scenario;
    s.config.clients[client].startMs = std::llround(*number);
    edit(s, QT_TR_NOOP("Start of %1"), s.config.clients.at(client).name);
    return true;
}

void ScenarioEditor::addClientFault(int client, double atMs, const QString &action, double seconds)
{
    Scenario s = m_scenario;
    RunConfig &c = s.config;
    if (client < 0 || client >= c.clients.size())
        return;
    const QString name = c.clients.at(client).name;
    if (action == QLatin1String("slow")) {
        c.clients[client].clockRate = 0.5;
        edit(s, QT_TR_NOOP("Slow down %1"), name);
        return;
    }
    Fault fault;
    fault.client = name;
    if (m_run) {
        const auto data = m_run->analysis();
        std::tie(fault.after, fault.order) = stepAt(*data, client, data->clockNs(atMs));
    }
    if (action == QLatin1String("pause")) {
        fault.action = Fault::Action::Pause;
        fault.pauseMs = std::max<qint64>(1, std::llround(seconds * 1000));
    } else if (action != QLatin1String("crash")) {
        return;
    }
    c.faults.append(fault);
    edit(s, action == QLatin1String("crash") ? QT_TR_NOOP("Crash %1") : QT_TR_NOOP("Pause %1"), name);
}

QStringList ScenarioEditor::nodeActions(int node) const
{
    if (node < 0 || node >= nodeCount())
        return {};
    QStringList out{QStringLiteral("kill"), QStringLiteral("pause"), QStringLiteral("restart")};
    // A fail-over makes a replica the master: only replicated nodes and a
    // cluster's (after its masters) have one; a cluster's takes its master's
    // slots on the other masters' votes.
    const NodeSpec &nodes = m_scenario.config.nodes;
    if (replicated() && node > 0)
        out << QStringLiteral("promote");
    else if (nodes.kind == NodeSpec::Kind::Cluster && node >= nodes.shards())
        out << QStringLiteral("cluster_failover");
    out << QStringLiteral("clock_jump") << QStringLiteral("clock_drift");
    return out;
}

void ScenarioEditor::addNodeFault(int node, double atMs, const QString &action, double amount)
{
    const std::optional<ServerAction> kind = enumFromName<ServerAction>(action);
    if (!kind || !nodeActions(node).contains(action))
        return;
    Scenario s = m_scenario;
    ServerFault fault;
    fault.node = node;
    fault.action = *kind;
    fault.atMs = std::max<qint64>(0, std::llround(atMs));
    if (fault.action == ServerAction::Pause)
        fault.delayMs = std::max<qint64>(1, std::llround(amount * 1000)); // SIGCONT this much later
    else if (fault.action == ServerAction::ClockJump)
        fault.jumpMs = std::llround(amount * 1000);
    else if (fault.action == ServerAction::ClockDrift)
        fault.rate = amount;
    s.config.serverFaults.append(fault);
    edit(s, QT_TR_NOOP("Fault on node %1"), QString::number(node + 1));
}

void ScenarioEditor::removeFault(int index)
{
    Scenario s = m_scenario;
    RunConfig &c = s.config;
    if (index < 0 && -1 - index < c.clients.size())
        c.clients[-1 - index].clockRate = 1.0;
    else if (index >= 0 && index < c.faults.size())
        c.faults.removeAt(index);
    else if (index >= c.faults.size() && index < c.faults.size() + c.serverFaults.size())
        c.serverFaults.removeAt(index - c.faults.size());
    else
        return;
    edit(s, QT_TR_NOOP("Remove a fault"));
}

} // namespace lockstock
