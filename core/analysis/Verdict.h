#pragma once
// The verdict on a run: typed findings, each with a severity, the sentence
// that says it, and what the timeline marks for it. Everything that judges a
// run (the CLI, JSON, stress and its chart, the window, `shot`) reads these;
// a finding is defined here and nowhere else.

#include "engine/History.h"

#include <QHash>
#include <QList>
#include <QString>
#include <algorithm>

namespace lockstock {

// Ordered from good to bad: a verdict is as bad as its worst finding.
enum class Severity : quint8 {
    Clean,         // nothing went wrong, and the run tested what it is about
    NotExercised,  // nothing went wrong, but nothing tested what breaks it (or nothing can be said)
    Harmless,      // something unsafe happened and fencing made it harmless
    Broken,        // the stock or the lock went wrong
};
template <>
struct EnumNames<Severity> {
    static constexpr EnumName<Severity> table[] = {{Severity::Clean, "clean"},
                                                   {Severity::NotExercised, "not_exercised"},
                                                   {Severity::Harmless, "harmless"},
                                                   {Severity::Broken, "broken"}};
};

enum class FindingKind : quint8 {
    StockUnknown,        // the final stock could not be read
    StaleWrites,         // count: stock writes computed from a read another client's later write had made stale (marks)
    LostUpdates,         // count: units sold but not deducted; marks: the writes that lost them (amount: units)
    Oversold,            // count: units sold beyond the stock; marks: those orders (amount: units)
    Overlap,             // two clients believed they held the lock (actor, other; spans)
    StaleWritesRefused,  // the fenced store refused a write with an old token (marks)
    FencingHeld,         // overlaps happened and fencing kept the stock right
    Unavailable,         // count: orders that failed because the lock's Redis was down
    ForeignRelease,      // actor deleted other's lock, count times (marks)
    ForeignRenewal,      // actor extended other's lock, count times (marks)
    LockGone,            // actor's EXPIRE or renewal found no lock and it went on believing
    LateRenewal,         // actor renewed after its lease had run out (marks; amount: ns late)
    StuckLock,           // the lock kept no TTL after its owner (actor) crashed (span)
    KeptAlive,           // other kept dead actor's lock alive by renewing it (span)
    LeftLocked,          // actor let go of its lock, yet Redis kept it (span)
    OverDeducted,        // count: units taken from the stock without a sale
    // Failed orders that would have fitted in the stock left unsold at the end:
    Refused,             // count of tried: the lock was busy at the one try (no retry)
    TimedOut,            // count: gave up waiting for the lock (the acquire timeout)
    Undersold,           // count: refused without a lock involved (a reservation counter)
    Errored,             // count: failed on an error reply; detail: the first, as Redis said it
    ForkNotRun,          // the strategy a fork switched to ran no order (turn): none was left to begin
    NotExercised,        // nothing went wrong, nothing tested the strategy's weakness
    Correct,             // nothing went wrong
};
template <>
struct EnumNames<FindingKind> {
    static constexpr EnumName<FindingKind> table[] = {
        {FindingKind::StockUnknown, "stock_unknown"},     {FindingKind::StaleWrites, "stale_writes"},
        {FindingKind::LostUpdates, "lost_updates"},
        {FindingKind::Oversold, "oversold"},              {FindingKind::Overlap, "overlap"},
        {FindingKind::StaleWritesRefused, "stale_writes_refused"}, {FindingKind::FencingHeld, "fencing_held"},
        {FindingKind::Unavailable, "unavailable"},        {FindingKind::ForeignRelease, "foreign_release"},
        {FindingKind::ForeignRenewal, "foreign_renewal"}, {FindingKind::LockGone, "lock_gone"},
        {FindingKind::LateRenewal, "late_renewal"},       {FindingKind::StuckLock, "stuck_lock"},
        {FindingKind::KeptAlive, "kept_alive"},           {FindingKind::LeftLocked, "left_locked"},
        {FindingKind::OverDeducted, "over_deducted"},     {FindingKind::Refused, "refused"},
        {FindingKind::TimedOut, "timed_out"},             {FindingKind::Undersold, "undersold"},
        {FindingKind::Errored, "errored"},                {FindingKind::ForkNotRun, "fork_not_run"},
        {FindingKind::NotExercised, "not_exercised"},     {FindingKind::Correct, "correct"},
    };
};

// A stretch of time on the run's clock.
struct Span {
    qint64 startNs = 0;
    qint64 endNs = 0;
    qint64 length() const { return endNs - startNs; }
};

struct Finding {
    FindingKind kind = FindingKind::Correct;
    Severity severity = Severity::Clean;
    int actor = -1;            // client indexes, -1 when none
    int other = -1;
    qint64 count = 0;          // units, orders, writes, times
    qint64 expected = 0;       // stock figures for the sentence
    qint64 actual = 0;
    qint64 sold = 0;
    qint64 tried = 0;
    qint64 durationNs = 0;     // overlap or stuck time in total; lateness
    bool locked = false;       // Correct, NotExercised: some client asked for the lock
    QList<Span> spans;         // where the timeline shades it (overlaps, a stuck lock)
    QString detail;            // the server's own words (an error reply)
    // A forked run (RunInfo::turns): the turn whose strategy NotExercised
    // and Correct credit, or that ForkNotRun is about; -1: the run's only one.
    int turn = -1;

