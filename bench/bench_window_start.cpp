// bench_window_start: how long LockStock's window takes from the start of its
// process to its first frame, against an empty Qt Quick window (the
// baseline), paired per round, rounds alternating which goes first.
//
//   xvfb-run -a -s "-screen 0 1920x1080x24" build/bench/bench_window_start
//
// "First frame" is the first frame on the screen: the window's first
// frameSwapped, which both programs report on stderr
// (LOCKSTOCK_REPORT_FIRST_FRAME); the clock starts just before the process
// is started. The scene graph's first "frame rendered" is not it: it comes
// before the window is exposed, with nothing synced or drawn (sync=0,
// render=0), 100-350 ms before the first picture. LockStock's window starts
// its private redis-server first, as it does for a user.

#include "Median.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>

#include <algorithm>
#include <csignal>
#include <cstdio>

using lockstock::bench::median;

namespace {
constexpr double kTarget = 2.0;

// Milliseconds from start to the first rendered frame; -1 when none came.
double firstFrameMs(const QString &program, const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LOCKSTOCK_REPORT_FIRST_FRAME"), QStringLiteral("1"));
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::SeparateChannels);
    QElapsedTimer clock;
    clock.start();
    p.start(program, args);
    QByteArray err;
    double ms = -1;
    while (ms < 0 && clock.elapsed() < 30000 && p.state() != QProcess::NotRunning) {
        p.waitForReadyRead(5);
        err += p.readAllStandardError();
        if (err.contains("lockstock: first frame"))
            ms = double(clock.nsecsElapsed()) / 1e6;
    }
    if (p.state() != QProcess::NotRunning) {
        ::kill(pid_t(p.processId()), SIGTERM); // LockStock closes its window and stops its server
        if (!p.waitForFinished(10000))
            p.kill();
        p.waitForFinished(2000);
    }
    if (ms < 0)
        std::fprintf(stderr, "bench_window_start: no frame from %s: %s\n", qPrintable(program), err.right(400).constData());
    return ms;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("LockStock's window: start to first frame, against an empty Qt Quick window."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("rounds"), QStringLiteral("Rounds (default 9)."), QStringLiteral("N")});
    parser.process(app);
    const int rounds = parser.isSet(QStringLiteral("rounds")) ? std::max(1, parser.value(QStringLiteral("rounds")).toInt()) : 9;

    QFile loadavg(QStringLiteral("/proc/loadavg"));
    loadavg.open(QIODevice::ReadOnly);
    std::printf("window start to first frame · %d rounds · QT_QPA_PLATFORM=%s · load %s\n", rounds,
                qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") ? "(default)" : qgetenv("QT_QPA_PLATFORM").constData(),
                loadavg.readAll().split(' ').mid(0, 3).join(' ').constData());
    QList<double> empty, lockstock, ratio;
    for (int round = 0; round < rounds; ++round) {
        double e = 0, l = 0;
        auto runEmpty = [&] { e = firstFrameMs(QStringLiteral(BENCH_EMPTY_WINDOW), {}); };
        auto runLockstock = [&] { l = firstFrameMs(QStringLiteral(LOCKSTOCK_BINARY), {}); };
        if (round % 2) {
            runLockstock();
            runEmpty();
        } else {
            runEmpty();
            runLockstock();
        }
        if (e <= 0 || l <= 0)
            return 1;
        empty << e;
        lockstock << l;
        ratio << l / e;
        std::printf("  round %d: empty %.0f ms, LockStock %.0f ms, ratio %.2f\n", round + 1, e, l, l / e);
        std::fflush(stdout);
    }
    const double r = median(ratio);
    const auto [lo, hi] = std::minmax_element(ratio.begin(), ratio.end());
    std::printf("empty Qt Quick window %.0f ms · LockStock %.0f ms (medians) · ratio %.2f (spread %.2f-%.2f), target <= %.1f: %s\n",
                median(empty), median(lockstock), r, *lo, *hi, kTarget, r <= kTarget ? "PASS" : "MISS");
    return 0;
}
