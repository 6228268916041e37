#pragma once
// A private redis-server process: free loopback port, its own 0700 temp dir,
// a random password (no other local user can use it), no persistence unless
// asked. It is the embedded default of the app and the
// fixture of every test. Faults (kill, SIGSTOP, restart, promote) are real
// signals and commands on this process, never simulated.

#include "RedisEndpoint.h"
#include "ServerDirs.h"

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
        // requirepass and masterauth, from a config file in the temp dir (never
        // on the command line, which every user can read). Empty: a random one.
        // The servers of one topology share one, so replicas can follow any master.
        QByteArray password;
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
    qint64 pid() const;
    // Moves this server's wall clock by `ms` (forward when positive) from
    // where it is, at once: keys expire by that clock, so a forward jump
    // past a key's TTL expires it. Lasts across restarts, as the machine's
    // clock would. Throws RedisServerError without Options::clockShift.
    void jumpClock(qint64 ms);
    qint64 clockOffsetMs() const { return m_clockOffsetMs; }

    RedisEndpoint endpoint() const;
    QString dataDir() const;
    QString logFile() const;
    const Options &options() const { return m_options; }
    Options &options() { return m_options; }

    // redis-server on PATH (or /usr/bin, /usr/sbin); empty when missing.
    static QString executable();
    // The clock-shift library: installed beside the application, else in
    // the build tree. Empty when missing.
    static QString clockShiftLibrary();
    // A fresh random password.
    static QByteArray randomPassword();

private:
    void launch(bool waitUntilReady = true);
    QStringList arguments() const;
    QString clockOffsetFile() const;
    QString configFile() const;
    // The temp dir: marked as ours, with the config file. Throws RedisServerError.
    void prepareDir();

    Options m_options;
    QTemporaryDir m_dir;
    ServerDirOwner m_owner;    // marks m_dir as a live server's against sweeps
    int m_port = 0;
    std::unique_ptr<QProcess> m_process;
    bool m_paused = false;
    qint64 m_clockOffsetMs = 0;
};

} // namespace lockstock
