#include "Lesson.h"

#include "../io/InputFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace lockstock {

namespace {

const QString kBuiltinDir = QStringLiteral(":/lessons");

// What `lockstock explore --method naive` found for the scenarios whose
// lessons quote it, by scenario and side (scripts/explore-all.sh writes it;
// test_explore checks it against the explorer).
const QJsonObject &exploredFigures()
{
    static const QJsonObject figures = [] {
        QFile f(QStringLiteral(":/explored.json"));
        return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
    }();
    return figures;
}

// Reads one lesson file, remembering where it is for the errors.
class LessonReader {
public:
    LessonReader(const QByteArray &json, const QString &path, LessonError *error)
        : m_json(json), m_path(path), m_error(error)
    {
    }

    // The line of the nth `"key"` at or after `from`; 0 if absent.
    int lineOf(const QString &key, qsizetype from = 0, int nth = 0) const
    {
        const qsizetype at = indexOf(key, from, nth);
        return at < 0 ? 0 : int(m_json.left(at).count('\n')) + 1;
    }
    qsizetype indexOf(const QString &key, qsizetype from = 0, int nth = 0) const
    {
        const QByteArray needle = '"' + key.toUtf8() + '"';
        qsizetype at = from - 1;
        for (int i = 0; i <= nth; ++i)
            if ((at = m_json.indexOf(needle, at + 1)) < 0)
                return -1;
        return at;
    }

    bool fail(const QString &field, int line, const QString &message) const
    {
        *m_error = LessonError{m_path, line, field, message};
        return false;
    }

    bool checkKeys(const QJsonObject &o, const QSet<QString> &allowed, const QString &where, int line) const
    {
        for (auto it = o.begin(); it != o.end(); ++it)
            if (!allowed.contains(it.key())) {
                QStringList names(allowed.begin(), allowed.end());
                names.sort();
                return fail(where.isEmpty() ? it.key() : where + QLatin1Char('.') + it.key(), line ? line : lineOf(it.key()),
                            QStringLiteral("unknown field (expected one of: %1)").arg(names.join(QStringLiteral(", "))));
            }
        return true;
    }

    // {"en": "...", "zh_CN": "..."}: both, neither empty.
    bool readText(const QJsonValue &v, const QString &field, int line, LessonText *out) const
    {
        if (!v.isObject())
            return fail(field, line, QStringLiteral("must be an object {\"en\": \"...\", \"zh_CN\": \"...\"}"));
        const QJsonObject o = v.toObject();
        if (!checkKeys(o, {QStringLiteral("en"), QStringLiteral("zh_CN")}, field, line))
            return false;
        for (const QString &key : {QStringLiteral("en"), QStringLiteral("zh_CN")})
            if (!o.value(key).isString() || o.value(key).toString().trimmed().isEmpty())
                return fail(field + QLatin1Char('.') + key, line, QStringLiteral("is required: the text in %1")
                                                                       .arg(key == QLatin1String("en") ? QStringLiteral("English")
                                                                                                       : QStringLiteral("Simplified Chinese")));
        out->en = o.value(QStringLiteral("en")).toString();
        out->zh = o.value(QStringLiteral("zh_CN")).toString();
        return true;
    }

