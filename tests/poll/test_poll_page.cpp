// The students' page in a real browser: Debian's Chromium, headless, on a
// phone's 360 px, opens the join address from a poll on loopback (driven
// over the DevTools protocol). It shows the question in the class's
// language and switches language when the student asks; a vote is counted;
// dropped, it reconnects by itself, keeps its vote and sends one made while
// it was away; the reveal shows the right answer and the class's shares; and
// the page's strict policy refuses nothing it does.

#include "lesson/Lesson.h"
#include "poll/PollRoom.h"
#include "poll/PollServer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>

using namespace lockstock;

namespace {
constexpr int kQuestionFrame = 1; // lost-update's: 98 / 99 (right) / 100
constexpr int kWaitMs = 15000;

// Headless Chromium over the DevTools protocol: one page, its session.
class Chromium {
public:
    ~Chromium()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished();
        }
    }

    QString start(const QString &profile)
    {
        const QString binary = QStandardPaths::findExecutable(QStringLiteral("chromium"));
        if (binary.isEmpty())
            return QStringLiteral("chromium is not installed (scripts/deps.txt lists it; run scripts/setup.sh)");
        m_process.start(binary, {QStringLiteral("--headless"), QStringLiteral("--no-sandbox"), QStringLiteral("--disable-gpu"),
                                 QStringLiteral("--no-first-run"), QStringLiteral("--user-data-dir=") + profile,
                                 QStringLiteral("--remote-debugging-port=0"), QStringLiteral("about:blank")});
        // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/ID"
        static const QRegularExpression listening(QStringLiteral("DevTools listening on (ws://\\S+)"));
        QString said;
        QRegularExpressionMatch m;
        if (!QTest::qWaitFor([&] {
                said += QString::fromUtf8(m_process.readAllStandardError());
                return (m = listening.match(said)).hasMatch() || m_process.state() == QProcess::NotRunning;
            }, kWaitMs) || !m.hasMatch())
            return QStringLiteral("chromium said no DevTools address: ") + said.left(2000);
        QObject::connect(&m_socket, &QWebSocket::textMessageReceived, &m_socket, [this](const QString &text) {
            const QJsonObject message = QJsonDocument::fromJson(text.toUtf8()).object();
            if (message.contains(QStringLiteral("id")))
                m_replies.insert(message.value(QStringLiteral("id")).toInt(), message);
        });
        m_socket.open(QUrl(m.captured(1)));
        if (!QTest::qWaitFor([this] { return m_socket.state() == QAbstractSocket::ConnectedState; }, kWaitMs))
            return QStringLiteral("no DevTools connection: ") + m_socket.errorString();
        const QJsonObject target = call(QStringLiteral("Target.createTarget"), {{QStringLiteral("url"), QStringLiteral("about:blank")}});
        const QJsonObject attached = call(QStringLiteral("Target.attachToTarget"),
                                          {{QStringLiteral("targetId"), target.value(QStringLiteral("targetId"))},
                                           {QStringLiteral("flatten"), true}});
        m_session = attached.value(QStringLiteral("sessionId")).toString();
        return m_session.isEmpty() ? QStringLiteral("no page session") : QString();
    }

    // A method's result (in the page's session once there is one).
    QJsonObject call(const QString &method, const QJsonObject &params = {})
    {
        const int id = ++m_lastId;
        QJsonObject message{{QStringLiteral("id"), id}, {QStringLiteral("method"), method}, {QStringLiteral("params"), params}};
        if (!m_session.isEmpty())
            message.insert(QStringLiteral("sessionId"), m_session);
        m_socket.sendTextMessage(QString::fromUtf8(QJsonDocument(message).toJson(QJsonDocument::Compact)));
        QTest::qWaitFor([&] { return m_replies.contains(id); }, kWaitMs);
        return m_replies.take(id).value(QStringLiteral("result")).toObject();
    }

    // An expression's value in the page.
    QJsonValue evaluate(const QString &expression)
    {
        return call(QStringLiteral("Runtime.evaluate"), {{QStringLiteral("expression"), expression}, {QStringLiteral("returnByValue"), true}})
            .value(QStringLiteral("result"))
            .toObject()
            .value(QStringLiteral("value"));
    }
    QString text(const QString &expression) { return evaluate(expression).toString(); }

    // The page as the phone shows it, into LOCKSTOCK_POLL_SHOTS/NAME.png when that is set: to look at.
    void shot(const QString &name)
    {
        const QString dir = qEnvironmentVariable("LOCKSTOCK_POLL_SHOTS");
        if (dir.isEmpty())
            return;
        QFile file(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
        if (file.open(QIODevice::WriteOnly))
            file.write(QByteArray::fromBase64(call(QStringLiteral("Page.captureScreenshot")).value(QStringLiteral("data")).toString().toLatin1()));
    }

private:
    QProcess m_process;
    QWebSocket m_socket;
    QString m_session;
    int m_lastId = 0;
    QHash<int, QJsonObject> m_replies;
};
} // namespace

