#include "RunController.h"

#include "Translations.h"

#include "animation/TimelineAnimation.h"
#include "rendering/TimelineExport.h"

#include "analysis/ForkPoint.h"
#include "redis/RedisError.h"
#include "scenario/ScenarioWriter.h"
#include "engine/SteppedRun.h"
#include "strategies/Strategies.h"

#include <QFileInfo>
#include <QJSEngine>
#include <QSettings>

namespace lockstock {

namespace {
constexpr double kReplaySeconds = 10;
constexpr int kRecentFiles = 8;
const QString kRecentKey = QStringLiteral("files/recent");

QString localPath(const QUrl &file)
{
    return file.isLocalFile() ? file.toLocalFile() : file.toString();
}

bool isBuiltin(const Scenario &s)
{
    return s.path.isEmpty() || s.path.startsWith(QLatin1String(":/"));
}
} // namespace

RunController::RunController(std::unique_ptr<RedisTarget> target, const QString &error, QObject *parent)
    : QObject(parent)
    , m_target(std::move(target))
    , m_targetError(error)
{
    connect(&m_primary, &RunSession::strategyChanged, this, &RunController::redisChanged);
    m_replay.setInterval(16);
    connect(&m_replay, &QTimer::timeout, this, [this] {
        // At ×1 a replay of the whole run takes kReplaySeconds, however long the run really was.
        const double elapsed = double(m_replayClock.restart());
        const double next = std::max(0.0, m_cursorMs) + elapsed / (kReplaySeconds * 1000.0) * m_replayRate * durationMs();
        setCursorMs(std::min(next, durationMs()));
        if (next >= durationMs())
            stopReplay();
    });
    for (RunSession *s : {&m_primary, &m_secondary}) {
        connect(s, &RunSession::stateChanged, this, &RunController::stateChanged);
        connect(s, &RunSession::stateChanged, this, &RunController::bannerChanged);
        connect(s, &RunSession::timelineChanged, this, &RunController::timelineChanged);
    }
    connect(this, &RunController::timelineChanged, this, &RunController::updateCode);
    connect(this, &RunController::timelineChanged, this, &RunController::cursorChanged);
    // A finished run is shown as it stood at the cursor: lanes, verdict and Redis alike.
    connect(this, &RunController::cursorChanged, this, [this] {
        for (RunSession *s : {&m_primary, &m_secondary})
            s->showInstant(m_cursorMs);
    });
    connect(this, &RunController::cursorChanged, this, &RunController::updateCode);
    connect(this, &RunController::focusChanged, this, &RunController::updateCode);
    connect(this, &RunController::configChanged, this, &RunController::textsChanged);
    m_editor.setRun(&m_primary);
    connect(&m_editor, &ScenarioEditor::changed, this, &RunController::editPendingChanged);
    connect(&m_editor, &ScenarioEditor::changed, this, &RunController::bannerChanged);
    setScenario(QStringLiteral("lost-update"));
    // The stress runs need real time. On a private server a stepped run owns
    // the clock and moves it in leaps their leases must not see: they get a
    // server of their own, started when the first comparison starts (not
    // with the window). On a shared one (the real clock) keys of their own.
    if (m_target)
        m_stress.setRedis([this] {
            if (m_target->isPrivate() && !m_stressTarget)
                m_stressTarget = RedisTarget::startPrivate();
            const RedisTarget &t = m_stressTarget ? *m_stressTarget : *m_target;
            return StressComparison::Redis{t.endpoint(), t.keyPrefix() + "stress:"};
        });
}

RunController::~RunController()
{
    if (m_animationThread) {
        m_animationCancel = true;
        m_animationThread->wait();
    }
}

RunController *RunController::create(QQmlEngine *, QJSEngine *)
{
    Q_ASSERT(s_window);
    QJSEngine::setObjectOwnership(s_window, QJSEngine::CppOwnership);
    return s_window;
}

QVariantList RunController::scenarios() const
{
    QVariantList out;
    if (m_file)
        out << QVariantMap{{QStringLiteral("name"), m_file->path},
                           {QStringLiteral("title"), tr("File: %1").arg(QFileInfo(m_file->path).fileName())},
                           {QStringLiteral("lesson"), m_file->lessonText()}, {QStringLiteral("broken"), m_file->broken},
                           {QStringLiteral("correct"), m_file->correct}, {QStringLiteral("course"), 0}};
    int course = 0;
    for (const QString &name : builtinScenarioNames()) {
        ScenarioError error;
        if (const std::optional<Scenario> s = findScenario(name, &error))
            out << QVariantMap{{QStringLiteral("name"), s->name}, {QStringLiteral("title"), s->titleText()},
                               {QStringLiteral("lesson"), s->lessonText()}, {QStringLiteral("broken"), s->broken},
                               {QStringLiteral("correct"), s->correct}, {QStringLiteral("course"), ++course}};
    }
    return out;
}

void RunController::followLanguage(const Translations &translations)
{
    connect(&translations, &Translations::languageChanged, this, [this, &translations] {
        m_code.setUiLanguage(translations.effective());
        retranslate();
    });
    m_code.setUiLanguage(translations.effective());
}

void RunController::retranslate()
{
    emit textsChanged();
    emit bannerChanged();
    emit redisChanged();
    m_primary.retranslate();
    m_secondary.retranslate();
    m_stress.retranslate();
    emit m_editor.changed(); // Undo's words and the faults' are said anew
}

QVariantList RunController::strategies() const
{
    QVariantList out;
    for (const Strategy *s : allStrategies())
        out << QVariantMap{{QStringLiteral("name"), s->name}, {QStringLiteral("title"), s->titleText()},
                           {QStringLiteral("lesson"), s->lessonText()}, {QStringLiteral("correct"), s->correct},
                           {QStringLiteral("side"), s->name == m_scenario.broken    ? QStringLiteral("broken")
                                                    : s->name == m_scenario.correct ? QStringLiteral("correct")
                                                                                    : QString()}};
    return out;
}

void RunController::setScenario(const QString &name)
{
    if (name == scenario() && !m_strategyName.isEmpty())
        return;
    // The opened file as it was read; a path (the one remembered) is read again.
    ScenarioError error;
    const std::optional<Scenario> s = m_file && name == m_file->path ? m_file : findScenario(name, &error);
    if (s)
        show(*s);
}

void RunController::show(const Scenario &scenario)
{
    const bool wasCorrect = correct();
    m_scenario = scenario;
    if (!isBuiltin(scenario))
        m_file = scenario;
    m_fileError.clear();
    m_previous = false;
    m_editor.reset(scenario);
    m_strategyName = wasCorrect ? m_scenario.correct : m_scenario.broken;
    load();
    emit bannerChanged();
}

QString RunController::scenarioFile() const
{
    return isBuiltin(m_scenario) ? QString() : m_scenario.path;
}

QStringList RunController::recentFiles() const
{
    QStringList files = QSettings().value(kRecentKey).toStringList();
    files.removeIf([](const QString &path) { return !QFileInfo(path).isFile(); });
    return files;
}

void RunController::rememberFile(const QString &path)
{
    QStringList files = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    QSettings().setValue(kRecentKey, files.mid(0, kRecentFiles));
    emit recentFilesChanged();
}

bool RunController::openScenario(const QUrl &file)
{
    ScenarioError error;
    const std::optional<Scenario> s = loadScenarioFile(localPath(file), &error);
    if (!s) {
        m_fileError = tr("Not opened: %1").arg(error.display());
        emit bannerChanged();
        return false;
    }
    openScenarioFile(*s);
    return true;
}

void RunController::openScenarioFile(const Scenario &loaded)
{
    Scenario s = loaded;
    s.path = QFileInfo(loaded.path).absoluteFilePath();
    rememberFile(s.path);
    show(s); // read again even when open already: it may have changed
}

QString RunController::saveScenario(const QUrl &file)
{
    const QString path = QFileInfo(localPath(file)).absoluteFilePath();
    if (!m_editor.valid())
        return tr("Not saved: %1").arg(m_editor.error());
    // What the panel shows, edits and all; the run shown stays as it was.
    Scenario edited = m_editor.scenario();
    QString error;
    if (!saveScenarioFile(edited, path, &error))
        return error;
    // Saved as: the scenario is that file's now.
    const bool pending = editPending();
    edited.path = path;
    m_scenario.path = path;
    if (!pending)
        m_scenario = edited;
    m_file = edited;
    m_editor.rename(path);
    rememberFile(path);
    emit configChanged();
    return {};
}

void RunController::setStrategy(const QString &name)
{
    if (name == m_strategyName || !findStrategy(name))
        return;
    m_strategyName = name;
    load();
}

bool RunController::correct() const
{
    // Which side of this scenario's pair: a lease too short for the work
    // makes a strategy broken here that is correct elsewhere.
    const Strategy *s = findStrategy(m_strategyName);
    return s && m_scenario.correctHere(s->name, s->correct);
}

void RunController::setCorrect(bool correct)
{
    setStrategy(correct ? m_scenario.correct : m_scenario.broken);
}

void RunController::setSpeedFactor(double factor)
{
    factor = std::clamp(factor, 0.05, 20.0);
    if (qFuzzyCompare(factor, m_speedFactor))
        return;
    m_speedFactor = factor;
    if (m_live) {
        load(); // live threads run on the real clock at this speed: a new run
        return;
    }
    // Virtual time: only how fast the window plays it, at once.
    for (RunSession *s : {&m_primary, &m_secondary})
        s->setPlaybackSpeed(m_scenario.config.playbackSpeed * m_speedFactor);
    emit configChanged();
}

void RunController::setLive(bool live)
{
    if (live == m_live)
        return;
    m_live = live;
    load();
}

void RunController::setCompare(bool compare)
{
    if (compare == m_compare)
        return;
    m_compare = compare;
    m_previous = false;
    load();
}

void RunController::hidePrevious()
{
    if (!m_previous)
        return;
    m_previous = false;
    m_secondary.reset();
    emit configChanged();
    emit timelineChanged();
}

void RunController::showShipped(const QString &name)
{
    ScenarioError error;
    const std::optional<Scenario> shipped = findScenario(name, &error);
    if (shipped && (!(*shipped == m_scenario) || editPending() || m_previous))
        show(*shipped);
}

bool RunController::applyEdits()
{
    if (!m_editor.valid()) {
        emit bannerChanged();
        return false;
    }
    if (!editPending())
        return true;
    // The run before the edit stays beside the next, for comparison (not beside the correct side's).
    if (!m_compare && m_primary.state() != RunSession::State::Idle) {
        m_secondary.showObserved(m_primary.analysis(), tr("Before the edit: %1").arg(m_primary.strategyTitle()),
                                 tr("%1, before").arg(m_primary.strategyName()));
        m_previous = true;
    }
    m_scenario = m_editor.scenario();
    if (!isBuiltin(m_scenario))
        m_file = m_scenario;
    load();
    emit editPendingChanged();
    return true;
}

RedisTarget *RunController::secondTarget()
{
    if (m_secondTarget || !m_target)
        return m_secondTarget.get();
    try {
        // Two runs at once must not share keys: a second private server, or a second prefix on a shared one.
        m_secondTarget = m_target->isPrivate() ? RedisTarget::startPrivate() : RedisTarget::useExisting(m_target->endpoint());
    } catch (const RedisError &err) {
        m_targetError = QString::fromStdString(err.what());
        emit bannerChanged();
    }
    emit redisChanged();
    return m_secondTarget.get();
}

RunConfig RunController::runConfig(const Scenario &scenario, const Strategy &strategy, const RedisTarget &target) const
{
    RunConfig config = scenario.config;
    config.playbackSpeed *= m_speedFactor;
    if (m_live) {
        config.speed *= m_speedFactor;
        config.probe = false;
    }
    config.correctSide = scenario.correctHere(strategy.name, strategy.correct);
    config.keyPrefix = target.keyPrefix();
    return config;
}

void RunController::load()
{
    stopReplay();
    m_cursorMs = -1;
    const Strategy *chosen = findStrategy(m_compare ? m_scenario.broken : m_strategyName);
    if (m_target && chosen)
        m_primary.load(runConfig(m_scenario, *chosen, *m_target), *chosen, m_target->endpoint(), m_live);
    const Strategy *other = findStrategy(m_scenario.correct);
    if (m_compare && other) {
        if (RedisTarget *t = secondTarget())
            m_secondary.load(runConfig(m_scenario, *other, *t), *other, t->endpoint(), m_live);
    }
    if (m_focusClient >= m_scenario.config.clients.size())
        m_focusClient = 0;
    emit configChanged();
    emit stateChanged();
    emit cursorChanged();
    emit timelineChanged();
}

QString RunController::fork(double ms, const QString &strategyName)
{
    const Strategy *strategy = findStrategy(strategyName);
    if (!canFork() || !strategy || !m_target)
        return tr("Only a stepped run on the virtual clock can be forked, once it is paused or over");
    if (!m_editor.valid())
        return tr("The edited scenario does not load: %1").arg(m_editor.error());
    const Scenario next = m_editor.scenario();
    const RunConfig config = runConfig(next, *strategy, *m_target);
    const QString conflict = forkConflict(m_primary.config(), config);
    if (!conflict.isEmpty()) {
        const QString what = conflict == QLatin1String("clients") ? tr("the clients")
                           : conflict == QLatin1String("stock")   ? tr("the stock")
                           : conflict == QLatin1String("orders")  ? tr("the orders")
                                                                  : tr("the servers");
        return tr("A fork goes on from the run's state: %1 were set when it began and cannot change there. "
                  "Run the edited scenario from the start instead (Space).").arg(what);
    }
    const auto a = m_primary.analysis();
    const qint64 atNs = forkNs(ms);
    // The original stays beside the fork, on the same axis.
    m_secondary.showObserved(a, tr("Original: %1").arg(m_primary.strategyTitle()),
                             tr("%1, original").arg(m_primary.strategyName()));
    m_previous = true;
    stopReplay();
    m_cursorMs = -1;
    m_scenario = next;
    if (!isBuiltin(m_scenario))
        m_file = m_scenario;
    m_strategyName = strategy->name;
    m_primary.fork(atNs, config, *strategy);
    emit configChanged();
    emit editPendingChanged();
    emit stateChanged();
    emit cursorChanged();
    emit timelineChanged();
    return {};
}

qint64 RunController::forkNs(double ms) const
{
    const auto a = m_primary.analysis();
    return a->clockNs(ms < 0 ? a->durationMs() : std::min(ms, a->durationMs()));
}

QVariantMap RunController::forkPreview(double ms, const QString &strategyName) const
{
    const Strategy *strategy = findStrategy(strategyName);
    const auto a = m_primary.analysis();
    const qint64 atNs = forkNs(ms);
    // The strategy in force there: a fork before an earlier one's point undoes that one.
    QString inForce = a->info.turns.isEmpty() ? a->info.strategy : a->info.turns.first().strategy;
    for (const StrategyTurn &turn : a->info.turns)
        if (turn.atNs <= atNs)
            inForce = turn.strategy;
    if (!canFork() || !strategy || strategy->name == inForce)
        return {{QStringLiteral("lines"), QStringList()}, {QStringLiteral("suggestMs"), -1.0}};
    const QString name = strategy->name;
    QStringList lines;
    bool runs = false;
    const QList<ClientAtFork> clients = clientsAtFork(*a, atNs);
    for (int c = 0; c < clients.size(); ++c) {
        const ClientAtFork &f = clients.at(c);
        const QString client = a->info.clients.value(c);
        // The strategy its order under way began with: the run's, or an earlier fork's.
        const int turn = a->info.turnOf(c, f.firstOrder - 1);
        const QString kept = turn >= 0 ? a->info.turns.at(turn).strategy : a->info.strategy;
        runs = runs || f.runsNew();
        if (f.midOrder && f.runsNew())
            lines << tr("%1 is mid-order (order %2 of %3): it finishes it with %4, then runs %5.")
                         .arg(client).arg(f.firstOrder).arg(f.orders).arg(kept, name);
        else if (f.midOrder)
            lines << tr("%1 is mid-order (order %2 of %3, its last): it finishes with %4 and runs no order of %5.")
                         .arg(client).arg(f.firstOrder).arg(f.orders).arg(kept, name);
        else if (f.runsNew())
            lines << tr("%1 has not begun order %2 of %3: %4 runs it.").arg(client).arg(f.firstOrder + 1).arg(f.orders).arg(name);
        else
            lines << tr("%1 has no order left: it runs no order of %2.").arg(client, name);
    }
    QVariantMap out{{QStringLiteral("lines"), lines}, {QStringLiteral("runs"), runs}, {QStringLiteral("suggestMs"), -1.0}};
    if (runs)
        return out;
    // Where it would: the latest instant before this one at which some order had not begun.
    const qint64 earlier = latestForkThatRuns(*a, atNs);
    if (earlier < 0) {
        out[QStringLiteral("suggestion")] = tr("No order of this run is left for %1 at any instant: the fork would run none.").arg(name);
        return out;
    }
    const QList<ClientAtFork> then = clientsAtFork(*a, earlier);
    for (int c = 0; c < then.size(); ++c)
        if (then.at(c).runsNew()) {
            out[QStringLiteral("suggestion")] = tr("No order is left for %1 from here. At %2 s %3 had not begun order %4 of %5: fork there and %1 runs it.")
                                                    .arg(name, QString::number(a->scenarioMs(earlier) / 1000, 'f', 2), a->info.clients.value(c))
                                                    .arg(then.at(c).firstOrder + 1)
                                                    .arg(then.at(c).orders);
            break;
        }
    out[QStringLiteral("suggestMs")] = a->scenarioMs(earlier);
    return out;
}

void RunController::undoStep()
{
    if (!canUndoStep())
        return;
    stopReplay();
    m_cursorMs = -1;
    m_primary.undoStep();
    // Taken back past a fork point: the strategy is the one before it again.
    if (m_primary.strategyName() != m_strategyName) {
        m_strategyName = m_primary.strategyName();
        emit configChanged();
    }
    emit stateChanged();
    emit cursorChanged();
    emit timelineChanged();
}

bool RunController::running() const
{
    return m_primary.isActive() || (m_compare && m_secondary.isActive());
}

bool RunController::finished() const
{
    return m_primary.isOver() && (!m_compare || m_secondary.isOver());
}

void RunController::run()
{
    if (!applyEdits())
        return;
    stopReplay();
    m_cursorMs = -1;
    emit cursorChanged();
    m_primary.play();
    if (m_compare)
        m_secondary.play();
}

void RunController::pause()
{
    m_primary.pause();
    m_secondary.pause();
}

void RunController::togglePlay()
{
    if (finished() && !editPending()) {
        replaying() ? stopReplay() : replay();
        return;
    }
    running() && m_primary.state() == RunSession::State::Running ? pause() : run();
}

void RunController::step(int client)
{
    if (!applyEdits())
        return;
    stopReplay();
    if (m_cursorMs >= 0) {
        m_cursorMs = -1;
        emit cursorChanged();
    }
    setFocusClient(client);
    m_primary.stepClient(client);
    if (m_compare)
        m_secondary.stepClient(client);
}

void RunController::reset()
{
    const bool pending = editPending();
    if (applyEdits() && !pending)
        load();
}

void RunController::replay()
{
    if (!finished())
        return;
    if (m_cursorMs < 0 || m_cursorMs >= durationMs())
        setCursorMs(0);
    m_replayClock.start();
    m_replay.start();
    emit stateChanged();
}

void RunController::stopReplay()
{
    if (!m_replay.isActive())
        return;
    m_replay.stop();
    emit stateChanged();
}

void RunController::setCursorMs(double ms)
{
    if (ms >= 0)
        ms = std::min(ms, durationMs());
    if (qFuzzyCompare(ms + 1, m_cursorMs + 1))
        return;
    m_cursorMs = ms;
    emit cursorChanged();
}

double RunController::durationMs() const
{
    return std::max(m_primary.durationMs(), m_compare ? m_secondary.durationMs() : 0.0);
}

void RunController::setReplayRate(double rate)
{
    rate = std::clamp(rate, 0.05, 50.0);
    if (qFuzzyCompare(rate, m_replayRate))
        return;
    m_replayRate = rate;
    emit replayRateChanged();
}

void RunController::setFocusClient(int client)
{
    if (client == m_focusClient || client < 0)
        return;
    m_focusClient = client;
    emit focusChanged();
}

QString RunController::redisLabel() const
{
    if (m_primary.observed())
        return tr("the programs' own, through the recording proxy");
    if (!m_target)
        return {};
    const QString where = m_target->endpoint().display();
    return m_target->isPrivate() ? tr("%1 (private)").arg(where)
                                 : tr("%1 (shared, keys under %2)").arg(where, QString::fromUtf8(m_target->keyPrefix()));
}

QString RunController::banner() const
{
    if (!m_fileError.isEmpty())
        return m_fileError;
    if (!m_editor.valid())
        return tr("The edited scenario does not load, so it cannot run: %1").arg(m_editor.error());
    if (!m_target)
        return tr("Redis is not available: %1").arg(m_targetError);
    for (const RunSession *s : {&m_primary, &m_secondary})
        if (!s->error().isEmpty())
            return tr("The run stopped: %1").arg(s->error());
    return m_targetError;
}

void RunController::updateCode()
{
    const auto data = m_primary.analysis();
    const qint64 ns = m_cursorMs < 0 ? std::numeric_limits<qint64>::max() / 2 : data->clockNs(m_cursorMs);
    m_code.setFigures(m_primary.config());
    m_code.showStrategy(m_primary.strategyName());
    QHash<int, CodeStep> steps;
    for (int c = 0; c < data->clientCount(); ++c) {
        const int i = data->lastCodeEventOf(c, ns);
        if (i < 0)
            continue;
        steps.insert(c, StrategyListing::codeStepOf(*data, i));
    }
    m_code.setPositions(steps, m_focusClient);
}

QString RunController::exportTimeline(const QUrl &file, const QString &theme, bool second) const
{
    const RunSession &s = second ? m_secondary : m_primary;
    const QString path = file.isLocalFile() ? file.toLocalFile() : file.toString();
    TimelineImage image;
    image.theme = theme;
    if (const Strategy *strategy = findStrategy(s.strategyName()))
        image.describe(m_scenario, *strategy);
    return path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive) ? writeTimelineSvg(*s.analysis(), image, path)
                                                                      : writeTimelinePng(*s.analysis(), image, path);
}

