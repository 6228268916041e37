// The proxy's RESP readers: split at every byte, pipelined, RESP3, and
// redis-server's own answers to malformed requests. Replies are checked
// against hiredis, the reader LockStock trusts everywhere else.

#include "proxy/RespParser.h"
#include "redis/RedisReply.h"

#include <QRandomGenerator>
#include <QTest>
#include <hiredis/hiredis.h>

using namespace lockstock;
using namespace lockstock::resp;

namespace {
QList<Request> readRequests(const QByteArray &bytes, const QList<qsizetype> &cuts)
{
    RequestReader reader;
    QList<Request> out;
    qsizetype from = 0;
    QList<qsizetype> points = cuts;
    points << bytes.size();
    for (qsizetype to : points) {
        reader.feed(bytes.constData() + from, to - from, [&](Request &&r, qsizetype) { out << std::move(r); });
        from = to;
    }
    return out;
}

QList<Reply> readReplies(const QByteArray &bytes, const QList<qsizetype> &cuts, ReplyReader reader = ReplyReader())
{
    QList<Reply> out;
    qsizetype from = 0;
    QList<qsizetype> points = cuts;
    points << bytes.size();
    for (qsizetype to : points) {
        reader.feed(bytes.constData() + from, to - from, [&](Reply &&r, qsizetype) { out << std::move(r); });
        from = to;
    }
    return out;
}

// Every way of cutting `bytes` in two, and in single bytes.
QList<QList<qsizetype>> everySplit(const QByteArray &bytes)
{
    QList<QList<qsizetype>> out{{}};
    for (qsizetype i = 1; i < bytes.size(); ++i)
        out << QList<qsizetype>{i};
    QList<qsizetype> ones;
    for (qsizetype i = 1; i < bytes.size(); ++i)
        ones << i;
    out << ones;
    return out;
}

// What hiredis makes of a RESP2 stream.
QList<RedisValue> hiredisReplies(const QByteArray &bytes)
{
    redisReader *reader = redisReaderCreate();
    redisReaderFeed(reader, bytes.constData(), size_t(bytes.size()));
    QList<RedisValue> out;
    for (;;) {
        void *raw = nullptr;
        if (redisReaderGetReply(reader, &raw) != REDIS_OK || !raw)
            break;
        const RedisReplyPtr reply = adoptReply(raw);
        out << toValue(reply.get());
    }
    redisReaderFree(reader);
    return out;
}

QByteArray command(const Argv &argv)
{
    QByteArray out = '*' + QByteArray::number(argv.size()) + "\r\n";
    for (const QByteArray &a : argv)
        out += '$' + QByteArray::number(a.size()) + "\r\n" + a + "\r\n";
    return out;
}
} // namespace

class TestRespParser : public QObject {
    Q_OBJECT

private slots:
    void pipelinedRequestsSplitAnywhere()
    {
        const QByteArray binary("a\r\nb\0c", 6);
        const QByteArray bytes = command({"SET", "lock:1", binary, "NX", "PX", "10000"}) + "PING\r\n"
            + command({"GET", ""}) + "\r\n" + "*0\r\n" + "*-1\r\n" + "  set  'k v'  \"x\\x41\\n\"\n" + command({"DEL", "k"});
        const QList<Argv> expected{{"SET", "lock:1", binary, "NX", "PX", "10000"},
                                   {"PING"},
                                   {"GET", ""},
                                   {"set", "k v", "xA\n"},
                                   {"DEL", "k"}};
        for (const QList<qsizetype> &cuts : everySplit(bytes)) {
            const QList<Request> got = readRequests(bytes, cuts);
            QCOMPARE(got.size(), expected.size());
            qint64 total = 0;
            for (qsizetype i = 0; i < got.size(); ++i) {
                QCOMPARE(got.at(i).argv, expected.at(i));
                QVERIFY(got.at(i).error.isEmpty());
                total += got.at(i).bytes;
            }
            QVERIFY(total <= bytes.size());
        }
    }

