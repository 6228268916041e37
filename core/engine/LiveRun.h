#pragma once
// A run with every client on its own thread and connection, at full speed:
// the races happen the way they do in production, not on a script.

#include "Run.h"

namespace lockstock {

class LiveRun : public Run {
public:
    // Always on the real clock: threads race as in production.
    LiveRun(RunConfig config, const Strategy &strategy, RedisEndpoint endpoint, History &history);
    LiveRun(RunConfig config, const Strategy &strategy, NodeSet &nodes, History &history);
    // Runs every client to the end and closes the history. Blocks.
    void runToEnd();

protected:
    void serverFaultsQueued() override;

private:
    void runClient(ClientState &state);
};

} // namespace lockstock
