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

qint64 heapInUse()
{
    return qint64(mallinfo2().uordblks);
}

Argv acquireArgv(int i)
{
    return {"SET", "lock:10086", "C1-" + QByteArray::number(i) + "-a1b2", "NX", "PX", "10000"};
}

// The fields Run::step fills for a command.
Event commandEvent(qint64 tNs, const Argv &argv, const RedisValue &reply, const QByteArray &token)
{
    Event e;
    e.client = 0;
    e.order = 7;
    e.step = Step::Acquire;
    e.sourceFile = __FILE__;
    e.sourceLine = __LINE__;
    e.tNs = tNs;
    e.durationNs = 25'000;
    e.argv = argv;
    e.reply = reply;
    e.holds = true;
    e.token = token;
    return e;
}

// Heap per event held by a history of `events` commands; `freshArgv` builds
// each event's own argument list the way a strategy's command does.
double bytesPerEvent(int events, bool freshArgv)
{
    const Argv shared = acquireArgv(0);
    const RedisValue ok = RedisValue::status("OK");
    const QByteArray token = shared.at(2);
    const qint64 before = heapInUse();
    {
        History history;
        for (int i = 0; i < events; ++i)
            history.append(commandEvent(i, freshArgv ? acquireArgv(i) : shared, ok, token));
        const qint64 after = heapInUse();
        return double(after - before) / events;
    }
}
} // namespace

RecordingCost measureRecording(int events)
{
    RecordingCost cost;
    const Argv argv = acquireArgv(0);
    const RedisValue ok = RedisValue::status("OK");
    const QByteArray token = argv.at(2);
    {
        History history;
        QElapsedTimer clock;             // the run's clock, read per event as Run::step does
        clock.start();
        const qint64 start = threadCpuNs();
        for (int i = 0; i < events; ++i)
            history.append(commandEvent(clock.nsecsElapsed(), argv, ok, token));
        cost.nsPerEvent = double(threadCpuNs() - start) / events;
    }
    cost.bytesPerEvent = bytesPerEvent(events, false);
    cost.bytesWithPayload = bytesPerEvent(events, true);
    return cost;
}

} // namespace lockstock::bench
