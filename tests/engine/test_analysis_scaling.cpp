// The analysis grows linearly with the history: twice the events take less
// than three times as long (a quadratic checker takes four). Sizes are
// measured in alternation, in this thread's CPU time (what other processes
// do does not count), and each keeps its best.

#include "SyntheticHistory.h"

#include "analysis/RunAnalysis.h"

#include <QTest>

#include <ctime>

using namespace lockstock;

namespace {
qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}
} // namespace

class TestAnalysisScaling : public QObject {
    Q_OBJECT
private slots:
    void twiceTheEventsTakeLessThanThreeTimesAsLong()
    {
        History small;
        History large;
        // A stress run's shape: no probes, eight clients.
        const test::SyntheticRun run{.clients = 8, .probed = false};
        test::synthesizeFinished(small, 100'000, run);
        test::synthesizeFinished(large, 200'000, run);
        qint64 best[2] = {std::numeric_limits<qint64>::max(), std::numeric_limits<qint64>::max()};
        for (int round = 0; round < 5; ++round)
            for (int i = 0; i < 2; ++i) {
                const qint64 start = threadCpuNs();
                const auto a = analyze(i == 0 ? small : large);
                best[i] = std::min(best[i], threadCpuNs() - start);
                QVERIFY(a->finished);
            }
        const double ratio = double(best[1]) / double(best[0]);
        qInfo("100k events: %.1f ms, 200k: %.1f ms, ratio %.2f", double(best[0]) / 1e6, double(best[1]) / 1e6, ratio);
        QVERIFY2(ratio < 3.0, qPrintable(QStringLiteral("ratio %1").arg(ratio)));
    }
};

QTEST_GUILESS_MAIN(TestAnalysisScaling)
#include "test_analysis_scaling.moc"
