#include "Wakeup.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <ctime>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace lockstock {

namespace {
// Bumped on every wake; a sleeper waits while it still holds the value it read.
std::atomic<quint32> generation{0};
static_assert(std::atomic<quint32>::is_always_lock_free && sizeof(std::atomic<quint32>) == sizeof(quint32),
              "a futex word");

qint64 monotonicNs()
{
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return qint64(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}
} // namespace

void wakeSleepers() noexcept
{
    const int saved = errno;
    generation.fetch_add(1, std::memory_order_release);
    ::syscall(SYS_futex, reinterpret_cast<quint32 *>(&generation), FUTEX_WAKE_PRIVATE, INT_MAX, nullptr, nullptr, 0);
    errno = saved;
}

bool sleepUnlessStopped(qint64 ns, const std::function<bool()> &stop)
{
    const qint64 until = monotonicNs() + ns;
    for (;;) {
        const quint32 seen = generation.load(std::memory_order_acquire);
        if (stop && stop())
            return false;
        const qint64 left = until - monotonicNs();
        if (left <= 0)
            return true;
        const timespec wait{time_t(left / 1'000'000'000), long(left % 1'000'000'000)};
        // Returns at once when a wake came after `seen` was read (EAGAIN).
        ::syscall(SYS_futex, reinterpret_cast<quint32 *>(&generation), FUTEX_WAIT_PRIVATE, seen, &wait, nullptr, 0);
    }
}

} // namespace lockstock
