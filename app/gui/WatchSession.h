#pragma once
// Run > Watch external clients: `lockstock observe` in the window. Private
// redis-servers with the recording proxy in front; programs connect to the
// proxy's ports as if they were Redis. What they did is analysed once a
// second, on a thread of its own, and shown in the window's timeline as it
// grows, with the verdict, and once more, with the final stock, when the
// watch stops. Real clock: the programs watched live in it.

#include <QObject>
#include <QStringList>
#include <QThreadPool>
#include <QTimer>
#include <QVariantList>
#include <QtQmlIntegration>
#include <functional>
#include <memory>

namespace lockstock {

class Observation;
class RunSession;
struct RunAnalysis;

class WatchSession : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by the controller")
    Q_PROPERTY(bool active READ active NOTIFY activeChanged)
    // Each node: name, address (the proxy's, for clients), upstream (its redis-server).
    Q_PROPERTY(QVariantList nodes READ nodes NOTIFY activeChanged)
    // Whom programs log in as (a Redis ACL user without admin commands), and
    // the session's random password.
    Q_PROPERTY(QString user READ user NOTIFY activeChanged)
    Q_PROPERTY(QString password READ password NOTIFY activeChanged)
    // Code to paste, logging in as that user (see Observation).
    Q_PROPERTY(QString pythonExample READ pythonExample NOTIFY activeChanged)
    Q_PROPERTY(QString nodeExample READ nodeExample NOTIFY activeChanged)
    Q_PROPERTY(bool redlock READ redlock NOTIFY activeChanged)  // nodeExample is node-redlock over the lock nodes
    Q_PROPERTY(QString cliExample READ cliExample NOTIFY activeChanged)
    Q_PROPERTY(int connections READ connections NOTIFY progressChanged)
    // Whom a proxy fault can aim at: "all", each CLIENT SETNAME name, each unnamed open connection ("c3").
    Q_PROPERTY(QStringList targets READ targets NOTIFY progressChanged)
    Q_PROPERTY(int commands READ commands NOTIFY progressChanged)
    // What was inferred (lock and stock keys), and what could not be.
    Q_PROPERTY(QStringList notes READ notes NOTIFY progressChanged)
    // The last fault done or failure, in the proxy's and the server's own words.
    Q_PROPERTY(QString message READ message NOTIFY messageChanged)
public:
    // `shown`: the session whose timeline shows what was watched.
    explicit WatchSession(RunSession *shown, QObject *parent = nullptr);
    ~WatchSession() override;

    bool active() const { return bool(m_observation); }
    QVariantList nodes() const;
    QString user() const;
    QString password() const;
    QString pythonExample() const;
    QString nodeExample() const;
    bool redlock() const;
    QString cliExample() const;
    int connections() const { return m_connections; }
    QStringList targets() const { return m_targets; }
    int commands() const { return m_commands; }
    QStringList notes() const { return m_notes; }
    QString message() const { return m_message; }

    // "single", "redlock" (five independent masters) or "replicated" (a master and two replicas).
    Q_INVOKABLE void start(const QString &setup);
    Q_INVOKABLE void stop();
    // "kill", "restart", "pause" or "resume" a node's redis-server (a real signal), by index.
    Q_INVOKABLE void serverFault(const QString &action, int node);
    // The proxy's own faults, recorded on the timeline: `target`'s link slowed
    // by `ms` each way (0 ends it); the next reply to `target` dropped (its
    // link then goes silent: Redis did it, the client never hears); all
    // traffic to and from a node held, or let go.
    Q_INVOKABLE void delayClient(const QString &target, int ms);
    Q_INVOKABLE void dropNextReply(const QString &target);
    Q_INVOKABLE void holdNode(int node, bool held);

signals:
    void activeChanged();
    void progressChanged();
    void messageChanged();

private:
    void refresh();
    void show(QStringList notes, std::shared_ptr<const RunAnalysis> analysis);
    void setMessage(const QString &message);
    // Runs a fault, showing what it did or why it could not.
    void fault(const std::function<QString()> &action);

    RunSession *m_shown;
    std::unique_ptr<Observation> m_observation;
    QTimer m_refresh;
    qint64 m_shownCommands = -1;
    int m_connections = 0;
    QStringList m_targets;
    int m_commands = 0;
    QStringList m_notes;
    QString m_message;
    quint64 m_generation = 0;        // which watch a look in flight belongs to
    bool m_looking = false;          // a look is being built and analysed
    QThreadPool m_lookThread;        // one thread; last, so it is joined first
};

} // namespace lockstock
