#pragma once
// What the window's controls drive: the scenario, the strategy (with the
// broken/correct switch), speed, live or stepped, side-by-side; Run, Pause,
// Step, Reset; the replay cursor; the panels that follow the cursor (code
// and Redis); and the stress comparison. Exposed to QML as `controller`.

#include "CodeModel.h"
#include "RunSession.h"
#include "ScenarioEditor.h"
#include "StressComparison.h"
#include "WatchSession.h"

#include "engine/RedisTarget.h"
#include "scenario/Scenario.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <QtQmlIntegration>

class QQmlEngine;
class QJSEngine;
#include <QThread>
#include <QUrl>
#include <QVariantList>
#include <memory>

namespace lockstock {

class Translations;

class RunController : public QObject {
    Q_OBJECT
    QML_NAMED_ELEMENT(Controller)
    QML_SINGLETON
    // Texts in the UI language: they change with the language (textsChanged).
    Q_PROPERTY(QVariantList scenarios READ scenarios NOTIFY textsChanged)
    Q_PROPERTY(QVariantList strategies READ strategies NOTIFY textsChanged)
    Q_PROPERTY(QString scenario READ scenario WRITE setScenario NOTIFY configChanged)
    Q_PROPERTY(QString scenarioTitle READ scenarioTitle NOTIFY textsChanged)
    Q_PROPERTY(QString scenarioLesson READ scenarioLesson NOTIFY textsChanged)
    Q_PROPERTY(QString strategy READ strategy WRITE setStrategy NOTIFY configChanged)
    Q_PROPERTY(bool correct READ correct WRITE setCorrect NOTIFY configChanged)
    Q_PROPERTY(double speedFactor READ speedFactor WRITE setSpeedFactor NOTIFY configChanged)
    Q_PROPERTY(double scenarioSpeed READ scenarioSpeed NOTIFY configChanged)
    Q_PROPERTY(double leaseRedisMs READ leaseRedisMs NOTIFY configChanged)
    Q_PROPERTY(bool live READ live WRITE setLive NOTIFY configChanged)
    Q_PROPERTY(bool compare READ compare WRITE setCompare NOTIFY configChanged)
    Q_PROPERTY(lockstock::RunSession *primary READ primary CONSTANT)
    Q_PROPERTY(lockstock::RunSession *secondary READ secondary CONSTANT)
    Q_PROPERTY(bool running READ running NOTIFY stateChanged)
    Q_PROPERTY(bool finished READ finished NOTIFY stateChanged)
    Q_PROPERTY(double cursorMs READ cursorMs WRITE setCursorMs NOTIFY cursorChanged)
    Q_PROPERTY(double durationMs READ durationMs NOTIFY timelineChanged)
    Q_PROPERTY(bool replaying READ replaying NOTIFY stateChanged)
    Q_PROPERTY(double replayRate READ replayRate WRITE setReplayRate NOTIFY replayRateChanged)
    Q_PROPERTY(int focusClient READ focusClient WRITE setFocusClient NOTIFY focusChanged)
    Q_PROPERTY(lockstock::CodeModel *code READ code CONSTANT)
    Q_PROPERTY(QVariantMap redisState READ redisState NOTIFY cursorChanged)
    Q_PROPERTY(QString redisLabel READ redisLabel NOTIFY redisChanged)
    Q_PROPERTY(QString banner READ banner NOTIFY bannerChanged)
    Q_PROPERTY(lockstock::StressComparison *stress READ stress CONSTANT)
    Q_PROPERTY(lockstock::WatchSession *watch READ watch CONSTANT)
    // The scenario's file when it was opened from one; empty for a built-in.
    Q_PROPERTY(QString scenarioFile READ scenarioFile NOTIFY configChanged)
    Q_PROPERTY(QStringList recentFiles READ recentFiles NOTIFY recentFilesChanged)
    // The scenario panel's: the next run (or Reset) runs what it holds.
    Q_PROPERTY(lockstock::ScenarioEditor *editor READ editor CONSTANT)
    // Edited since the run shown was set up: the next run is of the edited scenario.
    Q_PROPERTY(bool editPending READ editPending NOTIFY editPendingChanged)
    // Two panes: the broken and the correct side (compare), or the run before
    // the last edit beside the run after it (secondary shows it).
    Q_PROPERTY(bool sideBySide READ sideBySide NOTIFY configChanged)
    Q_PROPERTY(bool previousShown READ previousShown NOTIFY configChanged)
    // The run shown can be forked (stepped, virtual clock, paused or over, one pane or a fork beside its original).
    Q_PROPERTY(bool canFork READ canFork NOTIFY stateChanged)
    // A step of the run shown can be undone (Backspace).
    Q_PROPERTY(bool canUndoStep READ canUndoStep NOTIFY stateChanged)
    // File > Export animation: how far it is, 0 to 1; -1 when none is being made.
    Q_PROPERTY(double animationProgress READ animationProgress NOTIFY animationProgressChanged)
public:
    // `target` may be null when Redis could not be reached; `error` says why.
    RunController(std::unique_ptr<RedisTarget> target, const QString &error, QObject *parent = nullptr);
    ~RunController() override;

