#pragma once
// A private redis-server process: free loopback port, its own 0700 temp dir,
// a random password (no other local user can use it), no persistence unless
// asked. It is the embedded default of the app and the
// fixture of every test. Faults (kill, SIGSTOP, restart, promote) are real
// signals and commands on this process, never simulated.

#include "LoopbackPort.h"
#include "RedisEndpoint.h"
#include "ServerClock.h"
#include "ServerDirs.h"

#include <QStringList>
#include <QTemporaryDir>
#include <atomic>
#include <memory>
#include <vector>

class QProcess;

namespace lockstock {
class RedisConnection;
}

namespace lockstock {

class RedisServer {
public:
    struct Options {
        bool persistence = false;    // AOF with fsync always, so a restart keeps keys
        bool unixSocket = false;     // listen on a socket in the temp dir instead of TCP
        QStringList extraArgs;       // appended to the command line
        QStringList launchPrefix;    // e.g. {"valgrind"}
        // The wall clock this server reads (core/clockshift), as node
        // `clockNode`; a clock of its own when null. Every server LockStock
        // starts runs on one, so that a run can freeze and move its time.
        std::shared_ptr<ServerClock> clock;
        int clockNode = 0;
        int startTimeoutMs = 5000;
        // requirepass and masterauth, from a config file in the temp dir (never
        // on the command line, which every user can read). Empty: a random one.
        // The servers of one topology share one, so replicas can follow any master.
        QByteArray password;
        // redis-sentinel: the server runs in Sentinel mode with these lines
        // (sentinel monitor ...) in its config file, which it rewrites as
        // it learns the topology.
        bool sentinel = false;
        QByteArray configLines;
        // Redis Cluster mode: its cluster bus on a second reserved port,
        // its nodes.conf in the temp dir (kept across restart(), so a
        // restarted node rejoins), and this node timeout (ms).
        bool cluster = false;
        int clusterNodeTimeoutMs = 3000;
    };

    RedisServer();
    explicit RedisServer(Options options);
    ~RedisServer(); // stops the server

    // Throws RedisServerError (binary missing, port in use, exited early).
    void start();
    // start() in two halves, for a caller with other work while the server
    // comes up: beginStart() starts the process, finishStart() returns once
    // it answers (and throws what start() throws).
    void beginStart();
    void finishStart();
    // Starts several at once (side by side, not one after the other).
    static void startAll(const std::vector<RedisServer *> &servers);
    // SIGTERM, then SIGKILL if it does not go within two seconds.
    void stop();
    // SIGKILL: a crash. The temp dir, port and data files stay for restart().
    void kill();
    void pause();   // SIGSTOP
    void resume();  // SIGCONT
    // Starts again on the same port, dir and clock; with persistence the
    // AOF is replayed. Returns once the server answers.
    void restart();
    bool isRunning() const;
    bool isPaused() const { return m_paused; }
    // Started and not since killed, stopped or paused by this object: what a
    // cluster client on another thread may read while a fault stops or
    // restarts the node (the process itself is this object's thread's).
    bool mayAnswer() const { return m_spawned && !m_paused; }
    qint64 pid() const;
    ServerClock &clock() const { return *m_options.clock; }

    RedisEndpoint endpoint() const;
    // Cluster mode: the port of its cluster bus (not port + 10000, which no
    // one reserved); 0 otherwise.
    int clusterBusPort() const { return m_busPort.port(); }
    // Its private temp dir (0700): socket-free data, logs, the owner file.
    QString dataDir() const;
    QString logFile() const;
    const Options &options() const { return m_options; }
    Options &options() { return m_options; }

    // redis-server on PATH (or /usr/bin, /usr/sbin); empty when missing.
    static QString executable();
    // The clock library (core/clockshift): installed beside the
    // application, else in the build tree. Empty when missing.
    static QString clockShiftLibrary();
    // A fresh random password.
    static QByteArray randomPassword();

private:
    // Starts the process; waitUntilReady() waits until it answers.
    void spawn();
    void reservePort();
    void waitUntilReady();
    QStringList arguments() const;
    std::string startFailure() const;
    void checkAnswering(RedisConnection &probe);
    void checkClockAttached();
    QString configFile() const;
    // The temp dir: marked as ours, with the config file. Throws RedisServerError.
    void prepareDir();

    Options m_options;
    QTemporaryDir m_dir;
    ServerDirOwner m_owner;    // marks m_dir as a live server's against sweeps
    LoopbackPort m_port;       // ours until destroyed, so restart() gets it back
    LoopbackPort m_busPort;    // cluster mode: the cluster bus's
    std::unique_ptr<QProcess> m_process;
    bool m_starting = false;   // begun, not yet answering
    std::atomic<bool> m_spawned{false};
    std::atomic<bool> m_paused{false};
};

} // namespace lockstock
