#pragma once
// A loopback TCP port held for one private redis-server for as long as the
// server object lives, across kill() and restart().
//
// Asking the kernel for a free port (bind to port 0) is not enough: it hands
// out ports from the ephemeral range, and while a node is killed its port is
// free again for any other run or test to be given; a restart then binds
// nothing while the other process's server answers on "our" port. So ports
// come from below the ephemeral range, where the kernel never allocates on
// its own, and each one is claimed with a byte-range lock on a shared file
// that every LockStock process honours and the kernel drops when the
// process dies.

namespace lockstock {

class LoopbackPort {
public:
    LoopbackPort() = default;
    ~LoopbackPort();
    LoopbackPort(LoopbackPort &&other) noexcept;
    LoopbackPort &operator=(LoopbackPort &&other) noexcept;
    LoopbackPort(const LoopbackPort &) = delete;
    LoopbackPort &operator=(const LoopbackPort &) = delete;

    // A port no other LockStock process holds and nothing listens on now,
    // or an invalid one (port() == 0) when none was found.
    static LoopbackPort reserve();

    int port() const { return m_port; }

private:
    LoopbackPort(int port, int lockFd) : m_port(port), m_lockFd(lockFd) {}
    void release();

    int m_port = 0;
    int m_lockFd = -1; // the open file description that owns the lock
};

} // namespace lockstock
