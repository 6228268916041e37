#include "Event.h"

namespace lockstock {

const char *stepName(Step step)
{
    switch (step) {
    case Step::Start: return "start";
    case Step::ReadStock: return "read";
    case Step::WriteStock: return "write";
    case Step::Decrement: return "decrement";
    case Step::Compensate: return "compensate";
    case Step::Acquire: return "acquire";
    case Step::Expire: return "expire";
    case Step::Release: return "release";
    case Step::Renew: return "renew";
    case Step::Backoff: return "backoff";
    case Step::Timer: return "timer";
    case Step::Work: return "work";
    case Step::Watch: return "watch";
    case Step::Multi: return "multi";
    case Step::Exec: return "exec";
    case Step::Unwatch: return "unwatch";
    case Step::Fence: return "fence";
    }
    return "?";
}

const char *eventKindName(EventKind kind)
{
    switch (kind) {
    case EventKind::Command: return "command";
    case EventKind::Sleep: return "sleep";
    case EventKind::Order: return "order";
    case EventKind::Crash: return "crash";
    case EventKind::Pause: return "pause";
    case EventKind::Expired: return "expired";
    case EventKind::Error: return "error";
    }
    return "?";
}

} // namespace lockstock
