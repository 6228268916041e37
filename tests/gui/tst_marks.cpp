// Every shipped scenario on the virtual clock, both sides, drawn offscreen
// as the window and `shot` draw it: the marks the painter records are the
// verdict's, one to one. Each finding shown by events has a mark for each of
// them (as many as its count; units lost and oversold add up to theirs), each
// finding with spans a band for each span, and nothing is drawn for no
// finding. The same holds at instants within the run, for the history cut
// there. On lanes as low as the window fits them at 1366x768, in English and
// Chinese, every mark has its words, and no label covers another. The scenarios on real Sentinel or a cluster keep the real clock and
// are left to tst_rendering.

#include "LayoutProblems.h"
#include "TestRedis.h"

#include "rendering/TimelinePainter.h"
#include "gui/Translations.h"

#include <QTest>
#include <map>
#include <set>

using namespace lockstock;

namespace {
using FindingId = std::tuple<FindingKind, int, int>;

FindingId idOf(FindingKey k)
{
    return {k.kind, k.actor, k.other};
}

QString nameOf(const FindingId &id)
{
    return QStringLiteral("%1(%2,%3)").arg(QLatin1String(lockstock::nameOf(std::get<0>(id)))).arg(std::get<1>(id)).arg(std::get<2>(id));
}

bool hasSpans(FindingKind kind)
{
    return kind == FindingKind::Overlap || kind == FindingKind::StuckLock || kind == FindingKind::KeptAlive
        || kind == FindingKind::LeftLocked;
}

// What is wrong between the marks drawn of `a` (its whole run, as `shot`
// frames it, `width` pixels wide) and its verdict; empty when they agree.
// With a `height`, the lanes are fitted to it as the window fits them (not
// under their minimums), and every mark drawn must have its words too.
QString markProblems(const RunAnalysis &a, int width, int height = 0)
{
    TimelinePainter painter(a, TimelineTheme::light());
    TimelineViewport view;
    view.endMs = painter.fitEndMs(width - TimelinePainter::gutterWidth(TimelineTheme::light()) - 16);
    const qreal drawnHeight = height > 0 ? std::max<qreal>(height, painter.minimumHeight(view, width)) : painter.preferredHeight(view, width);
    QImage image(width, qCeil(drawnHeight), QImage::Format_ARGB32_Premultiplied);
    QPainter p(&image);
    painter.paint(p, QRectF(image.rect()), view);
    p.end();

    QStringList out;
    std::map<FindingId, QList<int>> drawnEvents, markedEvents;
    std::map<FindingId, QList<std::pair<qint64, qint64>>> drawnBands;
    for (const PaintRecord::Mark &m : painter.record().marks) {
        if (m.event >= 0)
            drawnEvents[idOf(m.finding)] << m.event;
        else
            drawnBands[idOf(m.finding)] << std::pair(m.span.startNs, m.span.endNs);
    }
    std::map<FindingId, qint64> amounts;
    for (const Mark &m : a.marks)
        if (const Finding *f = a.verdict.findingOf(m)) {
            markedEvents[{f->kind, f->actor, f->other}] << m.event;
            amounts[{f->kind, f->actor, f->other}] += m.amount;
        }
    std::set<FindingId> findings;
    out << QStringLiteral("%1 x %2 px:").arg(width).arg(image.height());
    if (height > 0) {
        // The stock lane's too: twenty writes that lost units in one
        // instant (flash-sale) share one pill that says what they lost.
        for (const PaintRecord::Mark &m : painter.record().marks)
            if (m.event >= 0 && m.pill.isNull())
                out << QStringLiteral("%1: no words for event %2 (\"%3\")")
                           .arg(nameOf(idOf(m.finding)))
                           .arg(m.event)
                           .arg(a.markTextAt(m.event));
        const QString layout = test::layoutProblems(painter.record());
        if (!layout.isEmpty())
            out << layout;
    }
    for (const Finding &f : a.verdict.findings) {
        const FindingId id{f.kind, f.actor, f.other};
        findings.insert(id);
        QList<int> drawn = drawnEvents[id];
        QList<int> marked = markedEvents[id];
        std::sort(drawn.begin(), drawn.end());
        std::sort(marked.begin(), marked.end());
        if (drawn != marked)
            out << QStringLiteral("%1: events %2 drawn, %3 marked").arg(nameOf(id), QString::number(drawn.size()), QString::number(marked.size()));
        // Units lost and oversold: a mark per order or write, each with its units.
        const bool inUnits = f.kind == FindingKind::LostUpdates || f.kind == FindingKind::Oversold;
        if (!marked.isEmpty() && (inUnits ? amounts[id] : marked.size()) != f.count)
            out << QStringLiteral("%1: count %2, marks say %3").arg(nameOf(id)).arg(f.count).arg(inUnits ? amounts[id] : marked.size());
        QList<std::pair<qint64, qint64>> bands = drawnBands[id];
        QList<std::pair<qint64, qint64>> spans;
        for (const Span &s : f.spans)
            spans << std::pair(s.startNs, s.endNs);
        std::sort(bands.begin(), bands.end());
        std::sort(spans.begin(), spans.end());
        if (bands != spans)
            out << QStringLiteral("%1: %2 bands drawn for %3 spans").arg(nameOf(id)).arg(bands.size()).arg(spans.size());
        // A finding the timeline has a place for has its marks or its bands.
        if ((f.kind == FindingKind::LostUpdates || f.kind == FindingKind::StaleWrites || hasSpans(f.kind)) && drawn.isEmpty()
            && bands.isEmpty())
            out << QStringLiteral("%1: nothing drawn").arg(nameOf(id));
    }
    for (const auto &[id, events] : drawnEvents)
        if (!events.isEmpty() && !findings.contains(id))
            out << QStringLiteral("%1: %2 marks drawn for no finding").arg(nameOf(id)).arg(events.size());
    for (const auto &[id, bands] : drawnBands)
        if (!bands.isEmpty() && !findings.contains(id))
            out << QStringLiteral("%1: %2 bands drawn for no finding").arg(nameOf(id)).arg(bands.size());
    return out.size() > 1 ? out.join(QStringLiteral(" ")) : QString();
}

// The same on a projector's whole width and on the window's timeline beside its panels.
QString markProblems(const RunAnalysis &a)
{
    QString out;
    for (const int width : {1366, 836})
        out += markProblems(a, width);
    return out;
}

// The analysis of the history cut at `tNs`: the events up to it, the run not finished.
std::shared_ptr<const RunAnalysis> cutAt(const History &history, qint64 tNs)
{
    History cut(history.info());
    for (const Event &e : history.events())
        if (e.tNs <= tNs)
            cut.append(e);
    RunAnalyzer analyzer(history.info());
    analyzer.update(cut);
    return analyzer.snapshot();
}
} // namespace

