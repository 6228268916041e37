#include "RedisValue.h"

#include <QStringList>
#include <utility>

namespace lockstock {

RedisValue RedisValue::array(QList<RedisValue> items)
{
    RedisValue r;
    r.m_type = Type::Array;
    r.m_payload.items = new QList<RedisValue>(std::move(items));
    return r;
}

RedisValue::RedisValue(const RedisValue &other)
    : m_bytes(other.m_bytes)
    , m_payload(other.m_payload)
    , m_type(other.m_type)
{
    if (m_type == Type::Array)
        m_payload.items = new QList<RedisValue>(*other.m_payload.items);
}

RedisValue::RedisValue(RedisValue &&other) noexcept
    : m_bytes(std::move(other.m_bytes))
    , m_payload(std::exchange(other.m_payload, Payload{.integer = 0}))
    , m_type(std::exchange(other.m_type, Type::Nil))
{
}

RedisValue &RedisValue::operator=(RedisValue other) noexcept
{
    m_bytes.swap(other.m_bytes);
    std::swap(m_payload, other.m_payload);
    std::swap(m_type, other.m_type);
    return *this;
}

RedisValue::~RedisValue()
{
    if (m_type == Type::Array)
        delete m_payload.items;
}

const QList<RedisValue> &RedisValue::items() const
{
    static const QList<RedisValue> none;
    return m_type == Type::Array ? *m_payload.items : none;
}

bool RedisValue::operator==(const RedisValue &o) const
{
    if (m_type != o.m_type || m_bytes != o.m_bytes)
        return false;
    return m_type == Type::Array ? *m_payload.items == *o.m_payload.items
                                 : m_payload.integer == o.m_payload.integer;
}

bool RedisValue::readInteger(long long &out) const
{
    if (m_type == Type::Integer) {
        out = m_payload.integer;
        return true;
    }
    if (m_type != Type::String)
        return false;
    bool ok = false;
    const long long v = m_bytes.toLongLong(&ok);
    if (ok)
        out = v;
    return ok;
}

QString RedisValue::display() const
{
    switch (m_type) {
    case Type::Nil:
        return QStringLiteral("(nil)");
    case Type::Status:
        return QString::fromUtf8(m_bytes);
    case Type::Error:
        return QStringLiteral("(error) ") + QString::fromUtf8(m_bytes);
    case Type::Integer:
        return QStringLiteral("(integer) ") + QString::number(m_payload.integer);
    case Type::String:
        return QLatin1Char('"') + QString::fromUtf8(m_bytes) + QLatin1Char('"');
    case Type::Array: {
        if (items().isEmpty())
            return QStringLiteral("(empty array)");
        QStringList parts;
        for (const RedisValue &v : items())
            parts << v.display();
        return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    }
    return {};
}

} // namespace lockstock
