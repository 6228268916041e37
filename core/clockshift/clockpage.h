/* The clock page: one page of shared memory that a run writes and every
 * redis-server it started reads, through the preload in clockshift.c, as its
 * wall clock. Plain C so that the preload and the engine (C++) share the
 * layout and the one function that turns the page into a node's time.
 *
 * The run's time T is either virtual (`virtual_ns`, moved only by the run)
 * or real (CLOCK_REALTIME + `real_offset_ns`). Node i's wall clock is
 *     T + offset_ns + (rate - 1) * (T - anchor_ns)
 * so a node's clock can jump (offset) or run fast or slow (rate, in parts
 * per million) from the moment its rate last changed (anchor).
 *
 * One writer (the run, in one process) and many readers (every server, and
 * threads inside them). A sequence lock keeps readers from seeing a half
 * written page: the writer makes `seq` odd, writes (release stores), makes it
 * even again; a reader retries when `seq` was odd or changed under it. No
 * fences, only ordered loads and stores, which every checker understands.
 * Readers never block the writer, and nothing here allocates or calls into
 * libc beyond the clock_gettime system call. */

#ifndef LOCKSTOCK_CLOCKPAGE_H
#define LOCKSTOCK_CLOCKPAGE_H

#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define LOCKSTOCK_CLOCK_MAGIC 0x4c53434bu /* "LSCK" */
#define LOCKSTOCK_CLOCK_VERSION 1u
#define LOCKSTOCK_CLOCK_NODES 16
#define LOCKSTOCK_CLOCK_PAGE_SIZE 4096
#define LOCKSTOCK_CLOCK_PPM 1000000

/* The environment a server is started with. */
#define LOCKSTOCK_CLOCK_FILE_ENV "LOCKSTOCK_CLOCK_FILE"
#define LOCKSTOCK_CLOCK_NODE_ENV "LOCKSTOCK_CLOCK_NODE"

enum { LOCKSTOCK_CLOCK_REAL = 0, LOCKSTOCK_CLOCK_VIRTUAL = 1 };

struct lockstock_clock_node {
    int64_t offset_ns;
    int64_t anchor_ns;
    int64_t rate_ppm;     /* 1000000: the run's pace */
    int64_t reader_pid;   /* the preload: a process has read its clock from here */
};

struct lockstock_clock_page {
    uint32_t magic;
    uint32_t version;
    uint64_t seq;
    int64_t mode;
    int64_t virtual_ns;     /* virtual mode: the run's wall time, ns since the epoch */
    int64_t real_offset_ns; /* real mode: added to CLOCK_REALTIME */
    struct lockstock_clock_node nodes[LOCKSTOCK_CLOCK_NODES];
};

static inline int64_t lockstock_clock_realtime_ns(void)
{
    struct timespec ts;
    /* The system call, never libc: inside the preload, libc's clock_gettime is ours. */
    if (syscall(SYS_clock_gettime, CLOCK_REALTIME, &ts) != 0)
        return 0;
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Node `node`'s wall clock in ns since the epoch, as the run has set it. */
static inline int64_t lockstock_clock_node_ns(const struct lockstock_clock_page *page, int node)
{
    for (unsigned spins = 0;; ++spins) {
        const uint64_t seq = __atomic_load_n(&page->seq, __ATOMIC_ACQUIRE);
        if (seq & 1u) {
            if (spins > 1000) /* the writer was preempted mid-write: let it finish */
                syscall(SYS_sched_yield);
            continue;
        }
        /* Acquire loads: the second look at seq cannot happen before them,
         * and one that saw a new value sees the odd seq written before it. */
        const int64_t mode = __atomic_load_n(&page->mode, __ATOMIC_ACQUIRE);
        int64_t t = mode == LOCKSTOCK_CLOCK_VIRTUAL
            ? __atomic_load_n(&page->virtual_ns, __ATOMIC_ACQUIRE)
            : lockstock_clock_realtime_ns() + __atomic_load_n(&page->real_offset_ns, __ATOMIC_ACQUIRE);
        const struct lockstock_clock_node *n = &page->nodes[node];
        const int64_t offset = __atomic_load_n(&n->offset_ns, __ATOMIC_ACQUIRE);
        const int64_t anchor = __atomic_load_n(&n->anchor_ns, __ATOMIC_ACQUIRE);
        const int64_t rate = __atomic_load_n(&n->rate_ppm, __ATOMIC_ACQUIRE);
        if (__atomic_load_n(&page->seq, __ATOMIC_RELAXED) != seq)
            continue;
        if (rate != LOCKSTOCK_CLOCK_PPM)
            t += (int64_t)((double)(t - anchor) * (double)(rate - LOCKSTOCK_CLOCK_PPM) / LOCKSTOCK_CLOCK_PPM);
        return t + offset;
    }
}

#endif
