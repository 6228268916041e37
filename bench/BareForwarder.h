#pragma once
// The floor for any user-space proxy on this machine: one epoll thread that
// copies bytes between each client and its own Redis connection, parsing
// and recording nothing. bench_proxy measures it beside the recording proxy
// so the cost of the extra hop and the cost of recording can be told apart.

#include "redis/RedisEndpoint.h"

#include <atomic>
#include <thread>

namespace lockstock::bench {

class BareForwarder {
public:
    explicit BareForwarder(const RedisEndpoint &upstream);
    ~BareForwarder();
    int port() const { return m_port; }

private:
    void run();

    int m_listener = -1;
    int m_epoll = -1;
    int m_wake = -1;
    int m_port = 0;
    int m_upstreamPort;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

} // namespace lockstock::bench
