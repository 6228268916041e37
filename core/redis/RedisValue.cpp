#include "RedisValue.h"

#include <QStringList>

namespace lockstock {

bool RedisValue::readInteger(long long &out) const
{
    if (m_type == Type::Integer) {
        out = m_int;
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
        return QStringLiteral("(integer) ") + QString::number(m_int);
    case Type::String:
        return QLatin1Char('"') + QString::fromUtf8(m_bytes) + QLatin1Char('"');
    case Type::Array: {
        if (m_items.isEmpty())
            return QStringLiteral("(empty array)");
        QStringList parts;
        for (const RedisValue &v : m_items)
            parts << v.display();
        return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    }
    return {};
}

} // namespace lockstock
