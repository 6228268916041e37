#pragma once
// The recording proxy's event loop, shared by RecordingProxy.cpp (sockets
// and forwarding), ProxyFaults.cpp and ProxyProbes.cpp. Private to core/proxy.

#include "Conversation.h"
#include "RecordingProxy.h"
#include "RespParser.h"

#include <QHash>
#include <QMutex>
#include <QSet>

#include <sys/socket.h>

#include <deque>
#include <future>
#include <map>
#include <thread>
#include <vector>

namespace lockstock {

namespace proxy {
constexpr qsizetype kReadSize = 64 * 1024;
// Bytes queued towards one side before the proxy stops reading the other
// (a paused node must not make the proxy buffer without bound).
constexpr qint64 kStopReadingAt = 8 << 20;
constexpr qint64 kReconnectNs = 200'000'000;
// A connection its node refused stays open this long before the proxy
// closes it, so that /proc still shows which process it came from.
constexpr qint64 kRefusedCloseNs = 50'000'000;

inline QByteArray encode(const Argv &argv)
{
    QByteArray out = '*' + QByteArray::number(argv.size()) + "\r\n";
    for (const QByteArray &a : argv)
        out += '$' + QByteArray::number(a.size()) + "\r\n" + a + "\r\n";
    return out;
}

inline QString errorText(int e)
{
    return QString::fromLocal8Bit(std::strerror(e));
}

enum class HandleKind : quint8 { Listener, Client, Upstream, Probe, Events, Wake };
struct Handle {
    HandleKind kind;
    void *owner;
};

struct Chunk {
    QByteArray bytes;
    qint64 releaseNs = 0;
    std::vector<qsizetype> replyEnds;   // where each reply it carries ends (towards the client)
    size_t delivered = 0;
};

// The bytes on their way to one side, in order.
struct Pipe {
    std::deque<Chunk> chunks;
    qsizetype written = 0;   // of the front chunk
    qint64 queued = 0;
    bool blocked = false;    // the socket is full: wait for EPOLLOUT
};

struct Connection {
    Connection(int id, int node, ScriptCache *scripts)
        : id(id), node(node), conversation(id, node, scripts) {}
    int id;
    int node;
    int clientFd = -1;
    int upstreamFd = -1;
    Handle clientHandle{HandleKind::Client, this};
    Handle upstreamHandle{HandleKind::Upstream, this};
    qint64 clientMask = -1;   // registered epoll events; -1: not registered
    qint64 upstreamMask = -1;
    bool upstreamConnected = false;
    bool clientEof = false;
    bool upstreamEof = false;
    bool upstreamShut = false;
    bool closed = false;
    Pipe up;                  // towards Redis
    Pipe down;                // towards the client
    resp::RequestReader requests;
    resp::ReplyReader replies;
    Conversation conversation;
    std::deque<ObservedCommand> undelivered; // replied, reply still on its way to the client
    LastRead lastRead;
    QByteArray name;
    int protocol = 2;
    // Faults.
    qint64 delayNs = 0;
    bool partitioned = false;
    bool dropArmed = false;
    bool holdingFrame = false; // this reply frame is kept back until it is known whether to drop it
    QByteArray heldFrame;
    bool cut = false;          // a reply was dropped: the link is silent from then on
    QString refused;           // the node refused it: why, and the proxy closes it at closeAtNs
    qint64 closeAtNs = 0;
};

struct Channel {
    int fd = -1;
    Handle handle;
    bool connected = false;
    QByteArray out;
    resp::ReplyReader reader;
    int ownReplies = 0;       // set-up replies to skip
    qint64 retryAtNs = 0;
};

// The proxy's own connections to one node: probes, and expiry events.
struct NodeLink {
    int node = 0;
    Channel probe;
    Channel events;
    bool inFlight = false;
    QList<QByteArray> flightKeys;
    QList<quint64> flightAfter;
    QList<QByteArray> pendingKeys;
    QList<quint64> pendingAfter;
};

struct Rule {
    qint64 delayNs = 0;
    QSet<int> partitioned;
};
} // namespace proxy

// This header is core/proxy's own: its types name the loop's parts plainly.
using namespace proxy;

class RecordingProxy::Loop {
public:
    Loop(RecordingProxy &proxy)
        : m_proxy(proxy), m_recording(proxy.m_recording),
          m_roles(proxy.m_options.lockPattern, proxy.m_options.stockPattern)
    {
    }
    ~Loop();

