// `lockstock lesson NAME --poll`: the headless form prints the full join
// address with its token (anything without it is 404), then the counts as
// three phones vote; Enter closes the voting, 'again' opens a second round,
// Enter reveals the answer with both rounds' shares and plays on; the end of
// the input ends the lesson, writes the results, and closes the port. Bad
// options are refused with exit 2.

#include "LockstockProcess.h"
#include "Phones.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace lockstock::test;

namespace {
constexpr int kWaitMs = 20000;

// What the poll answers a request line, up to its closing the connection.
QByteArray answer(quint16 port, const QByteArray &target)
{
    QTcpSocket socket;
    QByteArray got;
    QObject::connect(&socket, &QTcpSocket::connected, &socket,
                     [&] { socket.write("GET " + target + " HTTP/1.1\r\nHost: h\r\n\r\n"); });
    QObject::connect(&socket, &QTcpSocket::readyRead, &socket, [&] { got += socket.readAll(); });
    socket.connectToHost(QHostAddress::LocalHost, port);
    QTest::qWaitFor([&] { return socket.state() == QAbstractSocket::UnconnectedState || got.contains("</html>"); }, kWaitMs);
    return got;
}
} // namespace

class TestPollCli : public QObject {
    Q_OBJECT

private slots:
    void theClassVotesThroughTheTerminal()
    {
        QTemporaryDir dir;
        const QString results = dir.filePath(QStringLiteral("results.json"));
        QProcess lockstock;
        startLockstock(lockstock, {QStringLiteral("lesson"), QStringLiteral("lost-update"), QStringLiteral("--side"), QStringLiteral("broken"),
                                   QStringLiteral("--poll"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                                   QStringLiteral("--language"), QStringLiteral("en"), QStringLiteral("--results"), results});
        QString out;
        const auto said = [&](const QString &text) {
            return QTest::qWaitFor([&] {
                out += QString::fromUtf8(lockstock.readAllStandardOutput());
                return out.contains(text);
            }, kWaitMs);
        };
        const auto describeRun = [&] { return qPrintable(out + QString::fromUtf8(lockstock.readAllStandardError())); };

        // The full address, with its token.
        QVERIFY2(said(QStringLiteral("students join at")), describeRun());
        QVERIFY2(said(QStringLiteral("\n")), describeRun());
        const QRegularExpressionMatch joinAt =
            QRegularExpression(QStringLiteral("students join at (http://127\\.0\\.0\\.1:(\\d+)/([a-z2-9]{16}))\\n")).match(out);
        QVERIFY2(joinAt.hasMatch(), describeRun());
        const QUrl url(joinAt.captured(1));
        const quint16 port = quint16(joinAt.captured(2).toUInt());
        const QByteArray token = joinAt.captured(3).toLatin1();
        QVERIFY(answer(port, "/" + token).startsWith("HTTP/1.1 200"));
        for (const QByteArray &path : {QByteArray("/"), QByteArray("/ws"), QByteArray("/" + token.left(15)), QByteArray("/favicon.ico")})
            QVERIFY2(answer(port, path).startsWith("HTTP/1.1 404"), path.constData());

        // Three phones join at the first frame; Enter goes to the question.
        QVERIFY2(said(QStringLiteral("Frame 1 of 7")), describeRun());
        QObject owner;
        QList<Phone *> phones;
        for (int i = 0; i < 3; ++i) {
            phones << new Phone(url, studentId(i), &owner);
            phones.last()->open();
        }
        QVERIFY2(said(QStringLiteral("3 joined")), describeRun());
        lockstock.write("\n");
        QVERIFY2(said(QStringLiteral("Voting is open; Enter closes it.")), describeRun());
        for (Phone *p : phones)
            QTRY_COMPARE_WITH_TIMEOUT(p->round(), 1, kWaitMs);
        phones.at(0)->vote(1);
        phones.at(1)->vote(1);
        phones.at(2)->vote(0);
        QVERIFY2(said(QStringLiteral("Round 1 · 3 voted · 3 joined · 98: 1 (33 %) · 99: 2 (67 %) · 100: 0 (0 %)")), describeRun());

        // Closed, a second round after the discussion, closed again, revealed.
        lockstock.write("\n");
        QVERIFY2(said(QStringLiteral("Voting is closed.")), describeRun());
        lockstock.write("again\n");
        QVERIFY2(said(QStringLiteral("Round 2: voting is open")), describeRun());
        for (Phone *p : phones) {
            QTRY_COMPARE_WITH_TIMEOUT(p->round(), 2, kWaitMs);
            p->vote(1);
        }
        QVERIFY2(said(QStringLiteral("Round 2 · 3 voted · 3 joined · 98: 0 (0 %) · 99: 3 (100 %) · 100: 0 (0 %)")), describeRun());
        lockstock.write("\n");
        QVERIFY2(said(QStringLiteral("Voting is closed. Enter reveals")), describeRun());
        lockstock.write("\n");
        QVERIFY2(said(QStringLiteral("Answer: 99\n      98: 33 % → 0 %\n      99: 67 % → 100 %  ✓\n      100: 0 % → 0 %\n")), describeRun());
        QVERIFY2(said(QStringLiteral("Frame 3 of 7")), describeRun());
        QTRY_VERIFY_WITH_TIMEOUT(phones.at(0)->state.value(QStringLiteral("question")).toObject().value(QStringLiteral("revealed")).toBool(),
                                 kWaitMs);

        // The end of the input ends the lesson: the results, and the port closed.
        lockstock.closeWriteChannel();
        const CliResult r = finishLockstock(lockstock, kWaitMs);
        out += r.out;
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(out.contains(QStringLiteral("The poll is closed: 1 question asked.")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("Both sell one unit. What will the stock be? · right: 67 % → 100 %")), qPrintable(out));
        QFile file(results);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray rounds = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("questions")).toArray().at(0)
                                      .toObject().value(QStringLiteral("rounds")).toArray();
        QCOMPARE(rounds.size(), 2);
        QCOMPARE(rounds.at(0).toObject().value(QStringLiteral("counts")).toArray(), (QJsonArray{1, 2, 0}));
        QCOMPARE(rounds.at(1).toObject().value(QStringLiteral("counts")).toArray(), (QJsonArray{0, 3, 0}));
        for (Phone *p : phones)
            QTRY_VERIFY(!p->isOpen());
        QTcpSocket late;
        late.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(!late.waitForConnected(5000));
    }

    void badOptions_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("all addresses") << QStringList{QStringLiteral("--poll"), QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0")}
                                       << QStringLiteral("one of this machine's addresses");
        QTest::newRow("a name") << QStringList{QStringLiteral("--poll"), QStringLiteral("--listen"), QStringLiteral("example.org:80")}
                                << QStringLiteral("one of this machine's addresses");
        QTest::newRow("no port") << QStringList{QStringLiteral("--poll"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1")}
                                 << QStringLiteral("--listen wants HOST:PORT");
        QTest::newRow("--listen alone") << QStringList{QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")}
                                        << QStringLiteral("go with --poll");
        QTest::newRow("results as text") << QStringList{QStringLiteral("--poll"), QStringLiteral("--results"), QStringLiteral("r.txt")}
                                         << QStringLiteral("--results wants a .csv or .json file");
    }

    void badOptions()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliResult r = runLockstock(QStringList{QStringLiteral("lesson"), QStringLiteral("lost-update")} + args);
        QVERIFY2(r.finished && r.exitCode == kExitUsage, qPrintable(describe(r)));
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestPollCli)
#include "test_poll_cli.moc"
