#pragma once
// A scenario file: the lesson, the clients and timings of a run, and the
// broken and correct strategies the toggle flips between.

#include "engine/RunConfig.h"

#include <QCoreApplication>
#include <QString>
#include <optional>

namespace lockstock {

struct Scenario {
    QString name;
    QString title;      // English, as in the file; titleText() is what users read
    QString lesson;
    QString broken;     // strategy names
    QString correct;
    QString path;       // where it was loaded from
    RunConfig config;   // scenario defaults; the CLI and the GUI override some

    // In the UI language: the built-in scenarios' texts are in the
    // translations (context "Scenario"); a file of one's own stays as written.
    QString titleText() const;
    QString lessonText() const;

    // Which side of the toggle a strategy is on here. The scenario's pair
    // decides: a lease too short for the work breaks a lock correct elsewhere.
    bool correctHere(const QString &strategy, bool correctElsewhere) const
    {
        return strategy == correct || (strategy != broken && correctElsewhere);
    }

    bool operator==(const Scenario &) const = default;
};

struct ScenarioError {
    QString path;
    int line = 0;       // 1-based; 0 when unknown
    QString field;      // "clients[1].start_ms"; empty for syntax errors
    QString message;
    // "lost-update.json:7: field 'stock': must be 0 or more"
    QString display() const;
};

// Parses scenario JSON. Every field is checked; the error names the line
// and the field. Unknown fields are errors too (a typo must not be ignored).
std::optional<Scenario> parseScenario(const QByteArray &json, const QString &path, ScenarioError *error);
std::optional<Scenario> loadScenarioFile(const QString &path, ScenarioError *error);

// The scenarios shipped in resources/scenarios, by name, in the order of the
// course (resources/scenarios/course.txt), then any it does not place.
QStringList builtinScenarioNames();
// A built-in name ("lost-update") or a path to a .json file.
std::optional<Scenario> findScenario(const QString &nameOrPath, ScenarioError *error);

} // namespace lockstock
