#include "RespParser.h"

#include <algorithm>
#include <climits>
#include <cstring>

namespace lockstock::resp {

namespace {
bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

bool isHex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    return (c | 0x20) - 'a' + 10;
}

// redis-server's sdssplitargs: blanks separate arguments, "..." takes C
// escapes (\n, \x41), '...' takes \' only, and a closing quote must be
// followed by a blank or the end. False for unbalanced quotes.
bool splitArgs(const QByteArray &line, Argv *out)
{
    const qsizetype n = line.size();
    auto at = [&](qsizetype i) { return i < n ? line.at(i) : '\0'; };
    qsizetype p = 0;
    for (;;) {
        while (at(p) && isSpace(at(p)))
            ++p;
        if (!at(p))
            return true;
        bool inDouble = false, inSingle = false, done = false;
        QByteArray current;
        while (!done) {
            const char c = at(p);
            if (inDouble) {
                if (c == '\\' && at(p + 1) == 'x' && isHex(at(p + 2)) && isHex(at(p + 3))) {
                    current.append(char(hexValue(at(p + 2)) * 16 + hexValue(at(p + 3))));
                    p += 3;
                } else if (c == '\\' && at(p + 1)) {
                    ++p;
                    switch (at(p)) {
                    case 'n': current.append('\n'); break;
                    case 'r': current.append('\r'); break;
                    case 't': current.append('\t'); break;
                    case 'b': current.append('\b'); break;
                    case 'a': current.append('\a'); break;
                    default: current.append(at(p)); break;
                    }
                } else if (c == '"') {
                    if (at(p + 1) && !isSpace(at(p + 1)))
                        return false;
                    done = true;
                } else if (!c) {
                    return false;
                } else {
                    current.append(c);
                }
            } else if (inSingle) {
                if (c == '\\' && at(p + 1) == '\'') {
                    ++p;
                    current.append('\'');
                } else if (c == '\'') {
                    if (at(p + 1) && !isSpace(at(p + 1)))
                        return false;
                    done = true;
                } else if (!c) {
                    return false;
                } else {
                    current.append(c);
                }
            } else {
                switch (c) {
                case ' ': case '\n': case '\r': case '\t': case '\0':
                    done = true;
                    break;
                case '"': inDouble = true; break;
                case '\'': inSingle = true; break;
                default: current.append(c); break;
                }
            }
            if (at(p))
                ++p;
        }
        out->append(current.left(kKeptBytes));
    }
}

// A RESP reply's length or integer: hiredis-like, a sign and digits.
bool parseReplyInteger(const QByteArray &text, long long *out)
{
    qsizetype i = 0;
    bool negative = false;
    if (i < text.size() && (text.at(i) == '-' || text.at(i) == '+'))
        negative = text.at(i++) == '-';
    if (i == text.size() || text.size() - i > 19)
        return false;
    long long v = 0;
    for (; i < text.size(); ++i) {
        const char c = text.at(i);
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0'); // 19 digits cannot overflow past LLONG_MAX by more than fits
        if (v < 0)
            return false;
    }
    *out = negative ? -v : v;
    return true;
}
} // namespace

bool parseRedisInteger(const char *s, qsizetype len, long long *out)
{
    if (len <= 0 || len > 20)
        return false;
    if (len == 1 && s[0] == '0') {
        *out = 0;
        return true;
    }
    qsizetype i = 0;
    const bool negative = s[0] == '-';
    if (negative && ++i == len)
        return false;
    if (s[i] < '1' || s[i] > '9')
        return false;
    unsigned long long v = static_cast<unsigned long long>(s[i++] - '0');
    for (; i < len; ++i) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        const unsigned long long digit = static_cast<unsigned long long>(s[i] - '0');
        if (v > (ULLONG_MAX - digit) / 10)
            return false;
        v = v * 10 + digit;
    }
    if (negative) {
        if (v > static_cast<unsigned long long>(LLONG_MAX) + 1)
            return false;
        *out = v == static_cast<unsigned long long>(LLONG_MAX) + 1 ? LLONG_MIN : -static_cast<long long>(v);
    } else {
        if (v > static_cast<unsigned long long>(LLONG_MAX))
            return false;
        *out = static_cast<long long>(v);
    }
    return true;
}

// --- requests ---------------------------------------------------------------

qsizetype RequestReader::scanLine(const char *data, qsizetype size, char terminator, bool *found)
{
    *found = false;
    qsizetype consumed = size;
    if (!m_blocked) {
        // A NUL before the terminator stops redis-server's strchr for good.
        const void *term = std::memchr(data, terminator, size_t(size));
        const void *nul = std::memchr(data, '\0', term ? size_t(static_cast<const char *>(term) - data) : size_t(size));
        if (nul) {
            m_blocked = true;
        } else if (term) {
            consumed = static_cast<const char *>(term) - data + 1;
            *found = true;
        }
    }
    const qsizetype content = *found ? consumed - 1 : consumed;
    if (!m_blocked && m_line.size() < 2 * kInlineMax)
        m_line.append(data, std::min<qsizetype>(content, 2 * kInlineMax - m_line.size()));
    m_lineBytes += consumed;
    m_request.bytes += consumed;
    return consumed;
}

