#include "Conversation.h"

#include "KeyRoles.h"

#include <QCryptographicHash>

namespace lockstock {

namespace {
bool is(const QByteArray &arg, const char *word)
{
    return arg.compare(word, Qt::CaseInsensitive) == 0;
}

// The kind of a pub/sub frame: "message", "subscribe"... for an array or
// push whose first element is a string; empty otherwise.
QByteArray pubsubKind(const RedisValue &v)
{
    if (!v.isArray() || v.items().isEmpty())
        return {};
    const RedisValue &first = v.items().first();
    return (first.isString() || first.type() == RedisValue::Type::Status) ? first.bytes().toLower() : QByteArray();
}

// A password a client logs in with (AUTH [user] password, HELLO 3 AUTH user
// password) stays out of the recording, which is printed, drawn and
// exported; Redis keeps it out of SLOWLOG the same way.
void redactPassword(Argv &argv)
{
    const QByteArray name = commandName(argv);
    if (name == "AUTH" && argv.size() > 1)
        argv.last() = "(redacted)";
    else if (name == "HELLO")
        for (qsizetype i = 2; i + 2 < argv.size(); ++i)
            if (is(argv.at(i), "AUTH")) {
                argv[i + 2] = "(redacted)";
                i += 2;
            }
}
} // namespace

Conversation::Conversation(int connection, int node, ScriptCache *scripts)
    : m_connection(connection)
    , m_node(node)
    , m_scripts(scripts)
{
}

int Conversation::expectedReplies(const QByteArray &name, const Argv &argv, QByteArray *confirms)
{
    if (m_multi && name != "EXEC" && name != "DISCARD" && name != "MULTI" && name != "WATCH")
        return m_repliesOff || std::exchange(m_skipNext, false) ? 0 : 1; // QUEUED or an error
    if (name == "CLIENT" && argv.size() == 3 && is(argv.at(1), "REPLY")) {
        if (is(argv.at(2), "ON")) {
            m_repliesOff = m_skipNext = false;
            return 1;
        }
        if (is(argv.at(2), "OFF")) {
            m_repliesOff = true;
            return 0;
        }
        if (is(argv.at(2), "SKIP")) {
            m_skipNext = !m_repliesOff;
            return 0;
        }
    }
    if (m_repliesOff || std::exchange(m_skipNext, false))
        return 0;
    if (!name.endsWith("SUBSCRIBE"))
        return 1;
    const Argv args = argv.mid(1);
    // Redis sends one confirmation per channel named, and for an
    // UNSUBSCRIBE without channels one per channel held (at least one).
    auto subscription = [&](QSet<QByteArray> &set, bool subscribe, const char *kind) {
        *confirms = kind;
        if (subscribe) {
            for (const QByteArray &a : args)
                set.insert(a);
            return std::max<int>(1, int(args.size()));
        }
        const int replies = args.isEmpty() ? std::max<int>(1, int(set.size())) : int(args.size());
        if (args.isEmpty())
            set.clear();
        for (const QByteArray &a : args)
            set.remove(a);
        return replies;
    };
    if (name == "SUBSCRIBE" && !args.isEmpty())
        return subscription(m_channels, true, "subscribe");
    if (name == "PSUBSCRIBE" && !args.isEmpty())
        return subscription(m_patterns, true, "psubscribe");
    if (name == "SSUBSCRIBE" && !args.isEmpty())
        return subscription(m_shardChannels, true, "ssubscribe");
    if (name == "UNSUBSCRIBE")
        return subscription(m_channels, false, "unsubscribe");
    if (name == "PUNSUBSCRIBE")
        return subscription(m_patterns, false, "punsubscribe");
    if (name == "SUNSUBSCRIBE")
        return subscription(m_shardChannels, false, "sunsubscribe");
    return 1; // SUBSCRIBE without a channel: an arity error
}

std::optional<ObservedCommand> Conversation::request(resp::Request &&request, quint64 id, qint64 tNs)
{
    Pending p;
    ObservedCommand &c = p.command;
    c.id = id;
    c.connection = m_connection;
    c.node = m_node;
    c.sentNs = tNs;
    c.argv = std::move(request.argv);
    redactPassword(c.argv);
    c.protocolError = std::move(request.error);
    if (c.argv.isEmpty()) {
        // A request Redis cannot parse: it answers with an error and closes.
        m_pending.push_back(std::move(p));
        return std::nullopt;
    }
    const QByteArray name = commandName(c.argv);
    if (name == "EVAL" || name == "EVAL_RO") {
        if (c.argv.size() > 1) {
            c.script = c.argv.at(1);
            m_scripts->insert(QCryptographicHash::hash(c.script, QCryptographicHash::Sha1).toHex(), c.script);
        }
    } else if ((name == "EVALSHA" || name == "EVALSHA_RO") && c.argv.size() > 1) {
        c.script = m_scripts->value(c.argv.at(1).toLower());
    }
    p.repliesLeft = expectedReplies(name, c.argv, &p.confirms);
    c.multi = m_multi;
    if (name == "MULTI" && !m_multi)
        m_multi = c.id;
    else if (m_multi && (name == "EXEC" || name == "DISCARD"))
        m_multi = 0;
    if (name == "RESET") {
        m_multi = 0;
        m_channels.clear();
        m_patterns.clear();
        m_shardChannels.clear();
        m_repliesOff = m_skipNext = false;
    }
    if (p.repliesLeft == 0) {
        c.outcome = ObservedCommand::Outcome::NoReply;
        return std::move(c);
    }
    m_pending.push_back(std::move(p));
    return std::nullopt;
}

void Conversation::applyReply(const ObservedCommand &command, const RedisValue &reply)
{
    if (reply.isError() || command.multi)
        return;
    const Argv &argv = command.argv;
    const QByteArray name = commandName(argv);
    if (name == "CLIENT" && argv.size() == 3 && is(argv.at(1), "SETNAME"))
        m_name = argv.at(2);
    else if (name == "HELLO") {
        if (argv.size() > 1 && (argv.at(1) == "2" || argv.at(1) == "3"))
            m_protocol = argv.at(1).toInt();
        for (qsizetype i = 2; i + 1 < argv.size(); ++i)
            if (is(argv.at(i), "SETNAME"))
                m_name = argv.at(i + 1);
    } else if (name == "SCRIPT" && argv.size() == 3 && is(argv.at(1), "LOAD") && reply.isString()) {
        m_scripts->insert(reply.bytes().toLower(), argv.at(2));
    } else if (name == "MONITOR") {
        m_monitoring = true;
    } else if (name == "RESET") {
        m_protocol = 2;
        m_name.clear();
        m_monitoring = false;
    }
}

Conversation::Frame Conversation::reply(resp::Reply &&frame, qint64 tNs, std::optional<ObservedCommand> *completed)
{
    completed->reset();
    if (m_monitoring || m_pending.empty())
        return Frame::Push;
    Pending &head = m_pending.front();
    const QByteArray kind = pubsubKind(frame.value);
    if (!head.confirms.isEmpty() ? kind != head.confirms && (frame.push || !kind.isEmpty())
                                 : frame.push || (subscribed() && kind.endsWith("message")))
        return Frame::Push;
    head.replies.append(std::move(frame.value));
    if (--head.repliesLeft > 0)
        return Frame::Reply;
    Pending done = std::move(head);
    m_pending.pop_front();
    ObservedCommand &c = done.command;
    c.reply = done.replies.size() == 1 ? done.replies.first() : RedisValue::array(done.replies);
    c.repliedNs = tNs;
    if (c.script.isEmpty() && (commandName(c.argv) == "EVALSHA" || commandName(c.argv) == "EVALSHA_RO")
        && c.argv.size() > 1)
        c.script = m_scripts->value(c.argv.at(1).toLower()); // loaded by a pipelined SCRIPT LOAD
    applyReply(c, c.reply);
    *completed = std::move(c);
    return Frame::Reply;
}

QList<ObservedCommand> Conversation::close()
{
    QList<ObservedCommand> out;
    for (Pending &p : m_pending) {
        p.command.outcome = ObservedCommand::Outcome::Indeterminate;
        if (!p.replies.isEmpty())
            p.command.reply = RedisValue::array(p.replies);
        out.append(std::move(p.command));
    }
    m_pending.clear();
    return out;
}

} // namespace lockstock