QString RunController::exportAnimation(const QUrl &file, const QString &theme)
{
    const QString path = localPath(file);
    if (m_animationThread)
        return tr("An animation is being exported already");
    if (const QString problem = animationFileProblem(path); !problem.isEmpty())
        return problem;
    AnimationOptions options;
    options.image.theme = theme;
    if (const Strategy *strategy = findStrategy(m_primary.strategyName()))
        options.image.describe(m_scenario, *strategy);
    m_animationCancel = false;
    m_animationProgress = 0;
    emit animationProgressChanged();
    // Painted and encoded off the window's thread: the window keeps answering.
    m_animationThread.reset(QThread::create([this, data = m_primary.analysis(), options, path] {
        const QString error = writeTimelineAnimation(data, options, path, [this](int done, int count) {
            QMetaObject::invokeMethod(this, [this, p = double(done) / count] {
                m_animationProgress = p;
                emit animationProgressChanged();
            });
            return !m_animationCancel.load();
        });
        QMetaObject::invokeMethod(this, [this, error, path] {
            m_animationThread->wait();
            m_animationThread.reset();
            m_animationProgress = -1;
            emit animationProgressChanged();
            emit animationExported(error, path);
        });
    }));
    m_animationThread->start();
    return {};
}

} // namespace lockstock
