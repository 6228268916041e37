#include "HiredisLoop.h"

#include <hiredis/hiredis.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <latch>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace lockstock::bench {

namespace {
using Clock = std::chrono::steady_clock;

struct ContextFree {
    void operator()(redisContext *c) const { redisFree(c); }
};
struct ReplyFree {
    void operator()(redisReply *r) const { freeReplyObject(r); }
};
using Context = std::unique_ptr<redisContext, ContextFree>;
using Reply = std::unique_ptr<redisReply, ReplyFree>;

Context connectTo(const RedisEndpoint &e)
{
    Context c(e.unixSocket.isEmpty() ? redisConnect(e.host.toUtf8().constData(), e.port)
                                     : redisConnectUnix(e.unixSocket.toUtf8().constData()));
    if (!c || c->err)
        throw std::runtime_error("hiredis loop: cannot connect: " + std::string(c ? c->errstr : "out of memory"));
    if (!e.password.isEmpty()) {
        Reply r(static_cast<redisReply *>(redisCommand(c.get(), "AUTH %b", e.password.constData(), size_t(e.password.size()))));
        if (!r || r->type == REDIS_REPLY_ERROR)
            throw std::runtime_error("hiredis loop: AUTH failed");
    }
    return c;
}

Reply send(redisContext *c, std::initializer_list<std::pair<const char *, size_t>> args)
{
    const char *argv[8];
    size_t lens[8];
    int n = 0;
    for (const auto &[p, len] : args) {
        argv[n] = p;
        lens[n++] = len;
    }
    Reply r(static_cast<redisReply *>(redisCommandArgv(c, n, argv, lens)));
    if (!r)
        throw std::runtime_error(std::string("hiredis loop: ") + c->errstr);
    if (r->type == REDIS_REPLY_ERROR)
        throw std::runtime_error(std::string("hiredis loop: ") + r->str);
    return r;
}

std::pair<const char *, size_t> arg(const QByteArray &b)
{
    return {b.constData(), size_t(b.size())};
}
std::pair<const char *, size_t> arg(const char *s)
{
    return {s, std::char_traits<char>::length(s)};
}
} // namespace

LoopRun hiredisLoop(const RedisEndpoint &endpoint, const Keys &keys, Work work, int clients, int operations)
{
    std::vector<Context> contexts;
    for (int i = 0; i < clients; ++i)
        contexts.push_back(connectTo(endpoint));
    std::latch ready(clients + 1);
    std::atomic<qint64> failed{0};
    std::vector<Clock::time_point> ends(static_cast<size_t>(clients));
    std::vector<std::string> errors(static_cast<size_t>(clients));
    std::vector<std::thread> threads;
    for (int i = 0; i < clients; ++i) {
        const int mine = operations / clients + (i < operations % clients ? 1 : 0);
        threads.emplace_back([&, i, mine] {
            redisContext *c = contexts[size_t(i)].get();
            std::minstd_rand random(std::random_device{}());
            char token[48];
            quint32 counter = 0;
            ready.arrive_and_wait();
            try {
                for (int op = 0; op < mine; ++op) {
                    if (work == Work::LuaDecrement) {
                        send(c, {arg("EVALSHA"), arg(keys.decrementSha), arg("1"), arg(keys.stock), arg("1")});
                        continue;
                    }
                    // A fresh token per attempt, as LockStock's clients make one.
                    int len = 0;
                    for (;;) {
                        len = std::snprintf(token, sizeof token, "C%d-%u-%04x", i + 1, ++counter, unsigned(random() & 0xffff));
                        const Reply set = send(c, {arg("SET"), arg(keys.lock), {token, size_t(len)}, arg("NX"), arg("PX"), arg("10000")});
                        if (set->type == REDIS_REPLY_STATUS)
                            break;
                        failed.fetch_add(1, std::memory_order_relaxed);
                    }
                    send(c, {arg("EVALSHA"), arg(keys.releaseSha), arg("1"), arg(keys.lock), {token, size_t(len)}});
                }
            } catch (const std::exception &e) {
                errors[size_t(i)] = e.what();
            }
            ends[size_t(i)] = Clock::now();
        });
    }
    ready.arrive_and_wait();
    const Clock::time_point start = Clock::now();
    for (std::thread &t : threads)
        t.join();
    for (const std::string &e : errors)
        if (!e.empty())
            throw std::runtime_error(e);
    Clock::time_point end = start;
    for (const Clock::time_point &t : ends)
        end = std::max(end, t);
    LoopRun run;
    run.seconds = std::chrono::duration<double>(end - start).count();
    run.operations = operations;
    run.failedAttempts = failed.load();
    return run;
}

struct HiredisCommands::Connection {
    Context context;
};

HiredisCommands::HiredisCommands(const RedisEndpoint &endpoint) : m_connection(new Connection{connectTo(endpoint)}) {}

HiredisCommands::~HiredisCommands() = default;

void HiredisCommands::send(const QList<QList<QByteArray>> &commands, int times)
{
    // The arguments' pointers and lengths laid out once, as a client that
    // had them at hand would.
    std::vector<std::vector<const char *>> argv;
    std::vector<std::vector<size_t>> lengths;
    for (const QList<QByteArray> &command : commands) {
        argv.emplace_back();
        lengths.emplace_back();
        for (const QByteArray &a : command) {
            argv.back().push_back(a.constData());
            lengths.back().push_back(size_t(a.size()));
        }
    }
    redisContext *c = m_connection->context.get();
    for (int t = 0; t < times; ++t)
        for (size_t i = 0; i < argv.size(); ++i)
            if (!Reply(static_cast<redisReply *>(redisCommandArgv(c, int(argv[i].size()), argv[i].data(), lengths[i].data()))))
                throw std::runtime_error(std::string("hiredis commands: ") + c->errstr);
}

} // namespace lockstock::bench
