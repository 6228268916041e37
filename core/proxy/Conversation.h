#pragma once
// The protocol state of one proxied connection: which reply answers which
// command. Redis answers in order, one reply per command, except where the
// protocol says otherwise, and those cases are tracked here: CLIENT REPLY
// OFF/SKIP (no reply), SUBSCRIBE a b (a confirmation per channel),
// UNSUBSCRIBE without channels (one per channel held), pub/sub messages and
// RESP3 pushes (answers to nothing), MONITOR (a stream of them), and the
// connection state a recording needs: MULTI, the client's name, RESP3.

#include "Recording.h"
#include "RespParser.h"

#include <QHash>
#include <QSet>
#include <deque>
#include <optional>

namespace lockstock {

// Lua sources by SHA1, learnt from EVAL and SCRIPT LOAD on any connection.
using ScriptCache = QHash<QByteArray, QByteArray>;

class Conversation {
public:
    Conversation(int connection, int node, ScriptCache *scripts);

    // The client sent `request`, passed on at `tNs`. Returns the command
    // when Redis will not answer it (CLIENT REPLY OFF); else it waits for
    // its reply.
    std::optional<ObservedCommand> request(resp::Request &&request, quint64 id, qint64 tNs);

    enum class Frame : quint8 { Reply, Push };
    // A frame from Redis, read whole at `tNs`. A reply goes to the oldest
    // waiting command; once that has all its replies it is moved to
    // *completed (repliedNs set, deliveredNs not yet).
    Frame reply(resp::Reply &&frame, qint64 tNs, std::optional<ObservedCommand> *completed);
    // The connection closed: the commands still waiting, indeterminate.
    QList<ObservedCommand> close();

    bool waiting() const { return !m_pending.empty(); }
    const QByteArray &name() const { return m_name; }
    int protocol() const { return m_protocol; }

private:
    struct Pending {
        ObservedCommand command;
        int repliesLeft = 1;
        QList<RedisValue> replies;
        QByteArray confirms;    // SUBSCRIBE & co: the push kind that answers it
    };
    int expectedReplies(const QByteArray &name, const Argv &argv, QByteArray *confirms);
    void applyReply(const ObservedCommand &command, const RedisValue &reply);
    bool subscribed() const { return !m_channels.isEmpty() || !m_patterns.isEmpty() || !m_shardChannels.isEmpty(); }

    int m_connection;
    int m_node;
    ScriptCache *m_scripts;
    std::deque<Pending> m_pending;
    QByteArray m_name;
    int m_protocol = 2;
    bool m_repliesOff = false;
    bool m_skipNext = false;
    bool m_monitoring = false;
    quint64 m_multi = 0;        // the open MULTI's id, as the client sent it
    // As the client asked for them; Redis processes commands in order, so
    // this is the state each new command meets.
    QSet<QByteArray> m_channels, m_patterns, m_shardChannels;
};

} // namespace lockstock
