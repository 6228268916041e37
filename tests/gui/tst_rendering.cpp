// Every shipped scenario, run both ways and drawn offscreen as the window
// and `shot` draw it: what the painter marks (its own record of the races
// it drew) is exactly what the verdict found, and a fenced correct run
// shows no lost update and a stock line that only takes values Redis held.

#include "TestRedis.h"

#include "gui/TimelinePainter.h"

#include <QImage>
#include <QSet>
#include <set>
#include <QTest>

using namespace lockstock;

namespace {
// A finding as the painter's record and the verdict both name it.
using FindingId = std::tuple<FindingKind, int, int>;

FindingId idOf(const Finding &f)
{
    return {f.kind, f.actor, f.other};
}

// The findings that have a place on the timeline: a marked event or a span.
std::set<FindingId> drawable(const RunAnalysis &a)
{
    std::set<FindingId> out;
    for (const Finding &f : a.verdict.findings)
        if (!f.spans.isEmpty())
            out.insert(idOf(f));
    for (const Mark &m : a.marks)
        if (const Finding *f = a.verdict.findingOf(m))
            out.insert(idOf(*f));
    return out;
}
} // namespace

class TestRendering : public QObject {
    Q_OBJECT
private slots:
    void drawnRacesAreTheVerdicts_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("side");
        for (const QString &name : builtinScenarioNames())
            for (const char *side : {"broken", "correct"})
                QTest::addRow("%s/%s", qPrintable(name), side) << name << QString::fromLatin1(side);
    }

    void drawnRacesAreTheVerdicts()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, side);
        ScenarioError error;
        const std::optional<Scenario> s = findScenario(scenario, &error);
        QVERIFY(s);
        std::unique_ptr<RedisServer> server;
        std::unique_ptr<test::ScenarioResult> r;
        if (s->config.needsPrivateServers()) {
            r = test::runScenarioOnOwnServers(scenario, side);
        } else {
            server = test::startRedis();
            QVERIFY(server);
            r = test::runScenario(scenario, side, server->endpoint());
        }
        QVERIFY(r);
        QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
        const RunAnalysis &a = *r->analysis;
        // The broken side breaks, the correct side does not.
        QVERIFY2((side == QLatin1String("broken")) == (a.verdict.severity() == Severity::Broken), qPrintable(r->describe()));

        // The whole run, with the header and legend of an export.
        for (const QString &theme : {QStringLiteral("light"), QStringLiteral("dark")}) {
            TimelinePainter painter(a, TimelineTheme::named(theme));
            QImage image(1600, qCeil(painter.preferredHeight(true, true)), QImage::Format_ARGB32_Premultiplied);
            QPainter p(&image);
            TimelineViewport view;
            view.endMs = std::max(1.0, a.durationMs() * 1.14);
            view.header = true;
            view.legend = true;
            painter.paint(p, QRectF(image.rect()), view);
            p.end();
            std::set<FindingId> drawn;
            for (const Finding *f : painter.drawnFindings())
                drawn.insert(idOf(*f));
            QVERIFY2(drawn == drawable(a), qPrintable(r->describe()));
        }

        if (side == QLatin1String("correct")) {
            QVERIFY2(test::marksOf(a, FindingKind::LostUpdates).isEmpty(), qPrintable(r->describe()));
            QVERIFY(!a.verdict.has(FindingKind::LostUpdates));
            // Every value of the stock line is one Redis held: a probe's, or the final stock.
            QSet<qint64> held{a.info.initialStock, a.finalStock};
            for (const Event &e : a.events)
                if (e.probe && e.probe->stock != kUnknown)
                    held << e.probe->stock;
            for (const StockPoint &point : a.stock)
                QVERIFY2(held.contains(point.value), qPrintable(QStringLiteral("the stock line shows %1").arg(point.value)));
            QCOMPARE(a.stock.last().value, a.finalStock);
        }
    }
};

QTEST_MAIN(TestRendering)
#include "tst_rendering.moc"
