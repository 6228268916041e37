#pragma once
// The scenario panel's model: the scenario as edited, every edit an undoable
// step (QUndoStack), checked by the scenario loader itself (written and read
// back), so the panel shows the loader's own words for a bad value. Faults
// clicked on the timeline become part of it too. The controller runs it on
// the next run; `lockstock run` takes it, saved, unchanged.

#include "scenario/Scenario.h"

#include <QObject>
#include <QPointer>
#include <QUndoStack>
#include <QVariantList>
#include <QVariantMap>
#include <QtQmlIntegration>

namespace lockstock {

class RunSession;

class ScenarioEditor : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by the controller")
    // By field (the file's key): the value as the panel shows it, in its unit
    // (lease_ms in s, retry_ms in ms): a string, so what was typed stays exact.
    Q_PROPERTY(QVariantMap values READ values NOTIFY changed)
    // {name, start} (start in ms), one per client.
    Q_PROPERTY(QVariantList clients READ clients NOTIFY changed)
    // Client and node faults in words: {text, index}.
    Q_PROPERTY(QVariantList faults READ faults NOTIFY changed)
    // The loader's message for the scenario as edited ("" when it loads), and
    // the key of the field it is about ("lease_ms", "clients", "interleaving").
    Q_PROPERTY(QString error READ error NOTIFY changed)
    Q_PROPERTY(QString errorField READ errorField NOTIFY changed)
    Q_PROPERTY(bool canUndo READ canUndo NOTIFY changed)
    Q_PROPERTY(bool canRedo READ canRedo NOTIFY changed)
    Q_PROPERTY(QString undoText READ undoText NOTIFY changed)
    Q_PROPERTY(QString redoText READ redoText NOTIFY changed)
    // Lock nodes a node fault can name: 1 with one server.
    Q_PROPERTY(int nodeCount READ nodeCount NOTIFY changed)
    Q_PROPERTY(bool replicated READ replicated NOTIFY changed)
public:
    static constexpr int kMaxClients = 50;

    explicit ScenarioEditor(QObject *parent = nullptr);

    // A scenario shown afresh: its edits start from it, with no history.
    void reset(const Scenario &scenario);
    const Scenario &scenario() const { return m_scenario; }
    // Saved as `path`: the file it is from now on (no edit of its own).
    void rename(const QString &path) { m_scenario.path = path; }
    bool valid() const { return m_error.isEmpty(); }
    // Where faults clicked "here" look up what the client did at that time.
    void setRun(const RunSession *run) { m_run = run; }

    QVariantMap values() const;
    QVariantList clients() const;
    QVariantList faults() const;
    QString error() const { return m_error; }
    QString errorField() const { return m_errorField; }
    bool canUndo() const { return m_undo.canUndo(); }
    bool canRedo() const { return m_undo.canRedo(); }
    // What Undo and Redo would do, in the language in use.
    QString undoText() const;
    QString redoText() const;
    int nodeCount() const;
    bool replicated() const { return m_scenario.config.nodes.kind == NodeSpec::Kind::Replicated; }

    // Sets a field of values() from what was typed (in the field's unit);
    // "clients" is how many, "interleaving" names separated by spaces or
    // commas, "schedule" timed, scripted or random. False when it is not a
    // number at all (errorField names the field); a number out of range is
    // taken and the loader's message shown.
    Q_INVOKABLE bool set(const QString &field, const QString &text);
    Q_INVOKABLE void setClientName(int client, const QString &name);
    Q_INVOKABLE bool setClientStart(int client, const QString &ms);

    // A fault at `atMs` on the timeline of the last run. A client's
    // ("crash", "pause" for `seconds`, "slow": its clock at half pace) strikes
    // right after the step it took last by then. A node's ("kill", "pause"
    // for `seconds`, "restart", "promote", "clock_jump" by `seconds`,
    // "clock_drift" at rate `seconds`) at that time.
    Q_INVOKABLE void addClientFault(int client, double atMs, const QString &action, double seconds = 0);
    Q_INVOKABLE void addNodeFault(int node, double atMs, const QString &action, double amount = 0);
    // The node faults this scenario's servers support for `node`.
    Q_INVOKABLE QStringList nodeActions(int node) const;
    Q_INVOKABLE void removeFault(int index);
    Q_INVOKABLE void undo() { m_undo.undo(); }
    Q_INVOKABLE void redo() { m_undo.redo(); }

signals:
    void changed();

private:
    friend class ScenarioEdit;
    // Pushes an undoable step from the scenario now to `edited`; `what` says
    // it (QT_TR_NOOP'd, with %1 for `argument`).
    void edit(const Scenario &edited, const char *what, const QString &argument = {});
    // An edit done or undone: all but where the scenario is saved.
    void apply(const Scenario &scenario);
    void check();

    Scenario m_scenario;
    QUndoStack m_undo;
    QString m_error;
    QString m_errorField;
    QPointer<const RunSession> m_run;
};

} // namespace lockstock