    // The window's controller, made before its QML engine: what `Controller` is there.
    static void setWindowController(RunController *controller) { s_window = controller; }
    static RunController *create(QQmlEngine *, QJSEngine *);

    // The built-in scenarios in course order: name, title, lesson, broken, correct, course (1, 2...);
    // first, an opened file (name: its path, course 0).
    QVariantList scenarios() const;
    // Every strategy: name, title, lesson, correct (in general), and side: which
    // side of this scenario's toggle it is ("broken", "correct" or "").
    QVariantList strategies() const;
    // A built-in's name, or an opened file's path.
    QString scenario() const { return scenarioFile().isEmpty() ? m_scenario.name : m_scenario.path; }
    void setScenario(const QString &name);
    QString scenarioTitle() const { return m_scenario.title.isEmpty() ? m_scenario.name : m_scenario.titleText(); }
    QString scenarioLesson() const { return m_scenario.lessonText(); }
    // The scenario the runs shown are of (edits not yet run excluded).
    const Scenario &shownScenario() const { return m_scenario; }
    QString strategy() const { return m_strategyName; }
    void setStrategy(const QString &name);
    bool correct() const;
    void setCorrect(bool correct);
    double speedFactor() const { return m_speedFactor; }
    void setSpeedFactor(double factor);
    double scenarioSpeed() const { return m_scenario.config.speed; }
    // The lease as Redis is told it (PX): the PTTL bar's full length.
    double leaseRedisMs() const { return double(m_primary.analysis()->info.redisMs(m_scenario.config.leaseMs)); }
    bool live() const { return m_live; }
    void setLive(bool live);
    bool compare() const { return m_compare; }
    void setCompare(bool compare);

    RunSession *primary() { return &m_primary; }
    RunSession *secondary() { return &m_secondary; }
    bool running() const;
    bool finished() const;
    double cursorMs() const { return m_cursorMs; }
    void setCursorMs(double ms);
    double durationMs() const;
    bool replaying() const { return m_replay.isActive(); }
    double replayRate() const { return m_replayRate; }
    void setReplayRate(double rate);
    int focusClient() const { return m_focusClient; }
    void setFocusClient(int client);
    CodeModel *code() { return &m_code; }
    StressComparison *stress() { return &m_stress; }
    WatchSession *watch() { return &m_watch; }
    QVariantMap redisState() const { return m_primary.redisStateAt(m_cursorMs); }
    QString redisLabel() const;
    QString banner() const;
    QString scenarioFile() const;
    // The scenario files opened or saved last, newest first; files gone since are left out.
    QStringList recentFiles() const;
    ScenarioEditor *editor() { return &m_editor; }
    bool editPending() const { return !(m_editor.scenario() == m_scenario); }
    bool sideBySide() const { return m_compare || m_previous; }
    bool previousShown() const { return m_previous; }
    // Back to one pane: the run before the last edit is put away.
    Q_INVOKABLE void hidePrevious();
    // The scenario `name` as it ships, unedited, in one pane (a lesson's numbers are its file's).
    void showShipped(const QString &name);

    // A scenario file (lockstock FILE.json, File > Open, a drop): shown atop
    // the picker and run like a shipped one. One that cannot be read changes
    // nothing and puts the loader's message (file, line, field) in the banner.
    Q_INVOKABLE bool openScenario(const QUrl &file);
    void openScenarioFile(const Scenario &loaded);
    // Writes the scenario shown as a file `run` and `shot` take, which it is
    // from then on. The error, or "" when written.
    Q_INVOKABLE QString saveScenario(const QUrl &file);

