// bench_poll: the class poll in LockStock's window while 300 phones vote.
//
//   xvfb-run -a -s "-screen 0 1366x768x24" build/bench/bench_poll [--rounds N] [--students N]
//
// The whole window (its private redis-server, lost-update's question on the
// screen, the poll on loopback) and 300 WebSocket phones on a thread of
// their own. The window is kept drawing (a frame asked for after every
// frame), so its frame intervals show any frame the poll holds up. Each
// round has two phases of the same length in alternating order: the class
// idle (joined, not voting), and the class voting (each phone changing its
// vote about every 1.5 s, some 200 votes a second). During the voting a
// probe phone votes every 200 ms, one vote under way at a time: its
// latency is from its send to the swap of the first frame whose sync began
// after the chart was told of it (ClassPoll's votesChanged with the vote in
// its figures: the chart drawn with it), in ms and in frames (its round's
// median frame interval while voting). Its steps are timed too: send to
// counted in the room (the window's thread read it), counted to the chart
// told, told to the next sync, sync to swap; and how many frames were
// synchronized while the vote was counted but the chart not yet told
// (frames the poll let pass).
// Figures: per phase the median, 99th percentile and longest frame
// interval; the paired ratio voting / idle of the 99th percentile (median
// of the rounds' ratios, with their spread); the probe's median latency
// and the medians of its steps.

#include "Median.h"

#include "gui/GuiApp.h"
#include "gui/LessonPlayer.h"
#include "gui/RunController.h"
#include "gui/Translations.h"
#include "poll/ClassPoll.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QQmlApplicationEngine>
#include <QQuickStyle>
#include <QQuickWindow>
#include <QRandomGenerator>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QWebSocket>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <numeric>

using namespace lockstock;
using lockstock::bench::median;

namespace {
constexpr int kPhaseMs = 4000;
constexpr int kProbeEveryMs = 200; // within the poll's 10 messages a second
// Targets: the voting's 99th-percentile frame interval at most this much
// the idle one's (paired); a vote on the chart at most this many frames
// after it is sent: the frame being drawn when it comes, then the one that
// draws it.
constexpr double kFrameRatioTarget = 1.25;
constexpr double kLatencyFramesTarget = 2.0;

qint64 nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double percentile(QList<double> values, double p)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    return values.at(std::min<qsizetype>(values.size() - 1, qsizetype(p * double(values.size()))));
}

QString studentId(int n)
{
    return QStringLiteral("%1").arg(n, 32, 16, QLatin1Char('0'));
}

// The class, on its own thread: phones that join, then vote (or not) as told.
class Class : public QObject {
public:
    Class(const QUrl &join, int students)
    {
        for (int i = 0; i <= students; ++i) { // the last is the probe
            auto *socket = new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this);
            QUrl url = join;
            url.setScheme(QStringLiteral("ws"));
            url.setPath(join.path() + QStringLiteral("/ws"));
            url.setQuery(QStringLiteral("s=") + studentId(i));
            connect(socket, &QWebSocket::textMessageReceived, this, [this, i](const QString &text) {
                const QJsonObject q = QJsonDocument::fromJson(text.toUtf8()).object().value(QStringLiteral("question")).toObject();
                m_question[i] = {q.value(QStringLiteral("id")).toInt(-1), q.value(QStringLiteral("round")).toInt(-1)};
                ++heard;
            });
            socket->open(url);
            m_sockets << socket;
            m_question << std::pair{-1, -1};
        }
        m_voting.setInterval(10);
        connect(&m_voting, &QTimer::timeout, this, &Class::voteSome);
        m_probing.setInterval(kProbeEveryMs);
        connect(&m_probing, &QTimer::timeout, this, &Class::probe);
    }
    // Heard a state at least once each.
    std::atomic<int> heard{0};
    // The probe's last vote: its choice and when it was sent; under way
    // until the frame drawn with it is swapped (the next waits for that, so
    // a slow frame cannot mix two votes' steps).
    std::atomic<int> probeChoice{-1};
    std::atomic<qint64> probeSentNs{0};
    std::atomic<bool> probeUnderWay{false};

    void setVoting(bool on)
    {
        if (on) {
            m_voting.start();
            m_probing.start();
        } else {
            m_voting.stop();
            m_probing.stop();
        }
    }

