// `lockstock report`: the HTML file opened in headless Chromium, an event
// hovered, its details read back from the page; nothing in it reaches out;
// the same run gives the same bytes; bad input is refused with exit 2.

#include "LockstockProcess.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using lockstock::test::CliResult;
using lockstock::test::describe;
using lockstock::test::kExitUsage;
using lockstock::test::runLockstock;

namespace {
QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Finds a command on the timeline that changed what its client believed
// (taking or releasing the lock), checks that the
// point at its middle is its own hover target (nothing covers it), moves the
// mouse over it there, and leaves what it chose in the DOM.
const char *kHoverProbe = R"(<script>
window.addEventListener('load', function () {
  var events = JSON.parse(document.getElementById('events').textContent);
  var targets = document.querySelectorAll('rect.hit');
  for (var i = 0; i < targets.length; ++i) {
    var t = targets[i], run = t.getAttribute('data-run'), ev = t.getAttribute('data-event');
    var rows = events[run][ev];
    var belief = rows.filter(function (r) { return r[2] === 'belief'; })[0];
    if (!rows.some(function (r) { return r[2] === 'command'; }) || !belief) continue;
    var sides = belief[1].split(' \u2192 ');
    if (sides[0] === sides[1].replace(/  \(.*\)$/, '')) continue;
    t.scrollIntoView({block: 'center', inline: 'center'});
    var box = t.getBoundingClientRect();
    var x = box.left + box.width / 2, y = box.top + box.height / 2;
    var under = document.elementFromPoint(x, y);
    if (!under || under.getAttribute('data-event') !== ev || under.getAttribute('data-run') !== run) continue;
    under.dispatchEvent(new MouseEvent('mouseover', {bubbles: true, clientX: x, clientY: y}));
    document.body.setAttribute('data-probe', run + ':' + ev);
    return;
  }
  document.body.setAttribute('data-probe', 'none');
});
</script>)";
} // namespace

