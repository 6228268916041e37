// The class poll's server against real sockets on loopback: only the page
// and its socket under the token, anything else 404; sixty students in two
// rounds with changed votes and dropped connections counted exactly, and
// exported so; hostile clients beside twenty honest ones (no token, a wrong
// one, bad messages, choices that do not exist, a flood, a huge frame, more
// connections than allowed, a slow request head): every honest vote counts,
// the attacker is cut off, a window's frame times go to the log; stopping
// closes every socket.

#include "Phones.h"

#include "lesson/Lesson.h"
#include "poll/PollRoom.h"
#include "poll/PollServer.h"

#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickWindow>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace lockstock;
using namespace lockstock::test;

namespace {
// lost-update's second frame: "Both sell one unit. What will the stock be?" 98 / 99 (right) / 100.
constexpr int kQuestionFrame = 1;
constexpr int kChoices = 3;

Lesson lostUpdate()
{
    LessonError error;
    std::optional<Lesson> lesson = findLesson(QStringLiteral("lost-update"), &error);
    Q_ASSERT(lesson && lesson->broken.at(kQuestionFrame).asks());
    return *lesson;
}

// What the server answers a raw request, up to its closing the connection
// (the server is on this thread: the event loop runs meanwhile).
QByteArray answer(quint16 port, const QByteArray &request)
{
    QTcpSocket socket;
    QByteArray got;
    QObject::connect(&socket, &QTcpSocket::connected, &socket, [&] { socket.write(request); });
    QObject::connect(&socket, &QTcpSocket::readyRead, &socket, [&] { got += socket.readAll(); });
    socket.connectToHost(QHostAddress::LocalHost, port);
    // The page's answer ends with its body, a socket's with its head: those connections stay open.
    QTest::qWaitFor([&] {
        return socket.state() == QAbstractSocket::UnconnectedState || got.contains("</html>")
            || (got.startsWith("HTTP/1.1 101") && got.contains("\r\n\r\n"));
    }, 5000);
    return got + socket.readAll();
}

QList<int> countsOf(const PollRoom &room, int round)
{
    return room.question()->rounds.at(round).counts(kChoices);
}

QList<int> tally(const QHash<QString, int> &votes)
{
    QList<int> out(kChoices, 0);
    for (const int c : votes)
        ++out[c];
    return out;
}
} // namespace

class TestPoll : public QObject {
    Q_OBJECT

    Lesson m_lesson = lostUpdate();
    std::unique_ptr<QQmlEngine> m_qml;
    QQuickWindow *m_window = nullptr;
    FrameTimes *m_frames = nullptr;

    // Phones that joined and heard the open question.
    QList<Phone *> join(const QUrl &url, int first, int n, QObject *owner)
    {
        QList<Phone *> phones;
        for (int i = first; i < first + n; ++i) {
            phones << new Phone(url, studentId(i), owner);
            phones.last()->open();
        }
        for (Phone *p : phones)
            if (!QTest::qWaitFor([p] { return p->statesSeen > 0; }, 10000))
                return {};
        return phones;
    }

private slots:
    void initTestCase()
    {
        // A window that animates all along, on the thread the poll serves on:
        // its frame times say whether the poll held it up.
        m_qml = std::make_unique<QQmlEngine>();
        QQmlComponent component(m_qml.get());
        component.setData("import QtQuick\n"
                          "Window { width: 480; height: 320; visible: true\n"
                          "  Rectangle { width: 60; height: 60; color: 'steelblue'\n"
                          "    NumberAnimation on x { from: 0; to: 400; duration: 1000; loops: Animation.Infinite } } }",
                          QUrl());
        m_window = qobject_cast<QQuickWindow *>(component.create());
        QVERIFY2(m_window, qPrintable(component.errorString()));
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
        m_frames = new FrameTimes(m_window);
    }

