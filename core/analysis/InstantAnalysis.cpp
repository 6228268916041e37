#include "InstantAnalysis.h"

namespace lockstock {

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
    // over for it when it is older than what it analysed.
    for (qsizetype i = 0; i < m_awaitingReply.size();) {
        const Event &e = events.at(m_awaitingReply.at(i));
        if (knownAtNs(e) > ns) {
            ++i;
            continue;
        }
        m_history->append(e);
        m_awaitingReply.removeAt(i);
    }
    for (; m_fed < events.size() && events.at(m_fed).tNs <= ns; ++m_fed) {
        const Event &e = events.at(m_fed);
        if (knownAtNs(e) <= ns)
            m_history->append(e);
        else
            m_awaitingReply.append(int(m_fed));
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
