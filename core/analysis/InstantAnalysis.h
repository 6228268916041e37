#pragma once
// A run as it stood at any instant of it: the analysis of the events known
// by then (a command once its reply came, a sleep or a pause from its
// start; what Redis held after a command from when it was read, even with
// the reply still on its way), everything still open measured to that
// instant. The same analysis
// the run's own analyzer gave at that moment of the run, so that a replay
// cursor, an animation frame or a lesson frame shows the verdict, the marks
// and the lanes of that moment and nothing from after it.

#include "RunAnalysis.h"

namespace lockstock {

class InstantAnalyzer {
public:
    explicit InstantAnalyzer(std::shared_ptr<const RunAnalysis> whole);
    ~InstantAnalyzer();

    const std::shared_ptr<const RunAnalysis> &whole() const { return m_whole; }
    // The run at `ns` on its clock; the whole run once `ns` is at its end.
    // Moving forward costs what is new since the last instant asked for;
    // moving back starts over.
    std::shared_ptr<const RunAnalysis> at(qint64 ns);
    // Where event `wholeIndex` of the whole run is in `instant` (an analysis
    // at() gave); -1 when it was not known by then.
    static int indexIn(const RunAnalysis &whole, int wholeIndex, const RunAnalysis &instant);

private:
    void restart();

    std::shared_ptr<const RunAnalysis> m_whole;
    std::unique_ptr<History> m_history;
    std::unique_ptr<RunAnalyzer> m_analyzer;
    qsizetype m_fed = 0;            // events of the whole run looked at, in time order
    QList<int> m_awaitingReply;     // of those, commands whose reply had not come yet
    QList<int> m_truthShown;        // of those, the ones whose probe stands in for them
    qint64 m_atNs = -1;
    std::shared_ptr<const RunAnalysis> m_last;
};

// The analysis of a run at `ns` in one go (see InstantAnalyzer).
std::shared_ptr<const RunAnalysis> analyzeAt(std::shared_ptr<const RunAnalysis> whole, qint64 ns);

} // namespace lockstock
