#include "ChallengeMode.h"

#include "RunController.h"
#include "Translations.h"
#include "lesson/Lesson.h"

#include <QJSEngine>

namespace lockstock {

ChallengeMode::ChallengeMode(RunController *controller, Translations *translations, QObject *parent)
    : QObject(parent)
    , m_controller(controller)
    , m_translations(translations)
{
    connect(m_controller, &RunController::configChanged, this, &ChallengeMode::scenarioShown);
    connect(m_controller->primary(), &RunSession::timelineChanged, this, &ChallengeMode::changed);
    connect(m_controller->primary(), &RunSession::stateChanged, this, &ChallengeMode::changed);
    if (m_translations)
        connect(m_translations, &Translations::languageChanged, this, &ChallengeMode::changed);
    scenarioShown();
}

ChallengeMode *ChallengeMode::create(QQmlEngine *engine, QJSEngine *js)
{
    auto *mode = new ChallengeMode(RunController::create(engine, js), Translations::create(engine, js));
    QJSEngine::setObjectOwnership(mode, QJSEngine::JavaScriptOwnership);
    return mode;
}

void ChallengeMode::scenarioShown()
{
    // configChanged also says a strategy or a side changed: the lesson is read once a scenario.
    const QString scenario = m_controller->scenario();
    if (scenario == m_scenario)
        return;
    m_scenario = scenario;
    // A shipped lesson bears its scenario's name (test_lessons); an opened file has none.
    LessonError error;
    const std::optional<Lesson> lesson = builtinLessonNames().contains(scenario) ? findLesson(scenario, &error) : std::nullopt;
    m_goalOfScenario = lesson ? lesson->challenge : std::nullopt;
    emit changed();
}

QString ChallengeMode::goal() const
{
    return m_goalOfScenario ? challengeGoal(*m_goalOfScenario) : QString();
}

QString ChallengeMode::note() const
{
    if (!available())
        return {};
    if (achieved())
        // On the correct side the goal met would contradict the lesson: said as loudly as it is.
        // After a fork, the orders that ran the broken side may have met it.
        return !m_controller->primary()->analysis()->ranBrokenSide()
            ? tr("× The checker found it on the correct side.")
            : tr("✓ Achieved: the checker found it. Backspace to try another way, R to start over.");
    return m_controller->correct()
        ? tr("With %1 this cannot happen: step the clients in any order you like, the checker will not find it.")
              .arg(m_controller->strategy())
        : tr("Step the clients yourself: 1–9 picks one, → steps it, Backspace takes the step back. The checker says when you got there.");
}

bool ChallengeMode::achieved() const
{
    // The checker's verdict is on a whole run: a lost update is one only once every order is in.
    return m_goalOfScenario && m_controller->finished()
        && challengeMet(*m_goalOfScenario, m_controller->primary()->analysis()->verdict);
}

void ChallengeMode::start()
{
    if (!available())
        return;
    m_active = true;
    m_controller->setCompare(false);
    m_controller->setLive(false);
    m_controller->reset();
    emit changed();
}

void ChallengeMode::stop()
{
    m_active = false;
    emit changed();
}

} // namespace lockstock
