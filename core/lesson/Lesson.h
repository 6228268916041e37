#pragma once
// A guided lesson: frames of narration over one scenario's run, each anchored
// to an event of the run (not to a time), each saying what it highlights on
// the timeline, some asking the class to predict before the outcome shows.
// The broken side's frames come first; the correct side has its own.
// Lessons are data: resources/lessons/NAME.json, English and Chinese texts
// side by side in the file.

#include "analysis/RunAnalysis.h"
#include "scenario/Scenario.h"

#include <optional>

namespace lockstock {

// One text in both languages of the course.
struct LessonText {
    QString en;
    QString zh;
    // In `language` ("en", "zh_CN"): Chinese for any zh*, else English.
    QString in(const QString &language) const { return language.startsWith(QLatin1String("zh")) ? zh : en; }
};

// Which event of the run a frame stops at: the nth (1-based; or the last)
// event that fits every criterion given. A finding anchors at the first event
// the verdict marks for it (or where its span begins).
struct LessonAnchor {
    QString client;                     // whose event; empty: anyone's (Redis's too)
    std::optional<EventKind> kind;
    std::optional<Step> step;
    std::optional<bool> holds;          // the client believes it holds the lock after it
    std::optional<bool> success;        // an order that sold (true) or failed
    QString owner;                      // an expiry of this client's lock
    std::optional<FindingKind> finding;
    int nth = 1;
    bool last = false;                  // the last that fits, not the nth
    bool end = false;                   // the run's last event

    // "B acquire holds=yes #2": for messages.
    QString display() const;
};

// What a frame shows on the timeline.
enum class LessonHighlight : quint8 {
    Event,    // the anchored event, outlined
    Lane,     // the lane of the anchored event's client
    Finding,  // the finding (its marks and spans) the anchor names
    Verdict,  // the verdict panel: the run's outcome
};
template <>
struct EnumNames<LessonHighlight> {
    static constexpr EnumName<LessonHighlight> table[] = {{LessonHighlight::Event, "event"},
                                                          {LessonHighlight::Lane, "lane"},
                                                          {LessonHighlight::Finding, "finding"},
                                                          {LessonHighlight::Verdict, "verdict"}};
};

struct LessonChoice {
    LessonText text;
    bool right = false;
};

struct LessonFrame {
    LessonAnchor at;
    LessonHighlight highlight = LessonHighlight::Event;
    LessonText text;
    // Predict, then reveal: a question with 2-3 choices, one right, asked
    // before the run shows the answer (in the next frame).
    LessonText question;
    QList<LessonChoice> choices;
    int line = 0;                       // in the lesson file

    bool asks() const { return !choices.isEmpty(); }
};

struct Lesson {
    QString name;                       // the file's base name
    QString scenario;                   // the scenario it plays
    LessonText title;
    LessonText summary;                 // the lesson in one line
    int minutes = 0;                    // how long it takes in class
    QList<LessonFrame> broken;          // the broken strategy's frames
    QList<LessonFrame> correct;         // then the fix's
    // The scheduler's challenge: stepping the broken strategy's clients by
    // hand, make the checker find this; the correct side cannot be made to.
    std::optional<FindingKind> challenge;
    QString path;

    const QList<LessonFrame> &frames(bool correctSide) const { return correctSide ? correct : broken; }
};

// Errors name the file, line and field as the scenario loader's do.
using LessonError = ScenarioError;

// Parses lesson JSON; every field is checked, unknown fields are errors, and
// the scenario it names must exist and have every client it mentions.
std::optional<Lesson> parseLesson(const QByteArray &json, const QString &path, LessonError *error);
std::optional<Lesson> loadLessonFile(const QString &path, LessonError *error);
// The lessons shipped in resources/lessons, in the course's order (that of
// their scenarios, resources/scenarios/course.txt), by name.
QStringList builtinLessonNames();
// A built-in name ("lost-update") or a path to a .json file.
std::optional<Lesson> findLesson(const QString &nameOrPath, LessonError *error);

// A challenge's goal in the UI language: "Make one client delete another's lock".
QString challengeGoal(FindingKind goal);
// Whether the checker found the goal in `verdict`, as a failure (a fenced,
// harmless overlap does not count).
bool challengeMet(FindingKind goal, const Verdict &verdict);

// The event a frame's anchor stops at in `analysis`; -1 when it has none.
int resolveAnchor(const LessonAnchor &anchor, const RunAnalysis &analysis);
// Every frame's event in `analysis`, in order; empty with *error saying which
// frame (file line, anchor) has none, or stops before the frame ahead of it.
QList<int> resolveFrames(const QList<LessonFrame> &frames, const RunAnalysis &analysis, QString *error);
// The moment a frame shows: when its event is known (knownAtNs: a command
// once its reply is in); the frame shows the run at that instant.
qint64 frameTimeNs(const RunAnalysis &analysis, int event);

// How a lesson moves its replay cursor from one frame's moment to the next:
// through each instant at which something becomes known on the way, the
// time between two of them at the scenario's playback speed, but never less
// than a beat, so that each thing that appears is seen before the next
// does. A leg takes kShortestLegMs to kLongestLegMs of real time; a long one
// shortens the playback between instants first, then the beats, evenly.
struct LessonLeg {
    static constexpr double kBeatMs = 400;
    static constexpr double kShortestLegMs = 1000;
    static constexpr double kLongestLegMs = 6000;
    struct Point {
        double realMs;      // since the leg began
        double scenarioMs;  // where the cursor is then
        bool reveals;       // something becomes known there
    };
    QList<Point> points;    // from the leg's start to the frame's moment; empty: nothing to play

    double realMs() const { return points.isEmpty() ? 0 : points.last().realMs; }
    // Where the cursor is `realMs` into the leg.
    double scenarioMsAt(double realMs) const;
};
LessonLeg planLeg(const RunAnalysis &analysis, double fromMs, double toMs, double playbackSpeed);

} // namespace lockstock
