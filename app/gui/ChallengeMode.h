#pragma once
// Play the scheduler, exposed to QML as `Challenge`: the learner steps the
// scenario's clients by hand (1-9 pick, → steps, Backspace undoes) towards a
// goal its lesson names, a finding of the checker ("make one client delete
// another's lock"). Achieved is what the checker found in the run shown,
// never judged here. On the correct side the same goal cannot be reached:
// the note says so and invites the learner to try.

#include "analysis/Verdict.h"

#include <QObject>
#include <QtQmlIntegration>

#include <optional>

class QQmlEngine;
class QJSEngine;

namespace lockstock {

class RunController;
class Translations;

class ChallengeMode : public QObject {
    Q_OBJECT
    QML_NAMED_ELEMENT(Challenge)
    QML_SINGLETON
    // The scenario shown has a challenge (its lesson names one).
    Q_PROPERTY(bool available READ available NOTIFY changed)
    Q_PROPERTY(bool active READ active NOTIFY changed)
    Q_PROPERTY(QString goal READ goal NOTIFY changed)
    // What to do on this side (step towards the goal, or prove it cannot
    // happen), or, once the checker found the goal, that it did.
    Q_PROPERTY(QString note READ note NOTIFY changed)
    // The checker found the goal in the run shown.
    Q_PROPERTY(bool achieved READ achieved NOTIFY changed)
public:
    ChallengeMode(RunController *controller, Translations *translations, QObject *parent = nullptr);
    static ChallengeMode *create(QQmlEngine *engine, QJSEngine *js);

    bool available() const { return m_goalOfScenario.has_value(); }
    bool active() const { return m_active && available(); }
    QString goal() const;
    QString note() const;
    bool achieved() const;

    // Starts on the scenario shown, from a fresh run to be stepped by hand.
    Q_INVOKABLE void start();
    Q_INVOKABLE void stop();

signals:
    void changed();

private:
    // The scenario changed: its lesson's challenge, if any.
    void scenarioShown();

    RunController *m_controller;
    Translations *m_translations;
    QString m_scenario;                 // whose lesson was read
    std::optional<FindingKind> m_goalOfScenario;
    bool m_active = false;
};

} // namespace lockstock