class TestReport : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_chromium;

    QString path(const QString &name) const { return m_dir.filePath(name); }

    // The page after its scripts ran, as Chromium's DOM has it.
    QString dumpDom(const QString &file)
    {
        QProcess browser;
        browser.start(m_chromium, {QStringLiteral("--headless"), QStringLiteral("--no-sandbox"), QStringLiteral("--disable-gpu"),
                                   QStringLiteral("--no-first-run"), QStringLiteral("--user-data-dir=") + path(QStringLiteral("profile")),
                                   QStringLiteral("--window-size=1366,768"), QStringLiteral("--virtual-time-budget=3000"),
                                   QStringLiteral("--dump-dom"), QStringLiteral("file://") + file});
        if (!browser.waitForFinished(30000)) {
            browser.kill();
            browser.waitForFinished();
            return {};
        }
        return QString::fromUtf8(browser.readAllStandardOutput());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_chromium = QStandardPaths::findExecutable(QStringLiteral("chromium"));
        QVERIFY2(!m_chromium.isEmpty(), "chromium is not installed (scripts/deps.txt lists it; run scripts/setup.sh)");
    }

    void hoverShowsTheDetails()
    {
        const QString report = path(QStringLiteral("both.html"));
        const CliResult r = runLockstock({QStringLiteral("report"), QStringLiteral("lost-update"), QStringLiteral("--both"),
                                          QStringLiteral("--language"), QStringLiteral("en"), QStringLiteral("--out"), report});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
        QByteArray html = readAll(report);
        QVERIFY(html.contains("<svg class=\"hits\""));
        // Both sides, one above the other.
        QCOMPARE(html.count("<figure class=\"timeline\">"), 2);
        QVERIFY(html.contains("data-run=\"1\""));

        const QString probed = path(QStringLiteral("probed.html"));
        html.replace("</body>", QByteArray(kHoverProbe) + "\n</body>");
        QFile out(probed);
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(html) == html.size());
        out.close();

        const QString dom = dumpDom(probed);
        QVERIFY2(!dom.isEmpty(), "chromium printed no DOM");
        const QRegularExpressionMatch chosen = QRegularExpression(QStringLiteral("data-probe=\"(\\d+:\\d+)\"")).match(dom);
        QVERIFY2(chosen.hasMatch(), "the page found no command it could hover");
        // The panel shows the hovered event: its command, its reply, the belief before → after.
        const QString panel = dom.mid(dom.indexOf(QStringLiteral("<aside id=\"details\"")));
        QVERIFY2(panel.contains(QStringLiteral("data-shown=\"%1\"").arg(chosen.captured(1))), qPrintable(panel.left(2000)));
        QVERIFY2(QRegularExpression(QStringLiteral("<dd class=\"command\">(SET|GET|DEL|EVALSHA|EVAL|EXPIRE|SETNX|INCRBY|DECRBY|WATCH|MULTI|EXEC|PEXPIRE) "))
                     .match(panel).hasMatch(), qPrintable(panel.left(2000)));
        QVERIFY2(panel.contains(QStringLiteral("<dd class=\"reply\">")), qPrintable(panel.left(2000)));
        QVERIFY2(QRegularExpression(QStringLiteral("<dd class=\"belief\">(I do not hold the lock \u2192 I hold the lock|I hold the lock \u2192 I do not hold the lock)  \\(\\S+\\)"))
                     .match(panel).hasMatch(), qPrintable(panel.left(2000)));
        QVERIFY(dom.contains(QStringLiteral("class=\"hit current\"")));
    }

    // Nothing in the file can make a request: no URL, no external source,
    // and a policy that would refuse one anyway.
    void selfContained()
    {
        const QString report = path(QStringLiteral("both.html"));
        const QString html = QString::fromUtf8(readAll(report));
        QVERIFY(!html.isEmpty());
        QVERIFY2(!html.contains(QStringLiteral("://")), "a URL in the report");
        QVERIFY(!QRegularExpression(QStringLiteral("(src|href)\\s*=\\s*\"(?!data:|#)")).match(html).hasMatch());
        QVERIFY(!QRegularExpression(QStringLiteral("url\\((?!#)")).match(html).hasMatch());
        QVERIFY(!html.contains(QStringLiteral("@import")));
        QVERIFY(html.contains(QStringLiteral("Content-Security-Policy\" content=\"default-src 'none'")));
    }

    void sameInputSameBytes()
    {
        const QString again = path(QStringLiteral("again.html"));
        const CliResult r = runLockstock({QStringLiteral("report"), QStringLiteral("lost-update"), QStringLiteral("--both"),
                                          QStringLiteral("--language"), QStringLiteral("en"), QStringLiteral("--out"), again});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
        const QByteArray first = readAll(path(QStringLiteral("both.html")));
        QVERIFY(!first.isEmpty());
        QVERIFY2(readAll(again) == first, "two reports of the same run differ");
    }

    void chinese()
    {
        const QString report = path(QStringLiteral("zh.html"));
        const CliResult r = runLockstock({QStringLiteral("report"), QStringLiteral("lease-shorter-than-work"), QStringLiteral("--strategy"),
                                          QStringLiteral("correct"), QStringLiteral("--language"), QStringLiteral("zh_CN"),
                                          QStringLiteral("--out"), report});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
        const QString html = QString::fromUtf8(readAll(report));
        QVERIFY(html.contains(QStringLiteral("<html lang=\"zh-CN\">")));
        QVERIFY2(!html.contains(QStringLiteral("Hover over")), "untranslated text in a zh_CN report");
        QVERIFY2(!html.contains(QStringLiteral("I hold the lock")), "untranslated details in a zh_CN report");
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString out = QDir::temp().filePath(QStringLiteral("lockstock-report-bad.html"));
        QTest::newRow("unknown scenario") << QStringList{QStringLiteral("no-such-scenario"), QStringLiteral("--out"), out}
                                          << QStringLiteral("no-such-scenario");
        QTest::newRow("unknown strategy") << QStringList{QStringLiteral("lost-update"), QStringLiteral("--strategy"),
                                                         QStringLiteral("nope"), QStringLiteral("--out"), out}
                                          << QStringLiteral("unknown strategy 'nope'");
        QTest::newRow("no --out") << QStringList{QStringLiteral("lost-update")} << QStringLiteral("--out");
        QTest::newRow("--both and --strategy")
            << QStringList{QStringLiteral("lost-update"), QStringLiteral("--both"), QStringLiteral("--strategy"),
                           QStringLiteral("correct"), QStringLiteral("--out"), out}
            << QStringLiteral("--both");
        QTest::newRow("no such directory")
            << QStringList{QStringLiteral("lost-update"), QStringLiteral("--out"), QStringLiteral("/no/such/dir/run.html")}
            << QStringLiteral("/no/such/dir/run.html");
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliResult r = runLockstock(QStringList{QStringLiteral("report")} + args);
        QVERIFY2(r.finished && r.exitCode == kExitUsage, qPrintable(describe(r)));
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestReport)
#include "test_report.moc"
