// bench_timeline: paints a synthetic run of 100 000 events while scrolling a
// zoomed-in view across it and while showing all of it, offscreen into a
// 1920x1080 image (what the window's TimelineView does each frame), and
// reports the time per frame and the peak memory; and the checker's time
// per event on that history.
//
//   bench_timeline [--events N] [--frames F]

#include "engine/Checker.h"
#include "gui/TimelineData.h"
#include "gui/TimelinePainter.h"

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
// Clients taking turns on the lock: acquire, read, work, write, release,
// with probes, every fifth holder's lease running out (an expiry), and a
// lost update now and then, so every kind of mark gets drawn.
void synthesize(History &history, int count)
{
    const int clients = 4;
    RunInfo info;
    info.scenario = QStringLiteral("bench");
    info.strategy = QStringLiteral("synthetic");
    for (int c = 0; c < clients; ++c)
        info.clients << QString(QChar(u'A' + c));
    info.initialStock = count;
    info.speed = 1;
    info.lockKey = "lock:10086";
    info.stockKey = "stock:10086";
    history.setInfo(info);

    qint64 t = 0;
    qint64 stock = count;
    int order = 0;
    int emitted = 0;
    const auto add = [&](Event e) {
        history.append(std::move(e));
        ++emitted;
    };
    while (emitted < count) {
        const int c = order % clients;
        const QByteArray token = QByteArray(1, char('A' + c)) + '-' + QByteArray::number(order);
        Event acquire;
        acquire.tNs = t;
        acquire.durationNs = 50'000;
        acquire.client = c;
        acquire.order = order;
        acquire.step = Step::Acquire;
        acquire.argv = {"SET", "lock:10086", token, "NX", "PX", "200"};
        acquire.reply = RedisValue::status("OK");
        acquire.holds = true;
        acquire.token = token;
        acquire.lockValue = token;
        acquire.lockPttl = 200;
        acquire.stock = stock;
        add(acquire);
        t += 100'000;

        Event read = acquire;
        read.tNs = t;
        read.step = Step::ReadStock;
        read.argv = {"GET", "stock:10086"};
        read.reply = RedisValue::string(QByteArray::number(stock));
        read.lockPttl = 199;
        add(read);

        Event work;
        work.tNs = t + 60'000;
        work.durationNs = 1'000'000;
        work.client = c;
        work.kind = EventKind::Sleep;
        work.step = Step::Work;
        work.holds = true;
        work.token = token;
        add(work);
        t += 1'100'000;

        const bool lost = order % 7 == 3;
        if (!lost)
            --stock;
        Event write = read;
        write.tNs = t;
        write.step = Step::WriteStock;
        write.argv = {"SET", "stock:10086", QByteArray::number(stock)};
        write.reply = RedisValue::status("OK");
        write.stock = stock;
        write.lockPttl = 198;
        add(write);
        t += 100'000;

        Event release = write;
        release.tNs = t;
        release.step = Step::Release;
        release.argv = {"DEL", "lock:10086"};
        release.reply = RedisValue::integer(1);
        release.holds = false;
        release.lockValue.clear();
        release.lockPttl = kNoKey;
        add(release);

        Event done;
        done.tNs = t + 60'000;
        done.client = c;
        done.order = order;
        done.kind = EventKind::Order;
        done.success = true;
        add(done);
        t += 300'000;
        ++order;
    }
    history.finish(stock, t);
}

// CPU time of the whole process (the raster engine fills big areas on a thread pool).
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
} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("events"), QStringLiteral("How many events (default 100000)."), QStringLiteral("N"), QStringLiteral("100000")});
    parser.addOption({QStringLiteral("frames"), QStringLiteral("Frames per pass (default 240)."), QStringLiteral("F"), QStringLiteral("240")});
    parser.process(app);
    const int count = parser.value(QStringLiteral("events")).toInt();
    const int frames = std::max(1, parser.value(QStringLiteral("frames")).toInt());

    History history;
    synthesize(history, count);
    QElapsedTimer clock;
    clock.start();
    const QList<Event> sorted = sortedEvents(history);
    const double sortMs = double(clock.nsecsElapsed()) / 1e6;
    clock.restart();
    const Outcome outcome = check(history, sorted);
    const double checkMs = double(clock.nsecsElapsed()) / 1e6;
    clock.restart();
    const auto data = TimelineData::build(history);
    const double buildMs = double(clock.nsecsElapsed()) / 1e6;

    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    TimelinePainter painter(*data, TimelineTheme::light());
    const double total = data->durationMs();
    const auto pass = [&](double span, const char *name) {
        QList<double> times;
        const double cpuStart = cpuMs();
        for (int f = 0; f < frames; ++f) {
            TimelineViewport view;
            view.startMs = (total - span) * f / std::max(1, frames - 1);
            view.endMs = view.startMs + span;
            clock.restart();
            QPainter p(&image);
            painter.paint(p, QRectF(0, 0, image.width(), image.height()), view);
            p.end();
            times << double(clock.nsecsElapsed()) / 1e6;
        }
        std::sort(times.begin(), times.end());
        double sum = 0;
        for (double t : times)
            sum += t;
        const double cpu = (cpuMs() - cpuStart) / frames;
        std::printf("%-24s wall: mean %6.2f  median %6.2f  p95 %6.2f  max %6.2f ms; cpu %6.2f ms a frame (%d frames)\n",
                    name, sum / times.size(), times.at(times.size() / 2), times.at(qsizetype(times.size() * 0.95)),
                    times.last(), cpu, frames);
        return sum / times.size();
    };
    // Wall time suffers when other processes compete for the CPUs; see the load average.
    double load[1] = {0};
    getloadavg(load, 1);
    std::printf("load average %.1f on %d CPUs\n", load[0], QThread::idealThreadCount());
    std::printf("events %lld, run %.0f ms of scenario time, timeline built in %.0f ms\n",
                static_cast<long long>(data->events.size()), total, buildMs);
    // The checker alone (target: at most 1 us an event at 1M events).
    std::printf("sorted in %.0f ms; checker %.0f ms, %.0f ns an event (%d lost updates found)\n", sortMs, checkMs,
                checkMs * 1e6 / double(std::max<qsizetype>(1, sorted.size())), int(outcome.lostUpdates));
    const double zoomed = pass(total / 50, "scroll, 2% of the run");
    const double wide = pass(total / 4, "scroll, 25% of the run");
    const double all = pass(total, "whole run");
    std::printf("peak RSS %.1f MB\n", double(peakRssKb()) / 1024.0);
    const double worst = std::max({zoomed, wide, all});
    std::printf("%s: worst mean %.2f ms a frame (budget 16 ms)\n", worst < 16 ? "OK" : "SLOW", worst);
    return 0;
}
