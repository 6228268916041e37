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
// render=0), 100-350 ms before the first picture. "Whole window" is
// LockStock's first frame with the parts it makes after its first frame (the
// side panels, the course), against the same empty window. LockStock's
// window starts its private redis-server, as it does for a user, and every
// start is a first start (settings of its own, empty): both windows have the
// size LockStock's first start has on this screen.

#include "Median.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <csignal>
#include <cstdio>

using lockstock::bench::median;

namespace {
constexpr double kTarget = 2.0;

struct Start {
    double firstMs = -1;    // to the first frame on the screen
    double completeMs = -1; // to the first frame with the whole window
};

// Milliseconds from start to the first frame, and to the first frame with the
// whole window: LockStock makes its side panels after its first frame and
// says when they are there; the empty window is whole at its first frame.
Start startTimes(const QString &program, bool deferred)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LOCKSTOCK_REPORT_FIRST_FRAME"), QStringLiteral("1"));
    // Every start is a first start: no size, scenario or lesson remembered
    // from the last (the course opens once the first frame is there).
    QTemporaryDir settings;
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), settings.path());
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::SeparateChannels);
    QElapsedTimer clock;
    clock.start();
    p.start(program, {});
    QByteArray err;
    Start t;
    while (t.completeMs < 0 && clock.elapsed() < 30000 && p.state() != QProcess::NotRunning) {
        p.waitForReadyRead(5);
        err += p.readAllStandardError();
        const double now = double(clock.nsecsElapsed()) / 1e6;
        if (t.firstMs < 0 && err.contains("lockstock: first frame"))
            t.firstMs = now;
        if (t.firstMs >= 0 && (!deferred || err.contains("lockstock: window complete")))
            t.completeMs = now;
    }
    if (p.state() != QProcess::NotRunning) {
        ::kill(pid_t(p.processId()), SIGTERM); // LockStock closes its window and stops its server
        if (!p.waitForFinished(10000))
            p.kill();
        p.waitForFinished(2000);
    }
    if (t.completeMs < 0)
        std::fprintf(stderr, "bench_window_start: no %s from %s: %s\n", t.firstMs < 0 ? "frame" : "whole window",
                     qPrintable(program), err.right(400).constData());
    return t;
}

void summary(const char *what, const QList<double> &empty, const QList<double> &lockstock, const QList<double> &ratio)
{
    const double r = median(ratio);
    const auto [lo, hi] = std::minmax_element(ratio.begin(), ratio.end());
    std::printf("%s: empty Qt Quick window %.0f ms · LockStock %.0f ms (medians) · ratio %.2f (spread %.2f-%.2f), target <= %.1f: %s\n",
                what, median(empty), median(lockstock), r, *lo, *hi, kTarget, r <= kTarget ? "PASS" : "MISS");
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
    QList<double> empty, first, complete, firstRatio, completeRatio;
    for (int round = 0; round < rounds; ++round) {
        Start e, l;
        auto runEmpty = [&] { e = startTimes(QStringLiteral(BENCH_EMPTY_WINDOW), false); };
        auto runLockstock = [&] { l = startTimes(QStringLiteral(LOCKSTOCK_BINARY), true); };
        if (round % 2) {
            runLockstock();
            runEmpty();
        } else {
            runEmpty();
            runLockstock();
        }
        if (e.completeMs <= 0 || l.completeMs <= 0)
            return 1;
        empty << e.firstMs;
        first << l.firstMs;
        complete << l.completeMs;
        firstRatio << l.firstMs / e.firstMs;
        completeRatio << l.completeMs / e.firstMs;
        std::printf("  round %d: empty %.0f ms, LockStock first frame %.0f ms (ratio %.2f), whole window %.0f ms (ratio %.2f)\n",
                    round + 1, e.firstMs, l.firstMs, l.firstMs / e.firstMs, l.completeMs, l.completeMs / e.firstMs);
        std::fflush(stdout);
    }
    summary("first frame", empty, first, firstRatio);
    summary("whole window", empty, complete, completeRatio);
    return 0;
}
