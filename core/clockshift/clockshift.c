/* An LD_PRELOAD library that shifts one process's wall clock: a real clock
 * jump for that process alone, as NTP stepping the clock or an operator
 * setting it would cause. libfaketime would be the tool, but redis-server
 * 7.0.15 aborts at start under Debian's 0.9.10 in every mode ("Unexpected
 * recursive calls to clock_gettime()").
 *
 * The offset, in milliseconds, is a decimal number in the file named by
 * LOCKSTOCK_CLOCK_OFFSET_FILE; a missing or empty file means 0. The file is
 * read again at most every 10 ms, so the clock can jump while the process
 * runs. Only the wall clock moves: CLOCK_MONOTONIC, which timeouts and
 * durations rely on, is left alone, as a real clock step leaves it.
 *
 * The real clock is read with raw system calls, never through dlsym(): that
 * may allocate, and an allocator that reads the clock would recurse. */

#define _GNU_SOURCE
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define RELOAD_NS 10000000LL

static _Atomic long long offset_ms;
static _Atomic long long next_reload_ns = -1;

static int real_clock_gettime(clockid_t clock, struct timespec *ts)
{
    return (int)syscall(SYS_clock_gettime, clock, ts);
}

static long long parse_ms(const char *s)
{
    long long v = 0;
    int sign = 1;
    while (*s == ' ' || *s == '\t')
        ++s;
    if (*s == '-' || *s == '+')
        sign = *s++ == '-' ? -1 : 1;
    while (*s >= '0' && *s <= '9')
        v = v * 10 + (*s++ - '0');
    return sign * v;
}

/* open/read/close only: no stdio, no allocation. */
static long long current_offset_ms(void)
{
    struct timespec now;
    if (real_clock_gettime(CLOCK_MONOTONIC, &now) != 0)
        return atomic_load(&offset_ms);
    const long long now_ns = now.tv_sec * 1000000000LL + now.tv_nsec;
    long long due = atomic_load(&next_reload_ns);
    /* One thread reloads; the others use the offset they have. */
    if (now_ns < due || !atomic_compare_exchange_strong(&next_reload_ns, &due, now_ns + RELOAD_NS))
        return atomic_load(&offset_ms);
    const char *path = getenv("LOCKSTOCK_CLOCK_OFFSET_FILE");
    long long ms = 0;
    const int fd = path ? open(path, O_RDONLY | O_CLOEXEC) : -1;
    if (fd >= 0) {
        char buf[32];
        const ssize_t n = read(fd, buf, sizeof buf - 1);
        close(fd);
        buf[n > 0 ? n : 0] = '\0';
        ms = parse_ms(buf);
    }
    atomic_store(&offset_ms, ms);
    return ms;
}

static int shifts(clockid_t clock)
{
    return clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE;
}

int clock_gettime(clockid_t clock, struct timespec *ts)
{
    const int rc = real_clock_gettime(clock, ts);
    if (rc != 0 || !shifts(clock))
        return rc;
    const long long ns = ts->tv_sec * 1000000000LL + ts->tv_nsec + current_offset_ms() * 1000000LL;
    ts->tv_sec = ns / 1000000000LL;
    ts->tv_nsec = ns % 1000000000LL;
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
