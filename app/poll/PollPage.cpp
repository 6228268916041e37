#include "PollPage.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTranslator>

namespace lockstock {

namespace {
struct Word {
    const char *key;
    const char *text;
};

// What the page says, in the window's translations (context "PollPage").
constexpr Word kWords[] = {
    {"title", QT_TRANSLATE_NOOP("PollPage", "Class poll")},
    {"connecting", QT_TRANSLATE_NOOP("PollPage", "Connecting…")},
    {"reconnecting", QT_TRANSLATE_NOOP("PollPage", "Connection lost. Reconnecting…")},
    {"gone", QT_TRANSLATE_NOOP("PollPage", "The poll cannot be reached. If it has ended, ask your teacher for the new code.")},
    {"noLesson", QT_TRANSLATE_NOOP("PollPage", "Waiting for the teacher to start a lesson.")},
    {"waiting", QT_TRANSLATE_NOOP("PollPage", "Watch the projector. The next question will appear here.")},
    {"frame", QT_TRANSLATE_NOOP("PollPage", "Frame %1 of %2")},
    {"broken", QT_TRANSLATE_NOOP("PollPage", "The broken side")},
    {"fix", QT_TRANSLATE_NOOP("PollPage", "The fix")},
    {"tap", QT_TRANSLATE_NOOP("PollPage", "Tap your answer. You can change it until voting closes.")},
    {"voted", QT_TRANSLATE_NOOP("PollPage", "Your vote is in. You can change it until voting closes.")},
    {"sending", QT_TRANSLATE_NOOP("PollPage", "Your vote is sent as soon as the connection is back.")},
    {"closed", QT_TRANSLATE_NOOP("PollPage", "Voting is closed.")},
    {"again", QT_TRANSLATE_NOOP("PollPage", "Round %1: talk it over with your neighbour, then vote again.")},
    {"right", QT_TRANSLATE_NOOP("PollPage", "The right answer: %1")},
    {"youRight", QT_TRANSLATE_NOOP("PollPage", "You got it right.")},
    {"youWrong", QT_TRANSLATE_NOOP("PollPage", "You chose %1.")},
    {"oneVote", QT_TRANSLATE_NOOP("PollPage", "1 vote")},
    {"votes", QT_TRANSLATE_NOOP("PollPage", "%1 votes")},
    {"percent", QT_TRANSLATE_NOOP("PollPage", "%1 %")},
    {"language", QT_TRANSLATE_NOOP("PollPage", "Language")},
};

QByteArray resource(const QString &name)
{
    QFile file(QStringLiteral(":/poll/") + name);
    const bool opened = file.open(QIODevice::ReadOnly);
    Q_ASSERT(opened); // built in
    return file.readAll();
}

QByteArray hashSource(const QByteArray &text)
{
    return "'sha256-" + QCryptographicHash::hash(text, QCryptographicHash::Sha256).toBase64() + "'";
}

// Both languages at once: the student can switch without asking the server.
QByteArray words()
{
    QTranslator chinese;
    const bool loaded = chinese.load(QStringLiteral(":/i18n/lockstock_zh_CN"));
    QJsonObject en, zh;
    for (const Word &w : kWords) {
        const QString english = QString::fromUtf8(w.text);
        const QString translated = loaded ? chinese.translate("PollPage", w.text) : QString();
        en.insert(QLatin1String(w.key), english);
        zh.insert(QLatin1String(w.key), translated.isEmpty() ? english : translated);
    }
    QByteArray json = QJsonDocument(QJsonObject{{QStringLiteral("en"), en}, {QStringLiteral("zh_CN"), zh}})
                          .toJson(QJsonDocument::Compact);
    // Inside <script type="application/json">: nothing may close the element.
    return json.replace("</", "<\\/");
}
} // namespace

PollPage makePollPage(const QString &socketOrigin)
{
    const QByteArray style = resource(QStringLiteral("poll.css"));
    const QByteArray script = resource(QStringLiteral("poll.js"));
    QByteArray html = resource(QStringLiteral("poll.html"));
    html.replace("@STYLE@", style).replace("@WORDS@", words()).replace("@SCRIPT@", script);
    // 'self' covers ws: on the page's own host and port in CSP 3; older
    // Safari needs the address itself.
    const QByteArray policy = "default-src 'none'; style-src " + hashSource(style) + "; script-src " + hashSource(script)
        + "; connect-src 'self' " + socketOrigin.toLatin1()
        + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    return PollPage{html, policy};
}

} // namespace lockstock