void RequestReader::fail(QByteArray error)
{
    m_request.argv.clear();
    m_request.error = std::move(error);
    m_complete = true;
    m_phase = Phase::Failed;
}

void RequestReader::finishInline()
{
    QByteArray line = m_line;
    if (!line.isEmpty() && line.endsWith('\r'))
        line.chop(1);
    Argv argv;
    if (!splitArgs(line, &argv)) {
        fail("Protocol error: unbalanced quotes in request");
        return;
    }
    m_phase = Phase::Start;
    if (argv.isEmpty())
        return; // an empty line: redis-server skips it without a reply
    m_request.argv = std::move(argv);
    m_complete = true;
}

qsizetype RequestReader::read(const char *data, qsizetype size, bool *done)
{
    *done = false;
    qsizetype pos = 0;
    while (pos < size && !m_complete) {
        switch (m_phase) {
        case Phase::Failed:
            return size;
        case Phase::Start:
            m_request = {};
            m_line.clear();
            m_lineBytes = 0;
            m_blocked = false;
            m_skipAfterCr = false;
            m_phase = data[pos] == '*' ? Phase::Count : Phase::Inline;
            m_request.isInline = m_phase == Phase::Inline;
            break;
        case Phase::Inline: {
            bool found = false;
            pos += scanLine(data + pos, size - pos, '\n', &found);
            if (found)
                finishInline();
            else if (m_lineBytes > kInlineMax)
                fail("Protocol error: too big inline request");
            break;
        }
        case Phase::Count:
        case Phase::Header: {
            const bool count = m_phase == Phase::Count;
            if (!m_skipAfterCr) {
                bool found = false;
                pos += scanLine(data + pos, size - pos, '\r', &found);
                if (!found) {
                    if (m_lineBytes > kInlineMax)
                        fail(count ? "Protocol error: too big mbulk count string" : "Protocol error: too big bulk count string");
                    break;
                }
                m_skipAfterCr = true;
                if (pos == size)
                    break; // redis-server waits for the byte after '\r'
            }
            // The byte after '\r' is skipped unseen, as redis-server does.
            ++pos;
            ++m_request.bytes;
            m_skipAfterCr = false;
            const QByteArray line = m_line;
            m_line.clear();
            m_lineBytes = 0;
            long long n = 0;
            if (count) {
                if (!parseRedisInteger(line.constData() + 1, line.size() - 1, &n) || n > INT_MAX) {
                    fail("Protocol error: invalid multibulk length");
                    break;
                }
                if (n <= 0) {
                    m_phase = Phase::Start; // "*0" and "*-1": nothing to run, no reply
                    break;
                }
                m_argsLeft = n;
                m_request.argv.reserve(qsizetype(std::min<long long>(n, kKeptItems)));
                m_phase = Phase::Header;
                break;
            }
            if (line.isEmpty() || line.at(0) != '$') {
                fail(QByteArray("Protocol error: expected '$', got '") + (line.isEmpty() ? '\r' : line.at(0)) + '\'');
                break;
            }
            if (!parseRedisInteger(line.constData() + 1, line.size() - 1, &n) || n < 0 || n > kBulkMax) {
                fail("Protocol error: invalid bulk length");
                break;
            }
            m_bulkLeft = n + 2;
            // Beyond kKeptItems arguments (a DEL of a million keys) only the count matters.
            m_keepArg = m_request.argv.size() < kKeptItems;
            if (m_keepArg) {
                m_request.argv.append(QByteArray());
                m_request.argv.last().reserve(qsizetype(std::min<long long>(n, kKeptBytes)));
            }
            m_phase = Phase::Bulk;
            break;
        }
        case Phase::Bulk: {
            const qsizetype n = qsizetype(std::min<qint64>(m_bulkLeft, size - pos));
            const qint64 payloadLeft = m_bulkLeft - 2;
            if (payloadLeft > 0 && m_keepArg) {
                QByteArray &arg = m_request.argv.last();
                const qsizetype payload = qsizetype(std::min<qint64>(n, payloadLeft));
                const qsizetype room = kKeptBytes - arg.size();
                if (room > 0)
                    arg.append(data + pos, std::min(payload, room));
            }
            m_bulkLeft -= n;
            pos += n;
            m_request.bytes += n;
            if (m_bulkLeft > 0)
                break;
            if (--m_argsLeft > 0) {
                m_phase = Phase::Header;
                break;
            }
            m_phase = Phase::Start;
            m_complete = true;
            break;
        }
        }
    }
    *done = m_complete;
    return pos;
}

Request RequestReader::take()
{
    m_complete = false;
    Request r = std::move(m_request);
    m_request = {};
    return r;
}

// --- replies ----------------------------------------------------------------

void ReplyReader::fail(QByteArray error)
{
    m_failed = true;
    m_error = std::move(error);
}

bool ReplyReader::keeping() const
{
    if (m_stack.empty())
        return true;
    const Level &top = m_stack.back();
    return top.keep && top.items.size() < m_keptItems;
}

