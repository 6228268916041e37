#pragma once
// A Redis reply as a plain value. hiredis replies are converted into this
// type at once (see RedisReply.cpp), so no hiredis memory escapes the wrapper.

#include <QByteArray>
#include <QList>
#include <QString>

namespace lockstock {

class RedisValue {
public:
    enum class Type : quint8 { Nil, Status, Error, Integer, String, Array };

    RedisValue() = default;
    static RedisValue nil() { return {}; }
    static RedisValue status(QByteArray s) { return RedisValue(Type::Status, std::move(s)); }
    static RedisValue error(QByteArray s) { return RedisValue(Type::Error, std::move(s)); }
    static RedisValue string(QByteArray s) { return RedisValue(Type::String, std::move(s)); }
    static RedisValue integer(long long v) { RedisValue r; r.m_type = Type::Integer; r.m_int = v; return r; }
    static RedisValue array(QList<RedisValue> items) { RedisValue r; r.m_type = Type::Array; r.m_items = std::move(items); return r; }

    Type type() const { return m_type; }
    bool isNil() const { return m_type == Type::Nil; }
    bool isError() const { return m_type == Type::Error; }
    bool isInteger() const { return m_type == Type::Integer; }
    bool isString() const { return m_type == Type::String; }
    bool isArray() const { return m_type == Type::Array; }
    // "+OK" and friends.
    bool isStatus(const char *s) const { return m_type == Type::Status && m_bytes == s; }

    long long toInteger() const { return m_int; }
    // Bytes of a string, status or error reply.
    const QByteArray &bytes() const { return m_bytes; }
    const QList<RedisValue> &items() const { return m_items; }

    // An integer reply, or a string reply holding an integer (GET of a counter).
    // Returns false for nil and for anything that is not a number.
    bool readInteger(long long &out) const;

    // How redis-cli would print it on one line: (nil), OK, (integer) 1, "99", (error) ERR ...
    QString display() const;

    bool operator==(const RedisValue &o) const = default;

private:
    RedisValue(Type t, QByteArray b) : m_type(t), m_bytes(std::move(b)) {}
    Type m_type = Type::Nil;
    long long m_int = 0;
    QByteArray m_bytes;
    QList<RedisValue> m_items;
};

} // namespace lockstock
