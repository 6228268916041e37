#include "LessonPoll.h"

#include "cli/Console.h"
#include "cli/Interrupt.h"
#include "poll/QrCode.h"

#include <QEventLoop>

#include <unistd.h>

namespace lockstock {

namespace {
QString percent(double share)
{
    return Cli::tr("%1 %").arg(qRound(100 * share));
}
} // namespace

LessonPoll::LessonPoll(const QString &language)
    : m_language(language)
    , m_server(&m_room)
    , m_input(STDIN_FILENO, QSocketNotifier::Read)
{
    m_server.setLanguage(language);
    m_input.setEnabled(false);
    connect(&m_input, &QSocketNotifier::activated, this, &LessonPoll::readInput);
    m_votesSettled.setSingleShot(true);
    m_votesSettled.setInterval(200);
    connect(&m_votesSettled, &QTimer::timeout, this, &LessonPoll::printVotes);
    connect(&m_room, &PollRoom::votesChanged, this, [this] {
        if (m_room.votingOpen())
            m_votesSettled.start();
    });
    connect(&m_server, &PollServer::joinedChanged, &m_votesSettled, qOverload<>(&QTimer::start));
}

LessonPoll::~LessonPoll() = default;

bool LessonPoll::start(const QHostAddress &address, quint16 port)
{
    if (const QString error = m_server.start(address, port); !error.isEmpty()) {
        printError(error);
        return false;
    }
    quitOnInterrupt();
    m_input.setEnabled(true);
    const QString url = m_server.url().toString();
    printOut(Cli::tr("Class poll: students join at %1").arg(url));
    if (stdoutIsTerminal())
        printOut(QrCode(url).terminalText());
    printOut(Cli::tr("Enter goes on: it closes a question's voting, then reveals the answer ('again' first for another "
                     "round). 'q' ends the lesson."));
    return true;
}

bool LessonPoll::atFrame(const Lesson &lesson, bool correctSide, int frame)
{
    m_frame = frame;
    m_room.show(lesson, correctSide, frame);
    if (m_room.votingOpen())
        printOut(QStringLiteral("    ") + Cli::tr("Voting is open; Enter closes it."));
    if (m_ended)
        return false;
    QEventLoop waiting;
    m_waiting = &waiting;
    waiting.exec();
    m_waiting = nullptr;
    m_votesSettled.stop();
    if (catchInterrupts().load())
        m_ended = true;
    return !m_ended;
}

void LessonPoll::readInput()
{
    char buffer[1024];
    const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (n <= 0) {
        // The end of the input is the end of the lesson.
        m_input.setEnabled(false);
        m_ended = true;
        if (m_waiting)
            m_waiting->quit();
        return;
    }
    m_typed.append(buffer, n);
    for (qsizetype nl; (nl = m_typed.indexOf('\n')) >= 0;) {
        const QString line = QString::fromUtf8(m_typed.left(nl)).trimmed().toLower();
        m_typed.remove(0, nl + 1);
        command(line);
    }
}

void LessonPoll::command(const QString &line)
{
    if (!m_waiting)
        return;
    if (line == QLatin1String("q") || line == QLatin1String("quit")) {
        m_ended = true;
        m_waiting->quit();
        return;
    }
    const PollQuestion *q = m_room.question();
    const bool asking = q && q->frame == m_frame && !q->revealed;
    if (asking && line == QLatin1String("again")) {
        if (m_room.voteAgain())
            printOut(QStringLiteral("    ") + Cli::tr("Round %1: voting is open; Enter closes it.").arg(q->rounds.size()));
        else
            printOut(QStringLiteral("    ") + Cli::tr("Another round needs a vote in this one (at most %1 rounds).").arg(PollRoom::kMaxRounds));
        return;
    }
    if (!line.isEmpty()) {
        printOut(QStringLiteral("    ") + Cli::tr("Enter goes on, 'again' votes again, 'q' ends the lesson."));
        return;
    }
    if (asking && m_room.closeVoting()) {
        printVotes();
        printOut(QStringLiteral("    ") + Cli::tr("Voting is closed. Enter reveals the answer; 'again' opens another round."));
        return;
    }
    if (asking) {
        m_room.reveal();
        printAnswer(*q);
    }
    m_waiting->quit();
}

void LessonPoll::printVotes()
{
    const PollQuestion *q = m_room.question();
    if (!q || q->revealed) {
        if (m_server.joined() != m_joinedShown)
            printOut(QStringLiteral("    ") + Cli::tr("%n joined", nullptr, m_server.joined()));
        m_joinedShown = m_server.joined();
        return;
    }
    m_joinedShown = m_server.joined();
    const PollRound &round = q->round();
    const QList<int> counts = round.counts(q->choices.size());
    QStringList shares;
    for (qsizetype c = 0; c < q->choices.size(); ++c)
        shares << QStringLiteral("%1: %2 (%3)").arg(q->choices.at(c).text.in(m_language)).arg(counts.at(c)).arg(percent(round.share(counts.at(c))));
    const QString line = QStringLiteral("    ") + Cli::tr("Round %1 · %2 voted · %3").arg(q->rounds.size()).arg(round.voters())
                                              .arg(Cli::tr("%n joined", nullptr, m_server.joined()))
        + QStringLiteral(" · ") + shares.join(QStringLiteral(" · "));
    // Said once: a burst that changed nothing, or the close after it, does not repeat it.
    if (line != m_votesShown)
        printOut(line);
    m_votesShown = line;
}

void LessonPoll::printAnswer(const PollQuestion &question) const
{
    printOut(QStringLiteral("    ") + Cli::tr("Answer: %1").arg(question.choices.value(question.rightChoice()).text.in(m_language)));
    // Each choice's share, round after round: "99: 31 % → 78 %".
    for (qsizetype c = 0; c < question.choices.size(); ++c) {
        QStringList shares;
        for (const PollRound &round : question.rounds)
            shares << percent(round.share(round.counts(question.choices.size()).at(c)));
        printOut(QStringLiteral("      %1: %2%3").arg(question.choices.at(c).text.in(m_language), shares.join(QStringLiteral(" → ")),
                                                    question.choices.at(c).right ? QStringLiteral("  ✓") : QString()));
    }
}

bool LessonPoll::finish(const QString &path)
{
    m_server.stop();
    printOut(QString());
    printOut(Cli::tr("The poll is closed: %n question(s) asked.", nullptr, int(m_room.asked().size())));
    for (const PollQuestion &q : m_room.asked()) {
        QStringList rounds;
        for (qsizetype r = 0; r < q.rounds.size(); ++r)
            rounds << percent(q.rightShare(r));
        printOut(QStringLiteral("  ") + Cli::tr("%1 · right: %2").arg(q.question.in(m_language), rounds.join(QStringLiteral(" → "))));
    }
    if (path.isEmpty())
        return true;
    if (const QString error = m_room.write(path, m_language); !error.isEmpty()) {
        printError(error);
        return false;
    }
    printOut(Cli::tr("Wrote %1").arg(path));
    return true;
}

} // namespace lockstock