    bool readAnchor(const QJsonValue &v, const QString &field, int line, const Scenario &scenario, LessonAnchor *a) const
    {
        if (!v.isObject())
            return fail(field, line, QStringLiteral("must be an object like {\"client\": \"B\", \"step\": \"acquire\", \"holds\": true}"));
        const QJsonObject o = v.toObject();
        if (!checkKeys(o, {QStringLiteral("client"), QStringLiteral("kind"), QStringLiteral("step"), QStringLiteral("holds"),
                           QStringLiteral("success"), QStringLiteral("owner"), QStringLiteral("finding"),
                           QStringLiteral("nth"), QStringLiteral("last"), QStringLiteral("end")},
                       field, line))
            return false;
        const auto clientField = [&](const QString &key, QString *out) {
            if (!o.contains(key))
                return true;
            *out = o.value(key).toString();
            const bool known = std::any_of(scenario.config.clients.begin(), scenario.config.clients.end(),
                                           [out](const ClientSpec &c) { return c.name == *out; });
            return known || fail(field + QLatin1Char('.') + key, line,
                                 QStringLiteral("scenario '%1' has no client '%2'").arg(scenario.name, o.value(key).toVariant().toString()));
        };
        const auto boolField = [&](const QString &key, std::optional<bool> *out) {
            if (!o.contains(key))
                return true;
            if (!o.value(key).isBool())
                return fail(field + QLatin1Char('.') + key, line, QStringLiteral("must be true or false"));
            *out = o.value(key).toBool();
            return true;
        };
        // A name of one of the engine's enums.
        const auto named = [&](const QString &key, auto *out, const QString &examples) {
            if (!o.contains(key))
                return true;
            using E = typename std::remove_reference_t<decltype(**out)>;
            const std::optional<E> value = enumFromName<E>(o.value(key).toString());
            if (!o.value(key).isString() || !value)
                return fail(field + QLatin1Char('.') + key, line,
                            QStringLiteral("'%1' is not one of %2").arg(o.value(key).toVariant().toString(), examples));
            *out = value;
            return true;
        };
        if (!clientField(QStringLiteral("client"), &a->client) || !clientField(QStringLiteral("owner"), &a->owner)
            || !boolField(QStringLiteral("holds"), &a->holds) || !boolField(QStringLiteral("success"), &a->success)
            || !named(QStringLiteral("kind"), &a->kind, QStringLiteral("command, sleep, order, crash, pause, expired, server, probe"))
            || !named(QStringLiteral("step"), &a->step, QStringLiteral("the steps (acquire, read, write, release, renew, work, ...)"))
            || !named(QStringLiteral("finding"), &a->finding, QStringLiteral("the finding kinds (lost_updates, overlap, foreign_release, ...)")))
            return false;
        std::optional<bool> last, end;
        if (!boolField(QStringLiteral("last"), &last) || !boolField(QStringLiteral("end"), &end))
            return false;
        a->last = last.value_or(false);
        a->end = end.value_or(false);
        if (o.contains(QStringLiteral("nth"))) {
            const double n = o.value(QStringLiteral("nth")).toDouble(0);
            if (!o.value(QStringLiteral("nth")).isDouble() || n != std::trunc(n) || n < 1 || n > 100000)
                return fail(field + QStringLiteral(".nth"), line, QStringLiteral("must be a whole number from 1 (the first)"));
            a->nth = int(n);
        }
        if (a->end && o.size() > 1)
            return fail(field + QStringLiteral(".end"), line, QStringLiteral("the run's end takes no other criterion"));
        if (a->last && o.contains(QStringLiteral("nth")))
            return fail(field + QStringLiteral(".last"), line, QStringLiteral("give \"nth\" or \"last\", not both"));
        if (o.isEmpty())
            return fail(field, line, QStringLiteral("says no event: give a client, step, kind, finding... or \"end\": true"));
        return true;
    }

