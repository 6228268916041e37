#include "PollRoom.h"

#include "io/OutputFile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace lockstock {

namespace {
QString sideName(bool correctSide)
{
    return correctSide ? QStringLiteral("correct") : QStringLiteral("broken");
}

// RFC 4180: quoted when it holds a comma, a quote or a line break.
QString csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n'))
        && !text.contains(QLatin1Char('\r')))
        return text;
    return QLatin1Char('"') + QString(text).replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
}

QString fraction(double value)
{
    return QString::number(value, 'f', 4);
}
} // namespace

QList<int> PollRound::counts(qsizetype choices) const
{
    QList<int> out(choices, 0);
    for (const int choice : votes)
        if (choice >= 0 && choice < choices)
            ++out[choice];
    return out;
}

int PollQuestion::rightChoice() const
{
    for (qsizetype i = 0; i < choices.size(); ++i)
        if (choices.at(i).right)
            return int(i);
    return -1;
}

double PollQuestion::rightShare(qsizetype round) const
{
    const PollRound &r = rounds.at(round);
    const int right = rightChoice();
    return right < 0 ? 0.0 : r.share(r.counts(choices.size()).at(right));
}

PollRoom::PollRoom(QObject *parent)
    : QObject(parent)
{
}

void PollRoom::show(const Lesson &lesson, bool correctSide, int frame)
{
    const QList<LessonFrame> &frames = lesson.frames(correctSide);
    if (frame < 0 || frame >= frames.size())
        return;
    if (m_frame && m_frame->lesson == lesson.name && m_frame->correctSide == correctSide && m_frame->frame == frame)
        return; // shown already
    const LessonFrame &f = frames.at(frame);
    m_frame = PollFrame{lesson.name, lesson.title, correctSide, frame, int(frames.size()), f.text};
    int shown = -1;
    if (f.asks()) {
        for (qsizetype i = 0; i < m_asked.size(); ++i) {
            const PollQuestion &q = m_asked.at(i);
            if (q.lesson == lesson.name && q.correctSide == correctSide && q.frame == frame)
                shown = int(i);
        }
        if (shown < 0) {
            m_asked.append(PollQuestion{++m_serial, lesson.name, lesson.title, correctSide, frame, f.question, f.choices,
                                        {PollRound{}}, false});
            shown = int(m_asked.size()) - 1;
        }
    } else if (m_shown >= 0) {
        PollQuestion &q = m_asked[m_shown];
        if (q.lesson == lesson.name && q.correctSide == correctSide && q.frame + 1 == frame) {
            q.rounds.last().open = false;
            q.revealed = true;
            shown = m_shown;
        }
    }
    m_shown = shown;
    emit changed();
    emit votesChanged();
}

void PollRoom::clear()
{
    m_frame.reset();
    m_shown = -1;
    emit changed();
    emit votesChanged();
}

bool PollRoom::votingOpen() const
{
    const PollQuestion *q = question();
    return q && !q->revealed && q->round().open;
}

int PollRoom::voteOf(const QString &student) const
{
    const PollQuestion *q = question();
    return q ? q->round().votes.value(student, -1) : -1;
}

PollRoom::Ballot PollRoom::vote(const QString &student, int serial, int round, int choice)
{
    if (m_shown < 0)
        return Ballot::Stale;
    PollQuestion &q = m_asked[m_shown];
    if (q.serial != serial || round != q.rounds.size())
        return Ballot::Stale;
    if (choice < 0 || choice >= q.choices.size())
        return Ballot::NoSuchChoice;
    if (!votingOpen())
        return Ballot::Closed;
    QHash<QString, int> &votes = q.rounds.last().votes;
    const auto it = votes.constFind(student);
    if (it != votes.cend() && *it == choice)
        return Ballot::Same;
    const Ballot ballot = it == votes.cend() ? Ballot::Counted : Ballot::Changed;
    votes.insert(student, choice);
    emit votesChanged();
    return ballot;
}

bool PollRoom::closeVoting()
{
    if (!votingOpen())
        return false;
    m_asked[m_shown].rounds.last().open = false;
    emit changed();
    return true;
}

