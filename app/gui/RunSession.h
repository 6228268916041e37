#pragma once
// One run shown in the window: its history, the model the panels read, and
// the worker thread that drives it. Side-by-side mode has two of these.
// Events stream in on a ~60 Hz poll of History::eventsSince().

#include "TimelineModel.h"

#include "engine/RunConfig.h"
#include "redis/RedisEndpoint.h"

#include <QObject>
#include <QPointer>
#include <QThread>
#include <QTimer>
#include <QVariantMap>

namespace lockstock {

struct Strategy;
class RunWorker;

class RunSession : public QObject {
    Q_OBJECT
    Q_PROPERTY(TimelineModel *model READ model CONSTANT)
    Q_PROPERTY(QString state READ state NOTIFY stateChanged)
    Q_PROPERTY(QString strategyName READ strategyName NOTIFY strategyChanged)
    Q_PROPERTY(QString strategyTitle READ strategyTitle NOTIFY strategyChanged)
    Q_PROPERTY(bool strategyCorrect READ strategyCorrect NOTIFY strategyChanged)
    Q_PROPERTY(QStringList clients READ clients NOTIFY strategyChanged)
    Q_PROPERTY(QStringList findings READ findings NOTIFY timelineChanged)
    Q_PROPERTY(bool clean READ clean NOTIFY timelineChanged)
    Q_PROPERTY(double durationMs READ durationMs NOTIFY timelineChanged)
    Q_PROPERTY(QString error READ error NOTIFY stateChanged)
    Q_PROPERTY(QVariantMap figures READ figures NOTIFY timelineChanged)
    // "virtual" or "real": the clock the run is on (RunInfo::clock).
    Q_PROPERTY(QString clock READ clock NOTIFY strategyChanged)
public:
    explicit RunSession(QObject *parent = nullptr);
    ~RunSession() override;

    TimelineModel *model() { return &m_model; }
    std::shared_ptr<const TimelineData> timeline() const { return m_model.timeline(); }

    // "idle", "starting", "running", "paused", "finished", "failed"
    QString state() const { return m_state; }
    QString strategyName() const;
    QString strategyTitle() const;
    bool strategyCorrect() const;
    QStringList clients() const { return m_config.clients.isEmpty() ? QStringList() : timeline()->info.clients; }
    QStringList findings() const;
    bool clean() const;
    double durationMs() const { return timeline()->durationMs(); }
    QString error() const { return m_error; }
    QVariantMap figures() const;
    QString clock() const { return QString::fromLatin1(clockKindName(timeline()->info.clock)); }

    // Sets up a fresh run (discarding the old one) without starting it.
    void load(const RunConfig &config, const Strategy &strategy, const RedisEndpoint &endpoint, bool live);
    void play();
    void pause();
    void stepClient(int client);
    // How fast a virtual-time run plays (scenario ms per real ms); takes
    // effect at once, even while playing. Redis never sees it.
    void setPlaybackSpeed(double speed);
    // Throws the run away; the next play() or step starts it again.
    void reset();
    bool isActive() const { return m_state == QLatin1String("running") || m_state == QLatin1String("starting"); }

    // The clicked event: command, reply, the client's belief, Redis's truth.
    Q_INVOKABLE QVariantMap eventDetails(int sortedIndex) const;
    // The lock and stock as the last probe at or before `ms` saw them, the TTL counted down to `ms`.
    Q_INVOKABLE QVariantMap redisStateAt(double ms) const;

signals:
    void stateChanged();
    void strategyChanged();
    void timelineChanged();
    // The worker is done with what it was asked (a step, or playing until
    // paused) and the run waits: on the virtual clock, no time passes now.
    void workerIdle();

private:
    void ensureStarted();
    void setState(const QString &state);
    void poll();
    void teardown();

    TimelineModel m_model;
    std::shared_ptr<History> m_history;
    RunConfig m_config;
    const Strategy *m_strategy = nullptr;
    RedisEndpoint m_endpoint;
    bool m_live = false;
    QThread *m_thread = nullptr;
    QPointer<RunWorker> m_worker;
    QTimer m_poll;
    QString m_state = QStringLiteral("idle");
    QString m_error;
    QList<int> m_pendingSteps;   // steps asked for before the run was ready
    bool m_playWhenReady = false;
};

} // namespace lockstock
