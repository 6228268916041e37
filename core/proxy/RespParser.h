#pragma once
// Incremental RESP readers for the recording proxy. Bytes may arrive split at
// any point; each reader keeps just enough state to resume, so a frame costs
// one pass however it is cut. They never change the stream: the proxy
// forwards the bytes it read and uses the readers only to see where each
// command and each reply ends and what it said.
//
// RequestReader follows redis-server's own request grammar (networking.c,
// Redis 7.0): multibulk "*N\r\n$L\r\n...", or an inline line split like
// sdssplitargs. When redis-server would answer "-ERR Protocol error" and
// close, so does the reader: it reports one malformed request and stops.
//
// ReplyReader reads RESP2 and RESP3 (HELLO 3): every type byte, attributes
// skipped, pushes flagged. What it keeps of a reply is capped (bytes per
// string, elements per aggregate; requests keep kKeptBytes per argument, for
// Lua sources) so a huge reply costs bounded memory: the bytes themselves
// are forwarded whole whatever is kept.

#include "redis/RedisConnection.h"
#include "redis/RedisValue.h"

#include <QByteArray>
#include <vector>

namespace lockstock::resp {

inline constexpr qsizetype kKeptBytes = 64 * 1024;
inline constexpr qsizetype kKeptItems = 1024;
inline constexpr qsizetype kReplyKeptBytes = 4096;
inline constexpr qsizetype kReplyKeptItems = 64;
// redis-server's PROTO_INLINE_MAX_SIZE and proto-max-bulk-len defaults.
inline constexpr qint64 kInlineMax = 64 * 1024;
inline constexpr qint64 kBulkMax = 512LL * 1024 * 1024;

struct Request {
    Argv argv;            // empty for a malformed request
    QByteArray error;     // what redis-server says about a malformed request
    qint64 bytes = 0;     // on the wire
    bool isInline = false;
};

class RequestReader {
public:
    // Reads from `data` until one request is complete (then *done is set) or
    // the data is used up. Returns the bytes consumed. After a malformed
    // request, everything is consumed and ignored, as redis-server does.
    qsizetype read(const char *data, qsizetype size, bool *done);
    Request take();
    bool failed() const { return m_phase == Phase::Failed; }

    // Calls onRequest(Request &&, qsizetype end) for every request that
    // completes in `data`; `end` is the offset just past it.
    template<class F>
    void feed(const char *data, qsizetype size, F &&onRequest)
    {
        qsizetype pos = 0;
        while (pos < size) {
            bool done = false;
            pos += read(data + pos, size - pos, &done);
            if (done)
                onRequest(take(), pos);
        }
    }

private:
    enum class Phase : quint8 { Start, Inline, Count, Header, Bulk, Failed };
    // Scans for `terminator` as redis-server's strchr would: a NUL byte
    // before it hides it. Returns the bytes consumed; sets *found.
    qsizetype scanLine(const char *data, qsizetype size, char terminator, bool *found);
    void fail(QByteArray error);
    void finishInline();

    Phase m_phase = Phase::Start;
    QByteArray m_line;      // the current line, up to its terminator
    qint64 m_lineBytes = 0; // bytes of the line seen so far (m_line may be capped)
    bool m_blocked = false; // a NUL came first: redis-server cannot see the terminator
    bool m_skipAfterCr = false;
    qint64 m_argsLeft = 0;
    qint64 m_bulkLeft = 0;  // payload bytes plus the 2 that end it
    bool m_keepArg = true;
    Request m_request;
    bool m_complete = false;
};

struct Reply {
    RedisValue value;
    bool push = false;      // a RESP3 '>' frame
    qint64 bytes = 0;
};

class ReplyReader {
public:
    explicit ReplyReader(qsizetype keptBytes = kReplyKeptBytes, qsizetype keptItems = kReplyKeptItems)
        : m_keptBytes(keptBytes), m_keptItems(keptItems) {}
    qsizetype read(const char *data, qsizetype size, bool *done);
    Reply take();
    bool failed() const { return m_failed; }
    const QByteArray &error() const { return m_error; }
    // Part of a frame has been read, the rest is still to come.
    bool midFrame() const { return m_frameBytes > 0; }

    template<class F>
    void feed(const char *data, qsizetype size, F &&onReply)
    {
        qsizetype pos = 0;
        while (pos < size && !m_failed) {
            bool done = false;
            pos += read(data + pos, size - pos, &done);
            if (done)
                onReply(take(), pos);
        }
    }

private:
    struct Level {
        char type;
        qint64 left;          // elements still to come
        QList<RedisValue> items;
        bool keep;            // false once the parent stopped keeping elements
    };
    void header(const QByteArray &line);
    void leaf(RedisValue value);
    bool keeping() const;
    void fail(QByteArray error);

    qsizetype m_keptBytes;
    qsizetype m_keptItems;
    std::vector<Level> m_stack;
    QByteArray m_line;
    bool m_cr = false;        // the last byte of the line so far was '\r'
    bool m_inBulk = false;
    char m_bulkType = '$';
    qint64 m_bulkLeft = 0;    // payload plus CRLF
    QByteArray m_bulk;
    qint64 m_frameBytes = 0;
    bool m_push = false;
    bool m_complete = false;
    RedisValue m_value;
    bool m_failed = false;
    QByteArray m_error;
};

// redis-server's string2ll: an optional '-', no leading zeros, no '+'.
bool parseRedisInteger(const char *s, qsizetype len, long long *out);

} // namespace lockstock::resp