    void bind();
    void startThread() { m_thread = std::thread([this] { run(); }); }
    void stopThread();
    QString post(std::function<QString(Loop &)> action);

    QString delay(const QString &client, qint64 ms);
    QString drop(const QString &client);
    QString partition(const QString &client, const QList<int> &nodes);
    QString pause(int node, bool paused);
    void fault(int connection, int node, const QString &note);
    KeyRoles roles() const
    {
        QMutexLocker locker(&m_rolesLock);
        return m_roles;
    }
    int open() const { return m_open.load(); }
    QList<int> ports;
    bool loopback = true;     // every port is on a loopback address

private:
    struct Listener {
        int fd = -1;
        int node = 0;
        Handle handle{HandleKind::Listener, this};
    };

    void run();
    qint64 now() const { return m_proxy.nowNs(); }
    int timeoutMs();
    void runTimers();
    // Sets the events `fd` waits for; -1 removes it from the loop.
    void watch(int fd, Handle *handle, qint64 mask, qint64 *current);

    void accept(Listener &listener);
    void connectUpstream(Connection &c);
    void upstreamConnected(Connection &c);
    void readClient(Connection &c);
    void readUpstream(Connection &c);
    void updateMasks(Connection &c);
    bool held(const Connection &c, bool up) const;
    void send(Connection &c, bool up, const char *data, qsizetype size, std::vector<qsizetype> replyEnds);
    void flush(Connection &c, bool up);
    void delivered(Connection &c, size_t count, qint64 at);
    void afterFlush(Connection &c);
    void close(Connection &c, const QString &by);
    void refuse(Connection &c, const QString &why);
    void commit(Connection &c, ObservedCommand command);
    void nameChanged(Connection &c);
    void applyRules(Connection &c);
    QList<Connection *> matching(const QString &client);

    int openSocket(int node, QString *error);
    void openChannel(NodeLink &link, Channel &channel, HandleKind kind);
    void readChannel(NodeLink &link, Channel &channel, HandleKind kind);
    void writeChannel(Channel &channel);
    void closeChannel(NodeLink &link, Channel &channel);
    void queueProbe(int node, const QList<QByteArray> &keys, quint64 after);
    void sendProbe(NodeLink &link);

    RecordingProxy &m_proxy;
    Recording &m_recording;
    int m_epoll = -1;
    int m_wake = -1;
    Handle m_wakeHandle{HandleKind::Wake, nullptr};
    std::thread m_thread;
    std::atomic<bool> m_stopping{false};
    std::atomic<int> m_open{0};
    std::vector<std::unique_ptr<Listener>> m_listeners;
    std::vector<sockaddr_storage> m_upstreamAddr;
    std::vector<socklen_t> m_upstreamAddrLen;
    std::map<int, std::unique_ptr<Connection>> m_connections;
    std::vector<int> m_dead;
    std::vector<std::unique_ptr<NodeLink>> m_links;
    QSet<Connection *> m_timed;     // a chunk waits for its delay
    ScriptCache m_scripts;
    mutable QMutex m_rolesLock;
    KeyRoles m_roles;
    // Where each lock and stock key has been used, by resource.
    QHash<QByteArray, QSet<int>> m_keyNodes;
    QHash<QByteArray, QList<QByteArray>> m_resourceKeys;
    QSet<int> m_pausedNodes;
    QHash<QString, Rule> m_rules;
    quint64 m_nextId = 0;
    char m_buffer[kReadSize];

    QMutex m_postLock;
    std::deque<std::pair<std::function<QString(Loop &)>, std::promise<QString>>> m_posted;
};

} // namespace lockstock
