#include "Verdict.h"

#include <QCoreApplication>
#include <QTranslator>

#include <algorithm>

namespace lockstock {

namespace {
// English needs its plural forms ("one unit lost", "2 units lost") from
// a translation too: lockstock_en holds only those. Installed first, so a
// language chosen later (zh_CN) takes precedence over it.
void installEnglishPlurals()
{
    static QTranslator plurals;
    if (plurals.load(QStringLiteral(":/i18n/lockstock_en")))
        QCoreApplication::installTranslator(&plurals);
}
Q_COREAPP_STARTUP_FUNCTION(installEnglishPlurals)

QString seconds(double ms)
{
    return QString::number(ms / 1000.0, 'f', ms < 10000 ? 1 : 0);
}

QString nameOf(const RunInfo &info, int client)
{
    return info.clients.value(client, QStringLiteral("?"));
}

// "A", "A and B", "A, B and C".
QString listOf(const QStringList &names)
{
    if (names.size() < 2)
        return names.value(0);
    QString head = names.first();
    for (qsizetype i = 1; i + 1 < names.size(); ++i)
        head = QCoreApplication::translate("Verdict", "%1, %2").arg(head, names.at(i));
    return QCoreApplication::translate("Verdict", "%1 and %2").arg(head, names.last());
}

// Why turn `k`'s strategy ran no order: who was mid-order at its fork and
// finished with what, and who had no order left.
QString forkNotRun(const RunInfo &info, int k)
{
    const StrategyTurn &t = info.turns.at(k);
    QStringList underWay, kept, done;
    for (int c = 0; c < t.firstOrders.size(); ++c) {
        if (t.firstOrders.at(c) < info.turnEnd(k, c))
            continue; // it had an order for this strategy, and did not get to run it
        if (!t.midOrder.value(c)) {
            done << nameOf(info, c);
            continue;
        }
        underWay << nameOf(info, c);
        const QString strategy = info.turns.at(info.turnOf(c, t.firstOrders.at(c) - 1)).strategy;
        if (!kept.contains(strategy))
            kept << strategy;
    }
    const QString at = seconds(info.scenarioMs(t.atNs));
    if (!underWay.isEmpty() && !done.isEmpty())
        return QCoreApplication::translate("Verdict", "%1 ran no order: at the fork (%2 s) the orders of %3 were under way "
                                                      "and finished with %4; %5 had no order left.")
            .arg(t.strategy, at, listOf(underWay), listOf(kept), listOf(done));
    if (!underWay.isEmpty())
        return QCoreApplication::translate("Verdict", "%1 ran no order: at the fork (%2 s) the orders of %3 were under way "
                                                      "and finished with %4.")
            .arg(t.strategy, at, listOf(underWay), listOf(kept));
    if (!done.isEmpty())
        return QCoreApplication::translate("Verdict", "%1 ran no order: at the fork (%2 s) every client had placed all its orders.")
            .arg(t.strategy, at);
    return QCoreApplication::translate("Verdict", "%1 ran no order after the fork (%2 s).").arg(t.strategy, at);
}
} // namespace

QString Finding::sentence(const RunInfo &info) const
{
    const QString a = nameOf(info, actor);
    const QString b = nameOf(info, other);
    const int n = int(std::min<qint64>(count, std::numeric_limits<int>::max()));
    switch (kind) {
    case FindingKind::StockUnknown:
        return QCoreApplication::translate("Verdict", "The final stock could not be read.");
    case FindingKind::StaleWrites:
        return QCoreApplication::translate(
            "Verdict", "%n stale write(s): each wrote the stock from a read that another client's later write had made stale.",
            nullptr, n);
    case FindingKind::LostUpdates:
        // Said from what was sold and what is left: with the stock oversold,
        // initial minus sold is below zero, no stock anything should have.
        if (actual == kUnknown)
            return QCoreApplication::translate("Verdict", "Writes over other clients' sales lost %n unit(s).", nullptr, n);
        return QCoreApplication::translate("Verdict", "%1 units sold from %2, yet the stock is %3: %n unit(s) lost.", nullptr, n)
            .arg(sold)
            .arg(expected)
            .arg(actual);
    case FindingKind::Oversold:
        return QCoreApplication::translate("Verdict", "Sold %1 of %2 units: oversold by %3.")
            .arg(sold)
            .arg(expected)
            .arg(count);
    case FindingKind::Overlap:
        return severity == Severity::Harmless
            ? QCoreApplication::translate("Verdict", "%1 and %2 both held the lock for %3 s; fencing made it harmless.")
                  .arg(a, b, seconds(info.scenarioMs(durationNs)))
            : QCoreApplication::translate("Verdict", "%1 and %2 both held the lock for %3 s.")
                  .arg(a, b, seconds(info.scenarioMs(durationNs)));
    case FindingKind::StaleWritesRefused:
        return QCoreApplication::translate(
            "Verdict", "The store refused %n stale write(s): their fencing tokens were older than ones already seen.",
            nullptr, n);
    case FindingKind::FencingHeld:
        return QCoreApplication::translate("Verdict", "Fencing kept the stock right: %1 as expected.").arg(actual);
    case FindingKind::Unavailable:
        return QCoreApplication::translate("Verdict", "%n order(s) failed: the lock's Redis could not be reached.",
                                           nullptr, n);
    case FindingKind::ForeignRelease:
        return QCoreApplication::translate("Verdict", "%1 deleted %2's lock %n time(s).", nullptr, n).arg(a, b);
    case FindingKind::ForeignRenewal:
        return QCoreApplication::translate("Verdict", "%1 extended %2's lock %n time(s).", nullptr, n).arg(a, b);
    case FindingKind::LockGone:
        return QCoreApplication::translate("Verdict", "%1 found its lock gone %n time(s) and went on as if it held it.",
                                           nullptr, n)
            .arg(a);
    case FindingKind::LateRenewal:
        return QCoreApplication::translate(
                   "Verdict", "%1 renewed its lease %n time(s) after it had run out (by up to %2 ms): meanwhile Redis held no lock for %1.",
                   nullptr, n)
            .arg(a)
            .arg(qRound64(info.scenarioMs(durationNs)));
    case FindingKind::StuckLock:
        return QCoreApplication::translate("Verdict", "The lock had no TTL for %1 s after %2 crashed: nobody could take it.")
            .arg(seconds(info.scenarioMs(durationNs)), a);
    case FindingKind::KeptAlive:
        return QCoreApplication::translate("Verdict", "After %1 died, %2 kept its lock alive for %3 s: nobody else could take it.")
            .arg(a, b, seconds(info.scenarioMs(durationNs)));
    case FindingKind::LeftLocked:
        // At the instant of the failed release (a replay or a lesson frame there), not "for 0.0 s".
        if (info.scenarioMs(durationNs) < 50)
            return QCoreApplication::translate("Verdict", "%1 let go of the lock, yet Redis still holds it.").arg(a);
        return QCoreApplication::translate("Verdict", "%1 let go of the lock, yet Redis kept it for %2 s.")
            .arg(a, seconds(info.scenarioMs(durationNs)));
    case FindingKind::OverDeducted:
        if (actual == kUnknown)
            return QCoreApplication::translate("Verdict", "%n unit(s) taken from the stock without a sale.", nullptr, n);
        return QCoreApplication::translate("Verdict", "%1 units sold from %2, yet the stock is %3: %n unit(s) taken without a sale.",
                                           nullptr, n)
            .arg(sold)
            .arg(expected)
            .arg(actual);
    case FindingKind::Refused:
        return QCoreApplication::translate("Verdict", "%n of %1 order(s) refused: the lock was busy and the client did not retry.",
                                           nullptr, n)
            .arg(tried);
    case FindingKind::TimedOut:
        return QCoreApplication::translate("Verdict", "%n order(s) gave up waiting for the lock.", nullptr, n);
    case FindingKind::Undersold:
        return QCoreApplication::translate("Verdict", "%n order(s) refused with stock left unsold: %1.", nullptr, n)
            .arg(expected);
    case FindingKind::Errored:
        return QCoreApplication::translate("Verdict", "%n order(s) failed on an error from Redis, the first: %1", nullptr, n)
            .arg(detail);
    case FindingKind::ForkNotRun:
        return forkNotRun(info, turn);
    case FindingKind::NotExercised:
    case FindingKind::Correct: {
        // Before the final stock is read there is none to quote.
        if (actual == kUnknown)
            return QCoreApplication::translate("Verdict", "Nothing went wrong that this run could see.");
        if (kind == FindingKind::Correct)
            // A strategy that takes no lock (a Lua decrement, WATCH/MULTI) is not praised for sharing none.
            return (locked ? QCoreApplication::translate("Verdict", "Correct: stock %1 as expected (%2 of %3 orders sold), the lock was never shared.")
                           : QCoreApplication::translate("Verdict", "Correct: stock %1 as expected (%2 of %3 orders sold), with no lock taken."))
                .arg(actual)
                .arg(sold)
                .arg(tried);
        const QString strategy = turn >= 0 ? info.turns.at(turn).strategy : info.strategy;
        const char *weakness = turn >= 0 ? info.turns.at(turn).weakness : info.weakness;
        return weakness
            ? QCoreApplication::translate("Verdict", "Nothing went wrong this time: stock %1 as expected (%2 of %3 orders sold). "
                                                     "This run never tested what breaks %4: %5.")
                  .arg(actual)
                  .arg(sold)
                  .arg(tried)
                  .arg(strategy, QCoreApplication::translate("Strategy", weakness))
            : QCoreApplication::translate("Verdict", "Nothing went wrong this time: stock %1 as expected (%2 of %3 orders sold), "
                                                     "but %4 is the broken side of this lesson.")
                  .arg(actual)
                  .arg(sold)
                  .arg(tried)
                  .arg(strategy);
    }
    }
    return {};
}

QString Finding::brief() const
{
    const int n = int(std::min<qint64>(count, std::numeric_limits<int>::max()));
    switch (kind) {
    case FindingKind::StockUnknown: return QCoreApplication::translate("Verdict", "stock unknown");
    case FindingKind::StaleWrites: return QCoreApplication::translate("Verdict", "%n stale write(s)", nullptr, n);
    case FindingKind::LostUpdates: return QCoreApplication::translate("Verdict", "%n unit(s) lost", nullptr, n);
    case FindingKind::Oversold: return QCoreApplication::translate("Verdict", "%n unit(s) oversold", nullptr, n);
    case FindingKind::Overlap:
        return severity == Severity::Harmless
            ? QCoreApplication::translate("Verdict", "%n overlap(s), made harmless by fencing", nullptr, n)
            : QCoreApplication::translate("Verdict", "%n overlap(s)", nullptr, n);
    case FindingKind::StaleWritesRefused:
        return QCoreApplication::translate("Verdict", "%n stale write(s) refused", nullptr, n);
    case FindingKind::FencingHeld: return QCoreApplication::translate("Verdict", "fencing kept the stock right");
    case FindingKind::Unavailable: return QCoreApplication::translate("Verdict", "%n order(s) without a lock", nullptr, n);
    case FindingKind::ForeignRelease: return QCoreApplication::translate("Verdict", "%n foreign delete(s)", nullptr, n);
    case FindingKind::ForeignRenewal: return QCoreApplication::translate("Verdict", "%n foreign renewal(s)", nullptr, n);
    case FindingKind::LockGone: return QCoreApplication::translate("Verdict", "%n lost lock(s) still believed", nullptr, n);
    case FindingKind::LateRenewal: return QCoreApplication::translate("Verdict", "%n late renewal(s)", nullptr, n);
    case FindingKind::StuckLock: return QCoreApplication::translate("Verdict", "a lock stuck without TTL");
    case FindingKind::KeptAlive: return QCoreApplication::translate("Verdict", "a dead client's lock kept alive");
    case FindingKind::LeftLocked: return QCoreApplication::translate("Verdict", "a released lock left in Redis");
    case FindingKind::OverDeducted: return QCoreApplication::translate("Verdict", "%n unit(s) taken without a sale", nullptr, n);
    case FindingKind::Refused: return QCoreApplication::translate("Verdict", "%n order(s) refused", nullptr, n);
    case FindingKind::TimedOut: return QCoreApplication::translate("Verdict", "%n order(s) timed out", nullptr, n);
    case FindingKind::Undersold: return QCoreApplication::translate("Verdict", "%n order(s) undersold", nullptr, n);
    case FindingKind::Errored: return QCoreApplication::translate("Verdict", "%n order(s) failed on errors", nullptr, n);
    case FindingKind::ForkNotRun: return QCoreApplication::translate("Verdict", "the fork's strategy ran no order");
    case FindingKind::NotExercised: return QCoreApplication::translate("Verdict", "not exercised by this load");
    case FindingKind::Correct: return QCoreApplication::translate("Verdict", "safe: none found");
    }
    return {};
}

QString Mark::lostByWritesText(int writes, qint64 units)
{
    const int n = int(std::min<qint64>(units, std::numeric_limits<int>::max()));
    return QCoreApplication::translate("Verdict", "%1 writes lost %n unit(s)", nullptr, n).arg(writes);
}

QString Mark::text(const RunInfo &info) const
{
    const QString a = nameOf(info, actor);
    const QString b = nameOf(info, other);
    switch (kind) {
    case FindingKind::StaleWrites:
        return value == kUnknown ? QCoreApplication::translate("Verdict", "stale write: read before %1's write").arg(b)
                                 : QCoreApplication::translate("Verdict", "stale write: %1, read before %2's write").arg(value).arg(b);
    case FindingKind::LostUpdates: {
        // Made only for a write whose value is known: what it wrote, and what was due.
        const int n = int(std::min<qint64>(amount, std::numeric_limits<int>::max()));
        return QCoreApplication::translate("Verdict", "%1 wrote %2, not %3: %n unit(s) lost", nullptr, n)
            .arg(a)
            .arg(value)
            .arg(value - amount);
    }
    case FindingKind::Oversold: return QCoreApplication::translate("Verdict", "oversold");
    case FindingKind::StaleWritesRefused: return QCoreApplication::translate("Verdict", "stale token: write refused");
    case FindingKind::ForeignRelease: return QCoreApplication::translate("Verdict", "%1 deleted %2's lock").arg(a, b);
    case FindingKind::ForeignRenewal: return QCoreApplication::translate("Verdict", "%1 extended %2's lock").arg(a, b);
    case FindingKind::LockGone: return QCoreApplication::translate("Verdict", "no lock left to extend");
    case FindingKind::LateRenewal:
        return QCoreApplication::translate("Verdict", "renewed %1 ms after the lease ran out")
            .arg(qRound64(info.scenarioMs(amount)));
    default:
        return {};
    }
}

Severity Verdict::severity() const
{
    Severity worst = Severity::Clean;
    for (const Finding &f : findings)
        worst = std::max(worst, f.severity);
    return worst;
}

const Finding *Verdict::find(FindingKind kind) const
{
    for (const Finding &f : findings)
        if (f.kind == kind)
            return &f;
    return nullptr;
}

FindingKey Verdict::keyOf(FindingKind kind, int actor, int other)
{
    // Foreign deletes and renewals are counted per pair of clients; lost
    // locks and late renewals per client; the rest (stale writes, units
    // lost: marks of several clients) once a run.
    const bool perPair = kind == FindingKind::ForeignRelease || kind == FindingKind::ForeignRenewal;
    const bool perClient = perPair || kind == FindingKind::LockGone || kind == FindingKind::LateRenewal;
    return {kind, perClient ? actor : -1, perPair ? other : -1};
}

void Verdict::indexFindings()
{
    m_byKey.clear();
    m_byKey.reserve(findings.size());
    for (qsizetype i = 0; i < findings.size(); ++i)
        if (const FindingKey key = keyOf(findings.at(i).kind, findings.at(i).actor, findings.at(i).other); !m_byKey.contains(key))
            m_byKey.insert(key, i);
}

qsizetype Verdict::indexOf(const Mark &mark) const
{
    return m_byKey.value(keyOf(mark.kind, mark.actor, mark.other), -1);
}

const Finding *Verdict::findingOf(const Mark &mark) const
{
    const qsizetype i = indexOf(mark);
    return i < 0 ? nullptr : &findings.at(i);
}

QList<std::pair<FindingKind, Severity>> Verdict::kinds() const
{
    QList<std::pair<FindingKind, Severity>> out;
    for (const Finding &f : findings)
        out << std::pair(f.kind, f.severity);
    return out;
}

qint64 Verdict::problems() const
{
    qint64 sum = 0;
    for (const Finding &f : findings)
        sum += f.problems();
    return sum;
}

QStringList Verdict::sentences(const RunInfo &info) const
{
    QStringList out;
    for (const Finding &f : findings)
        out << f.sentence(info);
    return out;
}

QStringList Verdict::briefs() const
{
    // Findings of a kind are kept per client (B deleted C's lock, C deleted
    // D's…); in brief they are one count: "27 foreign renewals".
    QList<Finding> summed;
    for (const Finding &f : findings) {
        const auto same = std::find_if(summed.begin(), summed.end(), [&f](const Finding &s) {
            return s.kind == f.kind && s.severity == f.severity;
        });
        if (same == summed.end())
            summed << f;
        else
            same->count += f.count;
    }
    QStringList out;
    for (const Finding &f : summed)
        out << f.brief();
    return out;
}

} // namespace lockstock
