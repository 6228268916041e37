// libFuzzer target for the proxy's RESP readers and the conversation that
// pairs replies with commands. The input is a client's bytes and a server's
// bytes (the first two bytes give the client's length). Whatever they are,
// the readers must find the same commands and replies whether the bytes come
// whole, pipelined, or one at a time, and never crash.

#include "proxy/Conversation.h"
#include "proxy/RespParser.h"

#include <cstddef>
#include <cstdint>

using namespace lockstock;
using namespace lockstock::resp;

namespace {
void require(bool ok)
{
    if (!ok)
        __builtin_trap();
}

QList<Request> requests(const QByteArray &bytes, qsizetype step)
{
    RequestReader reader;
    QList<Request> out;
    for (qsizetype at = 0; at < bytes.size(); at += step)
        reader.feed(bytes.constData() + at, std::min(step, bytes.size() - at), [&](Request &&r, qsizetype end) {
            require(end > 0 && end <= step);
            out << std::move(r);
        });
    return out;
}

QList<Reply> replies(const QByteArray &bytes, qsizetype step, bool *failed)
{
    ReplyReader reader;
    QList<Reply> out;
    for (qsizetype at = 0; at < bytes.size() && !reader.failed(); at += step)
        reader.feed(bytes.constData() + at, std::min(step, bytes.size() - at), [&](Reply &&r, qsizetype) { out << std::move(r); });
    *failed = reader.failed();
    return out;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const qsizetype split = std::min<qsizetype>(qsizetype(size) - 2, qsizetype(data[0]) | qsizetype(data[1]) << 8);
    const QByteArray client(reinterpret_cast<const char *>(data) + 2, split);
    const QByteArray server(reinterpret_cast<const char *>(data) + 2 + split, qsizetype(size) - 2 - split);

    const QList<Request> whole = requests(client, client.size() + 1);
    for (qsizetype step : {qsizetype(1), qsizetype(3), qsizetype(7)}) {
        const QList<Request> cut = requests(client, step);
        require(cut.size() == whole.size());
        for (qsizetype i = 0; i < cut.size(); ++i)
            require(cut.at(i).argv == whole.at(i).argv && cut.at(i).error == whole.at(i).error);
    }
    bool failedWhole = false;
    const QList<Reply> all = replies(server, server.size() + 1, &failedWhole);
    qint64 bytes = 0;
    for (const Reply &r : all)
        bytes += r.bytes;
    require(bytes <= server.size());
    for (qsizetype step : {qsizetype(1), qsizetype(5)}) {
        bool failed = false;
        const QList<Reply> cut = replies(server, step, &failed);
        require(failed == failedWhole && cut.size() == all.size());
        for (qsizetype i = 0; i < cut.size(); ++i)
            require(cut.at(i).value == all.at(i).value && cut.at(i).push == all.at(i).push && cut.at(i).bytes == all.at(i).bytes);
    }

    // The conversation: each request, then each reply, in turns.
    ScriptCache scripts;
    Conversation conversation(0, 0, &scripts);
    quint64 id = 0;
    qsizetype next = 0;
    int completed = 0;
    for (Request r : whole) {
        ++id;
        if (conversation.request(std::move(r), id, qint64(id)))
            ++completed;
        if (next < all.size()) {
            std::optional<ObservedCommand> done;
            Reply copy = all.at(next++);
            if (conversation.reply(std::move(copy), qint64(id), &done) == Conversation::Frame::Reply && done)
                ++completed;
        }
    }
    for (; next < all.size(); ++next) {
        std::optional<ObservedCommand> done;
        Reply copy = all.at(next);
        if (conversation.reply(std::move(copy), 0, &done) == Conversation::Frame::Reply && done)
            ++completed;
    }
    completed += int(conversation.close().size());
    require(completed <= int(id) + 1 && completed >= 0);
    return 0;
}
