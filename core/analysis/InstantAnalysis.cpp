#include "InstantAnalysis.h"

namespace lockstock {

namespace {
// What Redis held right after command `e` ran is known from when it was read
// (on the servers' clock), before the reply reaches the client.
bool truthKnownBy(const Event &e, qint64 ns)
{
    return e.kind == EventKind::Command && e.probe && e.probe->atNs >= 0 && e.probe->atNs <= ns;
}

// That truth on its own, at its instant: the lanes of Redis show it, and
// nothing of the command does until its reply. Its client and token stay,
// so that a lock it was granted is known as its client's (the client made
// the token before sending it).
Event truthOf(const Event &e)
{
    Event t;
    t.tNs = e.probe->atNs;
    t.kind = EventKind::Probe;
    t.client = e.client;
    t.node = e.node;
    t.token = e.token;
    t.probe = e.probe;
    return t;
}
} // namespace

InstantAnalyzer::InstantAnalyzer(std::shared_ptr<const RunAnalysis> whole) : m_whole(std::move(whole))
{
    restart();
}

InstantAnalyzer::~InstantAnalyzer() = default;

void InstantAnalyzer::restart()
{
    m_history = std::make_unique<History>(m_whole->info);
    m_analyzer = std::make_unique<RunAnalyzer>(m_whole->info);
    m_fed = 0;
    m_awaitingReply.clear();
    m_truthShown.clear();
    m_atNs = -1;
    m_last.reset();
}

std::shared_ptr<const RunAnalysis> InstantAnalyzer::at(qint64 ns)
{
    if (m_whole->finished && ns >= m_whole->endNs)
        return m_whole;
    if (m_last && ns == m_atNs)
        return m_last;
    if (ns < m_atNs)
        restart();
    const SharedList<Event> &events = m_whole->events;
    // A command whose reply comes later joins then: the analyzer starts
    // over for it when it is older than what it analysed. What Redis held
    // after it shows from when that was read; once the command joins, the
    // history is made again without that stand-in.
    bool remake = false;
    for (qsizetype i = 0; i < m_awaitingReply.size();) {
        const int index = m_awaitingReply.at(i);
        const Event &e = events.at(index);
        if (knownAtNs(e) > ns) {
            if (!m_truthShown.contains(index) && truthKnownBy(e, ns)) {
                m_history->append(truthOf(e));
                m_truthShown.append(index);
            }
            ++i;
            continue;
        }
        if (m_truthShown.removeOne(index))
            remake = true;
        else
            m_history->append(e);
        m_awaitingReply.removeAt(i);
    }
    for (; m_fed < events.size() && events.at(m_fed).tNs <= ns; ++m_fed) {
        const Event &e = events.at(m_fed);
        if (knownAtNs(e) <= ns) {
            m_history->append(e);
            continue;
        }
        m_awaitingReply.append(int(m_fed));
        if (truthKnownBy(e, ns)) {
            m_history->append(truthOf(e));
            m_truthShown.append(int(m_fed));
        }
    }
    if (remake) {
        m_history = std::make_unique<History>(m_whole->info);
        m_analyzer = std::make_unique<RunAnalyzer>(m_whole->info);
        for (qsizetype i = 0; i < m_fed; ++i) {
            const Event &e = events.at(i);
            if (knownAtNs(e) <= ns)
                m_history->append(e);
            else if (m_truthShown.contains(int(i)))
                m_history->append(truthOf(e));
        }
    }
    m_history->advancePresent(ns);
    m_analyzer->update(*m_history);
    m_atNs = ns;
    m_last = m_analyzer->snapshot();
    return m_last;
}

int InstantAnalyzer::indexIn(const RunAnalysis &whole, int wholeIndex, const RunAnalysis &instant)
{
    if (&whole == &instant)
        return wholeIndex;
    if (wholeIndex < 0 || wholeIndex >= whole.events.size())
        return -1;
    const Event &e = whole.events.at(wholeIndex);
    // The same events in the same order, but for commands still awaiting their reply.
    for (int i = instant.firstAtOrAfter(e.tNs); i < instant.events.size() && instant.events.at(i).tNs == e.tNs; ++i) {
        const Event &x = instant.events.at(i);
        if (x.client == e.client && x.kind == e.kind && x.step == e.step && x.node == e.node && x.role == e.role)
            return i;
    }
    return -1;
}

std::shared_ptr<const RunAnalysis> analyzeAt(std::shared_ptr<const RunAnalysis> whole, qint64 ns)
{
    return InstantAnalyzer(std::move(whole)).at(ns);
}

} // namespace lockstock