    void onlyThePageAndItsSocket_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::addColumn<QByteArray>("status");
        const QByteArray upgrade = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                   "Sec-WebSocket-Version: 13\r\n";
        QTest::newRow("the page") << QByteArray("GET /TOKEN HTTP/1.1\r\nHost: h\r\n\r\n") << QByteArray("HTTP/1.1 200");
        QTest::newRow("the page, a query") << QByteArray("GET /TOKEN?x=1 HTTP/1.1\r\nHost: h\r\n\r\n") << QByteArray("HTTP/1.1 200");
        QTest::newRow("its socket") << QByteArray("GET /TOKEN/ws?s=" + studentId(7).toLatin1() + " HTTP/1.1\r\nHost: h\r\n" + upgrade + "\r\n")
                                    << QByteArray("HTTP/1.1 101");
        QTest::newRow("/") << QByteArray("GET / HTTP/1.1\r\nHost: h\r\n\r\n") << QByteArray("HTTP/1.1 404");
        QTest::newRow("a file") << QByteArray("GET /index.html HTTP/1.1\r\nHost: h\r\n\r\n") << QByteArray("HTTP/1.1 404");
        QTest::newRow("a wrong token") << QByteArray("GET /abcdefghijkmnpqr HTTP/1.1\r\nHost: h\r\n\r\n") << QByteArray("HTTP/1.1 404");
        QTest::newRow("half the token") << QByteArray("GET /HALF HTTP/1.1\r\nHost: h\r\n\r\n") << QByteArray("HTTP/1.1 404");
        QTest::newRow("below the token") << QByteArray("GET /TOKEN/poll.js HTTP/1.1\r\nHost: h\r\n\r\n") << QByteArray("HTTP/1.1 404");
        QTest::newRow("dot segments") << QByteArray("GET /TOKEN/../TOKEN HTTP/1.1\r\nHost: h\r\n\r\n") << QByteArray("HTTP/1.1 404");
        QTest::newRow("the socket's path, no upgrade") << QByteArray("GET /TOKEN/ws HTTP/1.1\r\nHost: h\r\n\r\n") << QByteArray("HTTP/1.1 404");
        QTest::newRow("a socket, no token") << QByteArray("GET /ws HTTP/1.1\r\nHost: h\r\n" + upgrade + "\r\n") << QByteArray("HTTP/1.1 404");
        QTest::newRow("a socket, a wrong token")
            << QByteArray("GET /abcdefghijkmnpqr/ws HTTP/1.1\r\nHost: h\r\n" + upgrade + "\r\n") << QByteArray("HTTP/1.1 404");
        QTest::newRow("POST") << QByteArray("POST /TOKEN HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n") << QByteArray("HTTP/1.1 404");
        QTest::newRow("HEAD") << QByteArray("HEAD /TOKEN HTTP/1.1\r\nHost: h\r\n\r\n") << QByteArray("HTTP/1.1 404");
        QTest::newRow("a body") << QByteArray("GET /TOKEN HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nabcd") << QByteArray("HTTP/1.1 404");
        QTest::newRow("no version") << QByteArray("GET /TOKEN\r\n\r\n") << QByteArray("HTTP/1.1 404");
        QTest::newRow("the token encoded") << QByteArray("GET /%TOKEN HTTP/1.1\r\nHost: h\r\n\r\n") << QByteArray("HTTP/1.1 404");
    }

    void onlyThePageAndItsSocket()
    {
        QFETCH(QByteArray, request);
        QFETCH(QByteArray, status);
        PollRoom room;
        PollServer server(&room);
        QCOMPARE(server.start(QHostAddress::LocalHost, 0), QString());
        const QByteArray token = server.url().path().mid(1).toLatin1();
        QCOMPARE(token.size(), 16);
        QVERIFY(server.url().toString().startsWith(QStringLiteral("http://127.0.0.1:%1/").arg(server.port())));
        QByteArray encoded = "%" + QByteArray::number(token.at(0), 16) + token.mid(1);
        request.replace("%TOKEN", encoded).replace("TOKEN", token).replace("HALF", token.left(8));
        const QByteArray got = answer(server.port(), request);
        QVERIFY2(got.startsWith(status), got.left(300).constData());
        const QByteArray head = got.left(got.indexOf("\r\n\r\n")).toLower();
        if (status.endsWith("404"))
            QCOMPARE(server.turnedAway(), 1);
        if (!status.endsWith("200"))
            return;
        // A strict policy: nothing but the page's own style and script, and its socket.
        QVERIFY2(head.contains("\r\ncontent-security-policy: default-src 'none'; style-src 'sha256-"), head.constData());
        QVERIFY(head.contains("; script-src 'sha256-"));
        QVERIFY(head.contains("connect-src 'self' ws://127.0.0.1:" + QByteArray::number(server.port())));
        QVERIFY(head.contains("\r\ncache-control: no-store"));
        QVERIFY(head.contains("\r\nreferrer-policy: no-referrer"));
        QVERIFY(head.contains("\r\ncontent-type: text/html; charset=utf-8"));
        // Self-contained: no address of anything else, nothing fetched.
        const QByteArray body = got.mid(got.indexOf("\r\n\r\n") + 4);
        QVERIFY(body.startsWith("<!DOCTYPE html>"));
        QVERIFY(!body.contains("http://") && !body.contains("https://"));
        QVERIFY(!QRegularExpression(QStringLiteral("(src|href)\\s*=")).match(QString::fromUtf8(body)).hasMatch());
        QVERIFY(body.contains("\"zh_CN\":{"));
    }

    // The question shown, the one after it reveals it and keeps it shown;
    // back before it hides it, and it comes back as it was.
    void theRoomFollowsTheLesson()
    {
        PollRoom room;
        room.show(m_lesson, false, 0);
        QVERIFY(!room.question());
        room.show(m_lesson, false, kQuestionFrame);
        QVERIFY(room.votingOpen());
        const int serial = room.question()->serial;
        QCOMPARE(room.vote(studentId(1), serial, 1, 1), PollRoom::Ballot::Counted);
        QCOMPARE(room.vote(studentId(1), serial, 1, 1), PollRoom::Ballot::Same);
        QCOMPARE(room.vote(studentId(1), serial, 1, 2), PollRoom::Ballot::Changed);
        QCOMPARE(room.vote(studentId(2), serial, 1, 3), PollRoom::Ballot::NoSuchChoice);
        QCOMPARE(room.vote(studentId(2), serial + 1, 1, 0), PollRoom::Ballot::Stale);
        QCOMPARE(room.vote(studentId(2), serial, 2, 0), PollRoom::Ballot::Stale);
        room.show(m_lesson, false, 0);
        QVERIFY(!room.question());
        QCOMPARE(room.vote(studentId(2), serial, 1, 0), PollRoom::Ballot::Stale);
        room.show(m_lesson, false, kQuestionFrame);
        QCOMPARE(room.question()->serial, serial);
        QCOMPARE(room.voteOf(studentId(1)), 2);
        QVERIFY(room.canVoteAgain());
        QVERIFY(room.voteAgain());
        QVERIFY(!room.canVoteAgain()); // nobody voted in round 2 yet
        QCOMPARE(room.vote(studentId(1), serial, 1, 1), PollRoom::Ballot::Stale);
        QCOMPARE(room.vote(studentId(1), serial, 2, 1), PollRoom::Ballot::Counted);
        QVERIFY(room.voteAgain());
        QCOMPARE(room.vote(studentId(1), serial, 3, 1), PollRoom::Ballot::Counted);
        QVERIFY(!room.voteAgain()); // three rounds at most
        room.show(m_lesson, false, kQuestionFrame + 1);
        QVERIFY(room.question() && room.question()->revealed);
        QCOMPARE(room.vote(studentId(2), serial, 3, 1), PollRoom::Ballot::Closed);
        room.show(m_lesson, false, kQuestionFrame + 2);
        QVERIFY(!room.question());
        QCOMPARE(room.asked().size(), 1);
    }

    // Sixty phones, two rounds: some change their vote, some drop and come back
    // (keeping their vote); the counts are exact in both rounds, on every
    // phone after the reveal, and in the export.
    void sixtyStudentsTwoRounds()
    {
        PollRoom room;
        PollServer server(&room);
        QCOMPARE(server.start(QHostAddress::LocalHost, 0), QString());
        room.show(m_lesson, false, kQuestionFrame);
        QObject owner;
        const QList<Phone *> phones = join(server.url(), 0, 60, &owner);
        QCOMPARE(phones.size(), 60);
        QTRY_COMPARE(server.joined(), 60);
        QCOMPARE(phones.first()->round(), 1);

        QHash<QString, int> first;
        auto vote = [&](QHash<QString, int> &expected, int i, int choice) {
            phones.at(i)->vote(choice);
            expected[studentId(i)] = choice;
        };
        for (int i = 0; i < 60; ++i)
            vote(first, i, i % 3);
        QTRY_COMPARE(countsOf(room, 0), tally(first));
        for (int i = 0; i < 10; ++i) // changed their minds
            vote(first, i, (i + 1) % 3);
        for (int i = 10; i < 20; ++i) // dropped, back again
            phones.at(i)->socket.abort();
        QTRY_COMPARE(server.joined(), 50);
        for (int i = 10; i < 20; ++i) {
            phones.at(i)->statesSeen = 0;
            phones.at(i)->open();
        }
        for (int i = 10; i < 20; ++i) {
            QTRY_VERIFY(phones.at(i)->statesSeen > 0);
            QCOMPARE(phones.at(i)->mine(), first.value(studentId(i))); // the vote is kept
        }
        for (int i = 10; i < 15; ++i)
            vote(first, i, 2);
        QTRY_COMPARE(countsOf(room, 0), tally(first));
        QCOMPARE(server.joined(), 60);

        // Closed: a late vote is dropped.
        QVERIFY(room.closeVoting());
        QTRY_VERIFY(!phones.at(25)->state.value(QStringLiteral("question")).toObject().value(QStringLiteral("open")).toBool());
        phones.at(25)->vote(0);
        QTRY_COMPARE(server.dropped(), 1);
        QCOMPARE(countsOf(room, 0), tally(first));

        // Vote again after the discussion: ten do not, five change, five drop and come back.
        QVERIFY(room.voteAgain());
        for (Phone *p : phones)
            QTRY_COMPARE(p->round(), 2);
        QHash<QString, int> second;
        for (int i = 0; i < 50; ++i)
            vote(second, i, i % 4 == 0 ? 0 : 1);
        for (int i = 0; i < 5; ++i)
            vote(second, i, 2);
        QTRY_COMPARE(countsOf(room, 1), tally(second)); // in before anyone drops
        for (int i = 30; i < 35; ++i)
            phones.at(i)->socket.abort();
        QTRY_COMPARE(server.joined(), 55);
        for (int i = 30; i < 35; ++i) {
            phones.at(i)->statesSeen = 0;
            phones.at(i)->open();
        }
        for (int i = 30; i < 35; ++i) {
            QTRY_VERIFY(phones.at(i)->statesSeen > 0);
            QCOMPARE(phones.at(i)->mine(), second.value(studentId(i)));
        }
        QTRY_COMPARE(countsOf(room, 1), tally(second));
        QCOMPARE(countsOf(room, 0), tally(first));

        // Revealed: every phone has the right answer and both rounds' counts.
        QVERIFY(room.reveal());
        const QJsonArray rounds{QJsonArray::fromVariantList({tally(first)[0], tally(first)[1], tally(first)[2]}),
                                QJsonArray::fromVariantList({tally(second)[0], tally(second)[1], tally(second)[2]})};
        for (Phone *p : phones) {
            QTRY_VERIFY(p->state.value(QStringLiteral("question")).toObject().value(QStringLiteral("revealed")).toBool());
            const QJsonObject q = p->state.value(QStringLiteral("question")).toObject();
            QCOMPARE(q.value(QStringLiteral("right")).toInt(), 1);
            QCOMPARE(q.value(QStringLiteral("rounds")).toArray(), rounds);
        }

        // The export says the same.
        QTemporaryDir dir;
        QCOMPARE(room.write(dir.filePath(QStringLiteral("poll.csv")), QStringLiteral("en")), QString());
        QCOMPARE(room.write(dir.filePath(QStringLiteral("poll.json")), QStringLiteral("zh_CN")), QString());
        QFile csv(dir.filePath(QStringLiteral("poll.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(csv.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 2 * kChoices);
        QCOMPARE(lines.first(), QStringLiteral("lesson,side,frame,question,round,choice,right,votes,share,voters,right_share"));
        for (int r = 0; r < 2; ++r) {
            const QList<int> expected = tally(r == 0 ? first : second);
            const int voters = r == 0 ? 60 : 50;
            for (int c = 0; c < kChoices; ++c) {
                const QStringList f = lines.at(1 + r * kChoices + c).split(QLatin1Char(','));
                QCOMPARE(f.size(), 11);
                QCOMPARE(f.mid(0, 3), (QStringList{QStringLiteral("lost-update"), QStringLiteral("broken"), QStringLiteral("2")}));
                QCOMPARE(f.at(4).toInt(), r + 1);
                QCOMPARE(f.at(6), c == 1 ? QStringLiteral("yes") : QStringLiteral("no"));
                QCOMPARE(f.at(7).toInt(), expected.at(c));
                QCOMPARE(f.at(9).toInt(), voters);
                QCOMPARE(f.at(10), QString::number(double(expected.at(1)) / voters, 'f', 4));
            }
        }
        QFile json(dir.filePath(QStringLiteral("poll.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject question = QJsonDocument::fromJson(json.readAll()).object().value(QStringLiteral("questions")).toArray().at(0).toObject();
        QCOMPARE(question.value(QStringLiteral("question")).toString(), m_lesson.broken.at(kQuestionFrame).question.zh);
        QCOMPARE(question.value(QStringLiteral("frame")).toInt(), 2);
        const QJsonArray exported = question.value(QStringLiteral("rounds")).toArray();
        QCOMPARE(exported.size(), 2);
        for (int r = 0; r < 2; ++r)
            QCOMPARE(exported.at(r).toObject().value(QStringLiteral("counts")).toArray(), rounds.at(r).toArray());
        QCOMPARE(exported.at(1).toObject().value(QStringLiteral("voters")).toInt(), 50);
    }

    void hostileClientsLeaveHonestVotesCounted_data()
    {
        QTest::addColumn<QString>("attack");
        for (const char *attack : {"no token", "wrong token", "malformed JSON", "no such choice", "10000 messages a second",
                                   "1 MiB frame", "400 connections", "slowloris"})
            QTest::newRow(attack) << QString::fromLatin1(attack);
    }

    // Twenty honest phones vote (and some change) while one attack goes on.
    void hostileClientsLeaveHonestVotesCounted()
    {
        QFETCH(QString, attack);
        PollRoom room;
        PollServer server(&room);
        PollLimits limits;
        limits.headerMs = 1000; // the slow ones are cut off sooner than in a class, for the test's time
        server.setLimits(limits);
        QCOMPARE(server.start(QHostAddress::LocalHost, 0), QString());
        room.show(m_lesson, false, kQuestionFrame);
        QObject owner;
        const QList<Phone *> honest = join(server.url(), 0, 20, &owner);
        QCOMPARE(honest.size(), 20);
        m_frames->restart();

        const QString attacker = studentId(666);
        const QByteArray token = server.url().path().mid(1).toLatin1();
        QList<QTcpSocket *> raw;        // connections of the attack
        Phone *bad = nullptr;           // its phone, with the token
        auto rawConnection = [&](const QByteArray &first) {
            auto *s = new QTcpSocket(&owner);
            s->connectToHost(QHostAddress::LocalHost, server.port());
            if (!first.isEmpty())
                connect(s, &QTcpSocket::connected, s, [s, first] { s->write(first); });
            raw << s;
            return s;
        };
        auto badPhone = [&] {
            bad = new Phone(server.url(), attacker, &owner);
            bad->open();
            return QTest::qWaitFor([&] { return bad->statesSeen > 0; }, 10000);
        };
        int expectDropped = 0;
        QTimer drip; // the slowloris's header lines, one at a time

        if (attack == QLatin1String("no token") || attack == QLatin1String("wrong token")) {
            const QByteArray path = attack == QLatin1String("no token") ? QByteArray() : QByteArray("/abcdefghijkmnpqr");
            for (int i = 0; i < 10; ++i) {
                rawConnection("GET " + path + "/ HTTP/1.1\r\nHost: h\r\n\r\n");
                rawConnection("GET " + path + "/ws?s=" + attacker.toLatin1() + " HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\n"
                              "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
            }
        } else if (attack == QLatin1String("malformed JSON")) {
            QVERIFY(badPhone());
            const QString q = QString::number(bad->questionId());
            const QStringList messages{QStringLiteral("{"), QStringLiteral("[]"), QStringLiteral("\"vote\""), QStringLiteral("{\"vote\":1}"),
                                       QStringLiteral("{\"q\":%1,\"r\":1,\"vote\":\"1\"}").arg(q),
                                       QStringLiteral("{\"q\":%1,\"r\":1,\"vote\":1.5}").arg(q),
                                       QStringLiteral("{\"q\":%1,\"r\":1,\"vote\":1,\"name\":\"Robert'); DROP TABLE\"}").arg(q),
                                       QStringLiteral("{\"q\":%1,\"r\":1,\"vote\":1e300}").arg(q)};
            for (const QString &m : messages)
                bad->socket.sendTextMessage(m);
            bad->socket.sendBinaryMessage(QByteArrayLiteral("\x01\x02"));
            expectDropped = int(messages.size()) + 1;
        } else if (attack == QLatin1String("no such choice")) {
            QVERIFY(badPhone());
            for (const int choice : {3, -1, 99, 1 << 30})
                bad->vote(choice);
            bad->socket.sendTextMessage(QStringLiteral("{\"q\":%1,\"r\":1,\"vote\":0}").arg(bad->questionId() + 1));
            bad->socket.sendTextMessage(QStringLiteral("{\"q\":%1,\"r\":2,\"vote\":0}").arg(bad->questionId()));
            expectDropped = 6;
        } else if (attack == QLatin1String("10000 messages a second")) {
            QVERIFY(badPhone());
            for (int i = 0; i < 10000; ++i)
                bad->vote(i % kChoices);
        } else if (attack == QLatin1String("1 MiB frame")) {
            QVERIFY(badPhone());
            bad->socket.sendTextMessage(QString(1 << 20, QLatin1Char('x')));
        } else if (attack == QLatin1String("400 connections")) {
            for (int i = 0; i < 400; ++i)
                rawConnection({});
        } else if (attack == QLatin1String("slowloris")) {
            for (int i = 0; i < 30; ++i)
                rawConnection("GET /" + token + " HTTP/1.1\r\n");
            rawConnection("GET /" + token + " HTTP/1.1\r\nX-Long: " + QByteArray(16 * 1024, 'a')); // a head with no end
            connect(&drip, &QTimer::timeout, &owner, [&raw] {
                for (QTcpSocket *s : raw)
                    if (s->state() == QAbstractSocket::ConnectedState)
                        s->write("X-Slow: 1\r\n");
            });
            drip.start(200);
        }

        // The honest class votes meanwhile, and five change their minds.
        QHash<QString, int> votes;
        for (int i = 0; i < 20; ++i) {
            honest.at(i)->vote(i % kChoices);
            votes[studentId(i)] = i % kChoices;
        }
        for (int i = 0; i < 5; ++i) {
            honest.at(i)->vote(2);
            votes[studentId(i)] = 2;
        }
        // The attacker's own vote, if one got in, is one vote like anyone's.
        const auto honestCounts = [&] {
            QList<int> counts = countsOf(room, 0);
            if (const int own = room.voteOf(attacker); own >= 0)
                --counts[own];
            return counts;
        };
        QTRY_COMPARE_WITH_TIMEOUT(honestCounts(), tally(votes), 10000);

        if (!raw.isEmpty()) {
            // Every connection of the attack is answered 404, refused or cut off.
            QTRY_VERIFY_WITH_TIMEOUT(std::all_of(raw.cbegin(), raw.cend(), [](QTcpSocket *s) {
                                         return s->state() == QAbstractSocket::UnconnectedState;
                                     }), 15000);
            for (QTcpSocket *s : raw) {
                const QByteArray got = s->readAll();
                QVERIFY2(got.isEmpty() || got.startsWith("HTTP/1.1 404"), got.left(200).constData());
            }
            QVERIFY(server.turnedAway() >= raw.size());
        }
        if (attack == QLatin1String("no token") || attack == QLatin1String("wrong token"))
            QCOMPARE(server.turnedAway(), 20);
        if (attack == QLatin1String("400 connections"))
            QCOMPARE(server.peakConnections(), limits.connections);
        if (attack == QLatin1String("malformed JSON") || attack == QLatin1String("no such choice")) {
            QTRY_COMPARE(server.dropped(), expectDropped);
            QVERIFY(bad->isOpen()); // within the rate: dropped, not cut off
            QCOMPARE(room.voteOf(attacker), -1);
        }
        if (attack == QLatin1String("10000 messages a second") || attack == QLatin1String("1 MiB frame")) {
            QTRY_VERIFY(!bad->isOpen());
            QTRY_COMPARE(server.turnedAway(), 1);
        }
        // The class is still there (with an attacker kept within the limits), and another phone can still join.
        QCOMPARE(server.joined(), 20 + (bad && bad->isOpen() ? 1 : 0));
        QVERIFY(std::all_of(honest.cbegin(), honest.cend(), [](Phone *p) { return p->isOpen(); }));
        QCOMPARE(join(server.url(), 100, 1, &owner).size(), 1);
        qInfo().noquote() << attack << "- the window meanwhile:" << m_frames->summary() << "- dropped" << server.dropped()
                          << "turned away" << server.turnedAway();
    }

    // Stopped: the listener and every connection closed, mid-request ones too.
    void stopClosesEverySocket()
    {
        PollRoom room;
        PollServer server(&room);
        QCOMPARE(server.start(QHostAddress::LocalHost, 0), QString());
        room.show(m_lesson, false, kQuestionFrame);
        const quint16 port = server.port();
        QObject owner;
        const QList<Phone *> phones = join(server.url(), 0, 5, &owner);
        QCOMPARE(phones.size(), 5);
        QTcpSocket half;
        half.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(half.waitForConnected(5000));
        half.write("GET /");
        QTest::qWait(50);
        server.stop();
        QVERIFY(!server.running());
        QCOMPARE(server.joined(), 0);
        for (Phone *p : phones)
            QTRY_VERIFY(!p->isOpen());
        QTRY_COMPARE(half.state(), QAbstractSocket::UnconnectedState);
        QTcpSocket late;
        late.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(!late.waitForConnected(5000));
        QCOMPARE(late.error(), QAbstractSocket::ConnectionRefusedError);
        // The results stay.
        QCOMPARE(room.asked().size(), 1);
    }

    void cleanupTestCase()
    {
        delete m_window;
        m_qml.reset();
    }
};

QTEST_MAIN(TestPoll)
#include "tst_poll.moc"
