#include "Interrupt.h"

#include "engine/Wakeup.h"

#include <QCoreApplication>
#include <QSocketNotifier>

#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace lockstock {

namespace {
std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "stored from a signal handler");
// The write end of a pipe the window's event loop watches; -1 without a window.
std::atomic<int> eventLoopPipe{-1};

extern "C" void onInterrupt(int signal)
{
    interrupted.store(true);
    wakeSleepers();
    if (const int fd = eventLoopPipe.load(); fd >= 0) {
        const char byte = 1;
        [[maybe_unused]] const ssize_t n = ::write(fd, &byte, 1);
    }
    std::signal(signal, SIG_DFL);
}
} // namespace

const std::atomic<bool> &catchInterrupts()
{
    for (const int signal : {SIGINT, SIGTERM})
        if (std::signal(signal, onInterrupt) == SIG_IGN)
            std::signal(signal, SIG_IGN); // nohup, background jobs: keep ignoring it
    return interrupted;
}

void quitOnInterrupt()
{
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    auto *notifier = new QSocketNotifier(fds[0], QSocketNotifier::Read, QCoreApplication::instance());
    QObject::connect(notifier, &QSocketNotifier::activated, notifier, [] { QCoreApplication::quit(); });
    eventLoopPipe.store(fds[1]);
    catchInterrupts();
}

} // namespace lockstock
