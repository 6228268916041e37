#include "HtmlReport.h"

#include "analysis/EventDetails.h"
#include "cli/TraceTable.h"
#include "rendering/TimelineExport.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

namespace lockstock {

namespace {
// The page's own words.
class Report {
    Q_DECLARE_TR_FUNCTIONS(Report)
};

QString html(const QString &text)
{
    return text.toHtmlEscaped();
}

QString number(qreal v)
{
    return QString::number(v, 'f', 1);
}

// An event's details as [label, text, role] rows: the window's inspector's rows.
QJsonArray detailRows(const RunAnalysis &analysis, int event)
{
    QJsonArray rows;
    for (const QVariant &row : eventDetails(analysis, event).value(QStringLiteral("rows")).toList()) {
        const QVariantMap r = row.toMap();
        rows.append(QJsonArray{r.value(QStringLiteral("label")).toString(), r.value(QStringLiteral("text")).toString(),
                               r.value(QStringLiteral("role")).toString()});
    }
    return rows;
}

// QSvgGenerator's document made an inline element: no XML prolog, no
// namespace URLs (the HTML parser puts <svg> in its namespace), sized by CSS.
QString inlineSvg(const QByteArray &svg)
{
    QString s = QString::fromUtf8(svg);
    s.remove(QRegularExpression(QStringLiteral("<\\?xml[^>]*\\?>\\s*")));
    s.remove(QRegularExpression(QStringLiteral("<!DOCTYPE[^>]*>\\s*")));
    const qsizetype open = s.indexOf(QStringLiteral("<svg"));
    const qsizetype close = s.indexOf(QLatin1Char('>'), open);
    if (open < 0 || close < 0)
        return s;
    QString tag = s.mid(open, close - open);
    tag.remove(QRegularExpression(QStringLiteral("\\s(xmlns(:\\w+)?|width|height|version|baseProfile)=\"[^\"]*\"")));
    s.replace(open, close - open, tag + QStringLiteral(" class=\"plot\""));
    // xlink:href is read the same without the declaration.
    return s.trimmed();
}

const char *severityClass(Severity severity)
{
    switch (severity) {
    case Severity::Clean: return "clean";
    case Severity::NotExercised: return "untested";
    case Severity::Harmless: return "harmless";
    case Severity::Broken: return "broken";
    }
    return "";
}

const char *kStyle = R"(
:root{color-scheme:light;--fg:#1d2330;--muted:#5b6475;--line:#d9dde5;--broken:#c62828;--harmless:#b26a00;--clean:#2e7d32}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1700px;padding:16px 24px 96px;font:15px/1.45 "Noto Sans","Noto Sans CJK SC","DejaVu Sans",sans-serif;color:var(--fg);background:#fff}
h1{font-size:24px;margin:8px 0}
h2{font-size:18px;margin:20px 0 8px}
.lesson{max-width:70em;color:var(--muted);white-space:pre-line}
.verdicts{display:flex;gap:24px;flex-wrap:wrap}
.verdict{flex:1 1 28em}
.verdict ul{margin:0;padding-left:1.2em}
.verdict li.broken{color:var(--broken);font-weight:600}
.verdict li.harmless{color:var(--harmless)}
.verdict li.clean{color:var(--clean)}
.timeline{position:relative;margin:0;border-top:1px solid var(--line)}
.timeline svg{display:block;width:100%;height:auto}
.timeline svg.hits{position:absolute;left:0;top:0;height:100%}
.hit{fill:transparent;pointer-events:all;cursor:pointer;outline:none}
.hit:hover,.hit:focus,.hit.current{fill:rgba(25,118,210,.12);stroke:#1976d2;stroke-width:2}
#details{position:fixed;right:16px;bottom:16px;width:min(34em,calc(100% - 32px));max-height:60vh;overflow:auto;background:#fff;border:1px solid var(--line);border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.15);padding:10px 14px}
#details h2{margin:0 0 6px;font-size:16px}
#details dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}
#details dt{color:var(--muted)}
#details dd{margin:0;font-family:"DejaVu Sans Mono",monospace;word-break:break-all}
#details .command{font-weight:700}
#details .race{color:var(--broken);font-weight:700}
table.trace{border-collapse:collapse;font:13px "DejaVu Sans Mono",monospace;width:100%}
table.trace th{text-align:left;border-bottom:2px solid var(--line);padding:3px 8px;font-family:"Noto Sans","Noto Sans CJK SC",sans-serif}
table.trace td{border-bottom:1px solid var(--line);padding:2px 8px;vertical-align:top}
table.trace td.t{text-align:right}
table.trace tr[data-event]:hover,table.trace tr.current{background:#e8f1fb}
table.trace tr.broken td.flag,table.trace tr.broken td.race{color:var(--broken);font-weight:700}
table.trace tr.harmless td.flag,table.trace tr.harmless td.race{color:var(--harmless)}
)";

// Hovering (or focusing) an event on the timeline or a row of the table
// shows its details; nothing is fetched, everything is in the page.
const char *kScript = R"(
(function(){
  var events=JSON.parse(document.getElementById('events').textContent);
  var panel=document.getElementById('details');
  var current=[];
  function show(el){
    var run=el.getAttribute('data-run'),ev=el.getAttribute('data-event');
    var rows=(events[run]||{})[ev];
    if(!rows)return;
    current.forEach(function(c){c.classList.remove('current');});
    current=Array.prototype.slice.call(document.querySelectorAll('[data-run="'+run+'"][data-event="'+ev+'"]'));
    current.forEach(function(c){c.classList.add('current');});
    var dl=document.createElement('dl');
    rows.forEach(function(r){
      var dt=document.createElement('dt');dt.textContent=r[0];
      var dd=document.createElement('dd');dd.textContent=r[1];if(r[2])dd.className=r[2];
      dl.appendChild(dt);dl.appendChild(dd);
    });
    var body=document.getElementById('details-body');
    body.replaceChildren(dl);
    panel.setAttribute('data-shown',run+':'+ev);
  }
  document.querySelectorAll('[data-event]').forEach(function(el){
    el.addEventListener('mouseover',function(){show(el);});
    el.addEventListener('focus',function(){show(el);});
  });
})();
)";
} // namespace

QByteArray htmlReport(const ReportPage &page, QString *error)
{
    // One time axis for all runs: the longest run decides where it ends.
    TimelineImage image;
    for (const ReportRun &run : page.runs)
        image.endMs = std::max(image.endMs, wholeRunEndMs(*run.analysis, image));

    QString out;
    out += QStringLiteral("<!DOCTYPE html>\n<html lang=\"%1\">\n<head>\n<meta charset=\"utf-8\">\n")
               .arg(page.language == QLatin1String("zh_CN") ? QStringLiteral("zh-CN") : QStringLiteral("en"));
    // Nothing may be fetched: a report opens the same anywhere, offline.
    out += QStringLiteral("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                          "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n");
    out += QStringLiteral("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out += QStringLiteral("<title>%1</title>\n<style>%2</style>\n</head>\n<body>\n").arg(html(page.title), QLatin1String(kStyle));
    out += QStringLiteral("<header>\n<h1>%1</h1>\n<p class=\"lesson\">%2</p>\n</header>\n").arg(html(page.title), html(page.lesson));

    out += QStringLiteral("<section class=\"verdicts\">\n");
    for (const ReportRun &run : page.runs) {
        out += QStringLiteral("<div class=\"verdict\">\n<h2>%1</h2>\n<ul>\n").arg(html(run.subtitle));
        if (run.stopped)
            out += QStringLiteral("<li class=\"broken\">%1</li>\n")
                       .arg(html(Report::tr("Stopped before the end: no verdict. The timeline shows what ran until then.")));
        else
            for (const Finding &f : run.analysis->verdict.findings)
                out += QStringLiteral("<li class=\"%1\">%2</li>\n")
                           .arg(QLatin1String(severityClass(f.severity)), html(f.sentence(run.analysis->info)));
        out += QStringLiteral("</ul>\n</div>\n");
    }
    out += QStringLiteral("</section>\n");

    out += QStringLiteral("<h2>%1</h2>\n<p class=\"lesson\">%2</p>\n")
               .arg(html(Report::tr("Timeline")), html(Report::tr("Hover over a command to see its reply and what the client believed before and after it.")));
    QJsonArray events;
    QList<QList<TraceRow>> traces;
    for (qsizetype r = 0; r < page.runs.size(); ++r) {
        const RunAnalysis &analysis = *page.runs.at(r).analysis;
        TimelineImage runImage = image;
        runImage.subtitle = page.runs.at(r).subtitle;
        QList<std::pair<QRectF, int>> hits;
        const QByteArray svg = timelineSvg(analysis, runImage, &hits, error);
        if (svg.isEmpty())
            return {};
        const QSize size = runImage.resolvedSize(analysis);
        out += QStringLiteral("<figure class=\"timeline\">\n%1\n").arg(inlineSvg(svg));
        out += QStringLiteral("<svg class=\"hits\" viewBox=\"0 0 %1 %2\" preserveAspectRatio=\"xMinYMin meet\">\n")
                   .arg(size.width()).arg(size.height());
        QSet<int> shown;
        for (const auto &[rect, event] : hits) {
            // As TimelinePainter::eventAt: a few pixels of slack.
            const QRectF r2 = rect.adjusted(-3, -3, 3, 3);
            out += QStringLiteral("<rect class=\"hit\" tabindex=\"0\" data-run=\"%1\" data-event=\"%2\" x=\"%3\" y=\"%4\" width=\"%5\" height=\"%6\"/>\n")
                       .arg(r).arg(event).arg(number(r2.x()), number(r2.y()), number(r2.width()), number(r2.height()));
            shown.insert(event);
        }
        out += QStringLiteral("</svg>\n</figure>\n");
        traces << traceRows(analysis);
        for (const TraceRow &row : traces.last())
            shown.insert(row.event);
        QList<int> ordered(shown.begin(), shown.end());
        std::sort(ordered.begin(), ordered.end());
        QJsonObject details;
        for (int event : ordered)
            details.insert(QString::number(event), detailRows(analysis, event));
        events.append(details);
    }

    out += QStringLiteral("<aside id=\"details\" aria-live=\"polite\">\n<h2>%1</h2>\n<div id=\"details-body\">%2</div>\n</aside>\n")
               .arg(html(QCoreApplication::translate("EventInspector", "Event")), html(Report::tr("Hover over an event on the timeline or a row of the table.")));

    for (qsizetype r = 0; r < page.runs.size(); ++r) {
        out += QStringLiteral("<h2>%1 \u2014 %2</h2>\n<table class=\"trace\">\n<thead><tr><th></th><th>%3</th><th>%4</th><th>%5</th>"
                              "<th>%6</th><th>%7</th><th>%8</th><th>%9</th></tr></thead>\n<tbody>\n")
                   .arg(html(Report::tr("Trace")), html(page.runs.at(r).subtitle), html(Report::tr("t (s)")), html(Report::tr("who")),
                        html(Report::tr("command")), html(Report::tr("reply")), html(Report::tr("holds?")), html(Report::tr("lock in Redis / stock")),
                        html(Report::tr("finding")));
        for (const TraceRow &row : traces.at(r)) {
            const char *cls = row.flag == QLatin1String("!") ? " class=\"broken\"" : row.flag == QLatin1String("~") ? " class=\"harmless\"" : "";
            out += QStringLiteral("<tr data-run=\"%1\" data-event=\"%2\"%3><td class=\"flag\">%4</td><td class=\"t\">%5</td>"
                                  "<td>%6</td><td>%7</td><td>%8</td><td>%9</td>")
                       .arg(r).arg(row.event).arg(QLatin1String(cls), html(row.flag.trimmed()))
                       .arg(row.timeMs / 1000.0, 0, 'f', 3)
                       .arg(html(row.who), html(row.command), html(row.reply),
                            row.holds ? html(Report::tr("yes")) : QString());
            out += QStringLiteral("<td>%1</td><td class=\"race\">%2</td></tr>\n").arg(html(row.truth), html(row.race));
        }
        out += QStringLiteral("</tbody>\n</table>\n");
    }

    // No "</script>" or "<!--" can end or bend the script: every "<" in the JSON's strings as \u003c.
    const QString json = QString::fromUtf8(QJsonDocument(events).toJson(QJsonDocument::Compact))
                             .replace(QLatin1Char('<'), QStringLiteral("\\u003c"));
    out += QStringLiteral("<script type=\"application/json\" id=\"events\">%1</script>\n").arg(json);
    out += QStringLiteral("<script>%1</script>\n</body>\n</html>\n").arg(QLatin1String(kScript));
    return out.toUtf8();
}

} // namespace lockstock
