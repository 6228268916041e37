/* An LD_PRELOAD library that gives a redis-server the wall clock of the run
 * that started it: clock_gettime(CLOCK_REALTIME), gettimeofday and time read
 * the clock page (clockpage.h) named by LOCKSTOCK_CLOCK_FILE, as node
 * LOCKSTOCK_CLOCK_NODE. Redis takes expiry, PTTL, TIME, Lua's time and the
 * timeouts of blocked clients (WAIT) from that clock, so the run can freeze
 * it, move it, jump it or make it drift, and the server sees the change at
 * its next clock read: no polling, no lag. CLOCK_MONOTONIC, which Redis's
 * event loop and its own durations rely on, stays real, as a real clock
 * step leaves it. libfaketime would be the usual tool, but redis-server
 * 7.0.15 aborts at start under Debian's 0.9.10 in every mode ("Unexpected
 * recursive calls to clock_gettime()").
 *
 * The page is mapped once, before main(). The clock functions then only read
 * it: no allocation, no dlsym() (either may read the clock and recurse), the
 * real clock by raw system call. Without LOCKSTOCK_CLOCK_FILE the library
 * passes the real clock through. A server that was told to follow a page it
 * cannot map stops at once with a message, rather than run on a clock the
 * run does not control. */

#define _GNU_SOURCE
#include "clockpage.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static struct lockstock_clock_page *page;
static int node;
static int reported;

static void die(const char *what, const char *path)
{
    /* write(2) only: stdio may allocate, and this runs before main(). */
    static const char prefix[] = "lockstock clockshift: ";
    (void)!write(2, prefix, sizeof prefix - 1);
    (void)!write(2, what, strlen(what));
    (void)!write(2, ": ", 2);
    (void)!write(2, path, strlen(path));
    (void)!write(2, "\n", 1);
    _exit(111);
}

__attribute__((constructor)) static void attach(void)
{
    const char *path = getenv(LOCKSTOCK_CLOCK_FILE_ENV);
    if (!path || !*path)
        return;
    const char *index = getenv(LOCKSTOCK_CLOCK_NODE_ENV);
    int n = 0;
    for (const char *s = index ? index : ""; *s >= '0' && *s <= '9'; ++s)
        n = n * 10 + (*s - '0');
    if (n >= LOCKSTOCK_CLOCK_NODES)
        die("node index out of range in " LOCKSTOCK_CLOCK_NODE_ENV, index);
    const int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0)
        die("cannot open the clock page", path);
    void *map = mmap(NULL, LOCKSTOCK_CLOCK_PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        die("cannot map the clock page", path);
    struct lockstock_clock_page *p = map;
    if (p->magic != LOCKSTOCK_CLOCK_MAGIC || p->version != LOCKSTOCK_CLOCK_VERSION)
        die("not a clock page of this version", path);
    node = n;
    page = p;
}

static int real_clock_gettime(clockid_t clock, struct timespec *ts)
{
    return (int)syscall(SYS_clock_gettime, clock, ts);
}

static int follows_page(clockid_t clock)
{
    return page && (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE);
}

int clock_gettime(clockid_t clock, struct timespec *ts)
{
    if (!follows_page(clock))
        return real_clock_gettime(clock, ts);
    if (!__atomic_load_n(&reported, __ATOMIC_RELAXED)) {
        /* Tells the run that the process it started reads this clock (not
         * merely a wrapper that had the library loaded). */
        __atomic_store_n(&page->nodes[node].reader_pid, (int64_t)getpid(), __ATOMIC_RELEASE);
        __atomic_store_n(&reported, 1, __ATOMIC_RELAXED);
    }
    const int64_t ns = lockstock_clock_node_ns(page, node);
    ts->tv_sec = (time_t)(ns / 1000000000LL);
    ts->tv_nsec = (long)(ns % 1000000000LL);
    return 0;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
    (void)tz; /* obsolete; glibc leaves it alone too */
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
        return -1;
    tv->tv_sec = ts.tv_sec;
    tv->tv_usec = ts.tv_nsec / 1000;
    return 0;
}

time_t time(time_t *out)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
        return (time_t)-1;
    if (out)
        *out = ts.tv_sec;
    return ts.tv_sec;
}