    // What redis-server answers, and that it reads no further.
    void malformedRequestsAsRedisSeesThem_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QByteArray>("error");
        QTest::newRow("count") << QByteArray("*abc\r\nPING\r\n") << QByteArray("Protocol error: invalid multibulk length");
        QTest::newRow("leading zero") << QByteArray("*01\r\n$4\r\nPING\r\n") << QByteArray("Protocol error: invalid multibulk length");
        QTest::newRow("not a bulk") << QByteArray("*1\r\n+PING\r\n") << QByteArray("Protocol error: expected '$', got '+'");
        QTest::newRow("bulk length") << QByteArray("*1\r\n$-3\r\n") << QByteArray("Protocol error: invalid bulk length");
        QTest::newRow("too long a bulk") << QByteArray("*1\r\n$536870913\r\n") << QByteArray("Protocol error: invalid bulk length");
        QTest::newRow("quotes") << QByteArray("SET \"a b\r\n") << QByteArray("Protocol error: unbalanced quotes in request");
        QTest::newRow("quote then text") << QByteArray("SET \"a\"b c\r\n") << QByteArray("Protocol error: unbalanced quotes in request");
    }
    void malformedRequestsAsRedisSeesThem()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QByteArray, error);
        const QList<Request> got = readRequests(bytes + command({"PING"}), {});
        QCOMPARE(got.size(), 1);
        QVERIFY(got.first().argv.isEmpty());
        QCOMPARE(got.first().error, error);
    }

    // redis-server's strchr stops at a NUL: the line never ends, and after
    // 64 KiB it gives up with "too big".
    void aNulHidesTheLineEnd()
    {
        QByteArray bytes("GET a\0b\r\n", 9);
        QVERIFY(readRequests(bytes, {}).isEmpty());
        bytes += QByteArray(70 * 1024, 'x');
        const QList<Request> got = readRequests(bytes, {3, 4000, 40000});
        QCOMPARE(got.size(), 1);
        QCOMPARE(got.first().error, QByteArray("Protocol error: too big inline request"));
    }

    void hugeArgumentsAreCappedNotLost()
    {
        const QByteArray big(200 * 1024, 'v');
        const QByteArray bytes = command({"SET", "k", big}) + command({"GET", "k"});
        const QList<Request> got = readRequests(bytes, {10, 100000});
        QCOMPARE(got.size(), 2);
        QCOMPARE(got.first().argv.at(2).size(), kKeptBytes);
        QCOMPARE(got.first().bytes, qint64(command({"SET", "k", big}).size()));
        QCOMPARE(got.at(1).argv, (Argv{"GET", "k"}));
    }

    void resp2RepliesMatchHiredis()
    {
        const QByteArray bytes = "+OK\r\n-ERR wrong\r\n:42\r\n:-7\r\n$5\r\nhe\r\nl\r\n$-1\r\n*-1\r\n*0\r\n$0\r\n\r\n"
                                 "*3\r\n$3\r\nabc\r\n*2\r\n:1\r\n$-1\r\n+QUEUED\r\n";
        const QList<RedisValue> expected = hiredisReplies(bytes);
        QCOMPARE(expected.size(), 10);
        for (const QList<qsizetype> &cuts : everySplit(bytes)) {
            const QList<Reply> got = readReplies(bytes, cuts);
            QCOMPARE(got.size(), expected.size());
            qint64 total = 0;
            for (qsizetype i = 0; i < got.size(); ++i) {
                QCOMPARE(got.at(i).value, expected.at(i));
                total += got.at(i).bytes;
            }
            QCOMPARE(total, qint64(bytes.size()));
        }
    }

    void randomResp2RepliesMatchHiredis()
    {
        QRandomGenerator random(15);
        std::function<QByteArray(int)> frame = [&](int depth) -> QByteArray {
            switch (random.bounded(depth > 3 ? 5 : 6)) {
            case 0: return "+" + QByteArray::number(random.generate()) + "\r\n";
            case 1: return "-ERR " + QByteArray::number(random.generate()) + "\r\n";
            case 2: return ":" + QByteArray::number(qint64(random.generate64())) + "\r\n";
            case 3: {
                QByteArray payload(random.bounded(40), '\0');
                for (char &c : payload)
                    c = char(random.bounded(256));
                return "$" + QByteArray::number(payload.size()) + "\r\n" + payload + "\r\n";
            }
            case 4: return "$-1\r\n";
            default: {
                const int n = random.bounded(5);
                QByteArray out = "*" + QByteArray::number(n) + "\r\n";
                for (int i = 0; i < n; ++i)
                    out += frame(depth + 1);
                return out;
            }
            }
        };
        for (int round = 0; round < 200; ++round) {
            QByteArray bytes;
            for (int i = 0; i < 8; ++i)
                bytes += frame(0);
            QList<qsizetype> cuts;
            for (qsizetype at = 0; (at += 1 + random.bounded(7)) < bytes.size();)
                cuts << at;
            const QList<Reply> got = readReplies(bytes, cuts, ReplyReader(kKeptBytes, kKeptItems));
            const QList<RedisValue> expected = hiredisReplies(bytes);
            QCOMPARE(got.size(), expected.size());
            for (qsizetype i = 0; i < got.size(); ++i)
                QCOMPARE(got.at(i).value, expected.at(i));
        }
    }

    void resp3Types()
    {
        const QByteArray bytes = "%2\r\n+server\r\n+redis\r\n+proto\r\n:3\r\n"   // HELLO 3
                                 "_\r\n,3.14\r\n#t\r\n#f\r\n(3492890328409238509324850943850943825024385\r\n"
                                 "!9\r\nERR oops!\r\n=15\r\ntxt:Some string\r\n~2\r\n:1\r\n:2\r\n"
                                 "|1\r\n+key-popularity\r\n%1\r\n$1\r\na\r\n,0.1923\r\n"  // attribute, then the value
                                 "$2\r\nok\r\n"
                                 ">3\r\n$7\r\nmessage\r\n$2\r\nch\r\n$2\r\nhi\r\n";
        for (const QList<qsizetype> &cuts : everySplit(bytes)) {
            const QList<Reply> got = readReplies(bytes, cuts);
            QCOMPARE(got.size(), 11);
            QCOMPARE(got.at(0).value.items().size(), 4);
            QVERIFY(got.at(1).value.isNil());
            QCOMPARE(got.at(2).value.bytes(), QByteArray("3.14"));
            QCOMPARE(got.at(3).value.toInteger(), 1LL);
            QCOMPARE(got.at(4).value.toInteger(), 0LL);
            QVERIFY(got.at(6).value.isError());
            QCOMPARE(got.at(6).value.bytes(), QByteArray("ERR oops!"));
            QCOMPARE(got.at(7).value.bytes(), QByteArray("Some string"));
            QCOMPARE(got.at(8).value.items().size(), 2);
            QCOMPARE(got.at(9).value.bytes(), QByteArray("ok")); // the attribute is not a reply
            QVERIFY(got.at(10).push);
            QVERIFY(!got.at(9).push);
            QCOMPARE(got.at(10).value.items().at(2).bytes(), QByteArray("hi"));
        }
    }

    void notRespFails()
    {
        ReplyReader reader;
        int frames = 0;
        reader.feed("+OK\r\n?what\r\n", 12, [&](Reply &&, qsizetype) { ++frames; });
        QCOMPARE(frames, 1);
        QVERIFY(reader.failed());
    }

    void hugeRepliesAreCapped()
    {
        QByteArray bytes = "*100000\r\n";
        for (int i = 0; i < 100000; ++i)
            bytes += ":1\r\n";
        const QList<Reply> got = readReplies(bytes, {7, 5000});
        QCOMPARE(got.size(), 1);
        QCOMPARE(got.first().value.items().size(), kReplyKeptItems);
        QCOMPARE(got.first().bytes, qint64(bytes.size()));
    }
};

QTEST_GUILESS_MAIN(TestRespParser)
#include "test_resp_parser.moc"