private:
    void vote(int i, int choice)
    {
        const auto [q, r] = m_question.at(i);
        m_sockets.at(i)->sendTextMessage(QStringLiteral("{\"q\":%1,\"r\":%2,\"vote\":%3}").arg(q).arg(r).arg(choice));
    }
    // Each phone about every 1.5 s: 300 phones, some 200 votes a second.
    void voteSome()
    {
        const int students = int(m_sockets.size()) - 1;
        const int n = std::max(1, students * 10 / 1500);
        for (int k = 0; k < n; ++k)
            vote(int(QRandomGenerator::global()->bounded(students)), int(QRandomGenerator::global()->bounded(3)));
    }
    void probe()
    {
        if (probeUnderWay.exchange(true))
            return;
        const int choice = (probeChoice.load() + 1) % 3;
        probeSentNs = nowNs();
        probeChoice = choice;
        vote(int(m_sockets.size()) - 1, choice);
    }

    QList<QWebSocket *> m_sockets;
    QList<std::pair<int, int>> m_question;
    QTimer m_voting;
    QTimer m_probing;
};

// Frame intervals, and each probe's vote on its way to the screen.
struct Frames {
    QMutex mutex;
    QList<double> intervalsMs;
    qint64 lastNs = -1;
    qint64 lastSyncNs = -1;
    // The probe's vote under way: sent (by the phone), in the room (its
    // socket read and the vote counted by the window's thread), told (the
    // chart's figures changed), synchronized (the first frame whose sync
    // began after it was told: the chart drawn with it), swapped.
    struct Probe {
        qint64 sentNs = 0, inRoomNs = 0, toldNs = 0, syncedNs = 0, swappedNs = 0;
        qint64 sinceSyncNs = 0;   // from the sync of the frame being drawn to told
        int syncsPassed = 0;      // frames synchronized while it was in the room, not yet told
    } probe;
    std::atomic<bool> told{false};
    std::atomic<bool> synced{false};
    QList<Probe> done;
};

double ms(qint64 ns)
{
    return double(ns) / 1e6;
}
} // namespace