    bool canFork() const { return !m_compare && m_primary.canFork(); }
    // Forks the run shown at `ms` (< 0: where it stands) with `strategy` and
    // the scenario panel's edits: the run before that point is replayed
    // exactly, the change acts from there, and the original stays beside it.
    // The fork waits at its point for a step or Run. The error, or "".
    Q_INVOKABLE QString fork(double ms, const QString &strategy);
    // What forking at `ms` (< 0: where the run stands) to `strategy` changes
    // (ForkPoint): "lines", one per client, in words; "runs": some order runs
    // `strategy`; when none does, "suggestMs", the latest earlier instant
    // where one would (-1: none), and "suggestion" in words. No lines when
    // the strategy stays.
    Q_INVOKABLE QVariantMap forkPreview(double ms, const QString &strategy) const;
    bool canUndoStep() const { return !m_compare && m_primary.canUndoStep(); }
    // Takes the last step back: the run is replayed to just before it.
    Q_INVOKABLE void undoStep();

    Q_INVOKABLE void run();
    Q_INVOKABLE void pause();
    Q_INVOKABLE void togglePlay();
    Q_INVOKABLE void step(int client);
    Q_INVOKABLE void reset();
    Q_INVOKABLE void replay();
    Q_INVOKABLE void stopReplay();
    // Writes the primary (or, with `second`, the compared) timeline as PNG or SVG, by the file's suffix.
    Q_INVOKABLE QString exportTimeline(const QUrl &file, const QString &theme, bool second = false) const;
    // Starts writing the primary run as an animation (GIF, WebM, MP4, APNG by
    // the file's suffix) on a thread of its own; animationExported() says how
    // it ended. The error, or "" when it started.
    Q_INVOKABLE QString exportAnimation(const QUrl &file, const QString &theme);
    double animationProgress() const { return m_animationProgress; }
    // Every text shown says itself again whenever `translations` changes language.
    void followLanguage(const Translations &translations);

signals:
    void configChanged();
    void textsChanged();
    void stateChanged();
    void cursorChanged();
    void timelineChanged();
    void replayRateChanged();
    void focusChanged();
    void redisChanged();
    void bannerChanged();
    void recentFilesChanged();
    void editPendingChanged();
    void animationProgressChanged();
    // `error` is empty when `path` was written.
    void animationExported(const QString &error, const QString &path);

private:
    static inline RunController *s_window = nullptr;
    // The UI language changed: every text shown says so again, in it.
    void retranslate();
    void show(const Scenario &scenario);
    void rememberFile(const QString &path);
    void load();
    // The scenario's config as `strategy` runs it here, on `target`'s keys.
    RunConfig runConfig(const Scenario &scenario, const Strategy &strategy, const RedisTarget &target) const;
    void updateCode();
    // Where fork(ms) forks, on the run's clock.
    qint64 forkNs(double ms) const;
    // Makes the edited scenario the one run, keeping the run shown beside it;
    // false (and the banner says why) while the edited one does not load.
    bool applyEdits();
    RedisTarget *secondTarget();

    std::unique_ptr<RedisTarget> m_target;
    std::unique_ptr<RedisTarget> m_secondTarget;
    std::unique_ptr<RedisTarget> m_stressTarget; // the stress test's own, beside a private one
    QString m_targetError;
    Scenario m_scenario;
    std::optional<Scenario> m_file;  // the file opened last, atop the picker
    QString m_fileError;             // why the last file did not open
    QString m_strategyName;
    double m_speedFactor = 1.0;
    bool m_live = false;
    bool m_compare = false;
    bool m_previous = false;         // secondary shows the run before the last edit
    ScenarioEditor m_editor;
    RunSession m_primary;
    RunSession m_secondary;
    double m_cursorMs = -1;
    double m_replayRate = 1.0;
    QTimer m_replay;
    QElapsedTimer m_replayClock;
    int m_focusClient = 0;
    CodeModel m_code;
    StressComparison m_stress;
    WatchSession m_watch{&m_primary};
    double m_animationProgress = -1;
    std::atomic<bool> m_animationCancel = false;
    std::unique_ptr<QThread> m_animationThread;
};

} // namespace lockstock
