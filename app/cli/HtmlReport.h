#pragma once
// `lockstock report`: one self-contained HTML file (inline CSS, script and
// SVG, nothing fetched) with the lesson, the timeline, the verdict, the
// trace table and each event's details on hover. Two runs (--both) share a
// time axis, one above the other. The same runs give the same bytes.

#include "analysis/RunAnalysis.h"

#include <QByteArray>
#include <QString>

namespace lockstock {

struct ReportRun {
    const RunAnalysis *analysis = nullptr;
    QString subtitle;          // "strategy (broken): its title"
    bool stopped = false;      // ended early: no verdict
};

struct ReportPage {
    QString title;             // the scenario's
    QString lesson;
    QString language = QStringLiteral("en");
    QList<ReportRun> runs;     // one, or broken and correct
};

// The document; empty with `error` set when the timeline cannot be drawn.
QByteArray htmlReport(const ReportPage &page, QString *error);

} // namespace lockstock
