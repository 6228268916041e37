#include "CommandAccess.h"

#include "RedisScript.h"

#include <QHash>

#include <algorithm>
#include <cctype>

namespace lockstock {

namespace {
enum class Keys : quint8 {
    None,    // touches no key (PING, ASKING, INFO...)
    First,   // the first argument
    All,     // every argument (DEL, EXISTS, WATCH)
};
struct Known {
    Keys keys;
    bool write;
    bool clock;
};

const QHash<QByteArray, Known> &knownCommands()
{
    static const QHash<QByteArray, Known> table{
        {"GET", {Keys::First, false, false}},      {"STRLEN", {Keys::First, false, false}},
        {"EXISTS", {Keys::All, false, false}},     {"TYPE", {Keys::First, false, false}},
        {"MGET", {Keys::All, false, false}},       {"HGET", {Keys::First, false, false}},
        {"HEXISTS", {Keys::First, false, false}},  {"HGETALL", {Keys::First, false, false}},
        {"HKEYS", {Keys::First, false, false}},    {"SISMEMBER", {Keys::First, false, false}},
        {"SMEMBERS", {Keys::First, false, false}}, {"TTL", {Keys::First, false, true}},
        {"PTTL", {Keys::First, false, true}},      {"EXPIRETIME", {Keys::First, false, true}},
        {"PEXPIRETIME", {Keys::First, false, true}},
        {"SETNX", {Keys::First, true, false}},     {"GETSET", {Keys::First, true, false}},
        {"GETDEL", {Keys::First, true, false}},    {"APPEND", {Keys::First, true, false}},
        {"INCR", {Keys::First, true, false}},      {"INCRBY", {Keys::First, true, false}},
        {"DECR", {Keys::First, true, false}},      {"DECRBY", {Keys::First, true, false}},
        {"INCRBYFLOAT", {Keys::First, true, false}}, {"HSET", {Keys::First, true, false}},
        {"HSETNX", {Keys::First, true, false}},    {"HINCRBY", {Keys::First, true, false}},
        {"HDEL", {Keys::First, true, false}},      {"SADD", {Keys::First, true, false}},
        {"SREM", {Keys::First, true, false}},      {"DEL", {Keys::All, true, false}},
        {"UNLINK", {Keys::All, true, false}},      {"EXPIRE", {Keys::First, true, true}},
        {"PEXPIRE", {Keys::First, true, true}},    {"EXPIREAT", {Keys::First, true, true}},
        {"PEXPIREAT", {Keys::First, true, true}},  {"PERSIST", {Keys::First, true, true}},
        {"GETEX", {Keys::First, true, true}},      {"PING", {Keys::None, false, false}},
        {"ECHO", {Keys::None, false, false}},      {"ASKING", {Keys::None, false, false}},
        {"READONLY", {Keys::None, false, false}},  {"INFO", {Keys::None, false, false}},
        // The connection's own state: what it changes shows at EXEC.
        {"MULTI", {Keys::None, false, false}},     {"UNWATCH", {Keys::None, false, false}},
        {"DISCARD", {Keys::None, false, false}},
    };
    return table;
}

bool isScriptCall(const QByteArray &name)
{
    return name == "EVAL" || name == "EVALSHA" || name == "EVAL_RO" || name == "EVALSHA_RO" || name == "FCALL"
        || name == "FCALL_RO";
}

// A script that sets or reads an expiry, or reads the time. One we cannot
// read (an unknown SHA1, a function) is taken to.
bool scriptUsesClock(const QByteArray &name, const QByteArray &body)
{
    QByteArray source = body;
    if (name.startsWith("EVALSHA"))
        source = RedisScript::sourceFor(body);
    else if (name.startsWith("FCALL"))
        source.clear();
    if (source.isEmpty())
        return true;
    const QByteArray upper = source.toUpper();
    return upper.contains("EXPIRE") || upper.contains("TTL") || upper.contains("TIME") || upper.contains("'PX'")
        || upper.contains("'EX'") || upper.contains("\"PX\"") || upper.contains("\"EX\"");
}
} // namespace

CommandAccess commandAccess(const Argv &argv)
{
    CommandAccess out;
    if (argv.isEmpty())
        return out;
    // Upper-cased on the stack: a command name is short, and this runs for every command of a stepped run.
    char buffer[24];
    const QByteArray &first = argv.first();
    const bool fits = first.size() <= qsizetype(sizeof buffer);
    if (fits)
        std::transform(first.begin(), first.end(), buffer, [](char ch) { return char(std::toupper(uchar(ch))); });
    const QByteArray name = fits ? QByteArray::fromRawData(buffer, first.size()) : first.toUpper();
    if (name == "SET") {
        // SET key value [NX|XX] [GET] [EX s|PX ms|EXAT|PXAT|KEEPTTL]
        out.writes << argv.value(1);
        for (qsizetype i = 3; i < argv.size() && !out.clock; ++i)
            for (const char *option : {"EX", "PX", "EXAT", "PXAT", "KEEPTTL"})
                out.clock = out.clock || argv.at(i).compare(option, Qt::CaseInsensitive) == 0;
        return out;
    }
    if (isScriptCall(name)) {
        bool ok = false;
        const qsizetype count = argv.value(2).toLongLong(&ok);
        if (!ok || count < 0 || 3 + count > argv.size()) {
            out.everyKey = true;
            out.clock = true;
            return out;
        }
        out.writes = argv.mid(3, count);
        out.clock = scriptUsesClock(name, argv.value(1));
        return out;
    }
    if (name == "WATCH") {
        out.reads = argv.mid(1);
        return out;
    }
    if (name == "EXEC" || name == "WAIT") {
        // EXEC: what was queued (the reader adds it); WAIT: ends by the clock.
        out.clock = true;
        out.runsQueued = name == "EXEC";
        return out;
    }
    const auto known = knownCommands().constFind(name);
    if (known == knownCommands().constEnd()) {
        out.everyKey = true;
        out.clock = true;
        return out;
    }
    QList<QByteArray> keys;
    if (known->keys == Keys::First)
        keys << argv.value(1);
    else if (known->keys == Keys::All)
        keys = argv.mid(1);
    (known->write ? out.writes : out.reads) = keys;
    out.clock = known->clock;
    return out;
}

CommandAccess commandAccess(const PackedArgv &packed)
{
    return commandAccess(packed.toList());
}

} // namespace lockstock
