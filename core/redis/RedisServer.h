#pragma once
// A private redis-server process: free loopback port, its own temp dir, no
// persistence unless asked. It is the embedded default of the app and the
// fixture of every test. Faults (kill, SIGSTOP, restart, promote) are real
// signals and commands on this process, never simulated.

#include "RedisEndpoint.h"

#include <QStringList>
#include <QTemporaryDir>
#include <memory>

class QProcess;

namespace lockstock {

class RedisServer {
public:
    struct Options {
        bool persistence = false;    // AOF with fsync always, so a restart keeps keys
        bool unixSocket = false;     // listen on a socket in the temp dir instead of TCP
        QString replicaOf;           // "host port": start as a replica
        QStringList extraArgs;       // appended to the command line
        QStringList launchPrefix;    // e.g. {"valgrind"}
        // Runs under the clock-shift library (core/clockshift), so that
        // jumpClock() can move this server's wall clock while it runs.
        bool clockShift = false;
        int startTimeoutMs = 5000;
    };

    RedisServer();
    explicit RedisServer(Options options);
    ~RedisServer(); // stops the server

    // Throws RedisServerError (binary missing, port in use, exited early).
    void start();
    // SIGTERM, then SIGKILL if it does not go within two seconds.
    void stop();
    // SIGKILL: a crash. The temp dir, port and data files stay for restart().
    void kill();
    void pause();   // SIGSTOP
    void resume();  // SIGCONT
    // Starts again on the same port and dir; with persistence the AOF is replayed.
    // With `waitUntilReady` false it returns once the process runs, while
    // redis-server is still loading: clients meanwhile find it refusing.
    void restart(bool waitUntilReady = true);
    bool isRunning() const;
    bool isPaused() const { return m_paused; }
    qint64 pid() const;
    // Moves this server's wall clock by `ms` (forward when positive) from
    // where it is, at once: keys expire by that clock, so a forward jump
    // past a key's TTL expires it. Lasts across restarts, as the machine's
    // clock would. Throws RedisServerError without Options::clockShift.
    void jumpClock(qint64 ms);
    qint64 clockOffsetMs() const { return m_clockOffsetMs; }

    RedisEndpoint endpoint() const;
    QString logFile() const;
    const Options &options() const { return m_options; }
    Options &options() { return m_options; }

    // redis-server on PATH (or /usr/bin, /usr/sbin); empty when missing.
    static QString executable();
    // The clock-shift library: installed beside the application, else in
    // the build tree. Empty when missing.
    static QString clockShiftLibrary();

private:
    void launch(bool waitUntilReady = true);
    QStringList arguments() const;
    QString clockOffsetFile() const;

    Options m_options;
    QTemporaryDir m_dir;
    int m_port = 0;
    std::unique_ptr<QProcess> m_process;
    bool m_paused = false;
    qint64 m_clockOffsetMs = 0;
};

} // namespace lockstock
