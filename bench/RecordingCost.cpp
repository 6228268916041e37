#include "RecordingCost.h"

#include "engine/History.h"

#include <QElapsedTimer>
#include <ctime>
#include <malloc.h>

namespace lockstock::bench {

namespace {
// CPU time of this thread: on a shared machine, wall time would also count
// the time slices other processes got.
qint64 threadCpuNs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

// A reply as the connection hands it over: its own bytes (an OK is shared,
// as RedisReply shares it).
RedisValue freshReply(const RedisValue &r)
{
    switch (r.type()) {
    case RedisValue::Type::String:
        return RedisValue::string(QByteArray(r.bytes().constData(), r.bytes().size()));
    case RedisValue::Type::Error:
        return RedisValue::error(QByteArray(r.bytes().constData(), r.bytes().size()));
    case RedisValue::Type::Status:
        return r.isStatus("OK") ? r : RedisValue::status(QByteArray(r.bytes().constData(), r.bytes().size()));
    case RedisValue::Type::Array: {
        QList<RedisValue> items;
        for (const RedisValue &item : r.items())
            items << freshReply(item);
        return RedisValue::array(std::move(items));
    }
    case RedisValue::Type::Nil:
    case RedisValue::Type::Integer:
        break;
    }
    return r;
}

// One event as Run::step and Run::afterResume build it: the operation's argv
// (the list the strategy built) packed into the event, the reply the
// connection returned, the client's token shared.
Event replay(const Event &real, const Argv &argv, qint64 tNs)
{
    Event e;
    e.client = real.client;
    e.order = real.order;
    e.role = real.role;
    e.step = real.step;
    e.node = real.node;
    e.kind = real.kind;
    e.sourceFile = real.sourceFile;
    e.sourceLine = real.sourceLine;
    e.argv = argv;
    e.tNs = tNs;
    e.durationNs = real.durationNs;
    e.reply = freshReply(real.reply);
    e.holds = real.holds;
    e.success = real.success;
    e.token = real.token;
    e.note = real.note;
    return e;
}
} // namespace

qint64 heapInUse()
{
    // Small blocks, and the large ones malloc maps on their own (a chunk of
    // 1024 events is one of those).
    const struct mallinfo2 m = mallinfo2();
    return qint64(m.uordblks + m.hblkhd);
}

RecordingCost measureRecording(const QList<Event> &source, int events)
{
    RecordingCost cost;
    if (source.isEmpty())
        return cost;
    // The argv lists the strategies build, made before the clock runs:
    // building them is the strategy's work, packing them is recording's.
    QList<Argv> argvs;
    argvs.reserve(source.size());
    for (const Event &e : source)
        argvs << e.argv.toList();
    const qint64 heapBefore = heapInUse();
    {
        History history;
        history.setLimit(events + 1);
        QElapsedTimer clock;                    // the run's clock, read per event as Run::step does
        clock.start();
        const qint64 start = threadCpuNs();
        for (int i = 0; i < events; ++i) {
            const qsizetype k = i % source.size();
            history.append(replay(source.at(k), argvs.at(k), clock.nsecsElapsed()));
        }
        cost.nsPerEvent = double(threadCpuNs() - start) / events;
        cost.bytesPerEvent = double(heapInUse() - heapBefore) / events;
        cost.events = events;
    }
    return cost;
}

} // namespace lockstock::bench
