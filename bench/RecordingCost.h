#pragma once
// What recording costs the engine, measured on real events: the histories of
// real runs of several strategies are replayed the way Run::step records —
// the strategy's freshly built argv packed into the event, the reply and the
// client's token copied, the event appended to a History — in CPU time and
// in heap per event.

#include "engine/Event.h"

#include <QList>

namespace lockstock::bench {

struct RecordingCost {
    double nsPerEvent = 0;      // CPU time of this thread
    double bytesPerEvent = 0;   // heap the History holds per event
    qint64 events = 0;
};

RecordingCost measureRecording(const QList<Event> &source, int events);

// Heap in use (malloc's view), for memory per event.
qint64 heapInUse();

} // namespace lockstock::bench
