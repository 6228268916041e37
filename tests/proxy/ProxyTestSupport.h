#pragma once
// Test support for the recording proxy: a plain blocking socket that sends
// and reads raw bytes, and a proxy in front of a private redis-server.

#include "TestRedis.h"

#include "proxy/ObservedUser.h"
#include "proxy/RecordingProxy.h"

#include <QByteArray>
#include <memory>

namespace lockstock::test {

class RawSocket {
public:
    explicit RawSocket(int port);
    ~RawSocket();
    RawSocket(const RawSocket &) = delete;
    RawSocket &operator=(const RawSocket &) = delete;

    bool connected() const { return m_fd >= 0; }
    // AUTH as `user`; true once Redis said OK.
    bool login(const ObservedUser &user);
    void send(const QByteArray &bytes);
    // Reads until `count` bytes came, the peer closed or `timeoutMs` passed.
    QByteArray read(qsizetype count, int timeoutMs);
    // Reads until the peer closes or `timeoutMs` passes; *closed says which.
    QByteArray readToEnd(int timeoutMs, bool *closed);
    void shutdownWrite();
    void close();

private:
    int m_fd = -1;
};

// Accepts connections on a free loopback port; the test takes them.
class RawListener {
public:
    RawListener();
    ~RawListener();
    int port() const { return m_port; }
    // Blocks until a client connects (or `timeoutMs`); -1 on timeout.
    int accept(int timeoutMs);

private:
    int m_fd = -1;
    int m_port = 0;
};
// A connected fd (from RawListener::accept) as a RawSocket-like helper.
QByteArray readFd(int fd, qsizetype count, int timeoutMs);
void sendFd(int fd, const QByteArray &bytes);

// A proxy in front of one private redis-server (or any upstream), whose
// clients log in as an observation's do.
struct ProxiedRedis {
    ObservedUser user = ObservedUser::withPassword({});
    std::unique_ptr<RedisServer> server;
    Recording recording;
    std::unique_ptr<RecordingProxy> proxy;
    int port() const { return proxy->ports().value(0); }
    RedisEndpoint endpoint() const;   // the proxy, logging in as `user`
    RedisEndpoint direct() const { return server->endpoint(); }
};
std::unique_ptr<ProxiedRedis> proxiedRedis(RecordingProxy::Options options = {}, RedisServer::Options server = {});

QByteArray encodeCommand(const Argv &argv);

} // namespace lockstock::test
