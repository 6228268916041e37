// Every shipped scenario, run both ways and drawn offscreen as the window
// and `shot` draw it: what the painter marks (its own record of the races
// it drew) is exactly what the verdict found, and a fenced correct run
// shows no lost update and a stock line that only takes values Redis held.

#include "LayoutProblems.h"
#include "TestRedis.h"

#include "rendering/TimelinePainter.h"

#include <QDir>
#include <QGlyphRun>
#include <QImage>
#include <QTextLayout>
#include <QSet>
#include <set>
#include <QRegularExpression>
#include <QTest>

using namespace lockstock;

namespace {
// What the painter draws of `analysis` from 0 to `endMs` (its whole run by
// default) in the light theme, `width` pixels wide and as tall as it wants.
PaintRecord paintedRecord(const RunAnalysis &analysis, double endMs = -1, int width = 1366)
{
    TimelinePainter painter(analysis, TimelineTheme::light());
    TimelineViewport view;
    view.endMs = endMs < 0 ? analysis.durationMs() : endMs;
    QImage image(width, qCeil(painter.preferredHeight(view, width)), QImage::Format_ARGB32_Premultiplied);
    QPainter p(&image);
    painter.paint(p, QRectF(image.rect()), view);
    p.end();
    return painter.record();
}

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
// Pixels in the light theme's red, which means what went wrong: strong red
// with no less blue than green (amber and its edges have far less blue,
// magenta and violet blends far more).
int redPixels(const QImage &image)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        const QRgb *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x)
            n += qRed(line[x]) > 150 && qGreen(line[x]) < 90 && qBlue(line[x]) >= qGreen(line[x]) && qRed(line[x]) - qBlue(line[x]) > 80;
    }
    return n;
}
} // namespace

class TestRendering : public QObject {
    Q_OBJECT
    // The scenarios on real Sentinel or a cluster: every one's runs at once.
    test::RealClockRuns m_realClockRuns{test::RealClockRuns::shipped()};
private slots:
    // Every character outside ASCII that the window's QML and the timeline
    // draw (icons like ⏸ ⟲ ⤢, arrows, Chinese) has a glyph in the fonts they
    // use or their fallbacks: no missing-glyph boxes.
    void everyCharacterHasAGlyph()
    {
        QString used;
        QDir qml(QStringLiteral(LOCKSTOCK_SOURCE_DIR "/qml"));
        QStringList files;
        for (const QString &name : qml.entryList({QStringLiteral("*.qml")}))
            files << qml.filePath(name);
        files << QStringLiteral(LOCKSTOCK_SOURCE_DIR "/app/rendering/TimelinePainter.cpp")
              << QStringLiteral(LOCKSTOCK_SOURCE_DIR "/core/analysis/RunAnalysis.cpp")
              << QStringLiteral(LOCKSTOCK_SOURCE_DIR "/core/analysis/Verdict.cpp");
        for (const QString &path : files) {
            QFile f(path);
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
            for (const char32_t c : QString::fromUtf8(f.readAll()).toUcs4())
                if (c > 0x7f && !used.contains(QString::fromUcs4(&c, 1)))
                    used += QString::fromUcs4(&c, 1);
        }
        QVERIFY(used.contains(QChar(0x23f8))); // ⏸, which no CJK or DejaVu font has
        for (const QString &family : {QStringLiteral("Noto Sans CJK SC"), QStringLiteral("Noto Sans Mono CJK SC")}) {
            QFont font(family);
            font.setPixelSize(16);
            QStringList missing;
            for (const char32_t c : used.toUcs4()) {
                const QString text = QString::fromUcs4(&c, 1);
                QTextLayout layout(text, font);
                layout.beginLayout();
                layout.createLine();
                layout.endLayout();
                for (const QGlyphRun &run : layout.glyphRuns())
                    for (const quint32 glyph : run.glyphIndexes())
                        if (glyph == 0)
                            missing << QStringLiteral("%1 (U+%2)").arg(text).arg(quint32(c), 4, 16, QLatin1Char('0'));
            }
            QVERIFY2(missing.isEmpty(), qPrintable(family + QStringLiteral(": no glyph for ") + missing.join(QStringLiteral(", "))));
        }
    }

    // Zoomed out until a client's whole run is one pixel column, each
    // client's sale still has its mark, though the endless watchdog goes on
    // after it: the events skipped where a column is crowded are never an
    // order (a live or observed run packs a write, its order and the release
    // into one column at any zoom that shows it all).
    void everySaleIsDrawnZoomedOut()
    {
        std::unique_ptr<RedisServer> server = test::startRedis();
        QVERIFY(server);
        const std::unique_ptr<test::ScenarioResult> r = test::runScenario(QStringLiteral("watchdog-never-stops"), QStringLiteral("broken"), server->endpoint());
        QVERIFY(r);
        QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
        const RunAnalysis &a = *r->analysis;
        QSet<int> selling; // the clients that sold
        for (const Event &e : a.events)
            if (e.kind == EventKind::Order && e.success)
                selling.insert(e.client);
        QVERIFY(!selling.isEmpty());
        QSet<int> drawn;
        // The run in the plot's first pixels.
        for (int index : paintedRecord(a, a.durationMs() * 1000, 1000).orders)
            if (a.events.at(index).success)
                drawn.insert(a.events.at(index).client);
        QCOMPARE(drawn, selling);
    }

