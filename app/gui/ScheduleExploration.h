#pragma once
// Run > Explore all schedules, exposed to QML as `Exploration`: the explorer
// (core/explore) on the scenario and strategy shown, on a thread of its own
// with its own private servers, its finished schedules gathered here as a
// tree of choice points (each leaf one schedule, with its outcome) that
// grows while it runs. A leaf loads that schedule's run into the timeline:
// the scenario file `lockstock run` replays the same way.

#include "explore/Explorer.h"

#include <QColor>
#include <QMutex>
#include <QObject>
#include <QTimer>
#include <QtQmlIntegration>

#include <memory>
#include <thread>

class QQmlEngine;
class QJSEngine;

namespace lockstock {

class RunController;

class ScheduleExploration : public QObject {
    Q_OBJECT
    QML_NAMED_ELEMENT(Exploration)
    QML_SINGLETON
    Q_PROPERTY(bool running READ running NOTIFY stateChanged)
    // What is explored: "lost-update · no-lock (broken)".
    Q_PROPERTY(QString subject READ subject NOTIFY stateChanged)
    // Why the scenario shown cannot be explored (the real clock), or "".
    Q_PROPERTY(QString unexplorable READ unexplorable NOTIFY scenarioChanged)
    // The faults the scenario shown offers (--faults at most this).
    Q_PROPERTY(int paletteSize READ paletteSize NOTIFY scenarioChanged)
    // "812 schedules · 410/s", while it runs and after.
    Q_PROPERTY(QString progress READ progress NOTIFY grown)
    // The space covered and what it found, once over.
    Q_PROPERTY(QString summary READ summary NOTIFY stateChanged)
    Q_PROPERTY(QString verdict READ verdict NOTIFY stateChanged)
    Q_PROPERTY(bool failed READ failed NOTIFY stateChanged)
    Q_PROPERTY(QString error READ error NOTIFY stateChanged)
    // Each distinct outcome: text, count, share (0..1), failing, colour and
    // dark colour; most frequent first.
    Q_PROPERTY(QVariantList outcomes READ outcomes NOTIFY grown)
    Q_PROPERTY(int schedules READ schedules NOTIFY grown)
public:
    ScheduleExploration(RunController *controller, QObject *parent = nullptr);
    ~ScheduleExploration() override;
    static ScheduleExploration *create(QQmlEngine *engine, QJSEngine *js);

    bool running() const { return m_thread != nullptr; }
    QString subject() const { return m_subject; }
    QString unexplorable() const;
    int paletteSize() const;
    QString progress() const;
    QString summary() const;
    QString verdict() const;
    bool failed() const { return m_result && m_result->failed(); }
    QString error() const { return m_error; }
    QVariantList outcomes() const;
    int schedules() const { return int(m_leaves.size()); }

    // Explores the scenario and strategy shown, with up to `faults` faults,
    // for at most `budgetSeconds`.
    Q_INVOKABLE void start(int faults, int budgetSeconds);
    Q_INVOKABLE void cancel();
    // Shows schedule `leaf` in the timeline; the error, or "".
    Q_INVOKABLE QString load(int leaf);
    // "A B A B → stock 99 · 1 update lost"
    Q_INVOKABLE QString describe(int leaf) const;

    // The tree the view draws: node 0 is the start; a node's children are
    // the clients chosen there (or, with faults, the placements first).
    struct Node {
        int parent = -1;
        int depth = 0;
        QString label;            // the client chosen, or the faults placed
        int client = -1;          // the client chosen (-1: faults placed)
        QList<int> children;
        int leaves = 0;           // schedules under it
        int firstLeaf = -1;       // the first of them (index into the leaves)
        bool leaf = false;
    };
    const QList<Node> &nodes() const { return m_nodes; }
    int depth() const { return m_depth; }
    // The outcome of leaf `leaf`, and its colour.
    int outcomeOfLeaf(int leaf) const { return m_leaves.value(leaf).outcome; }
    QColor outcomeColour(int outcome, bool dark) const;

signals:
    void stateChanged();
    void scenarioChanged();
    void grown();

private:
    struct Leaf {
        ExploredSchedule schedule;
        int outcome = -1;         // index into m_outcomes
    };
    struct OutcomeRow {
        Outcome outcome;
        qint64 count = 0;
    };
    void drain();
    void finish(const ExploreResult &result);
    void add(const ExploredSchedule &s);
    int nodeFor(int parent, const QString &label, int client);

    RunController *m_controller;
    Scenario m_scenario;
    const Strategy *m_strategy = nullptr;
    QString m_subject;
    std::unique_ptr<Explorer> m_explorer;
    std::unique_ptr<std::thread> m_thread;
    QTimer m_drain;
    QString m_error;
    std::optional<ExploreResult> m_result;

    mutable QMutex m_lock;             // what the explorer's threads hand over
    QList<ExploredSchedule> m_pending;
    ExploreProgress m_progress;

    QList<Node> m_nodes;
    QList<Leaf> m_leaves;
    QList<OutcomeRow> m_outcomes;      // in the order first seen: their colours stay
    QHash<QString, int> m_outcomeIndex;
    int m_depth = 0;
};

} // namespace lockstock
