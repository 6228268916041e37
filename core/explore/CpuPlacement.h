#pragma once
// Where an explorer worker runs. A worker and its private redis-servers
// take turns: a command, then its reply, never both at once. On separate
// CPUs each turn wakes a thread on a CPU gone idle, which on a virtual
// machine costs an interrupt to a halted vCPU: one worker's runs took four
// to five times as long as with the worker and its server on one CPU. So a
// worker keeps to one CPU, and the servers it starts with it.

#include <sched.h>

#include <QList>

namespace lockstock {

// The CPUs the calling thread may run on, the one it is on first: worker i
// takes the i-th (modulo their number), so workers spread from where the
// scheduler put them.
QList<int> usableCpus();

// Keeps the calling thread, and every process it starts meanwhile (a child
// keeps its creator's CPUs for its life), on one CPU until destroyed; then
// the thread may run where it could before. Nothing when `cpu` is -1 or the
// system refuses.
class OneCpu {
public:
    explicit OneCpu(int cpu);
    ~OneCpu();
    OneCpu(const OneCpu &) = delete;
    OneCpu &operator=(const OneCpu &) = delete;
    bool kept() const { return m_kept; }

private:
    cpu_set_t m_before;
    bool m_kept = false;
};

} // namespace lockstock