    bool readFrames(const QJsonObject &root, const QString &side, const Scenario &scenario, QList<LessonFrame> *out) const
    {
        const int sideLine = lineOf(side);
        const QJsonValue v = root.value(side);
        if (!v.isArray() || v.toArray().isEmpty())
            return fail(side, sideLine, QStringLiteral("is required: a non-empty list of frames"));
        const QJsonArray list = v.toArray();
        const qsizetype from = indexOf(side);
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString field = QStringLiteral("%1[%2]").arg(side).arg(i);
            const int line = lineOf(QStringLiteral("at"), from, int(i));
            const int at = line ? line : sideLine;
            if (!list.at(i).isObject())
                return fail(field, at, QStringLiteral("must be an object with \"at\" and \"text\""));
            const QJsonObject o = list.at(i).toObject();
            if (!checkKeys(o, {QStringLiteral("at"), QStringLiteral("highlight"), QStringLiteral("text"),
                               QStringLiteral("question"), QStringLiteral("choices")},
                           field, at))
                return false;
            LessonFrame frame;
            frame.line = at;
            if (!o.contains(QStringLiteral("at")))
                return fail(field + QStringLiteral(".at"), at, QStringLiteral("is required: the event the frame stops at"));
            if (!readAnchor(o.value(QStringLiteral("at")), field + QStringLiteral(".at"), at, scenario, &frame.at)
                || !readText(o.value(QStringLiteral("text")), field + QStringLiteral(".text"), at, &frame.text))
                return false;
            if (o.contains(QStringLiteral("highlight"))) {
                const std::optional<LessonHighlight> h = enumFromName<LessonHighlight>(o.value(QStringLiteral("highlight")).toString());
                if (!h)
                    return fail(field + QStringLiteral(".highlight"), at, QStringLiteral("must be \"event\", \"lane\", \"finding\" or \"verdict\""));
                frame.highlight = *h;
            }
            if (frame.highlight == LessonHighlight::Finding && !frame.at.finding)
                return fail(field + QStringLiteral(".highlight"), at, QStringLiteral("\"finding\" needs an anchor on a finding (\"at\": {\"finding\": ...})"));
            if (frame.highlight == LessonHighlight::Lane && frame.at.client.isEmpty() && frame.at.owner.isEmpty() && !frame.at.finding)
                return fail(field + QStringLiteral(".highlight"), at, QStringLiteral("\"lane\" needs an anchor on a client's event"));
            if (o.contains(QStringLiteral("question")) != o.contains(QStringLiteral("choices")))
                return fail(field + (o.contains(QStringLiteral("question")) ? QStringLiteral(".choices") : QStringLiteral(".question")), at,
                            QStringLiteral("a question and its choices go together"));
            if (o.contains(QStringLiteral("question"))
                && (!readText(o.value(QStringLiteral("question")), field + QStringLiteral(".question"), at, &frame.question)
                    || !readChoices(o.value(QStringLiteral("choices")), field + QStringLiteral(".choices"), at, &frame.choices)))
                return false;
            if (!quoteExplored(&frame.text, field + QStringLiteral(".text"), at, scenario.name, side)
                || !quoteExplored(&frame.question, field + QStringLiteral(".question"), at, scenario.name, side))
                return false;
            for (qsizetype c = 0; c < frame.choices.size(); ++c)
                if (!quoteExplored(&frame.choices[c].text, field + QStringLiteral(".choices[%1]").arg(c), at, scenario.name, side))
                    return false;
            out->append(frame);
        }
        return true;
    }

    // {explored.interleavings}, {explored.failing}, {explored.safe} and
    // {explored.percent} (of them failing) in a text: the explorer's figures
    // for this scenario's side, never typed by hand.
    bool quoteExplored(LessonText *text, const QString &field, int line, const QString &scenario, const QString &side) const
    {
        static const QRegularExpression token(QStringLiteral("\\{explored\\.([a-z]+)\\}"));
        for (QString *t : {&text->en, &text->zh}) {
            if (!t->contains(QLatin1String("{explored.")))
                continue;
            const QJsonObject figures = exploredFigures().value(scenario).toObject().value(side).toObject();
            if (figures.isEmpty())
                return fail(field, line, QStringLiteral("quotes the explorer, which has no figures for %1 (%2 side): "
                                                        "run scripts/explore-all.sh").arg(scenario, side));
            const qint64 ways = figures.value(QStringLiteral("interleavings")).toInteger();
            const qint64 failing = figures.value(QStringLiteral("failing")).toInteger();
            const QHash<QString, qint64> values{{QStringLiteral("interleavings"), ways},
                                                {QStringLiteral("failing"), failing},
                                                {QStringLiteral("safe"), ways - failing},
                                                {QStringLiteral("percent"), ways > 0 ? qRound64(100.0 * double(failing) / double(ways)) : 0}};
            QString quoted;
            qsizetype from = 0;
            for (QRegularExpressionMatchIterator it = token.globalMatch(*t); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                if (!values.contains(m.captured(1)))
                    return fail(field, line, QStringLiteral("{explored.%1} is not a figure (interleavings, failing, safe, percent)")
                                                 .arg(m.captured(1)));
                quoted += t->mid(from, m.capturedStart() - from) + QString::number(values.value(m.captured(1)));
                from = m.capturedEnd();
            }
            *t = quoted + t->mid(from);
        }
        return true;
    }