    // The verdict in plain words, translated now.
    QString sentence(const RunInfo &info) const;
    // A few words for a chart or a table cell: "12 units lost".
    QString brief() const;
    // How many things went wrong, for a bar's length (0 unless broken).
    qint64 problems() const { return severity == Severity::Broken ? std::max<qint64>(1, count) : 0; }
};

// What tells findings of a kind apart: the clients it is about.
struct FindingKey {
    FindingKind kind;
    int actor;
    int other;
    bool operator==(const FindingKey &) const = default;
    friend size_t qHash(const FindingKey &k, size_t seed = 0) { return qHashMulti(seed, quint8(k.kind), k.actor, k.other); }
};

// Where the timeline draws a mark. One event may show two findings (a stale
// write that lost units): never both on one lane, so it needs no two pills.
enum class MarkPlace : quint8 {
    ClientLane,   // on the lane of the client whose event it is
    StockLane,    // on the stock line, at the event's instant (units lost)
};

// An event that shows a finding: the timeline marks it, --trace flags it.
struct Mark {
    int event = -1;            // index into the analysis' events
    FindingKind kind = FindingKind::Correct;
    int actor = -1;            // as in the finding it shows (the writer of a stale write or of lost units)
    int other = -1;            // whose write made a stale write stale
    qint64 amount = 0;         // units lost (LostUpdates) or oversold (Oversold), ns late (a renewal)
    qint64 value = kUnknown;   // the stock value a write wrote (stale writes; units lost: always known)

    MarkPlace place() const { return kind == FindingKind::LostUpdates ? MarkPlace::StockLane : MarkPlace::ClientLane; }
    // What the timeline writes beside it, translated now.
    QString text(const RunInfo &info) const;
    // The words of several writes' marks drawn as one, where their own would
    // not all fit (twenty in one instant): the units they lost in all.
    static QString lostByWritesText(int writes, qint64 units);
};

class Verdict {
public:
    QList<Finding> findings;

    Severity severity() const;
    // Nothing went wrong (harmless and untested runs included).
    bool clean() const { return severity() != Severity::Broken; }
    bool has(FindingKind kind) const { return find(kind) != nullptr; }
    const Finding *find(FindingKind kind) const;
    // The finding a mark shows; null when the verdict (no longer) has it.
    // A hash lookup: the painter asks for every marked event it draws.
    const Finding *findingOf(const Mark &mark) const;
    // Its position in `findings`; -1 when there is none.
    qsizetype indexOf(const Mark &mark) const;
    // Keys the findings by what a mark names; once all are in, before findingOf().
    void indexFindings();
    // What a finding or a mark is keyed by: the kind, and the clients that
    // kind is counted per (-1 for the others).
    static FindingKey keyOf(FindingKind kind, int actor, int other);
    qint64 problems() const;
    // What it says, as its findings' kinds and severities in order.
    QList<std::pair<FindingKind, Severity>> kinds() const;
    QStringList sentences(const RunInfo &info) const;
    QStringList briefs() const;

private:
    QHash<FindingKey, qsizetype> m_byKey;  // the first finding with the key
};

} // namespace lockstock
