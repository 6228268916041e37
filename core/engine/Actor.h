#pragma once
// One line of execution of a client: its main order loop, or its lease
// watchdog. An actor is a coroutine suspended at the Redis command or sleep it
// asked for next; the run performs that operation and resumes it.

#include "Event.h"
#include "Task.h"

#include <memory>
#include <source_location>
#include <vector>

namespace lockstock {

class Client;
class RedisConnection;

struct Operation {
    // Fanout: argv goes to every lock node; the reply is an array, one item per node.
    enum class Kind : quint8 { None, Command, Sleep, Fanout };
    Kind kind = Kind::None;
    Step step = Step::Start;
    int node = 0;       // the lock node a Command is for (see Run::serverFor)
    Argv argv;
    qint64 sleepNs = 0;
    qint64 stockValue = kUnknown;  // a stock write: the value it sets
    const char *file = nullptr;
    int line = 0;
};

class Actor {
public:
    Actor(Client *client, ActorRole role, Task<void> body);
    ~Actor();

    Client *client() const { return m_client; }
    ActorRole role() const { return m_role; }
    bool finished() const { return m_body.done(); }
    // Rethrows what the strategy threw, once it has finished.
    void rethrowFailure() const;

    const Operation &pending() const { return m_pending; }
    // Runs the coroutine until it asks for its next operation, or ends.
    // `reply` is what its pending command returns.
    void resume(RedisValue reply = {});

    qint64 readyNs = 0;                      // may go no earlier than this
    // One per server of the run, opened on first use; reset when it breaks.
    std::vector<std::unique_ptr<RedisConnection>> connections;

    // Used by the operation awaiter.
    void suspendAt(std::coroutine_handle<> h, Operation op)
    {
        m_resumePoint = h;
        m_pending = std::move(op);
    }
    RedisValue takeReply() { return std::move(m_reply); }

private:
    Client *m_client;
    ActorRole m_role;
    Task<void> m_body;
    std::coroutine_handle<> m_resumePoint;
    Operation m_pending;
    RedisValue m_reply;
};

// What `co_await client.redis(...)` and `co_await client.sleep(...)` return.
class OperationAwaiter {
public:
    explicit OperationAwaiter(Operation op) : m_op(std::move(op)) {}
    bool await_ready() const noexcept { return false; }
    template <class P>
    void await_suspend(std::coroutine_handle<P> h)
    {
        m_actor = h.promise().actor;
        m_actor->suspendAt(h, std::move(m_op));
    }
    RedisValue await_resume() { return m_actor->takeReply(); }

private:
    Operation m_op;
    Actor *m_actor = nullptr;
};

} // namespace lockstock
