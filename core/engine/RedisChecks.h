#pragma once
// What a run asks of a Redis before it starts and how it reads the answers:
// an error reply is a finding that stops the run, never a result to go on
// with, and a server that answers like no Redis would is refused.

#include "Event.h"

#include "../redis/RedisConnection.h"

namespace lockstock {

// True for an error reply the run cannot go on after (READONLY, NOPERM, OOM,
// MISCONF, an unknown command...). Every error reply is one except the
// fenced store's STALE: refusing a stale write is that lesson's answer, and
// the checker counts it.
bool isRefusal(const RedisValue &reply);

// "Redis at HOST:PORT refused SET stock:10086 99: OOM command not allowed ..."
std::string refusalMessage(const RedisEndpoint &endpoint, const Argv &argv, const RedisValue &reply);

// Sends argv and returns the reply when it is of type `expected` (and, for a
// status, equal to `status`). An error reply throws RedisRefusedError; any
// other reply RedisProtocolError (a server that answers SET with PONG is not
// Redis). I/O failures throw as RedisConnection::command does.
RedisValue expectReply(RedisConnection &c, const Argv &argv, RedisValue::Type expected, const char *status = nullptr);
// The same for several commands, sent in one write, with `then` behind them:
// their replies, unchecked.
struct ExpectedReply {
    Argv argv;
    RedisValue::Type type;
    const char *status = nullptr;
};
QList<RedisValue> expectReplies(RedisConnection &c, const QList<ExpectedReply> &commands, const QList<Argv> &then = {});

// On `key`, a key of the run's own prefix: SET with an expiry, a script that
// writes, DEL and PTTL, each answered exactly as Redis does. Then, when the
// server says, whether its maxclients leaves room for `connections` more.
void preflight(RedisConnection &c, const QByteArray &key, int connections);

// The run stopped because Redis refused a command: its Error event carries
// the error reply (Run::step). `events` in time order: a QList, or an
// analysis' list.
template <class Events>
bool stoppedByRefusal(const Events &events)
{
    for (qsizetype i = events.size() - 1; i >= 0; --i)
        if (events.at(i).kind == EventKind::Error)
            return events.at(i).reply.isError();
    return false;
}

} // namespace lockstock
