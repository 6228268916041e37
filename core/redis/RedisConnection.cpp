#include "RedisConnection.h"

#include "RedisError.h"
#include "RedisReply.h"
#include "RedisScript.h"

#include <QStringList>
#include <hiredis/hiredis.h>

#include <array>
#include <cctype>
#include <charconv>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <string_view>
#include <poll.h>
#include <unistd.h>

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

// hiredis allocates an array's element pointers as soon as it reads the
// header: "*1000000000" alone would ask for 8 GB. No LockStock reply has
// more than a few thousand elements.
constexpr int kMaxReplyElements = 1 << 20;
thread_local bool tooManyElements = false;
void *(*defaultCreateArray)(const redisReadTask *, int) = nullptr;

void *createArrayWithinLimit(const redisReadTask *task, int elements)
{
    if (elements > kMaxReplyElements) {
        tooManyElements = true;
        return nullptr; // hiredis fails the read as out of memory
    }
    return defaultCreateArray(task, elements);
}

redisReplyObjectFunctions *limitedReplyFunctions()
{
    static redisReplyObjectFunctions functions = [] {
        redisReader *reader = redisReaderCreate();
        redisReplyObjectFunctions f = *reader->fn;
        redisReaderFree(reader);
        defaultCreateArray = f.createArray;
        f.createArray = createArrayWithinLimit;
        return f;
    }();
    return &functions;
}

// A command's name in capitals, when it is short enough to be one that
// changes the session (none has more than 11 letters); else empty.
std::string_view upperName(const Argv &argv, std::array<char, 12> &buffer)
{
    if (argv.isEmpty() || argv.first().size() > qsizetype(buffer.size()))
        return {};
    const QByteArray &name = argv.first();
    for (qsizetype i = 0; i < name.size(); ++i)
        buffer[size_t(i)] = char(std::toupper(static_cast<unsigned char>(name.at(i))));
    return {buffer.data(), size_t(name.size())};
}

// Commands after which the connection is not what a new one would be, in a
// way EXEC, DISCARD or UNWATCH do not undo.
bool changesSession(std::string_view name, const Argv &argv)
{
    if (name == "CLIENT") {
        // CLIENT REPLY, TRACKING, NO-EVICT… do; these only look or name.
        for (const char *sub : {"SETNAME", "GETNAME", "ID", "INFO", "LIST"})
            if (argv.size() > 1 && argv.at(1).compare(sub, Qt::CaseInsensitive) == 0)
                return false;
        return true;
    }
    for (std::string_view changing : {"SUBSCRIBE", "PSUBSCRIBE", "SSUBSCRIBE", "MONITOR", "SELECT", "SWAPDB", "HELLO",
                                      "READONLY", "READWRITE", "AUTH", "QUIT", "RESET"})
        if (name == changing)
            return true;
    return false;
}

QString megabytes(qint64 bytes)
{
    return QStringLiteral("%1 MiB").arg(double(bytes) / (1 << 20), 0, 'g', 3);
}
} // namespace

// The one deadline of a call, on the monotonic clock.
class RedisConnection::Deadline {
public:
    explicit Deadline(int ms)
        : m_at(std::chrono::steady_clock::now() + std::chrono::milliseconds(ms))
    {
    }
    // What is left, rounded up to whole milliseconds; 0 once it passed.
    int remainingMs() const
    {
        const auto left = m_at - std::chrono::steady_clock::now();
        if (left <= std::chrono::steady_clock::duration::zero())
            return 0;
        return int(std::chrono::ceil<std::chrono::milliseconds>(left).count());
    }

private:
    std::chrono::steady_clock::time_point m_at;
};

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
    , m_options(options)
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
    c->reader->fn = limitedReplyFunctions();
    setSocketTimeout(options.commandTimeoutMs);

    // A server at its maxclients limit says so instead of answering.
    auto refusedForLimit = [&](const RedisValue &r) {
        if (r.isError() && r.bytes().startsWith("ERR max number of clients reached"))
            throw RedisRefusedError("Redis at " + str(endpoint.display())
                                    + " refused the connection at its maxclients limit (" + r.bytes().toStdString()
                                    + "): raise maxclients or run fewer clients");
    };
    if (!endpoint.password.isEmpty()) {
        Argv auth{"AUTH"};
        if (!endpoint.username.isEmpty())
            auth << endpoint.username;
        auth << endpoint.password;
        const RedisValue r = command(auth);
        refusedForLimit(r);
        if (r.isError())
            throw RedisAuthError("Redis at " + str(endpoint.display()) + " refused the password: "
                                 + r.bytes().toStdString());
    }
    const RedisValue pong = command({"PING"});
    refusedForLimit(pong);
    if (pong.isError() && pong.bytes().startsWith("NOAUTH"))
        throw RedisAuthError("Redis at " + str(endpoint.display())
                             + " requires a password (use --password or REDISCLI_AUTH)");
    if (!pong.isStatus("PONG"))
        throw RedisProtocolError("the server at " + str(endpoint.display())
                                 + " does not look like Redis (PING answered " + pong.display().toStdString() + ")");
    if (!options.clientName.isEmpty())
        command({"CLIENT", "SETNAME", options.clientName}); // a name is a courtesy: a refusal changes nothing
    m_session = {}; // AUTH and the name are what a new connection is
}

