#include "RedisConnection.h"

#include "RedisError.h"
#include "RedisReply.h"
#include "RedisScript.h"

#include <QStringList>
#include <hiredis/hiredis.h>

#include <cerrno>
#include <csignal>
#include <poll.h>
#include <vector>

namespace lockstock {

namespace {
timeval toTimeval(int ms)
{
    return timeval{ms / 1000, (ms % 1000) * 1000};
}

std::string str(const QString &s)
{
    return s.toStdString();
}

// hiredis writes with write(2), not send(MSG_NOSIGNAL): a server that dies
// between our commands would kill the whole process with SIGPIPE instead of
// failing one command with EPIPE. Done once, before the first socket exists.
void ignoreSigpipe()
{
    static const bool done = [] { return std::signal(SIGPIPE, SIG_IGN) != SIG_ERR; }();
    (void)done;
}
} // namespace

void RedisConnection::ContextDeleter::operator()(redisContext *c) const
{
    redisFree(c);
}

RedisConnection::RedisConnection(const RedisEndpoint &endpoint)
    : RedisConnection(endpoint, Options{})
{
}

RedisConnection::RedisConnection(const RedisEndpoint &endpoint, const Options &options)
    : m_endpoint(endpoint)
{
    ignoreSigpipe();
    const timeval connectTimeout = toTimeval(options.connectTimeoutMs);
    redisContext *c = endpoint.unixSocket.isEmpty()
        ? redisConnectWithTimeout(endpoint.host.toUtf8().constData(), endpoint.port, connectTimeout)
        : redisConnectUnixWithTimeout(endpoint.unixSocket.toUtf8().constData(), connectTimeout);
    if (!c)
        throw RedisConnectionError("cannot connect to Redis at " + str(endpoint.display()) + ": out of memory");
    m_context.reset(c);
    if (c->err)
        throw RedisConnectionError("cannot connect to Redis at " + str(endpoint.display()) + ": " + c->errstr);
    redisSetTimeout(c, toTimeval(options.commandTimeoutMs));

    if (!endpoint.password.isEmpty()) {
        Argv auth{"AUTH"};
        if (!endpoint.username.isEmpty())
            auth << endpoint.username;
        auth << endpoint.password;
        const RedisValue r = command(auth);
        if (r.isError())
            throw RedisAuthError("Redis at " + str(endpoint.display()) + " refused the password: "
                                 + r.bytes().toStdString());
    }
    const RedisValue pong = command({"PING"});
    if (pong.isError() && pong.bytes().startsWith("NOAUTH"))
        throw RedisAuthError("Redis at " + str(endpoint.display())
                             + " requires a password (use --password or REDISCLI_AUTH)");
    if (!pong.isStatus("PONG"))
        throw RedisProtocolError("the server at " + str(endpoint.display())
                                 + " does not look like Redis (PING answered " + pong.display().toStdString() + ")");
    if (!options.clientName.isEmpty())
        command({"CLIENT", "SETNAME", options.clientName});
}

RedisConnection::~RedisConnection() = default;
RedisConnection::RedisConnection(RedisConnection &&) noexcept = default;
RedisConnection &RedisConnection::operator=(RedisConnection &&) noexcept = default;

void RedisConnection::fail(const char *what)
{
    redisContext *c = m_context.get();
    const std::string where = " (Redis at " + str(m_endpoint.display()) + ")";
    if (c->err == REDIS_ERR_IO && (errno == EAGAIN || errno == EWOULDBLOCK || errno == ETIMEDOUT))
        throw RedisTimeoutError(std::string(what) + ": no answer within the command timeout" + where);
    if (c->err == REDIS_ERR_PROTOCOL)
        throw RedisProtocolError(std::string(what) + ": the peer does not speak the Redis protocol" + where);
    // A reset is the same event as an EOF seen a little later: the server
    // (or a CLIENT KILL) dropped us while our request was in flight.
    if (c->err == REDIS_ERR_EOF || (c->err == REDIS_ERR_IO && (errno == ECONNRESET || errno == EPIPE)))
        throw RedisConnectionError(std::string(what) + ": the server closed the connection" + where);
    throw RedisConnectionError(std::string(what) + ": " + c->errstr + where);
}

void RedisConnection::send(const Argv &argv)
{
    if (m_context->err)
        fail("connection is broken");
    std::vector<const char *> ptrs;
    std::vector<size_t> lens;
    ptrs.reserve(size_t(argv.size()));
    lens.reserve(size_t(argv.size()));
    for (const QByteArray &a : argv) {
        ptrs.push_back(a.constData());
        lens.push_back(size_t(a.size()));
    }
    if (redisAppendCommandArgv(m_context.get(), int(argv.size()), ptrs.data(), lens.data()) != REDIS_OK)
        fail("sending a command failed");
}

RedisValue RedisConnection::receive()
{
    void *raw = nullptr;
    if (redisGetReply(m_context.get(), &raw) != REDIS_OK || !raw)
        fail("reading a reply failed");
    const RedisReplyPtr reply = adoptReply(raw);
    return toValue(reply.get());
}

RedisValue RedisConnection::command(const Argv &argv)
{
    send(argv);
    RedisValue reply = receive();
    if (reply.isError() && reply.bytes().startsWith("NOSCRIPT") && argv.size() > 1
        && argv.first().compare("EVALSHA", Qt::CaseInsensitive) == 0) {
        const QByteArray source = RedisScript::sourceFor(argv.at(1));
        if (!source.isEmpty()) {
            send({"SCRIPT", "LOAD", source});
            if (const RedisValue loaded = receive(); loaded.isError())
                return loaded;
            send(argv);
            reply = receive();
        }
    }
    return reply;
}

QList<RedisValue> RedisConnection::pipeline(const QList<Argv> &commands)
{
    for (const Argv &argv : commands)
        send(argv);
    QList<RedisValue> replies;
    replies.reserve(commands.size());
    for (qsizetype i = 0; i < commands.size(); ++i)
        replies.append(receive());
    return replies;
}

void RedisConnection::post(const Argv &argv)
{
    send(argv);
    for (int done = 0; !done;)
        if (redisBufferWrite(m_context.get(), &done) != REDIS_OK)
            fail("sending a command failed");
}

bool RedisConnection::replyArrived(int ms)
{
    pollfd p{m_context->fd, POLLIN, 0};
    return ::poll(&p, 1, ms) > 0;
}

QString displayArgv(const Argv &argv)
{
    QStringList parts;
    for (const QByteArray &a : argv) {
        QString s = QString::fromUtf8(a);
        // Lua sources and other long arguments would swamp a timeline label.
        if (s.contains(QLatin1Char('\n')) || s.size() > 48)
            s = QStringLiteral("\"%1…\"").arg(s.simplified().left(24));
        else if (s.isEmpty() || s.contains(QLatin1Char(' ')))
            s = QLatin1Char('"') + s + QLatin1Char('"');
        parts << s;
    }
    return parts.join(QLatin1Char(' '));
}

} // namespace lockstock
