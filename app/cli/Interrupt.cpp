#include "Interrupt.h"

#include <csignal>

namespace lockstock {

namespace {
std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "stored from a signal handler");

extern "C" void onInterrupt(int signal)
{
    interrupted.store(true);
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

} // namespace lockstock
