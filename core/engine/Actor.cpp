#include "Actor.h"

#include "../redis/RedisConnection.h"

namespace lockstock {

Actor::Actor(Client *client, ActorRole role, Task<void> body)
    : m_client(client)
    , m_role(role)
    , m_body(std::move(body))
    , m_resumePoint(m_body.handle())
{
    m_body.handle().promise().actor = this;
}

Actor::~Actor() = default;

void Actor::resume(RedisValue reply)
{
    m_reply = std::move(reply);
    m_pending = Operation{};
    m_resumePoint.resume();
}

void Actor::rethrowFailure() const
{
    if (m_body.handle() && m_body.handle().promise().error)
        std::rethrow_exception(m_body.handle().promise().error);
}

} // namespace lockstock