RedisConnection::~RedisConnection() = default;
RedisConnection::RedisConnection(RedisConnection &&) noexcept = default;
RedisConnection &RedisConnection::operator=(RedisConnection &&) noexcept = default;

void RedisConnection::broken(const std::string &message)
{
    m_broken = message;
    throw RedisConnectionError(message);
}

void RedisConnection::fail(const char *what)
{
    redisContext *c = m_context.get();
    const std::string where = " (Redis at " + str(m_endpoint.display()) + ")";
    std::string message;
    if (c->err == REDIS_ERR_OOM && tooManyElements) {
        tooManyElements = false;
        m_broken = std::string(what) + ": the reply has more than " + std::to_string(kMaxReplyElements)
            + " elements, more than any LockStock command expects" + where;
        throw RedisProtocolError(m_broken);
    }
    if (c->err == REDIS_ERR_IO && (errno == EAGAIN || errno == EWOULDBLOCK))
        timedOut(what);
    if (c->err == REDIS_ERR_PROTOCOL) {
        m_broken = std::string(what) + ": the peer does not speak the Redis protocol" + where;
        throw RedisProtocolError(m_broken);
    }
    // A reset is the same event as an EOF seen a little later: the server
    // (or a CLIENT KILL) dropped us while our request was in flight.
    if (c->err == REDIS_ERR_EOF || (c->err == REDIS_ERR_IO && (errno == ECONNRESET || errno == EPIPE)))
        broken(std::string(what) + ": the server closed the connection" + where);
    broken(std::string(what) + ": " + c->errstr + where);
}

void RedisConnection::timedOut(const char *what)
{
    m_broken = std::string(what) + ": no answer within the command timeout of " + std::to_string(m_options.commandTimeoutMs)
        + " ms (Redis at " + str(m_endpoint.display()) + ")";
    throw RedisTimeoutError(m_broken);
}

void RedisConnection::setSocketTimeout(int ms)
{
    // SO_RCVTIMEO/SO_SNDTIMEO: 0 would mean no timeout at all.
    ms = std::max(1, ms);
    if (ms == m_socketTimeoutMs)
        return;
    if (redisSetTimeout(m_context.get(), toTimeval(ms)) != REDIS_OK)
        fail("setting the command timeout failed");
    m_socketTimeoutMs = ms;
}

void RedisConnection::keepWithin(const Deadline &deadline, const char *what)
{
    // A read or write blocks at most the socket's timeout: once the call has
    // used part of its time, the next one gets only what is left. Within a
    // few milliseconds of it no syscall is spent on this: a command answered
    // by one read (nearly all) costs a write and a read.
    const int left = deadline.remainingMs();
    if (left <= 0)
        timedOut(what);
    if (left < m_socketTimeoutMs - kTimeoutSlackMs)
        setSocketTimeout(left);
}

void RedisConnection::Session::sent(const Argv &argv)
{
    ++unread;
    std::array<char, 12> buffer;
    const std::string_view name = upperName(argv, buffer);
    if (name == "MULTI") {
        transaction = true;
    } else if (name == "EXEC" || name == "DISCARD") {
        transaction = false;
        watching = false;
    } else if (name == "WATCH") {
        watching = true;
    } else if (name == "UNWATCH") {
        watching = false;
    } else if (changesSession(name, argv)) {
        changed = true;
    }
}

bool RedisConnection::isPlain() const
{
    return m_broken.empty() && m_session.plain() && !m_session.watching;
}

bool RedisConnection::staysPlainAfter(const Argv &argv) const
{
    Session after = m_session;
    after.sent(argv);
    --after.unread; // its own reply is read with those pipelined after it
    return m_broken.empty() && after.plain();
}