bool PollRoom::canVoteAgain() const
{
    const PollQuestion *q = question();
    return q && !q->revealed && q->rounds.size() < kMaxRounds && q->round().voters() > 0;
}

bool PollRoom::voteAgain()
{
    if (!canVoteAgain())
        return false;
    PollQuestion &q = m_asked[m_shown];
    q.rounds.last().open = false;
    q.rounds.append(PollRound{});
    emit changed();
    emit votesChanged();
    return true;
}

bool PollRoom::reveal()
{
    if (m_shown < 0 || m_asked.at(m_shown).revealed)
        return false;
    PollQuestion &q = m_asked[m_shown];
    q.rounds.last().open = false;
    q.revealed = true;
    emit changed();
    return true;
}

QByteArray PollRoom::csv(const QString &language) const
{
    QStringList lines{QStringLiteral("lesson,side,frame,question,round,choice,right,votes,share,voters,right_share")};
    for (const PollQuestion &q : m_asked)
        for (qsizetype r = 0; r < q.rounds.size(); ++r) {
            const PollRound &round = q.rounds.at(r);
            const QList<int> counts = round.counts(q.choices.size());
            for (qsizetype c = 0; c < q.choices.size(); ++c)
                lines << QStringList{csvField(q.lesson),
                                     sideName(q.correctSide),
                                     QString::number(q.frame + 1),
                                     csvField(q.question.in(language)),
                                     QString::number(r + 1),
                                     csvField(q.choices.at(c).text.in(language)),
                                     q.choices.at(c).right ? QStringLiteral("yes") : QStringLiteral("no"),
                                     QString::number(counts.at(c)),
                                     fraction(round.share(counts.at(c))),
                                     QString::number(round.voters()),
                                     fraction(q.rightShare(r))}
                             .join(QLatin1Char(','));
        }
    return (lines.join(QStringLiteral("\r\n")) + QStringLiteral("\r\n")).toUtf8();
}

QByteArray PollRoom::json(const QString &language) const
{
    QJsonArray questions;
    for (const PollQuestion &q : m_asked) {
        QJsonArray choices;
        for (const LessonChoice &c : q.choices)
            choices.append(QJsonObject{{QStringLiteral("text"), c.text.in(language)}, {QStringLiteral("right"), c.right}});
        QJsonArray rounds;
        for (qsizetype r = 0; r < q.rounds.size(); ++r) {
            const PollRound &round = q.rounds.at(r);
            QJsonArray counts, shares;
            for (const int n : round.counts(q.choices.size())) {
                counts.append(n);
                shares.append(round.share(n));
            }
            rounds.append(QJsonObject{{QStringLiteral("round"), int(r + 1)},
                                      {QStringLiteral("voters"), round.voters()},
                                      {QStringLiteral("counts"), counts},
                                      {QStringLiteral("shares"), shares},
                                      {QStringLiteral("right_share"), q.rightShare(r)}});
        }
        questions.append(QJsonObject{{QStringLiteral("lesson"), q.lesson},
                                     {QStringLiteral("lesson_title"), q.lessonTitle.in(language)},
                                     {QStringLiteral("side"), sideName(q.correctSide)},
                                     {QStringLiteral("frame"), q.frame + 1},
                                     {QStringLiteral("question"), q.question.in(language)},
                                     {QStringLiteral("choices"), choices},
                                     {QStringLiteral("revealed"), q.revealed},
                                     {QStringLiteral("rounds"), rounds}});
    }
    return QJsonDocument(QJsonObject{{QStringLiteral("language"), language}, {QStringLiteral("questions"), questions}})
        .toJson(QJsonDocument::Indented);
}

QString PollRoom::write(const QString &path, const QString &language) const
{
    const bool asJson = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
    if (!asJson && !path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
        return tr("%1: poll results are written as .csv or .json").arg(path);
    OutputFile out;
    if (!out.open(path))
        return out.failure();
    out.write(asJson ? json(language) : csv(language));
    return out.commit() ? QString() : out.failure();
}

} // namespace lockstock