class TestPollPage : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void aStudentVotesFromAPhone()
    {
        LessonError error;
        const std::optional<Lesson> lesson = findLesson(QStringLiteral("lost-update"), &error);
        QVERIFY(lesson);
        const LessonFrame &frame = lesson->broken.at(kQuestionFrame);
        PollRoom room;
        PollServer server(&room);
        QCOMPARE(server.start(QHostAddress::LocalHost, 0), QString());
        server.setLanguage(QStringLiteral("en"));
        room.show(*lesson, false, kQuestionFrame);

        Chromium chromium;
        QCOMPARE(chromium.start(m_dir.filePath(QStringLiteral("profile"))), QString());
        // A phone: 360 px wide; whatever the page's policy refuses is kept.
        chromium.call(QStringLiteral("Emulation.setDeviceMetricsOverride"),
                      {{QStringLiteral("width"), 360}, {QStringLiteral("height"), 740}, {QStringLiteral("deviceScaleFactor"), 2},
                       {QStringLiteral("mobile"), true}});
        chromium.call(QStringLiteral("Page.enable"));
        chromium.call(QStringLiteral("Page.addScriptToEvaluateOnNewDocument"),
                      {{QStringLiteral("source"), QStringLiteral("window.refused = []; document.addEventListener('securitypolicyviolation', "
                                                                 "e => window.refused.push(e.violatedDirective + ' ' + e.blockedURI));")}});
        chromium.call(QStringLiteral("Page.navigate"), {{QStringLiteral("url"), server.url().toString()}});
        const auto state = [&] { return chromium.text(QStringLiteral("document.body.dataset.state")); };
        const auto ask = [&] { return chromium.text(QStringLiteral("document.getElementById('ask').textContent")); };
        QTRY_COMPARE_WITH_TIMEOUT(state(), QStringLiteral("open"), kWaitMs);

        // The class's language, the question, its choices as big buttons, all within 360 px.
        QCOMPARE(ask(), frame.question.en);
        QCOMPARE(chromium.text(QStringLiteral("document.documentElement.lang")), QStringLiteral("en"));
        QCOMPARE(chromium.text(QStringLiteral("document.getElementById('text').textContent")), frame.text.en);
        QCOMPARE(chromium.evaluate(QStringLiteral("[...document.querySelectorAll('.choice')].map(b => b.textContent).join('|')")).toString(),
                 QStringLiteral("98|99|100"));
        QCOMPARE(chromium.evaluate(QStringLiteral("window.innerWidth")).toInt(), 360);
        QVERIFY(chromium.evaluate(QStringLiteral("document.documentElement.scrollWidth <= window.innerWidth")).toBool());
        QVERIFY(chromium.evaluate(QStringLiteral("Math.min(...[...document.querySelectorAll('.choice')].map(b => b.getBoundingClientRect().height))"))
                    .toDouble() >= 48);

        // The window switches to Chinese: the page follows; the student picks English, then Chinese.
        server.setLanguage(QStringLiteral("zh_CN"));
        QTRY_COMPARE_WITH_TIMEOUT(ask(), frame.question.zh, kWaitMs);
        QCOMPARE(chromium.text(QStringLiteral("document.documentElement.lang")), QStringLiteral("zh-CN"));
        QCOMPARE(chromium.text(QStringLiteral("document.getElementById('text').textContent")), frame.text.zh);
        QVERIFY(!chromium.text(QStringLiteral("document.body.innerText")).contains(QStringLiteral("Tap your answer")));
        chromium.evaluate(QStringLiteral("document.querySelector('[data-language=en]').click()"));
        QCOMPARE(ask(), frame.question.en);
        chromium.evaluate(QStringLiteral("document.querySelector('[data-language=zh_CN]').click()"));
        QCOMPARE(ask(), frame.question.zh);
        chromium.shot(QStringLiteral("page-zh-open"));

        // A vote, counted; the button says so.
        chromium.evaluate(QStringLiteral("document.querySelector('[data-choice=\"1\"]').click()"));
        QTRY_COMPARE_WITH_TIMEOUT(room.question()->round().counts(3), (QList<int>{0, 1, 0}), kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(chromium.text(QStringLiteral("document.querySelector('[data-choice=\"1\"]').getAttribute('aria-pressed')")),
                                  QStringLiteral("true"), kWaitMs);

        // Dropped: the page says so, votes meanwhile, and once the poll is back
        // it reconnects by itself with its vote.
        const quint16 port = server.port();
        server.stop();
        QTRY_COMPARE_WITH_TIMEOUT(chromium.text(QStringLiteral("document.body.dataset.link")), QStringLiteral("lost"), kWaitMs);
        chromium.evaluate(QStringLiteral("document.querySelector('[data-choice=\"2\"]').click()"));
        QCOMPARE(server.start(QHostAddress::LocalHost, port, true), QString());
        QTRY_COMPARE_WITH_TIMEOUT(room.question()->round().counts(3), (QList<int>{0, 0, 1}), kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(chromium.text(QStringLiteral("document.body.dataset.link")), QStringLiteral("open"), kWaitMs);
        QCOMPARE(server.joined(), 1);

        // Revealed: the right answer and the class's shares.
        QVERIFY(room.reveal());
        QTRY_COMPARE_WITH_TIMEOUT(state(), QStringLiteral("revealed"), kWaitMs);
        QVERIFY(chromium.evaluate(QStringLiteral("document.querySelector('[data-choice=\"1\"]').classList.contains('right')")).toBool());
        QCOMPARE(chromium.text(QStringLiteral("document.querySelector('[data-choice=\"2\"]').dataset.shares")), QStringLiteral("100%"));
        QVERIFY2(chromium.text(QStringLiteral("document.getElementById('right').textContent")).contains(QStringLiteral("99")),
                 qPrintable(chromium.text(QStringLiteral("document.getElementById('right').textContent"))));
        QVERIFY(!chromium.text(QStringLiteral("document.getElementById('yours').textContent")).isEmpty());
        chromium.evaluate(QStringLiteral("document.querySelector('[data-language=en]').click()"));
        QCOMPARE(chromium.text(QStringLiteral("document.getElementById('right').textContent")), QStringLiteral("The right answer: 99"));
        QCOMPARE(chromium.text(QStringLiteral("document.getElementById('yours').textContent")), QStringLiteral("You chose 100."));
        QCOMPARE(chromium.text(QStringLiteral("document.querySelector('[data-choice=\"2\"]').dataset.shares")), QStringLiteral("100 %"));
        chromium.shot(QStringLiteral("page-en-revealed"));

        // The page's policy refused nothing the page does.
        QCOMPARE(chromium.evaluate(QStringLiteral("window.refused.join(', ')")).toString(), QString());
    }
};

QTEST_GUILESS_MAIN(TestPollPage)
#include "test_poll_page.moc"