    bool readChoices(const QJsonValue &v, const QString &field, int line, QList<LessonChoice> *out) const
    {
        const QJsonArray list = v.toArray();
        if (!v.isArray() || list.size() < 2 || list.size() > 3)
            return fail(field, line, QStringLiteral("must be a list of 2 or 3 choices"));
        int right = 0;
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString at = QStringLiteral("%1[%2]").arg(field).arg(i);
            QJsonObject o = list.at(i).toObject();
            if (!list.at(i).isObject())
                return fail(at, line, QStringLiteral("must be an object {\"en\": ..., \"zh_CN\": ..., \"right\": true}"));
            LessonChoice choice;
            if (o.contains(QStringLiteral("right")) && !o.value(QStringLiteral("right")).isBool())
                return fail(at + QStringLiteral(".right"), line, QStringLiteral("must be true or false"));
            choice.right = o.take(QStringLiteral("right")).toBool();
            if (!readText(o, at, line, &choice.text))
                return false;
            right += choice.right ? 1 : 0;
            out->append(choice);
        }
        return right == 1 || fail(field, line, QStringLiteral("exactly one choice must be \"right\": true (%1 are)").arg(right));
    }

    const QByteArray &m_json;
    const QString &m_path;
    LessonError *m_error;
};

} // namespace

QString LessonAnchor::display() const
{
    if (end)
        return QStringLiteral("the run's end");
    QStringList parts;
    if (finding)
        parts << QStringLiteral("finding %1").arg(QLatin1String(nameOf(*finding)));
    if (!client.isEmpty())
        parts << client;
    if (kind)
        parts << QLatin1String(nameOf(*kind));
    if (step)
        parts << QLatin1String(nameOf(*step));
    if (holds)
        parts << (*holds ? QStringLiteral("holds") : QStringLiteral("does not hold"));
    if (success)
        parts << (*success ? QStringLiteral("sold") : QStringLiteral("failed"));
    if (!owner.isEmpty())
        parts << QStringLiteral("%1's lock").arg(owner);
    parts << (last ? QStringLiteral("(last)") : QStringLiteral("#%1").arg(nth));
    return parts.join(QLatin1Char(' '));
}

std::optional<Lesson> parseLesson(const QByteArray &json, const QString &path, LessonError *error)
{
    const LessonReader r(json, path, error);
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        r.fail({}, int(json.left(parseError.offset).count('\n')) + 1,
               QStringLiteral("not valid JSON: %1").arg(parseError.errorString()));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        r.fail({}, 1, QStringLiteral("a lesson must be a JSON object { ... }"));
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    if (!r.checkKeys(o, {QStringLiteral("scenario"), QStringLiteral("title"), QStringLiteral("summary"),
                         QStringLiteral("minutes"), QStringLiteral("broken"), QStringLiteral("correct"),
                         QStringLiteral("challenge")},
                     {}, 0))
        return std::nullopt;
    Lesson lesson;
    lesson.path = path;
    lesson.name = QFileInfo(path).completeBaseName();
    lesson.scenario = lesson.name;
    if (o.contains(QStringLiteral("scenario"))) {
        if (!o.value(QStringLiteral("scenario")).isString()) {
            r.fail(QStringLiteral("scenario"), r.lineOf(QStringLiteral("scenario")), QStringLiteral("must be a scenario's name"));
            return std::nullopt;
        }
        lesson.scenario = o.value(QStringLiteral("scenario")).toString();
    }
    ScenarioError scenarioError;
    // Only a built-in scenario: a lesson file names no paths.
    const std::optional<Scenario> scenario = lesson.scenario.contains(QLatin1Char('/')) || lesson.scenario.isEmpty()
        ? std::nullopt
        : findScenario(lesson.scenario, &scenarioError);
    if (!scenario || !builtinScenarioNames().contains(lesson.scenario)) {
        r.fail(QStringLiteral("scenario"), r.lineOf(QStringLiteral("scenario")),
               QStringLiteral("no built-in scenario '%1' (see 'lockstock list')").arg(lesson.scenario));
        return std::nullopt;
    }
    const double minutes = o.value(QStringLiteral("minutes")).toDouble(-1);
    if (!o.value(QStringLiteral("minutes")).isDouble() || minutes != std::trunc(minutes) || minutes < 1 || minutes > 120) {
        r.fail(QStringLiteral("minutes"), r.lineOf(QStringLiteral("minutes")),
               QStringLiteral("is required: how long the lesson takes in class, 1 to 120 minutes"));
        return std::nullopt;
    }
    lesson.minutes = int(minutes);
    if (o.contains(QStringLiteral("challenge"))) {
        lesson.challenge = enumFromName<FindingKind>(o.value(QStringLiteral("challenge")).toString());
        if (!o.value(QStringLiteral("challenge")).isString() || !lesson.challenge
            || lesson.challenge == FindingKind::Correct || lesson.challenge == FindingKind::NotExercised
            || lesson.challenge == FindingKind::ForkNotRun) {
            r.fail(QStringLiteral("challenge"), r.lineOf(QStringLiteral("challenge")),
                   QStringLiteral("must name what the checker finds on the broken side (lost_updates, overlap, foreign_release, ...)"));
            return std::nullopt;
        }
    }
    if (!r.readText(o.value(QStringLiteral("title")), QStringLiteral("title"), r.lineOf(QStringLiteral("title")), &lesson.title)
        || !r.readText(o.value(QStringLiteral("summary")), QStringLiteral("summary"), r.lineOf(QStringLiteral("summary")), &lesson.summary)
        || !r.readFrames(o, QStringLiteral("broken"), *scenario, &lesson.broken)
        || !r.readFrames(o, QStringLiteral("correct"), *scenario, &lesson.correct))
        return std::nullopt;
    return lesson;
}