int main(int argc, char **argv)
{
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // each line as it comes, into a pipe too
    QTemporaryDir settings;
    qputenv("XDG_CONFIG_HOME", settings.path().toLocal8Bit());
    QGuiApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("lockstock"));
    QCoreApplication::setOrganizationName(QStringLiteral("LockStock"));
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({QStringLiteral("rounds"), QStringLiteral("Rounds (default 5)."), QStringLiteral("N"), QStringLiteral("5")});
    parser.addOption({QStringLiteral("students"), QStringLiteral("Phones voting (default 300)."), QStringLiteral("N"), QStringLiteral("300")});
    parser.process(app);
    const int rounds = std::max(1, parser.value(QStringLiteral("rounds")).toInt());
    const int students = std::clamp(parser.value(QStringLiteral("students")).toInt(), 1, 299); // and the probe: 300

    QQuickStyle::setStyle(QStringLiteral("Material"));
    RunController controller(RedisTarget::startPrivate(), QString());
    RunController::setWindowController(&controller);
    registerQmlTypes();
    // Before the window: its render thread says swaps into it until the window is gone.
    Frames frames;
    QQmlApplicationEngine engine;
    Translations translations(nullptr);
    Translations::setWindowTranslations(&translations);
    translations.setEngine(&engine);
    translations.setLanguage(QStringLiteral("en"));
    controller.followLanguage(translations);
    QQuickWindow *window = loadWindow(engine, controller, {});
    if (!window || !QTest::qWaitForWindowExposed(window) || !QTest::qWaitFor([window] { return window->property("complete").toBool(); }, 30000)) {
        std::fputs("bench_poll: the window did not come up\n", stderr);
        return 1;
    }
    auto *player = engine.singletonInstance<LessonPlayer *>(qmlTypeId("LockStock.Native", 1, 0, "LessonPlayer"));
    auto *poll = engine.singletonInstance<ClassPoll *>(qmlTypeId("LockStock.Native", 1, 0, "ClassPoll"));
    player->open(QStringLiteral("lost-update"), false, 1);
    if (!QTest::qWaitFor([player] { return player->ready(); }, 30000)) {
        std::fputs("bench_poll: the lesson did not come to its question\n", stderr);
        return 1;
    }
    poll->setAddress(QStringLiteral("127.0.0.1"));
    poll->start();
    if (!poll->running() || !poll->votingOpen()) {
        std::fprintf(stderr, "bench_poll: the poll did not start: %s\n", qPrintable(poll->error()));
        return 1;
    }

    // The class is made on its thread, where its sockets and timers live.
    QThread classThread;
    classThread.start();
    std::unique_ptr<Class> room;
    auto *there = new QObject;
    there->moveToThread(&classThread);
    QMetaObject::invokeMethod(there, [&] { room.reset(new Class(QUrl(poll->url()), students)); }, Qt::BlockingQueuedConnection);
    there->deleteLater();
    if (!QTest::qWaitFor([&] { return room->heard.load() >= students + 1 && poll->joined() == students + 1; }, 60000)) {
        std::fprintf(stderr, "bench_poll: %d of %d phones joined\n", poll->joined(), students + 1);
        return 1;
    }

    QObject::connect(window, &QQuickWindow::beforeSynchronizing, window, [&frames] {
        const qint64 now = nowNs();
        const QMutexLocker lock(&frames.mutex);
        if (frames.told.exchange(false)) {
            frames.probe.syncedNs = now;
            frames.synced = true;
        } else if (frames.probe.inRoomNs > 0 && frames.probe.toldNs == 0) {
            ++frames.probe.syncsPassed;
        }
        frames.lastSyncNs = now;
    }, Qt::DirectConnection);
    const QMetaObject::Connection swapped = QObject::connect(window, &QQuickWindow::frameSwapped, window, [&frames, &room] {
        const qint64 now = nowNs();
        const QMutexLocker lock(&frames.mutex);
        if (frames.lastNs >= 0)
            frames.intervalsMs << double(now - frames.lastNs) / 1e6;
        frames.lastNs = now;
        if (frames.synced.exchange(false)) {
            frames.probe.swappedNs = now;
            frames.done << frames.probe;
            room->probeUnderWay = false;
        }
    }, Qt::DirectConnection);
    // Always drawing: a frame asked for after each.
    QObject::connect(window, &QQuickWindow::frameSwapped, window, [window] { window->update(); }, Qt::QueuedConnection);
    const auto probeIn = [&] {
        const int choice = room->probeChoice.load();
        return choice >= 0 && poll->room().voteOf(studentId(students)) == choice;
    };
    const QMetaObject::Connection probeInRoom = QObject::connect(&poll->room(), &PollRoom::votesChanged, poll, [&] {
        const QMutexLocker lock(&frames.mutex);
        if (probeIn() && room->probeSentNs.load() != frames.probe.sentNs)
            frames.probe = {room->probeSentNs.load(), nowNs()};
    });
    const QMetaObject::Connection probeTold = QObject::connect(poll, &ClassPoll::votesChanged, poll, [&] {
        const QMutexLocker lock(&frames.mutex);
        if (probeIn() && frames.probe.inRoomNs > 0 && frames.probe.toldNs == 0) {
            frames.probe.toldNs = nowNs();
            frames.probe.sinceSyncNs = frames.probe.toldNs - frames.lastSyncNs;
            frames.told = true;
        }
    });

    // A phase's frame intervals, and the probes that reached the screen.
    const auto phase = [&](bool voting) {
        {
            const QMutexLocker lock(&frames.mutex);
            frames.intervalsMs.clear();
            frames.done.clear();
            frames.lastNs = -1;
            frames.probe = {};
            frames.told = false;
            frames.synced = false;
            room->probeUnderWay = false;
        }
        QMetaObject::invokeMethod(room.get(), [&, voting] { room->setVoting(voting); }, Qt::BlockingQueuedConnection);
        window->update();
        QTest::qWait(kPhaseMs);
        QMetaObject::invokeMethod(room.get(), [&] { room->setVoting(false); }, Qt::BlockingQueuedConnection);
        QTest::qWait(200);
        const QMutexLocker lock(&frames.mutex);
        return std::pair{frames.intervalsMs, frames.done};
    };

    std::printf("bench_poll: %d phones and a probe on loopback, %s, %d rounds of %d ms idle and %d ms voting\n", students,
                qPrintable(QGuiApplication::platformName()), rounds, kPhaseMs, kPhaseMs);
    std::printf("round   idle: median  p99  longest   voting: median  p99  longest   p99 ratio   probe: send to swap, median (frames)\n");
    QList<double> ratios, idleMedians, votingMedians, worstVoting;
    // Per probe; its frames are its round's median interval while voting.
    QList<double> latencies, latencyFrames, toRoom, toTold, toSync, toSwap, sinceSync, passed;
    for (int r = 0; r < rounds; ++r) {
        std::pair<QList<double>, QList<Frames::Probe>> idle, voting;
        if (r % 2 == 0) {
            idle = phase(false);
            voting = phase(true);
        } else {
            voting = phase(true);
            idle = phase(false);
        }
        const double idleP99 = percentile(idle.first, 0.99), votingP99 = percentile(voting.first, 0.99);
        const double frame = median(voting.first);
        ratios << (idleP99 > 0 ? votingP99 / idleP99 : 0);
        idleMedians << median(idle.first);
        votingMedians << frame;
        worstVoting << percentile(voting.first, 1.0);
        QList<double> roundLatencies;
        for (const Frames::Probe &p : voting.second) {
            roundLatencies << ms(p.swappedNs - p.sentNs);
            latencyFrames << ms(p.swappedNs - p.sentNs) / frame;
            toRoom << ms(p.inRoomNs - p.sentNs);
            toTold << ms(p.toldNs - p.inRoomNs);
            toSync << ms(p.syncedNs - p.toldNs);
            toSwap << ms(p.swappedNs - p.syncedNs);
            sinceSync << ms(p.sinceSyncNs);
            passed << p.syncsPassed;
        }
        latencies << roundLatencies;
        std::printf("%5d   %6.1f %6.1f %7.1f ms    %6.1f %6.1f %7.1f ms   %8.2f   %7.1f ms (%.2f), %lld probes\n", r + 1, idleMedians.last(),
                    idleP99, percentile(idle.first, 1.0), frame, votingP99, worstVoting.last(), ratios.last(), median(roundLatencies),
                    median(roundLatencies) / frame, qlonglong(roundLatencies.size()));
    }
    const double inFrames = median(latencyFrames);
    std::printf("\nframe interval p99, voting / idle: median %.2f (spread %.2f-%.2f)%s\n", median(ratios),
                *std::min_element(ratios.begin(), ratios.end()), *std::max_element(ratios.begin(), ratios.end()),
                median(ratios) <= kFrameRatioTarget ? "" : "   MISS");
    std::printf("vote to chart, probe: median %.1f ms = %.2f frames (p95 %.1f ms; a frame: its round's median interval while voting, %.1f ms)%s\n",
                median(latencies), inFrames, percentile(latencies, 0.95), median(votingMedians),
                inFrames <= kLatencyFramesTarget ? "" : "   MISS");
    std::printf("  medians of its steps (they need not add up to the median of the whole):\n");
    std::printf("    send to counted in the room     %6.1f ms (p95 %.1f)  the phones' thread, loopback, the window's thread reading the socket\n",
                median(toRoom), percentile(toRoom, 0.95));
    std::printf("    counted to the chart told       %6.1f ms (p95 %.1f)  ClassPoll's figures changed; frames synchronized in between: mean %.2f\n",
                median(toTold), percentile(toTold, 0.95), std::accumulate(passed.begin(), passed.end(), 0.0) / std::max<qsizetype>(1, passed.size()));
    std::printf("    told to the next sync           %6.1f ms (p95 %.1f)  the render thread finishing the frame before; told %.1f ms after that one's sync began\n",
                median(toSync), percentile(toSync, 0.95), median(sinceSync));
    std::printf("    sync to swap                    %6.1f ms (p95 %.1f)  the frame drawn with the vote\n", median(toSwap), percentile(toSwap, 0.95));
    std::printf("longest frame interval while voting: %.1f ms (median of the rounds; median frame idle %.1f ms, voting %.1f ms)\n",
                median(worstVoting), median(idleMedians), median(votingMedians));
    std::printf("joined %d, ignored %d\n", poll->joined(), poll->ignored());

    QObject::disconnect(probeInRoom);
    QObject::disconnect(probeTold);
    QObject::disconnect(swapped);
    QMetaObject::invokeMethod(room.get(), [&] { room.reset(); }, Qt::BlockingQueuedConnection);
    classThread.quit();
    classThread.wait();
    poll->stop();
    engine.clearComponentCache();
    return 0;
}
