#include "Event.h"
#include "RunConfig.h"

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
    case Step::Replicate: return "replicate";
    case Step::Inspect: return "inspect";
    case Step::Reserve: return "reserve";
    case Step::LoadScript: return "load";
    }
    return "?";
}

bool isStoreStep(Step step)
{
    switch (step) {
    case Step::ReadStock:
    case Step::WriteStock:
    case Step::Decrement:
    case Step::Compensate:
    case Step::Watch:
    case Step::Multi:
    case Step::Exec:
    case Step::Unwatch:
    case Step::Fence:
    case Step::Reserve:
        return true;
    default:
        return false;
    }
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
    case EventKind::Server: return "server";
    }
    return "?";
}

} // namespace lockstock

namespace lockstock {

const char *serverActionName(ServerFault::Action action)
{
    switch (action) {
    case ServerFault::Action::Kill: return "kill";
    case ServerFault::Action::Pause: return "pause";
    case ServerFault::Action::Resume: return "resume";
    case ServerFault::Action::Restart: return "restart";
    case ServerFault::Action::RestartDelayed: return "restart_delayed";
    case ServerFault::Action::Promote: return "promote";
    case ServerFault::Action::Isolate: return "isolate";
    case ServerFault::Action::ClockJump: return "clock_jump";
    case ServerFault::Action::ClockDrift: return "clock_drift";
    case ServerFault::Action::FillMemory: return "fill_memory";
    case ServerFault::Action::ClientPause: return "client_pause";
    case ServerFault::Action::ScriptFlush: return "script_flush";
    }
    return "?";
}

const char *faultActionName(Fault::Action action)
{
    switch (action) {
    case Fault::Action::Crash: return "crash";
    case Fault::Action::Pause: return "pause";
    case Fault::Action::StarveWatchdog: return "starve_watchdog";
    case Fault::Action::HangWorker: return "hang_worker";
    case Fault::Action::LoseReply: return "lose_reply";
    }
    return "?";
}

} // namespace lockstock