    // The time axis reads as one scale: every tick in one unit with the same
    // decimals ("0.0 ms" beside "0.50 ms" was two precisions), from "0".
    void axisTicksShareUnitAndDecimals_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("unit");
        QTest::addRow("flash-sale (2 ms)") << QStringLiteral("flash-sale") << QStringLiteral("ms");
        QTest::addRow("lease-shorter-than-work (40 s)") << QStringLiteral("lease-shorter-than-work") << QStringLiteral("s");
    }
    void axisTicksShareUnitAndDecimals()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, unit);
        std::unique_ptr<RedisServer> server = test::startRedis();
        QVERIFY(server);
        const std::unique_ptr<test::ScenarioResult> r = test::runScenario(scenario, QStringLiteral("broken"), server->endpoint());
        QVERIFY(r);
        QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
        static const QRegularExpression tick(QStringLiteral("^(\\d+)(\\.\\d+)? (ms|s)$"));
        QStringList ticks;
        QSet<QString> formats; // unit and decimals
        for (const PaintRecord::Label &l : paintedRecord(*r->analysis).labels)
            if (const QRegularExpressionMatch m = tick.match(l.text); m.hasMatch()) {
                ticks << l.text;
                formats.insert(m.captured(3) + QString::number(m.captured(2).size()));
            }
        QVERIFY2(ticks.size() >= 3, qPrintable(ticks.join(QLatin1Char('|'))));
        QVERIFY2(ticks.first().startsWith(QLatin1Char('0')), qPrintable(ticks.join(QLatin1Char('|'))));
        QVERIFY2(formats.size() == 1 && formats.values().first().startsWith(unit), qPrintable(ticks.join(QLatin1Char('|'))));
    }

    // A watched program's clients are named by the program, its pid and the
    // connection ("python3:7117/c0"), too long for the gutter: each lane's
    // title still differs from the others' (the end that tells them apart
    // is kept), where "python…" three times named none of them.
    void clientsOfOneProgramHaveTitlesOfTheirOwn()
    {
        std::unique_ptr<RedisServer> server = test::startRedis();
        QVERIFY(server);
        const QStringList names{QStringLiteral("python3:7117/c0"), QStringLiteral("python3:7117/c1")};
        const std::unique_ptr<test::ScenarioResult> r = test::runScenario(
            QStringLiteral("lost-update"), QStringLiteral("broken"), server->endpoint(), RunMode::Stepped,
            [&](RunConfig &config) {
                for (qsizetype i = 0; i < config.clients.size(); ++i)
                    config.clients[i].name = names.value(i);
            });
        QVERIFY(r);
        QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
        QCOMPARE(r->analysis->info.clients, names);
        QStringList titles; // the labels in the gutter that stand for a client's name
        for (const PaintRecord::Label &l : paintedRecord(*r->analysis).labels)
            if (l.text.startsWith(QStringLiteral("py")) && l.rect.left() < TimelinePainter::gutterWidth(TimelineTheme::light()))
                titles << l.text; // not the marks that name them: "python3:7117/c1 wrote 99, not 98"
        QCOMPARE(titles.size(), names.size());
        QVERIFY2(titles.first() != titles.last(), qPrintable(titles.join(QLatin1Char('|'))));
        for (qsizetype i = 0; i < titles.size(); ++i)
            QVERIFY2(titles.at(i) == names.at(i) || titles.at(i).endsWith(names.at(i).right(1)), qPrintable(titles.join(QLatin1Char('|'))));
    }

    // A node's state is drawn on its row whatever else the run did: with two
    // of five nodes killed and no lock ever granted, both rows still say "down".
    void downNodesAreDrawnWhenNoOneHeldTheLock()
    {
        const auto r = test::runScenarioOnOwnServers(QStringLiteral("redlock-minority-down"), QStringLiteral("broken"));
        QVERIFY(r);
        QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
        const RunAnalysis &a = *r->analysis;
        QCOMPARE(a.nodes.size(), 5);
        for (const LockNode &node : a.nodes)
            QCOMPARE(node.holdingCount(), 0);
        QStringList texts;
        for (const PaintRecord::Label &l : paintedRecord(a).labels)
            texts << l.text;
        QCOMPARE(texts.count(QStringLiteral("down")), 2);
        QVERIFY2(texts.contains(QStringLiteral("no client ever held the lock in Redis")), qPrintable(texts.join(QLatin1Char('|'))));
    }

    void drawnRacesAreTheVerdicts_data() { test::addEveryScenarioAndSide(); }

    void drawnRacesAreTheVerdicts()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, side);
        ScenarioError error;
        const std::optional<Scenario> s = findScenario(scenario, &error);
        QVERIFY(s);
        std::unique_ptr<RedisServer> server;
        std::unique_ptr<test::ScenarioResult> r;
        if (s->config.nodes.ownTimers()) {
            r = std::move(m_realClockRuns.take(scenario, side, 1).front());
        } else if (s->config.needsPrivateServers()) {
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
            TimelineViewport view;
            view.endMs = painter.fitEndMs(1600 - TimelinePainter::gutterWidth(TimelineTheme::light()) - 16);
            view.header = true;
            view.legend = true;
            view.title = scenario + QStringLiteral(" — ") + s->title;
            QImage image(1600, qCeil(painter.preferredHeight(view, 1600)), QImage::Format_ARGB32_Premultiplied);
            QPainter p(&image);
            painter.paint(p, QRectF(image.rect()), view);
            p.end();
            std::set<FindingId> drawn;
            for (const Finding *f : painter.drawnFindings())
                drawn.insert(idOf(*f));
            QVERIFY2(drawn == drawable(a), qPrintable(r->describe()));
            const QString problems = test::layoutProblems(painter.record());
            QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("export %1: %2").arg(theme, problems)));
        }

        // As the window shows it on a projector's and a monitor's screen, at
        // text ×1 and ×1.5: the timeline's share of the window (the side
        // panels take the rest), then presentation mode's whole width; at
        // least the lanes' minimum height, the pane scrolls beyond.
        for (const QSize screen : {QSize(1366, 768), QSize(1920, 1080)}) {
            for (const qreal scale : {1.0, 1.5}) {
                const qreal panels = std::min(560 * scale, screen.width() * 0.36);
                for (const bool presenting : {false, true}) {
                    TimelinePainter painter(a, TimelineTheme::light(scale));
                    const qreal width = screen.width() - 40 - (presenting ? 0 : panels);
                    const qreal height = std::max<qreal>(screen.height() - (presenting ? 140 : 330) * scale,
                                                         painter.minimumHeight(TimelineViewport{}, width));
                    QImage image(qCeil(width), qCeil(height), QImage::Format_ARGB32_Premultiplied);
                    QPainter p(&image);
                    TimelineViewport view;
                    view.endMs = painter.fitEndMs(width - TimelinePainter::gutterWidth(TimelineTheme::light(scale)) - 16 * scale);
                    painter.paint(p, QRectF(image.rect()), view);
                    p.end();
                    const QString where = QStringLiteral("%1×%2 ×%3%4").arg(screen.width()).arg(screen.height()).arg(scale)
                                              .arg(presenting ? QStringLiteral(" presenting") : QString());
                    const QString problems = test::layoutProblems(painter.record());
                    if (const QByteArray dir = qgetenv("LOCKSTOCK_SHOTS_DIR"); !dir.isEmpty())
                        image.save(QStringLiteral("%1/%2-%3-%4x%5-%6%7.png")
                                       .arg(QString::fromLocal8Bit(dir), scenario, side)
                                       .arg(screen.width())
                                       .arg(screen.height())
                                       .arg(scale)
                                       .arg(presenting ? QStringLiteral("-presenting") : QString()));
                    QVERIFY2(problems.isEmpty(), qPrintable(where + QStringLiteral(": ") + problems));
                    std::set<FindingId> drawn;
                    for (const Finding *f : painter.drawnFindings())
                        drawn.insert(idOf(*f));
                    QVERIFY2(drawn == drawable(a), qPrintable(where));
                    // Red is what went wrong: a run where nothing did has none (watch-release's
                    // lock without TTL was hatched red; a scripted crash was a red cross).
                    if (a.verdict.severity() <= Severity::NotExercised)
                        QVERIFY2(redPixels(image) == 0, qPrintable(QStringLiteral("%1: %2 red pixels").arg(where).arg(redPixels(image))));
                }
            }
        }

        // Replaying, the cursor's time in the axis row: the ticks' words give
        // way to it, its line stops short of every label it meets.
        for (const qreal scale : {1.0, 1.5}) {
            TimelinePainter painter(a, TimelineTheme::light(scale));
            QImage image(1366, qCeil(painter.preferredHeight(TimelineViewport{}, 1366)), QImage::Format_ARGB32_Premultiplied);
            QPainter p(&image);
            TimelineViewport view;
            view.endMs = painter.fitEndMs(1366 - TimelinePainter::gutterWidth(TimelineTheme::light(scale)) - 16 * scale);
            view.cursorMs = a.durationMs() * 0.4;
            painter.paint(p, QRectF(image.rect()), view);
            p.end();
            const QString problems = test::layoutProblems(painter.record());
            QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("replaying ×%1: %2").arg(scale).arg(problems)));
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
