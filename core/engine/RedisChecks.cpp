#include "RedisChecks.h"

#include "../redis/RedisError.h"
#include "../redis/RedisScript.h"

#include <QRegularExpression>

namespace lockstock {

namespace {
// Writes from a script: EVALSHA must exist under its name and may write.
const RedisScript preflightScript(R"lua(
return redis.call('PEXPIRE', KEYS[1], ARGV[1])
)lua");

std::string where(const RedisConnection &c)
{
    return c.endpoint().display().toStdString();
}

// A field of CONFIG GET's or INFO's answer, or -1 when the server keeps it to itself.
qint64 maxClients(RedisConnection &c)
{
    const RedisValue r = c.command({"CONFIG", "GET", "maxclients"});
    long long n = -1;
    if (r.isArray() && r.items().size() == 2 && r.items().at(1).readInteger(n))
        return n;
    return -1;
}

qint64 connectedClients(RedisConnection &c)
{
    static const QRegularExpression field(QStringLiteral("connected_clients:(\\d+)"));
    const RedisValue r = c.command({"INFO", "clients"});
    const QRegularExpressionMatch m = field.match(QString::fromLatin1(r.bytes()));
    return r.isString() && m.hasMatch() ? m.captured(1).toLongLong() : -1;
}
} // namespace

bool isRefusal(const RedisValue &reply)
{
    return reply.isError() && !reply.bytes().startsWith("STALE ");
}

std::string refusalMessage(const RedisEndpoint &endpoint, const Argv &argv, const RedisValue &reply)
{
    return "Redis at " + endpoint.display().toStdString() + " refused " + displayArgv(argv).toStdString() + ": "
        + reply.bytes().toStdString();
}

namespace {
const RedisValue &checked(const RedisConnection &c, const Argv &argv, const RedisValue &r, RedisValue::Type expected,
                          const char *status)
{
    if (r.isError())
        throw RedisRefusedError(refusalMessage(c.endpoint(), argv, r), r.bytes().toStdString());
    if (r.type() != expected || (status && !r.isStatus(status)))
        throw RedisProtocolError("the server at " + where(c) + " does not behave like Redis: "
                                 + displayArgv(argv).toStdString() + " answered " + r.display().toStdString());
    return r;
}
} // namespace

RedisValue expectReply(RedisConnection &c, const Argv &argv, RedisValue::Type expected, const char *status)
{
    return checked(c, argv, c.command(argv), expected, status);
}

QList<RedisValue> expectReplies(RedisConnection &c, const QList<ExpectedReply> &commands, const QList<Argv> &then)
{
    QList<Argv> argvs;
    for (const ExpectedReply &e : commands)
        argvs << e.argv;
    QList<RedisValue> replies = c.pipeline(argvs + then);
    for (qsizetype i = 0; i < commands.size(); ++i)
        checked(c, commands.at(i).argv, replies.at(i), commands.at(i).type, commands.at(i).status);
    return replies.mid(commands.size());
}

void preflight(RedisConnection &c, const QByteArray &key, int connections)
{
    using Type = RedisValue::Type;
    auto expectInteger = [&c](const Argv &argv, long long value) {
        const RedisValue r = expectReply(c, argv, Type::Integer);
        if (r.toInteger() != value)
            throw RedisProtocolError("the server at " + where(c) + " does not behave like Redis: "
                                     + displayArgv(argv).toStdString() + " answered " + r.display().toStdString()
                                     + " (expected " + std::to_string(value) + ")");
    };
    expectReply(c, {"SET", key, "preflight", "PX", "60000"}, Type::Status, "OK");
    expectInteger({"EVALSHA", preflightScript.sha(), "1", key, "60000"}, 1);
    expectInteger({"DEL", key}, 1);
    expectInteger({"PTTL", key}, -2);

    const qint64 limit = maxClients(c);
    const qint64 connected = connectedClients(c);
    if (limit > 0 && connected >= 0 && connected + connections > limit)
        throw RedisRefusedError("Redis at " + where(c) + " allows " + std::to_string(limit) + " clients (maxclients) and has "
                                + std::to_string(connected) + " connected; this run needs " + std::to_string(connections)
                                + " more connections (one per client): raise maxclients or run fewer clients");
}

} // namespace lockstock