std::optional<Lesson> loadLessonFile(const QString &path, LessonError *error)
{
    QString why;
    const std::optional<QByteArray> bytes = readInputFile(path, 4 * 1024 * 1024, &why);
    if (!bytes) {
        *error = LessonError{path, 0, {}, QStringLiteral("cannot read the file: %1").arg(why)};
        return std::nullopt;
    }
    return parseLesson(*bytes, path, error);
}

QStringList builtinLessonNames()
{
    QStringList files;
    for (const QFileInfo &fi : QDir(kBuiltinDir).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        files << fi.completeBaseName();
    // A lesson is named after its scenario: the course's order is theirs.
    QStringList names;
    for (const QString &scenario : builtinScenarioNames())
        if (files.contains(scenario))
            names << scenario;
    for (const QString &name : std::as_const(files))
        if (!names.contains(name))
            names << name;
    return names;
}

std::optional<Lesson> findLesson(const QString &nameOrPath, LessonError *error)
{
    const QString builtin = kBuiltinDir + QLatin1Char('/') + nameOrPath + QStringLiteral(".json");
    if (!nameOrPath.contains(QLatin1Char('/')) && QFile::exists(builtin))
        return loadLessonFile(builtin, error);
    if (QFile::exists(nameOrPath))
        return loadLessonFile(nameOrPath, error);
    *error = LessonError{nameOrPath, 0, {},
                         QStringLiteral("no such lesson (built in: %1)").arg(builtinLessonNames().join(QStringLiteral(", ")))};
    return std::nullopt;
}

int resolveAnchor(const LessonAnchor &anchor, const RunAnalysis &analysis)
{
    const auto &events = analysis.events;
    if (events.isEmpty())
        return -1;
    if (anchor.end)
        return int(events.size()) - 1;
    const int client = anchor.client.isEmpty() ? -1 : int(analysis.info.clients.indexOf(anchor.client));
    if (!anchor.client.isEmpty() && client < 0)
        return -1;
    if (anchor.finding) {
        // The first event the verdict marks for it, else where its span begins.
        int first = -1;
        for (const Mark &m : analysis.marks)
            if (m.kind == *anchor.finding && (client < 0 || m.actor == client) && analysis.verdict.findingOf(m)
                && (first < 0 || events.at(m.event).tNs < events.at(first).tNs))
                first = m.event;
        if (first >= 0)
            return first;
        for (const Finding &f : analysis.verdict.findings)
            if (f.kind == *anchor.finding && (client < 0 || f.actor == client))
                return f.spans.isEmpty() ? -1 : std::min(analysis.firstAtOrAfter(f.spans.first().startNs), int(events.size()) - 1);
        return -1;
    }
    const QByteArray ownerPrefix = anchor.owner.toUtf8() + '-';
    int seen = 0;
    int match = -1;
    for (int i = 0; i < events.size(); ++i) {
        const Event &e = events.at(i);
        if ((client >= 0 && e.client != client) || (anchor.kind && e.kind != *anchor.kind)
            || (anchor.step && (e.step != *anchor.step || e.kind == EventKind::Order))
            || (anchor.holds && (e.client < 0 || e.holds != *anchor.holds))
            || (anchor.success && (e.kind != EventKind::Order || e.success != *anchor.success))
            || (!anchor.owner.isEmpty() && (e.kind != EventKind::Expired || !e.token.startsWith(ownerPrefix))))
            continue;
        match = i;
        if (!anchor.last && ++seen == anchor.nth)
            return i;
    }
    return anchor.last ? match : -1;
}

QList<int> resolveFrames(const QList<LessonFrame> &frames, const RunAnalysis &analysis, QString *error)
{
    QList<int> events;
    qint64 previousNs = 0;
    for (qsizetype i = 0; i < frames.size(); ++i) {
        const LessonFrame &f = frames.at(i);
        const int event = resolveAnchor(f.at, analysis);
        if (event < 0) {
            *error = QStringLiteral("frame %1 (line %2): no event in the run is %3").arg(i + 1).arg(f.line).arg(f.at.display());
            return {};
        }
        const qint64 ns = frameTimeNs(analysis, event);
        if (ns < previousNs) {
            *error = QStringLiteral("frame %1 (line %2): %3 comes before the frame ahead of it").arg(i + 1).arg(f.line).arg(f.at.display());
            return {};
        }
        previousNs = ns;
        events << event;
    }
    return events;
}

double LessonLeg::scenarioMsAt(double realMs) const
{
    if (points.isEmpty())
        return 0;
    const auto next = std::upper_bound(points.cbegin(), points.cend(), realMs,
                                       [](double ms, const Point &p) { return ms < p.realMs; });
    if (next == points.cbegin())
        return points.first().scenarioMs;
    if (next == points.cend())
        return points.last().scenarioMs;
    const Point &a = *(next - 1);
    const Point &b = *next;
    return a.scenarioMs + (b.scenarioMs - a.scenarioMs) * (realMs - a.realMs) / (b.realMs - a.realMs);
}

LessonLeg planLeg(const RunAnalysis &analysis, double fromMs, double toMs, double playbackSpeed)
{
    LessonLeg leg;
    if (toMs <= fromMs || playbackSpeed <= 0)
        return leg;
    // The instants on the way, and the frame's moment.
    const qint64 fromNs = analysis.clockNs(fromMs);
    const qint64 toNs = analysis.clockNs(toMs);
    QList<qint64> instants;
    for (const Event &e : analysis.events)
        if (const qint64 at = knownAtNs(e); at > fromNs && at <= toNs)
            instants << at;
    std::sort(instants.begin(), instants.end());
    instants.erase(std::unique(instants.begin(), instants.end()), instants.end());
    struct Stretch {
        double scenarioMs;  // where it ends
        bool reveals;
        double travelMs;    // at the playback speed
    };
    QList<Stretch> stretches;
    double at = fromMs;
    for (const qint64 ns : std::as_const(instants)) {
        const double ms = std::min(toMs, analysis.scenarioMs(ns));
        stretches << Stretch{ms, true, (ms - at) / playbackSpeed};
        at = ms;
    }
    if (at < toMs)
        stretches << Stretch{toMs, false, (toMs - at) / playbackSpeed};
    // Each stretch that reveals gets a beat at least; what is longer than
    // that is playback, shortened first when the leg is too long.
    double beats = 0;
    double playback = 0;
    for (const Stretch &s : std::as_const(stretches)) {
        const double beat = s.reveals ? LessonLeg::kBeatMs : 0;
        beats += beat;
        playback += std::max(0.0, s.travelMs - beat);
    }
    const double longest = LessonLeg::kLongestLegMs;
    const double beatScale = beats > longest ? longest / beats : 1.0;
    const double playbackScale = beats >= longest ? 0.0 : playback > longest - beats ? (longest - beats) / playback : 1.0;
    double total = 0;
    QList<double> lengths;
    for (const Stretch &s : std::as_const(stretches)) {
        const double beat = s.reveals ? LessonLeg::kBeatMs : 0;
        lengths << beat * beatScale + std::max(0.0, s.travelMs - beat) * playbackScale;
        total += lengths.last();
    }
    const double stretch = total > 0 && total < LessonLeg::kShortestLegMs ? LessonLeg::kShortestLegMs / total : 1.0;
    double real = 0;
    leg.points << LessonLeg::Point{0, fromMs, false};
    for (qsizetype i = 0; i < stretches.size(); ++i) {
        real += lengths.at(i) * stretch;
        leg.points << LessonLeg::Point{real, stretches.at(i).scenarioMs, stretches.at(i).reveals};
    }
    return leg;
}

qint64 frameTimeNs(const RunAnalysis &analysis, int event)
{
    if (event < 0 || event >= analysis.events.size())
        return 0;
    // When it is known: a command once its reply is in. What the same
    // client sends the moment it is in is still awaiting its own reply.
    return knownAtNs(analysis.events.at(event));
}

QString challengeGoal(FindingKind goal)
{
    switch (goal) {
    case FindingKind::StaleWrites: return QCoreApplication::translate("Challenge", "Make a client write the stock from a read another client's write has made stale");
    case FindingKind::LostUpdates: return QCoreApplication::translate("Challenge", "Lose a unit: make one client write the stock over another's sale");
    case FindingKind::Oversold: return QCoreApplication::translate("Challenge", "Sell more than the stock holds");
    case FindingKind::Overlap: return QCoreApplication::translate("Challenge", "Make two clients hold the lock at once");
    case FindingKind::ForeignRelease: return QCoreApplication::translate("Challenge", "Make one client delete another's lock");
    case FindingKind::ForeignRenewal: return QCoreApplication::translate("Challenge", "Make one client extend another's lock");
    case FindingKind::LockGone: return QCoreApplication::translate("Challenge", "Make a client go on working on a lock Redis no longer holds");
    case FindingKind::LateRenewal: return QCoreApplication::translate("Challenge", "Make a renewal arrive after the lease ran out");
    case FindingKind::StuckLock: return QCoreApplication::translate("Challenge", "Leave a lock in Redis that never expires");
    case FindingKind::KeptAlive: return QCoreApplication::translate("Challenge", "Keep a crashed client's lock alive");
    case FindingKind::LeftLocked: return QCoreApplication::translate("Challenge", "Make a client let go of its lock while Redis keeps it");
    case FindingKind::OverDeducted: return QCoreApplication::translate("Challenge", "Take a unit from the stock without a sale");
    case FindingKind::Unavailable: return QCoreApplication::translate("Challenge", "Make orders fail because the lock's Redis is gone");
    case FindingKind::Refused: return QCoreApplication::translate("Challenge", "Make an order give up at once although stock is left");
    case FindingKind::TimedOut: return QCoreApplication::translate("Challenge", "Make an order wait for the lock until it gives up");
    case FindingKind::Undersold: return QCoreApplication::translate("Challenge", "Leave stock unsold that orders asked for");
    case FindingKind::Errored: return QCoreApplication::translate("Challenge", "Make an order fail on an error reply from Redis");
    case FindingKind::StockUnknown:
    case FindingKind::StaleWritesRefused:
    case FindingKind::FencingHeld:
    case FindingKind::ForkNotRun:
    case FindingKind::NotExercised:
    case FindingKind::Correct:
        break;
    }
    return QCoreApplication::translate("Challenge", "Make the checker find: %1").arg(QString::fromLatin1(nameOf(goal)));
}

bool challengeMet(FindingKind goal, const Verdict &verdict)
{
    return std::any_of(verdict.findings.begin(), verdict.findings.end(),
                       [goal](const Finding &f) { return f.kind == goal && f.severity == Severity::Broken; });
}

} // namespace lockstock
