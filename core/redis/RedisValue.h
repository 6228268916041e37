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
    static RedisValue integer(long long v) { RedisValue r; r.m_type = Type::Integer; r.m_payload.integer = v; return r; }
    static RedisValue array(QList<RedisValue> items);

    RedisValue(const RedisValue &other);
    RedisValue(RedisValue &&other) noexcept;
    RedisValue &operator=(RedisValue other) noexcept;
    ~RedisValue();

    Type type() const { return m_type; }
    bool isNil() const { return m_type == Type::Nil; }
    bool isError() const { return m_type == Type::Error; }
    bool isInteger() const { return m_type == Type::Integer; }
    bool isString() const { return m_type == Type::String; }
    bool isArray() const { return m_type == Type::Array; }
    // "+OK" and friends.
    bool isStatus(const char *s) const { return m_type == Type::Status && m_bytes == s; }

    long long toInteger() const { return m_type == Type::Array ? 0 : m_payload.integer; }
    // Bytes of a string, status or error reply.
    const QByteArray &bytes() const { return m_bytes; }
    // The elements of an array reply; empty for anything else.
    const QList<RedisValue> &items() const;

    // An integer reply, or a string reply holding an integer (GET of a counter).
    // Returns false for nil and for anything that is not a number.
    bool readInteger(long long &out) const;

    // How redis-cli would print it on one line: (nil), OK, (integer) 1, "99", (error) ERR ...
    QString display() const;

    bool operator==(const RedisValue &o) const;

private:
    RedisValue(Type t, QByteArray b) : m_bytes(std::move(b)), m_type(t) {}
    QByteArray m_bytes;
    // An integer reply has no elements and an array no integer, so they share
    // one word: every recorded Event holds a reply, and stress runs record
    // hundreds of thousands.
    union Payload {
        long long integer;
        QList<RedisValue> *items;  // owned; set only for Type::Array
    } m_payload{.integer = 0};
    Type m_type = Type::Nil;
};

} // namespace lockstock
