// An animation's frames say what was true at their cursor: the verdict in
// the header, the overlaps and the leases are those of that moment of the
// run, never measured to its end (lease-expired-wrong-delete's frame at
// 14 s said "A and B both held the lock for 16 s": they had for 1 s).

#include "TestRedis.h"

#include "animation/TimelineAnimation.h"

#include <QTest>

using namespace lockstock;

class TestAnimationFrames : public QObject {
    Q_OBJECT

private slots:
    void framesSayWhatWasTrueThen()
    {
        const std::unique_ptr<RedisServer> server = test::startRedis();
        QVERIFY(server);
        const auto r = test::runScenario(QStringLiteral("lease-expired-wrong-delete"), QStringLiteral("broken"), server->endpoint());
        QVERIFY(r && r->error.isEmpty());
        const std::shared_ptr<const RunAnalysis> whole = r->analysis;
        AnimationOptions options;
        options.image.size = QSize(640, 0);
        options.seconds = 4;
        AnimationFrames frames(whole, options);
        int checked = 0;
        bool sawOpenOverlap = false;
        for (int i = 0; i < frames.count(); ++i) {
            const double cursorMs = frames.cursorMsAt(i);
            const std::shared_ptr<const RunAnalysis> now = frames.runAt(i);
            if (cursorMs < 0) {
                QCOMPARE(now, whole); // the held last frames: the finished run
                continue;
            }
            ++checked;
            const qint64 cursorNs = whole->clockNs(cursorMs);
            QCOMPARE(now->endNs, cursorNs);
            for (const Finding &f : now->verdict.findings) {
                if (f.kind != FindingKind::Overlap)
                    continue;
                // Held together for no longer than since they began to.
                QVERIFY2(f.durationNs <= cursorNs - f.spans.first().startNs,
                         qPrintable(QStringLiteral("at %1 ms: %2").arg(cursorMs).arg(f.sentence(now->info))));
                sawOpenOverlap = sawOpenOverlap || f.spans.last().endNs == cursorNs;
            }
            // Nothing from after the cursor: no event begun later, no mark on one.
            for (const Event &e : now->events)
                QVERIFY(e.tNs <= cursorNs);
            // The lock lane ends there, and shows what Redis held then.
            for (const LockNode &node : now->nodes)
                for (qsizetype h = 0; h < node.holdingCount(); ++h)
                    QVERIFY(node.holding(h).span.startNs <= cursorNs);
        }
        QVERIFY(checked > 0);
        QVERIFY2(sawOpenOverlap, "some frame shows A and B holding the lock together at its cursor");
        // The frame at 14 s: A and B have held it together since B took it at 13 s.
        for (int i = 0; i < frames.count(); ++i)
            if (const double ms = frames.cursorMsAt(i); ms >= 14000 && ms < 16000) {
                const std::shared_ptr<const RunAnalysis> now = frames.runAt(i);
                const Finding *overlap = now->verdict.find(FindingKind::Overlap);
                QVERIFY(overlap);
                QVERIFY2(now->info.scenarioMs(overlap->durationNs) < ms - 12900, qPrintable(overlap->sentence(now->info)));
                break;
            }
    }
};

QTEST_MAIN(TestAnimationFrames)
#include "tst_animation_frames.moc"