void RedisConnection::append(const Argv &argv)
{
    if (!m_broken.empty())
        throw RedisConnectionError("the connection is broken: " + m_broken);
    m_session.sent(argv);
    // Written here rather than by hiredis, which formats each argument with
    // sdscatfmt: a tenth of an explored run's time went there.
    m_request.clear();
    const auto header = [this](char type, size_t n) {
        char digits[24];
        const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
        m_request += type;
        m_request.append(digits, size_t(end - digits));
        m_request += "\r\n";
    };
    header('*', size_t(argv.size()));
    for (const QByteArray &a : argv) {
        header('$', size_t(a.size()));
        m_request.append(a.constData(), size_t(a.size()));
        m_request += "\r\n";
    }
    if (redisAppendFormattedCommand(m_context.get(), m_request.data(), m_request.size()) != REDIS_OK)
        fail("sending a command failed");
}

void RedisConnection::flush(const Deadline &deadline)
{
    for (int done = 0; !done;) {
        keepWithin(deadline, "sending a command failed");
        if (redisBufferWrite(m_context.get(), &done) != REDIS_OK)
            fail("sending a command failed");
    }
}

RedisValue RedisConnection::receive(const Deadline &deadline)
{
    redisContext *c = m_context.get();
    qint64 received = 0;
    for (;;) {
        void *raw = nullptr;
        if (redisGetReplyFromReader(c, &raw) != REDIS_OK)
            fail("reading a reply failed");
        if (raw) {
            --m_session.unread;
            return toValue(adoptReply(raw).get());
        }
        keepWithin(deadline, "reading a reply failed");
        char buffer[16 * 1024];
        const ssize_t n = ::read(c->fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            timedOut("reading a reply failed");
        if (n == 0 || (n < 0 && errno == ECONNRESET))
            broken("reading a reply failed: the server closed the connection (Redis at " + str(m_endpoint.display()) + ")");
        if (n < 0)
            broken(std::string("reading a reply failed: ") + std::strerror(errno) + " (Redis at " + str(m_endpoint.display()) + ")");
        received += n;
        if (received > m_options.maxReplyBytes) {
            m_broken = "reading a reply failed: the reply is larger than "
                + megabytes(m_options.maxReplyBytes).toStdString()
                + ", more than any LockStock command expects (Redis at " + str(m_endpoint.display()) + ")";
            throw RedisProtocolError(m_broken);
        }
        if (redisReaderFeed(c->reader, buffer, size_t(n)) != REDIS_OK)
            fail("reading a reply failed");
    }
}

RedisValue RedisConnection::exchange(const Argv &argv, const Deadline &deadline)
{
    append(argv);
    flush(deadline);
    return receive(deadline);
}

RedisValue RedisConnection::command(const Argv &argv)
{
    setSocketTimeout(m_options.commandTimeoutMs);
    const Deadline deadline(m_options.commandTimeoutMs);
    RedisValue reply = exchange(argv, deadline);
    if (reply.isError() && reply.bytes().startsWith("NOSCRIPT") && argv.size() > 1
        && argv.first().compare("EVALSHA", Qt::CaseInsensitive) == 0) {
        const QByteArray source = RedisScript::sourceFor(argv.at(1));
        if (!source.isEmpty()) {
            if (const RedisValue loaded = exchange({"SCRIPT", "LOAD", source}, deadline); loaded.isError())
                return loaded;
            reply = exchange(argv, deadline);
        }
    }
    return reply;
}

QList<RedisValue> RedisConnection::pipeline(const QList<Argv> &commands)
{
    setSocketTimeout(m_options.commandTimeoutMs);
    const Deadline deadline(m_options.commandTimeoutMs);
    for (const Argv &argv : commands)
        append(argv);
    flush(deadline);
    QList<RedisValue> replies;
    replies.reserve(commands.size());
    for (qsizetype i = 0; i < commands.size(); ++i)
        replies.append(receive(deadline));
    return replies;
}

void RedisConnection::post(const Argv &argv)
{
    setSocketTimeout(m_options.commandTimeoutMs);
    append(argv);
    flush(Deadline(m_options.commandTimeoutMs));
}

bool RedisConnection::replyArrived(int ms)
{
    // A reply read along with an earlier one (pub/sub messages come in
    // bursts) waits in hiredis's buffer, not in the socket.
    if (const redisReader *r = m_context->reader; r && r->len > r->pos)
        return true;
    pollfd p{m_context->fd, POLLIN, 0};
    return ::poll(&p, 1, ms) > 0;
}

RedisValue RedisConnection::takeReply()
{
    setSocketTimeout(m_options.commandTimeoutMs);
    return receive(Deadline(m_options.commandTimeoutMs));
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
