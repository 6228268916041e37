#pragma once
// What recording costs the engine: appending one command event to a History,
// in time and in heap, measured on synthetic events shaped like a real
// acquire (SET lock token NX PX lease, +OK).

#include <QtGlobal>

namespace lockstock::bench {

struct RecordingCost {
    double nsPerEvent = 0;           // CPU time
    double bytesPerEvent = 0;        // the record itself: argv and reply are the command's
    double bytesWithPayload = 0;     // with a fresh argv per event, as every real command has
};

RecordingCost measureRecording(int events);

} // namespace lockstock::bench
