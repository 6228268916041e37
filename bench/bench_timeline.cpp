// bench_timeline: what the window's timeline costs on long runs, with the
// window's own analysis and painter, offscreen.
//
//   1. the analysis of a whole history (the checker): time per event at
//      100 000, 200 000 (their ratio shows whether it grows linearly) and
//      --events; paired with copying the events out of the history, the
//      least any analysis must do;
//   2. the incremental analysis of a growing run: the cost of taking 1 000
//      new events and handing out a snapshot, at 10 000, 100 000 and
//      1 000 000 events already analysed;
//   3. frames: 1920x1080 paints while scrolling a view of 2 % and of 25 % of
//      the run across it, then the whole run, each frame paired with an
//      empty frame (the fill every frame pays) painted right before it.
//
// Every figure is the median of interleaved rounds with its spread (10th to
// 90th percentile); the load average is printed first, since wall times move
// with it.
//
//   bench_timeline [--events N] [--frames F] [--rounds R] [--save-frames DIR]

#include "SyntheticHistory.h"

#include "rendering/TimelinePainter.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QImage>
#include <QThread>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <sys/resource.h>

using namespace lockstock;

namespace {
struct Spread {
    double median = 0;
    double low = 0;    // 10th percentile
    double high = 0;   // 90th percentile
};

Spread spread(QList<double> values)
{
    if (values.isEmpty())
        return {};
    std::sort(values.begin(), values.end());
    const auto at = [&](double q) { return values.at(std::clamp<qsizetype>(qsizetype(q * double(values.size() - 1) + 0.5), 0, values.size() - 1)); };
    return {at(0.5), at(0.1), at(0.9)};
}

QString show(const Spread &s, int decimals = 2)
{
    return QStringLiteral("%1 (%2..%3)").arg(s.median, 0, 'f', decimals).arg(s.low, 0, 'f', decimals).arg(s.high, 0, 'f', decimals);
}

double msSince(const QElapsedTimer &t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

// CPU time of the whole process (the raster engine fills big areas on a
// thread pool): unlike wall time, it does not count waiting for a CPU that
// another process has.
double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

long peakRssKb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// 1. The whole-history analysis, ns per event, paired with copying the events.
void analysisCost(const QList<qsizetype> &sizes, int rounds)
{
    std::printf("\nanalysis of a finished history (ns per event, median (p10..p90) of %d rounds)\n", rounds);
    std::printf("  %10s  %22s  %22s  %8s\n", "events", "analysis", "copy of the events", "ratio");
    QList<double> perEvent;
    for (const qsizetype n : sizes) {
        History h;
        test::synthesizeFinished(h, n);
        QList<double> analysis, copy, ratio;
        for (int r = 0; r < rounds; ++r) {
            QElapsedTimer t;
            t.start();
            const QList<Event> events = h.events();
            const double c = msSince(t);
            t.restart();
            const auto a = analyze(h);
            const double x = msSince(t);
            copy << c * 1e6 / double(n);
            analysis << x * 1e6 / double(n);
            ratio << x / std::max(1e-9, c);
        }
        perEvent << spread(analysis).median;
        std::printf("  %10lld  %22s  %22s  %8s\n", static_cast<long long>(n), qPrintable(show(spread(analysis), 0)),
                    qPrintable(show(spread(copy), 0)), qPrintable(QString::number(spread(ratio).median, 'f', 1)));
    }
    if (sizes.size() >= 2)
        std::printf("  time for %lld events / time for %lld: %.2f (linear: 2, quadratic: 4)\n",
                    static_cast<long long>(sizes.at(1)), static_cast<long long>(sizes.at(0)),
                    perEvent.at(1) * double(sizes.at(1)) / (perEvent.at(0) * double(sizes.at(0))));
    std::printf("  %s: %.0f ns per event at %lld events (target <= 1000)\n", perEvent.last() <= 1000 ? "OK" : "SLOW",
                perEvent.last(), static_cast<long long>(sizes.last()));
}

// 2. A growing run: 1 000 new events taken and a snapshot handed out.
void incrementalCost(const QList<qsizetype> &sizes, int rounds)
{
    std::printf("\nincremental analysis: 1 000 new events and a snapshot (ms, median (p10..p90) of %d rounds)\n", rounds);
    for (const qsizetype n : sizes) {
        History h;
        test::synthesize(h, n);
        RunAnalyzer analyzer(h.info());
        analyzer.update(h);
        QList<double> times;
        for (int r = 0; r < rounds; ++r) {
            test::synthesize(h, 1000);
            QElapsedTimer t;
            t.start();
            analyzer.update(h);
            const auto snapshot = analyzer.snapshot();
            times << msSince(t);
        }
        const Spread s = spread(times);
        std::printf("  at %8lld events: %s ms per 1 000 events (target < 5)  %s\n", static_cast<long long>(n),
                    qPrintable(show(s)), s.median < 5 ? "OK" : "SLOW");
    }
}

// 3. Frames, each paired with an empty one painted just before it.
// --save-frames: where the frames of the first round go as PNGs, to compare
// two painters' output pixel for pixel; empty: not saved.
QString savedFrames;

void frames(qsizetype n, int count, int rounds)
{
    History h;
    test::synthesizeFinished(h, n);
    QElapsedTimer clock;
    clock.start();
    const auto data = analyze(h);
    std::printf("\nframes: %lld events, %.0f ms of scenario time, analysed in %.0f ms; 1920x1080, %d frames a pass, %d rounds\n",
                static_cast<long long>(data->events.size()), data->durationMs(), msSince(clock), count, rounds);
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    const TimelineTheme theme = TimelineTheme::light();
    TimelinePainter painter(*data, theme);
    const double total = data->durationMs();
    const double budget = n > 200'000 ? 33 : 16;
    struct Pass {
        const char *name;
        double span;
        QList<double> frame, empty, cpu;
    };
    QList<Pass> passes{{"scroll, 2% of the run", total / 50, {}, {}, {}},
                       {"scroll, 25% of the run", total / 4, {}, {}, {}},
                       {"whole run", total, {}, {}, {}}};
    // Rounds interleave the passes, so a burst of load hits them alike.
    for (int r = 0; r < rounds; ++r)
        for (Pass &pass : passes)
            for (int f = 0; f < count; ++f) {
                TimelineViewport view;
                view.startMs = (total - pass.span) * f / std::max(1, count - 1);
                view.endMs = view.startMs + pass.span;
                clock.restart();
                {
                    QPainter p(&image);
                    p.fillRect(image.rect(), theme.background);
                }
                pass.empty << msSince(clock);
                const double cpuStart = cpuMs();
                clock.restart();
                QPainter p(&image);
                painter.paint(p, QRectF(0, 0, image.width(), image.height()), view);
                p.end();
                pass.frame << msSince(clock);
                pass.cpu << cpuMs() - cpuStart;
                if (r == 0 && !savedFrames.isEmpty())
                    image.save(QStringLiteral("%1/%2-%3-%4.png").arg(savedFrames).arg(n).arg(&pass - passes.data()).arg(f));
            }
    double worst = 0;
    for (const Pass &pass : passes) {
        const Spread s = spread(pass.frame);
        QList<double> extra;
        for (qsizetype i = 0; i < pass.frame.size(); ++i)
            extra << pass.frame.at(i) - pass.empty.at(i);
        worst = std::max(worst, s.median);
        std::printf("  %-24s wall %s ms a frame (beyond an empty frame %s); cpu %s ms\n", pass.name, qPrintable(show(s)),
                    qPrintable(show(spread(extra))), qPrintable(show(spread(pass.cpu))));
    }
    std::printf("  %s: worst median %.2f ms a frame at %lld events (budget %.0f ms)\n", worst <= budget ? "OK" : "SLOW",
                worst, static_cast<long long>(n), budget);
}
} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("events"), QStringLiteral("Events of the long run (default 1000000)."), QStringLiteral("N"),
                      QStringLiteral("1000000")});
    parser.addOption({QStringLiteral("frames"), QStringLiteral("Frames per pass and round (default 40)."), QStringLiteral("F"),
                      QStringLiteral("40")});
    parser.addOption({QStringLiteral("rounds"), QStringLiteral("Rounds of each measurement (default 5)."), QStringLiteral("R"),
                      QStringLiteral("5")});
    parser.addOption({QStringLiteral("save-frames"), QStringLiteral("Save the first round's frames as PNGs into DIR."), QStringLiteral("DIR")});
    parser.process(app);
    savedFrames = parser.value(QStringLiteral("save-frames"));
    const qsizetype events = std::max<qsizetype>(1000, parser.value(QStringLiteral("events")).toLongLong());
    const int count = std::max(1, parser.value(QStringLiteral("frames")).toInt());
    const int rounds = std::max(1, parser.value(QStringLiteral("rounds")).toInt());

    // Wall time suffers when other processes compete for the CPUs: see the load.
    double load[3] = {0, 0, 0};
    getloadavg(load, 3);
    std::printf("load average %.2f %.2f %.2f on %d CPUs\n", load[0], load[1], load[2], QThread::idealThreadCount());

    analysisCost({100'000, 200'000, events}, rounds);
    incrementalCost({10'000, 100'000, events}, std::max(rounds, 10));
    frames(100'000, count, rounds);
    frames(events, count, rounds);
    getloadavg(load, 3);
    std::printf("\nload average at the end %.2f %.2f %.2f; peak RSS %.0f MB\n", load[0], load[1], load[2],
                double(peakRssKb()) / 1024.0);
    return 0;
}