void ReplyReader::leaf(RedisValue value)
{
    for (;;) {
        if (m_stack.empty()) {
            m_value = std::move(value);
            m_complete = true;
            return;
        }
        Level &top = m_stack.back();
        if (top.keep && top.items.size() < m_keptItems)
            top.items.append(std::move(value));
        if (--top.left > 0)
            return;
        Level done = std::move(top);
        m_stack.pop_back();
        // An attribute describes the value after it and is not one itself.
        if (done.type == '|')
            return;
        value = RedisValue::array(std::move(done.items));
    }
}

void ReplyReader::header(const QByteArray &line)
{
    if (line.isEmpty()) {
        fail("empty line where a RESP type was expected");
        return;
    }
    const char type = line.at(0);
    const QByteArray rest = line.mid(1);
    long long n = 0;
    switch (type) {
    case '+':
        leaf(RedisValue::status(rest));
        return;
    case '-':
        leaf(RedisValue::error(rest));
        return;
    case ':':
        if (!parseReplyInteger(rest, &n))
            return fail("bad integer reply");
        leaf(RedisValue::integer(n));
        return;
    case '_':
        leaf(RedisValue::nil());
        return;
    case ',': // double
    case '(': // big number
        leaf(RedisValue::string(rest));
        return;
    case '#':
        leaf(RedisValue::integer(rest == "t" ? 1 : 0));
        return;
    case '$':
    case '!':
    case '=':
        if (!parseReplyInteger(rest, &n) || n < -1 || n > (1LL << 40))
            return fail("bad bulk length");
        if (n == -1) {
            leaf(RedisValue::nil());
            return;
        }
        m_inBulk = true;
        m_bulkType = type;
        m_bulkLeft = n + 2;
        m_bulk.clear();
        return;
    case '*':
    case '%':
    case '~':
    case '>':
    case '|': {
        if (!parseReplyInteger(rest, &n) || n < -1 || n > (1LL << 40))
            return fail("bad aggregate length");
        if (n == -1) {
            leaf(RedisValue::nil());
            return;
        }
        if (m_stack.empty() && type == '>')
            m_push = true;
        const qint64 count = (type == '%' || type == '|') ? 2 * n : n;
        if (count == 0) {
            if (type != '|')
                leaf(RedisValue::array({}));
            return;
        }
        if (m_stack.size() >= 64)
            return fail("replies nested deeper than 64 levels");
        m_stack.push_back({type, count, {}, keeping()});
        return;
    }
    default:
        fail(QByteArray("unknown RESP type byte 0x") + QByteArray(1, type).toHex());
        return;
    }
}

qsizetype ReplyReader::read(const char *data, qsizetype size, bool *done)
{
    *done = false;
    qsizetype pos = 0;
    while (pos < size && !m_failed && !m_complete) {
        if (m_inBulk) {
            const qsizetype n = qsizetype(std::min<qint64>(m_bulkLeft, size - pos));
            const qint64 payloadLeft = m_bulkLeft - 2;
            if (payloadLeft > 0 && keeping()) {
                const qsizetype payload = qsizetype(std::min<qint64>(n, payloadLeft));
                const qsizetype room = m_keptBytes - m_bulk.size();
                if (room > 0)
                    m_bulk.append(data + pos, std::min(payload, room));
            }
            m_bulkLeft -= n;
            pos += n;
            m_frameBytes += n;
            if (m_bulkLeft == 0) {
                m_inBulk = false;
                QByteArray bytes = std::move(m_bulk);
                m_bulk = {};
                if (m_bulkType == '!')
                    leaf(RedisValue::error(std::move(bytes)));
                else // '=' verbatim text starts with its format, "txt:"
                    leaf(RedisValue::string(m_bulkType == '=' ? bytes.mid(4) : std::move(bytes)));
            }
            continue;
        }
        const char *nl = static_cast<const char *>(std::memchr(data + pos, '\n', size_t(size - pos)));
        const qsizetype end = nl ? nl - data : size;
        const bool crBefore = end > pos ? data[end - 1] == '\r' : m_cr;
        if (m_line.size() < kKeptBytes)
            m_line.append(data + pos, std::min<qsizetype>(end - pos, kKeptBytes - m_line.size()));
        if (!nl) {
            m_cr = crBefore;
            m_frameBytes += size - pos;
            pos = size;
            break;
        }
        m_frameBytes += end + 1 - pos;
        pos = end + 1;
        if (!crBefore) {
            if (m_line.size() < kKeptBytes)
                m_line.append('\n'); // a bare '\n' is part of the line
            m_cr = false;
            continue;
        }
        m_cr = false;
        if (m_line.endsWith('\r'))
            m_line.chop(1);
        const QByteArray line = std::move(m_line);
        m_line = {};
        header(line);
    }
    *done = m_complete;
    return pos;
}

Reply ReplyReader::take()
{
    Reply r{std::move(m_value), m_push, m_frameBytes};
    m_value = {};
    m_push = false;
    m_frameBytes = 0;
    m_complete = false;
    return r;
}

} // namespace lockstock::resp
