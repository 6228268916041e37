#include "KeyRoles.h"

#include <QCoreApplication>
#include <QHash>

#include <optional>

namespace lockstock {

namespace {
enum class KeySpec : quint8 { First, FirstTwo, All, AllButLast, EveryOther, Script };

const QHash<QByteArray, KeySpec> &keySpecs()
{
    static const QHash<QByteArray, KeySpec> specs = [] {
        QHash<QByteArray, KeySpec> s;
        for (const char *name : {"GET", "SET", "SETNX", "SETEX", "PSETEX", "GETSET", "GETDEL", "GETEX", "EXPIRE",
                                 "PEXPIRE", "EXPIREAT", "PEXPIREAT", "PERSIST", "TTL", "PTTL", "EXPIRETIME",
                                 "PEXPIRETIME", "TYPE", "INCR", "DECR", "INCRBY", "DECRBY", "INCRBYFLOAT", "APPEND",
                                 "STRLEN", "SETRANGE", "GETRANGE", "HSET", "HSETNX", "HMSET", "HGET", "HMGET", "HDEL",
                                 "HINCRBY", "HINCRBYFLOAT", "HEXISTS", "HGETALL", "HKEYS", "HVALS", "HLEN", "LPUSH",
                                 "RPUSH", "LPOP", "RPOP", "LRANGE", "LLEN", "SADD", "SREM", "SMEMBERS", "SISMEMBER",
                                 "ZADD", "ZREM", "ZRANGE", "ZSCORE", "ZINCRBY", "DUMP", "RESTORE"})
            s.insert(name, KeySpec::First);
        for (const char *name : {"RENAME", "RENAMENX", "COPY"})
            s.insert(name, KeySpec::FirstTwo);
        for (const char *name : {"DEL", "UNLINK", "EXISTS", "TOUCH", "WATCH", "MGET"})
            s.insert(name, KeySpec::All);
        for (const char *name : {"BLPOP", "BRPOP", "BZPOPMIN", "BZPOPMAX"})
            s.insert(name, KeySpec::AllButLast);
        for (const char *name : {"MSET", "MSETNX"})
            s.insert(name, KeySpec::EveryOther);
        for (const char *name : {"EVAL", "EVALSHA", "EVAL_RO", "EVALSHA_RO", "FCALL", "FCALL_RO"})
            s.insert(name, KeySpec::Script);
        return s;
    }();
    return specs;
}

bool hasArg(const Argv &argv, const char *option)
{
    for (qsizetype i = 3; i < argv.size(); ++i)
        if (argv.at(i).compare(option, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

bool isInteger(const QByteArray &text, long long *out)
{
    bool ok = false;
    *out = text.toLongLong(&ok);
    return ok;
}

// Matches pattern[p..] against text[t..] like redis-server's stringmatchlen.
bool match(const char *p, qsizetype plen, const char *s, qsizetype slen, int depth)
{
    if (depth > 256)
        return false; // a pattern of many '*' would take exponential time
    while (plen > 0 && slen > 0) {
        switch (p[0]) {
        case '*':
            while (plen > 1 && p[1] == '*') {
                ++p;
                --plen;
            }
            if (plen == 1)
                return true;
            for (qsizetype i = 0; i <= slen; ++i)
                if (match(p + 1, plen - 1, s + i, slen - i, depth + 1))
                    return true;
            return false;
        case '?':
            ++s;
            --slen;
            break;
        case '[': {
            ++p;
            --plen;
            const bool negate = plen > 0 && p[0] == '^';
            if (negate) {
                ++p;
                --plen;
            }
            bool found = false;
            while (plen > 0 && p[0] != ']') {
                if (p[0] == '\\' && plen >= 2) {
                    ++p;
                    --plen;
                    found = found || p[0] == s[0];
                } else if (plen >= 3 && p[1] == '-') {
                    char lo = p[0], hi = p[2];
                    if (lo > hi)
                        std::swap(lo, hi);
                    found = found || (s[0] >= lo && s[0] <= hi);
                    p += 2;
                    plen -= 2;
                } else {
                    found = found || p[0] == s[0];
                }
                ++p;
                --plen;
            }
            if (found == negate)
                return false;
            ++s;
            --slen;
            break;
        }
        case '\\':
            if (plen >= 2) {
                ++p;
                --plen;
            }
            [[fallthrough]];
        default:
            if (p[0] != s[0])
                return false;
            ++s;
            --slen;
            break;
        }
        if (plen > 0) {
            ++p;
            --plen;
        }
    }
    while (plen > 0 && p[0] == '*') {
        ++p;
        --plen;
    }
    return plen == 0 && slen == 0;
}

// What a pattern with one '*' and no other wildcard captured, or nothing.
std::optional<QByteArray> capture(const QByteArray &pattern, const QByteArray &key)
{
    if (pattern.count('*') != 1 || pattern.contains('?') || pattern.contains('[') || pattern.contains('\\'))
        return std::nullopt;
    const qsizetype star = pattern.indexOf('*');
    const QByteArray prefix = pattern.left(star), suffix = pattern.mid(star + 1);
    if (key.size() < prefix.size() + suffix.size() || !key.startsWith(prefix) || !key.endsWith(suffix))
        return std::nullopt;
    return key.mid(prefix.size(), key.size() - prefix.size() - suffix.size());
}
} // namespace

QByteArray commandName(const Argv &argv)
{
    return argv.isEmpty() ? QByteArray() : argv.first().toUpper();
}

bool isScriptCall(const QByteArray &name)
{
    return keySpecs().value(name, KeySpec::First) == KeySpec::Script && keySpecs().contains(name);
}

QList<QByteArray> commandKeys(const Argv &argv)
{
    const QByteArray name = commandName(argv);
    const auto spec = keySpecs().constFind(name);
    if (spec == keySpecs().cend() || argv.size() < 2)
        return {};
    switch (*spec) {
    case KeySpec::First:
        return {argv.at(1)};
    case KeySpec::FirstTwo:
        return argv.mid(1, 2);
    case KeySpec::All:
        return argv.mid(1);
    case KeySpec::AllButLast:
        return argv.mid(1, argv.size() - 2);
    case KeySpec::EveryOther: {
        QList<QByteArray> keys;
        for (qsizetype i = 1; i < argv.size(); i += 2)
            keys << argv.at(i);
        return keys;
    }
    case KeySpec::Script: {
        long long n = 0;
        if (argv.size() < 3 || !isInteger(argv.at(2), &n) || n < 0)
            return {};
        return argv.mid(3, qsizetype(std::min<long long>(n, argv.size() - 3)));
    }
    }
    return {};
}

QList<QByteArray> scriptArgs(const Argv &argv)
{
    long long n = 0;
    if (!isScriptCall(commandName(argv)) || argv.size() < 3 || !isInteger(argv.at(2), &n) || n < 0
        || 3 + n > argv.size())
        return {};
    return argv.mid(qsizetype(3 + n));
}

bool globMatch(const QByteArray &pattern, const QByteArray &text)
{
    return match(pattern.constData(), pattern.size(), text.constData(), text.size(), 0);
}

KeyRoles::KeyRoles(QByteArray lockPattern, QByteArray stockPattern)
    : m_lockPattern(std::move(lockPattern))
    , m_stockPattern(std::move(stockPattern))
{
}

KeyRole KeyRoles::roleOf(const QByteArray &key) const
{
    if (m_lockPattern.isEmpty() ? m_locks.contains(key) : globMatch(m_lockPattern, key))
        return KeyRole::Lock;
    if (m_stockPattern.isEmpty() ? m_stocks.contains(key) : globMatch(m_stockPattern, key))
        return KeyRole::Stock;
    return KeyRole::None;
}

bool KeyRoles::inferred(const QByteArray &key, KeyRole role, const QString &reason, QList<InferredKey> *out)
{
    const bool infer = role == KeyRole::Lock ? m_lockPattern.isEmpty() : m_stockPattern.isEmpty();
    if (!infer || roleOf(key) != KeyRole::None)
        return false;
    (role == KeyRole::Lock ? m_locks : m_stocks).insert(key);
    out->append({key, role, reason});
    return true;
}

QList<InferredKey> KeyRoles::learn(const ObservedCommand &command, LastRead *read)
{
    QList<InferredKey> out;
    const Argv &argv = command.argv;
    const QByteArray name = commandName(argv);
    if (argv.size() < 2 || command.reply.isError())
        return out;
    const QByteArray &key = argv.at(1);
    long long n = 0;
    if (name == "SET" && argv.size() >= 3 && hasArg(argv, "NX"))
        inferred(key, KeyRole::Lock, QStringLiteral("SET … NX"), &out);
    else if (name == "SETNX")
        inferred(key, KeyRole::Lock, QStringLiteral("SETNX"), &out);
    else if (name == "DECR" || name == "DECRBY" || (name == "INCRBY" && argv.size() >= 3 && isInteger(argv.at(2), &n) && n < 0))
        inferred(key, KeyRole::Stock, QCoreApplication::translate("Observed", "decremented with %1").arg(QString::fromUtf8(name)), &out);
    else if (name == "GET" && command.reply.readInteger(n))
        *read = {key, n};
    else if (name == "SET" && argv.size() >= 3 && read->key == key && isInteger(argv.at(2), &n) && n < read->value)
        inferred(key, KeyRole::Stock, QCoreApplication::translate("Observed", "read, then written back lower"), &out);
    else if (isScriptCall(name) && !command.script.isEmpty()) {
        const QByteArray text = command.script.toLower();
        const bool decrements = text.contains("decr") || text.contains("incrby");
        const bool ttl = text.contains("expire") || text.contains("\"px\"") || text.contains("'px'")
            || text.contains("\"ex\"") || text.contains("'ex'");
        const bool sets = text.contains("set") || text.contains("hincrby");
        for (const QByteArray &k : commandKeys(argv)) {
            if (decrements && !ttl)
                inferred(k, KeyRole::Stock, QCoreApplication::translate("Observed", "decremented by a script"), &out);
            else if (sets && ttl && !decrements)
                inferred(k, KeyRole::Lock, QCoreApplication::translate("Observed", "set with a TTL by a script"), &out);
        }
    }
    return out;
}

QByteArray KeyRoles::resourceOf(const QByteArray &key) const
{
    const KeyRole role = roleOf(key);
    const QByteArray &pattern = role == KeyRole::Lock ? m_lockPattern : m_stockPattern;
    if (const std::optional<QByteArray> c = capture(pattern, key))
        return *c;
    const qsizetype colon = key.indexOf(':');
    return colon < 0 ? key : key.mid(colon + 1);
}

} // namespace lockstock