class TestMarks : public QObject {
    Q_OBJECT
    std::unique_ptr<RedisServer> m_server; // one for every run that needs no servers of its own
    QStringList m_realClock;

private slots:
    void initTestCase()
    {
        m_server = test::startRedis();
        QVERIFY(m_server);
    }

    void cleanupTestCase()
    {
        if (!m_realClock.isEmpty())
            qInfo("left to tst_rendering (real clock): %s", qPrintable(m_realClock.join(QStringLiteral(", "))));
    }

    void marksAreTheVerdicts_data() { test::addEveryScenarioAndSide(); }

    void marksAreTheVerdicts()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, side);
        ScenarioError error;
        const std::optional<Scenario> s = findScenario(scenario, &error);
        QVERIFY(s);
        if (s->config.nodes.ownTimers()) {
            if (!m_realClock.contains(scenario))
                m_realClock << scenario;
            QSKIP("Sentinel or a cluster keeps the real clock: tst_rendering draws it");
        }
        const std::unique_ptr<test::ScenarioResult> r = s->config.needsPrivateServers()
            ? test::runScenarioOnOwnServers(scenario, side)
            : test::runScenario(scenario, side, m_server->endpoint());
        QVERIFY(r);
        QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
        const RunAnalysis &a = *r->analysis;
        const QString whole = markProblems(a);
        QVERIFY2(whole.isEmpty(), qPrintable(whole + QLatin1Char('\n') + test::timeline(*r)));

        // The window at 1366x768 beside its side panel: the lanes get about
        // 836 x 560 px, a client's room for a row of labels, in both languages.
        Translations translations(nullptr);
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            translations.setLanguage(language);
            const QString fitted = markProblems(a, 836, 560);
            QVERIFY2(fitted.isEmpty(), qPrintable(language + QLatin1Char(' ') + fitted + QLatin1Char('\n') + test::timeline(*r)));
        }

        // Mid-run: at each quarter of the run, and just after each marked
        // event, where the finding it shows has just appeared.
        QList<qint64> instants{a.endNs / 4, a.endNs / 2, 3 * a.endNs / 4};
        for (const Mark &m : a.marks)
            if (!instants.contains(a.events.at(m.event).tNs) && instants.size() < 12)
                instants << a.events.at(m.event).tNs;
        for (const qint64 t : std::as_const(instants)) {
            const auto cut = cutAt(r->history, t);
            const QString problems = markProblems(*cut);
            QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("at %1 ms: %2").arg(a.scenarioMs(t)).arg(problems)));
        }
    }
};

QTEST_MAIN(TestMarks)
#include "tst_marks.moc"
