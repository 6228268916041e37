#pragma once
// A private redis-server process: free loopback port, its own temp dir, no
// persistence unless asked. It is the embedded default of the app and the
// fixture of every test. Faults (kill, SIGSTOP, restart, promote) are real
// signals and commands on this process, never simulated.

#include "LoopbackPort.h"
#include "RedisEndpoint.h"
#include "ServerClock.h"

#include <QStringList>
#include <QTemporaryDir>
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
    };

    RedisServer();
    explicit RedisServer(Options options);
    ~RedisServer(); // stops the server

    // Throws RedisServerError (binary missing, port in use, exited early).
    void start();
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
    qint64 pid() const;
    ServerClock &clock() const { return *m_options.clock; }

    RedisEndpoint endpoint() const;
    QString logFile() const;
    const Options &options() const { return m_options; }
    Options &options() { return m_options; }

    // redis-server on PATH (or /usr/bin, /usr/sbin); empty when missing.
    static QString executable();
    // The clock library (core/clockshift): installed beside the
    // application, else in the build tree. Empty when missing.
    static QString clockShiftLibrary();

private:
    // Starts the process; waitUntilReady() waits until it answers.
    void spawn();
    void reservePort();
    void waitUntilReady();
    QStringList arguments() const;
    std::string startFailure() const;
    void checkAnswering(RedisConnection &probe);
    void checkClockAttached();

    Options m_options;
    QTemporaryDir m_dir;
    LoopbackPort m_port; // ours until destroyed, so restart() gets it back
    std::unique_ptr<QProcess> m_process;
    bool m_paused = false;
};

} // namespace lockstock
