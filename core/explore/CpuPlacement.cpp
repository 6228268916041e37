#include "CpuPlacement.h"

#include <algorithm>

namespace lockstock {

QList<int> usableCpus()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return {};
    QList<int> cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set))
            cpus << cpu;
    if (const qsizetype here = cpus.indexOf(sched_getcpu()); here > 0)
        std::rotate(cpus.begin(), cpus.begin() + here, cpus.end());
    return cpus;
}

OneCpu::OneCpu(int cpu)
{
    CPU_ZERO(&m_before);
    if (cpu < 0 || cpu >= CPU_SETSIZE || sched_getaffinity(0, sizeof m_before, &m_before) != 0)
        return;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    // Pid 0: the calling thread alone.
    m_kept = sched_setaffinity(0, sizeof one, &one) == 0;
}

OneCpu::~OneCpu()
{
    if (m_kept)
        sched_setaffinity(0, sizeof m_before, &m_before);
}

} // namespace lockstock
