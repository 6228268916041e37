#pragma once
// The class's votes on a lesson's questions: the frame on the projector, the
// question it asks, its rounds (vote, discuss, vote again), one vote per
// student per round, the reveal; and every question asked since the poll's
// owner was made, for the teacher's export. Nothing a student types is kept:
// a student is a random id its browser made, a vote a choice index.

#include "lesson/Lesson.h"

#include <QHash>
#include <QObject>

namespace lockstock {

struct PollRound {
    QHash<QString, int> votes;   // student → choice
    bool open = true;

    QList<int> counts(qsizetype choices) const;
    int voters() const { return int(votes.size()); }
    // A count's share of the voters (0 with none).
    double share(int count) const { return votes.isEmpty() ? 0.0 : double(count) / double(votes.size()); }
};

struct PollQuestion {
    int serial = 0;              // names it in the pages' votes
    QString lesson;
    LessonText lessonTitle;
    bool correctSide = false;
    int frame = 0;               // 0-based, within its side
    LessonText question;
    QList<LessonChoice> choices;
    QList<PollRound> rounds;     // never empty
    bool revealed = false;

    int rightChoice() const;
    const PollRound &round() const { return rounds.last(); }
    // The right choice's share of a round's votes (0 with none).
    double rightShare(qsizetype round) const;
};

// The lesson's frame the class sees.
struct PollFrame {
    QString lesson;
    LessonText title;
    bool correctSide = false;
    int frame = 0;
    int frames = 0;
    LessonText text;
};

class PollRoom : public QObject {
    Q_OBJECT
public:
    // Vote, discuss, vote again: a third round is the most a class needs.
    static constexpr int kMaxRounds = 3;
    enum class Ballot { Counted, Changed, Same, Stale, NoSuchChoice, Closed };

    explicit PollRoom(QObject *parent = nullptr);

    // The lesson's frame is on the screen. A frame that asks shows its
    // question (asked again: as it was left); the frame after it, the moment
    // that answers it, reveals it and keeps it shown.
    void show(const Lesson &lesson, bool correctSide, int frame);
    // No lesson: nothing to show.
    void clear();

    const std::optional<PollFrame> &frame() const { return m_frame; }
    // The question shown, or null.
    const PollQuestion *question() const { return m_shown >= 0 ? &m_asked.at(m_shown) : nullptr; }
    bool votingOpen() const;
    // The student's vote in the shown question's round; -1: none.
    int voteOf(const QString &student) const;

    // A vote for the shown question's round `round` (1-based).
    Ballot vote(const QString &student, int serial, int round, int choice);
    bool closeVoting();
    bool canVoteAgain() const;
    bool voteAgain();
    bool reveal();

    const QList<PollQuestion> &asked() const { return m_asked; }
    // Per question, round and choice, the texts in `language`.
    QByteArray csv(const QString &language) const;
    QByteArray json(const QString &language) const;
    // To a .csv or .json file; the error, or empty.
    QString write(const QString &path, const QString &language) const;

signals:
    // The frame, the question or its state: what every page shows.
    void changed();
    // A count.
    void votesChanged();

private:
    std::optional<PollFrame> m_frame;
    QList<PollQuestion> m_asked;
    int m_shown = -1;
    int m_serial = 0;
};

} // namespace lockstock
