#include "WatchSession.h"

#include "RunSession.h"

#include "analysis/RunAnalysis.h"
#include "engine/EnumNames.h"
#include "proxy/Observation.h"

namespace lockstock {

WatchSession::WatchSession(RunSession *shown, QObject *parent)
    : QObject(parent)
    , m_shown(shown)
{
    m_lookThread.setMaxThreadCount(1);
    m_refresh.setInterval(1000);
    connect(&m_refresh, &QTimer::timeout, this, &WatchSession::refresh);
}

WatchSession::~WatchSession() = default;

QVariantList WatchSession::nodes() const
{
    QVariantList out;
    if (!m_observation)
        return out;
    for (int i = 0; i < m_observation->nodes().size(); ++i)
        out << QVariantMap{{QStringLiteral("name"), m_observation->nodes().at(i).name},
                           {QStringLiteral("address"), m_observation->address(i)},
                           {QStringLiteral("upstream"), m_observation->nodes().at(i).upstream.display()}};
    return out;
}

QString WatchSession::user() const { return m_observation ? QString::fromUtf8(m_observation->user().name) : QString(); }
QString WatchSession::password() const { return m_observation ? QString::fromUtf8(m_observation->user().password) : QString(); }
QString WatchSession::pythonExample() const { return m_observation ? m_observation->pythonExample() : QString(); }
QString WatchSession::nodeExample() const { return m_observation ? m_observation->nodeExample() : QString(); }
bool WatchSession::redlock() const { return m_observation && m_observation->redlock(); }
QString WatchSession::cliExample() const { return m_observation ? m_observation->cliExample() : QString(); }

void WatchSession::setMessage(const QString &message)
{
    m_message = message;
    emit messageChanged();
}

void WatchSession::start(const QString &setup)
{
    if (m_observation)
        return;
    Observation::Options options;
    if (setup == QLatin1String("redlock"))
        options.topology = {.kind = NodeSpec::Kind::Masters, .count = 5};
    else if (setup == QLatin1String("replicated"))
        options.topology = {.kind = NodeSpec::Kind::Replicated, .count = 3};
    options.title = tr("Programs watched through the proxy");
    try {
        m_observation = std::make_unique<Observation>(options);
    } catch (const std::exception &e) {
        setMessage(tr("Could not start watching: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    ++m_generation;
    m_shownCommands = 0; // nothing to show before the first command
    m_connections = m_commands = 0;
    m_targets = {QStringLiteral("all")};
    m_notes.clear();
    setMessage({});
    m_refresh.start();
    emit activeChanged();
    emit progressChanged();
}

void WatchSession::refresh()
{
    const Recording &recording = m_observation->proxy().recording();
    const QList<ObservedConnection> connections = recording.connections();
    m_connections = int(connections.size());
    m_targets = {QStringLiteral("all")};
    for (const ObservedConnection &c : connections) {
        const QString target = c.name.isEmpty() ? QStringLiteral("c%1").arg(c.id) : QString::fromUtf8(c.name);
        if ((c.closedNs < 0 || !c.name.isEmpty()) && !m_targets.contains(target))
            m_targets << target;
    }
    m_commands = int(recording.commandCount());
    emit progressChanged();
    // Rebuilt only when something new came and the last look is done: a
    // history of thousands of commands takes a moment, off the window's thread.
    if (m_commands == m_shownCommands || m_looking)
        return;
    m_shownCommands = m_commands;
    m_looking = true;
    m_lookThread.start([this, build = m_observation->sofar(), generation = m_generation] {
        ObservedRun run = build();
        std::shared_ptr<const RunAnalysis> analysis;
        if (!run.resources.empty())
            analysis = analyze(*run.resources.front().history);
        QMetaObject::invokeMethod(this, [this, generation, notes = run.notes, analysis] {
            m_looking = false;
            if (generation == m_generation)
                show(notes, analysis);
        }, Qt::QueuedConnection);
    });
}

void WatchSession::stop()
{
    if (!m_observation)
        return;
    m_refresh.stop();
    ++m_generation; // a look still in flight saw less than this
    m_lookThread.waitForDone(); // one history built at a time
    ObservedRun run = m_observation->finish();
    show(run.notes, run.resources.empty() ? nullptr : analyze(*run.resources.front().history));
    m_observation.reset();
    emit activeChanged();
}

// `analysis`: of the busiest resource (lock and stock keys), the one shown;
// `observe` judges each. Null while nothing was seen.
void WatchSession::show(QStringList notes, std::shared_ptr<const RunAnalysis> analysis)
{
    m_notes = std::move(notes);
    emit progressChanged();
    if (analysis) {
        const QString title = analysis->info.scenario;
        m_shown->showObserved(std::move(analysis), title);
    }
}

void WatchSession::fault(const std::function<QString()> &action)
{
    if (!m_observation)
        return;
    try {
        setMessage(RunAnalysis::translatedNote(action()));
    } catch (const std::exception &e) {
        setMessage(QString::fromUtf8(e.what()));
    }
}

void WatchSession::serverFault(const QString &action, int node)
{
    fault([&] {
        const std::optional<ServerAction> known = enumFromName<ServerAction>(action);
        if (!known)
            throw std::invalid_argument("no such fault: " + action.toStdString());
        return m_observation->serverFault(*known, node);
    });
}

void WatchSession::delayClient(const QString &target, int ms)
{
    fault([&] { return m_observation->proxy().delay(target, ms); });
}

void WatchSession::dropNextReply(const QString &target)
{
    fault([&] { return m_observation->proxy().dropNextReply(target); });
}

void WatchSession::holdNode(int node, bool held)
{
    fault([&] { return m_observation->proxy().pauseNode(node, held); });
}

} // namespace lockstock
