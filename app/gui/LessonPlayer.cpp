#include "LessonPlayer.h"

#include "RunController.h"
#include "Translations.h"

#include "strategies/Strategies.h"

#include <QJSEngine>
#include <QSettings>

namespace lockstock {

namespace {
// The run itself is computed as fast as Redis answers: the lesson plays it.
constexpr double kComputeSpeed = 1e7;

const QString kSavedLesson = QStringLiteral("lesson/name");
const QString kSavedCorrect = QStringLiteral("lesson/correct");
const QString kSavedFrame = QStringLiteral("lesson/frame");
} // namespace

LessonPlayer::LessonPlayer(RunController *controller, Translations *translations, QObject *parent)
    : QObject(parent)
    , m_controller(controller)
    , m_translations(translations)
{
    m_travel.setInterval(16);
    connect(&m_travel, &QTimer::timeout, this, [this] {
        const double elapsed = double(m_travelClock.elapsed());
        m_controller->setCursorMs(m_leg.scenarioMsAt(elapsed));
        if (elapsed >= m_leg.realMs())
            arrive();
    });
    connect(m_controller, &RunController::stateChanged, this, &LessonPlayer::runSettled);
    connect(m_controller->primary(), &RunSession::instantShown, this, &LessonPlayer::shown);
    // Another scenario or side chosen in the window ends the lesson.
    connect(m_controller, &RunController::configChanged, this, [this] {
        if (!m_opening && m_lesson
            && (m_controller->scenario() != m_lesson->scenario || m_controller->correct() != m_correct || m_controller->compare()
                || m_controller->live()))
            close();
    });
    if (m_translations)
        connect(m_translations, &Translations::languageChanged, this, [this] {
            emit textsChanged();
            emit savedChanged();
        });
}

LessonPlayer *LessonPlayer::create(QQmlEngine *engine, QJSEngine *js)
{
    auto *player = new LessonPlayer(RunController::create(engine, js), Translations::create(engine, js));
    QJSEngine::setObjectOwnership(player, QJSEngine::JavaScriptOwnership);
    return player;
}

QVariantList LessonPlayer::lessons() const
{
    const QString language = m_translations ? m_translations->effective() : QStringLiteral("en");
    QVariantList out;
    for (const QString &name : builtinLessonNames()) {
        LessonError error;
        const std::optional<Lesson> l = findLesson(name, &error);
        ScenarioError scenarioError;
        const std::optional<Scenario> s = l ? findScenario(l->scenario, &scenarioError) : std::nullopt;
        if (!l || !s)
            continue;
        out << QVariantMap{{QStringLiteral("name"), l->name},
                           {QStringLiteral("title"), l->title.in(language)},
                           {QStringLiteral("summary"), l->summary.in(language)},
                           {QStringLiteral("minutes"), l->minutes},
                           {QStringLiteral("broken"), s->broken},
                           {QStringLiteral("correct"), s->correct},
                           {QStringLiteral("frames"), int(l->broken.size() + l->correct.size())},
                           {QStringLiteral("course"), out.size() + 1}};
    }
    return out;
}

QString LessonPlayer::savedLesson() const
{
    return QSettings().value(kSavedLesson).toString();
}

QString LessonPlayer::savedTitle() const
{
    LessonError error;
    const std::optional<Lesson> l = findLesson(savedLesson(), &error);
    return l ? l->title.in(m_translations ? m_translations->effective() : QStringLiteral("en")) : QString();
}

QString LessonPlayer::title() const
{
    return m_lesson ? m_lesson->title.in(m_translations ? m_translations->effective() : QStringLiteral("en")) : QString();
}

const LessonFrame *LessonPlayer::current() const
{
    if (!m_lesson || m_frame < 0 || m_frame >= frameCount())
        return nullptr;
    return &m_lesson->frames(m_correct).at(m_frame);
}

QString LessonPlayer::text() const
{
    const LessonFrame *f = current();
    return f ? f->text.in(m_translations ? m_translations->effective() : QStringLiteral("en")) : QString();
}

QString LessonPlayer::question() const
{
    const LessonFrame *f = current();
    return f && f->asks() ? f->question.in(m_translations ? m_translations->effective() : QStringLiteral("en")) : QString();
}

QStringList LessonPlayer::choices() const
{
    QStringList out;
    if (const LessonFrame *f = current())
        for (const LessonChoice &c : f->choices)
            out << c.text.in(m_translations ? m_translations->effective() : QStringLiteral("en"));
    return out;
}

int LessonPlayer::rightChoice() const
{
    if (const LessonFrame *f = current())
        for (qsizetype i = 0; i < f->choices.size(); ++i)
            if (f->choices.at(i).right)
                return int(i);
    return -1;
}

QString LessonPlayer::highlight() const
{
    const LessonFrame *f = current();
    return f ? QString::fromLatin1(nameOf(f->highlight)) : QString();
}

int LessonPlayer::highlightEvent() const
{
    const LessonFrame *f = current();
    if (!f || f->highlight == LessonHighlight::Verdict || m_frame >= m_events.size())
        return -1;
    return m_events.at(m_frame);
}

int LessonPlayer::highlightClient() const
{
    const int event = highlightEvent();
    const auto data = m_controller->primary()->analysis();
    if (event < 0 || event >= data->events.size())
        return -1;
    if (const LessonFrame *f = current(); f && f->at.finding)
        if (const Finding *finding = data->findingAt(event))
            return finding->actor;
    return data->events.at(event).client;
}

double LessonPlayer::frameMsAt(int frame) const
{
    if (frame < 0 || frame >= m_events.size())
        return 0;
    const auto data = m_controller->primary()->analysis();
    return data->scenarioMs(frameTimeNs(*data, m_events.at(frame)));
}

void LessonPlayer::open(const QString &name, bool correct, int frame)
{
    LessonError error;
    std::optional<Lesson> lesson = findLesson(name, &error);
    if (!lesson) {
        m_error = error.display();
        emit frameChanged();
        return;
    }
    m_travel.stop();
    const bool changed = !m_lesson || m_lesson->name != lesson->name;
    m_lesson = std::move(lesson);
    m_correct = correct;
    m_frame = std::clamp(frame, 0, frameCount() - 1);
    m_pendingFrame = m_frame;
    m_events.clear();
    m_ready = false;
    m_answer = -1;
    m_error.clear();
    // The lesson's scenario on the side asked for, run to its end at once on
    // the virtual clock; the cursor hides what is still to come.
    m_opening = true;
    m_controller->setFocusClient(0); // the lanes change: focus on one every scenario has
    m_controller->setCompare(false);
    m_controller->setLive(false);
    m_controller->showShipped(m_lesson->scenario); // not as edited in the scenario panel
    m_controller->setScenario(m_lesson->scenario);
    m_controller->setCorrect(correct);
    m_controller->reset();
    m_opening = false;
    m_controller->primary()->setPlaybackSpeed(kComputeSpeed);
    m_controller->run();
    m_controller->setCursorMs(0);
    save();
    if (changed)
        emit lessonChanged();
    emit frameChanged();
    emit textsChanged();
    runSettled();
}

void LessonPlayer::resume()
{
    QSettings settings;
    const QString name = settings.value(kSavedLesson).toString();
    if (!name.isEmpty())
        open(name, settings.value(kSavedCorrect).toBool(), settings.value(kSavedFrame).toInt());
}

void LessonPlayer::runSettled()
{
    if (!m_lesson || m_pendingFrame < 0 || !m_controller->finished())
        return;
    const auto data = m_controller->primary()->analysis();
    if (!m_controller->primary()->error().isEmpty()) {
        m_error = m_controller->primary()->error();
        m_pendingFrame = -1;
        emit frameChanged();
        return;
    }
    QString why;
    m_events = resolveFrames(m_lesson->frames(m_correct), *data, &why);
    if (m_events.isEmpty()) {
        m_error = why;
        m_pendingFrame = -1;
        emit frameChanged();
        return;
    }
    const int frame = m_pendingFrame;
    m_pendingFrame = -1;
    goTo(frame, frame == 0); // a lesson's start plays; a resumed frame shows at once
}

void LessonPlayer::goTo(int frame, bool animate)
{
    m_travel.stop();
    m_arriving = false;
    m_frame = frame;
    m_answer = -1;
    m_ready = false;
    m_toMs = frameMsAt(frame);
    const double fromMs = std::max(0.0, m_controller->cursorMs());
    emit frameChanged();
    emit textsChanged();
    // At the scenario's own playback pace, each thing that appears on the way given its beat.
    ScenarioError error;
    const std::optional<Scenario> s = findScenario(m_lesson->scenario, &error);
    m_leg = animate ? planLeg(*m_controller->primary()->analysis(), fromMs, m_toMs, s ? s->config.playbackSpeed : 1.0)
                    : LessonLeg();
    if (m_leg.points.isEmpty()) {
        m_controller->setCursorMs(m_toMs);
        arrive();
        return;
    }
    m_travelClock.start();
    m_travel.start();
}

void LessonPlayer::arrive()
{
    m_travel.stop();
    m_controller->setCursorMs(m_toMs);
    // The frame stands once the window shows the run at its moment.
    m_arriving = true;
    if (!m_controller->primary()->instantPending())
        shown();
}

void LessonPlayer::shown()
{
    if (!std::exchange(m_arriving, false))
        return;
    m_ready = true;
    save();
    emit frameChanged();
}

void LessonPlayer::next()
{
    if (!m_lesson || m_pendingFrame >= 0)
        return;
    if (m_travel.isActive()) { // a second press skips to the frame
        arrive();
        return;
    }
    if (m_frame + 1 < m_events.size())
        goTo(m_frame + 1, true);
    else if (!m_correct)
        open(m_lesson->name, true, 0); // now the fix
}

void LessonPlayer::back()
{
    if (!m_lesson || m_pendingFrame >= 0)
        return;
    if (m_frame > 0)
        goTo(m_frame - 1, false);
    else if (m_correct)
        open(m_lesson->name, false, int(m_lesson->broken.size()) - 1);
}

void LessonPlayer::choose(int choice)
{
    if (!current() || choice < 0 || choice >= choices().size() || m_answer >= 0)
        return;
    m_answer = choice;
    emit frameChanged();
}

void LessonPlayer::close()
{
    if (!m_lesson)
        return;
    m_travel.stop();
    m_arriving = false;
    m_lesson.reset();
    m_events.clear();
    m_pendingFrame = -1;
    m_ready = false;
    m_controller->setCursorMs(-1);
    emit lessonChanged();
    emit frameChanged();
    emit textsChanged();
}

void LessonPlayer::save()
{
    if (!m_lesson)
        return;
    QSettings settings;
    const bool changed = settings.value(kSavedLesson).toString() != m_lesson->name;
    settings.setValue(kSavedLesson, m_lesson->name);
    settings.setValue(kSavedCorrect, m_correct);
    settings.setValue(kSavedFrame, m_frame);
    if (changed)
        emit savedChanged();
}

} // namespace lockstock
