#include "ServerClock.h"

#include "RedisError.h"
#include "ServerDirs.h"

#include "../clockshift/clockpage.h"

#include <QDir>
#include <QFile>

#include <cmath>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace lockstock {

static_assert(ServerClock::kMaxNodes == LOCKSTOCK_CLOCK_NODES);
static_assert(sizeof(lockstock_clock_page) <= LOCKSTOCK_CLOCK_PAGE_SIZE);

namespace {
constexpr qint64 kSecondNs = 1000000000LL;

qint64 load(const int64_t &field)
{
    return __atomic_load_n(&field, __ATOMIC_RELAXED);
}

// Release: a reader that sees this value sees the odd seq stored before it.
void store(int64_t &field, qint64 value)
{
    __atomic_store_n(&field, value, __ATOMIC_RELEASE);
}
} // namespace

ServerClock::ServerClock()
    // QTemporaryDir creates it 0700: only this user's servers map the page.
    : m_dir(runDirTemplate(kClockDirPrefix))
{
    if (!m_dir.isValid() || !m_owner.own(m_dir.path()))
        throw RedisServerError("cannot create a directory for the servers' clock page: "
                               + m_dir.errorString().toStdString());
    m_path = m_dir.filePath(QStringLiteral("clock"));
    const int fd = ::open(QFile::encodeName(m_path).constData(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0 || ::ftruncate(fd, LOCKSTOCK_CLOCK_PAGE_SIZE) != 0) {
        if (fd >= 0)
            ::close(fd);
        throw RedisServerError("cannot create the clock page " + m_path.toStdString());
    }
    void *map = ::mmap(nullptr, LOCKSTOCK_CLOCK_PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    ::close(fd);
    if (map == MAP_FAILED)
        throw RedisServerError("cannot map the clock page " + m_path.toStdString());
    m_page = static_cast<lockstock_clock_page *>(map);
    // A fresh file is zeros: real mode, offset 0. Every rate is 1.
    for (lockstock_clock_node &n : m_page->nodes)
        n.rate_ppm = LOCKSTOCK_CLOCK_PPM;
    m_page->version = LOCKSTOCK_CLOCK_VERSION;
    __atomic_store_n(&m_page->magic, LOCKSTOCK_CLOCK_MAGIC, __ATOMIC_RELEASE);
}

ServerClock::~ServerClock()
{
    if (m_page)
        ::munmap(m_page, LOCKSTOCK_CLOCK_PAGE_SIZE);
}

template <class F>
void ServerClock::write(F &&change)
{
    // Called with m_lock held: one writer at a time.
    const uint64_t seq = __atomic_load_n(&m_page->seq, __ATOMIC_RELAXED);
    __atomic_store_n(&m_page->seq, seq + 1, __ATOMIC_RELAXED);
    change(*m_page); // release stores (store()): never seen before the odd seq
    __atomic_store_n(&m_page->seq, seq + 2, __ATOMIC_RELEASE);
}

qint64 ServerClock::nowNs() const
{
    QMutexLocker locker(&m_lock);
    return load(m_page->mode) == LOCKSTOCK_CLOCK_VIRTUAL ? load(m_page->virtual_ns)
                                                         : lockstock_clock_realtime_ns() + load(m_page->real_offset_ns);
}

quint64 ServerClock::freeze()
{
    const qint64 now = nowNs();
    QMutexLocker locker(&m_lock);
    const qint64 whole = (now + kSecondNs - 1) / kSecondNs * kSecondNs;
    write([whole](lockstock_clock_page &p) {
        store(p.virtual_ns, whole);
        store(p.mode, LOCKSTOCK_CLOCK_VIRTUAL);
    });
    return ++m_claim;
}

quint64 ServerClock::thaw()
{
    const qint64 now = nowNs();
    QMutexLocker locker(&m_lock);
    const qint64 offset = now - lockstock_clock_realtime_ns();
    // Never back: a clock a virtual run moved ahead stays ahead.
    write([offset](lockstock_clock_page &p) {
        store(p.real_offset_ns, std::max<qint64>(offset, load(p.real_offset_ns)));
        store(p.mode, LOCKSTOCK_CLOCK_REAL);
    });
    return ++m_claim;
}

void ServerClock::release(quint64 claim)
{
    if (holds(claim) && isFrozen())
        thaw();
}

bool ServerClock::holds(quint64 claim) const
{
    QMutexLocker locker(&m_lock);
    return claim == m_claim;
}

bool ServerClock::isFrozen() const
{
    QMutexLocker locker(&m_lock);
    return load(m_page->mode) == LOCKSTOCK_CLOCK_VIRTUAL;
}

bool ServerClock::advanceTo(quint64 claim, qint64 wallNs)
{
    QMutexLocker locker(&m_lock);
    if (claim != m_claim || load(m_page->mode) != LOCKSTOCK_CLOCK_VIRTUAL)
        return false;
    if (wallNs > load(m_page->virtual_ns))
        write([wallNs](lockstock_clock_page &p) { store(p.virtual_ns, wallNs); });
    return true;
}

void ServerClock::jump(int node, qint64 ns)
{
    QMutexLocker locker(&m_lock);
    write([node, ns](lockstock_clock_page &p) {
        store(p.nodes[node].offset_ns, load(p.nodes[node].offset_ns) + ns);
    });
}

void ServerClock::setRate(int node, double rate)
{
    QMutexLocker locker(&m_lock);
    const qint64 t = load(m_page->mode) == LOCKSTOCK_CLOCK_VIRTUAL
        ? load(m_page->virtual_ns)
        : lockstock_clock_realtime_ns() + load(m_page->real_offset_ns);
    const qint64 shown = lockstock_clock_node_ns(m_page, node);
    // Continues from what the node shows now, at the new pace.
    write([=](lockstock_clock_page &p) {
        store(p.nodes[node].offset_ns, shown - t);
        store(p.nodes[node].anchor_ns, t);
        store(p.nodes[node].rate_ppm, qRound64(rate * LOCKSTOCK_CLOCK_PPM));
    });
}

qint64 ServerClock::offsetNs(int node) const
{
    QMutexLocker locker(&m_lock);
    return load(m_page->nodes[node].offset_ns);
}

double ServerClock::rate(int node) const
{
    QMutexLocker locker(&m_lock);
    return double(load(m_page->nodes[node].rate_ppm)) / LOCKSTOCK_CLOCK_PPM;
}

qint64 ServerClock::nodeNs(int node) const
{
    return lockstock_clock_node_ns(m_page, node);
}

qint64 ServerClock::runNsWhenNodeShows(int node, qint64 nodeWallNs) const
{
    QMutexLocker locker(&m_lock);
    const lockstock_clock_node &n = m_page->nodes[node];
    const qint64 ppm = load(n.rate_ppm);
    const qint64 sinceAnchor = nodeWallNs - load(n.offset_ns) - load(n.anchor_ns);
    // nodeWall = t + offset + (rate - 1)(t - anchor), solved for t. In
    // integers where the rate is 1: a double cannot hold epoch nanoseconds.
    if (ppm == LOCKSTOCK_CLOCK_PPM)
        return load(n.anchor_ns) + sinceAnchor;
    return load(n.anchor_ns) + qint64(std::ceil(double(sinceAnchor) * LOCKSTOCK_CLOCK_PPM / double(ppm)));
}

qint64 ServerClock::readerPid(int node) const
{
    return __atomic_load_n(&m_page->nodes[node].reader_pid, __ATOMIC_ACQUIRE);
}

void ServerClock::clearReader(int node)
{
    __atomic_store_n(&m_page->nodes[node].reader_pid, 0, __ATOMIC_RELEASE);
}

} // namespace lockstock
