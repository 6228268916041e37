// What the commands print for people comes in the language asked for:
// `lockstock list --language zh_CN` is Chinese from the scenarios' titles to
// the strategies' lessons, in the course's order; English is English.

#include "LockstockProcess.h"

#include "scenario/Scenario.h"
#include "strategies/Strategies.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace lockstock;
using lockstock::test::CliResult;
using lockstock::test::describe;
using lockstock::test::runLockstock;

namespace {
// Latin words of three letters or more outside what is Redis's or a name
// (SET NX, no-lock, n1...): what a translation forgot reads like this.
QStringList englishWords(const QString &line)
{
    static const QRegularExpression word(QStringLiteral("(?<![-\\w])[a-z]{3,}(?![-\\w])"));
    QStringList out;
    for (auto it = word.globalMatch(line); it.hasNext();)
        out << it.next().captured();
    return out;
}

const QRegularExpression kHan(QStringLiteral("\\p{Han}"));
} // namespace

class TestCliLanguage : public QObject {
    Q_OBJECT
private slots:
    void listInChinese()
    {
        const CliResult r = runLockstock({QStringLiteral("list"), QStringLiteral("--language"), QStringLiteral("zh_CN")});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(lines.size() > builtinScenarioNames().size());
        for (const QString &line : lines) {
            QVERIFY2(line.contains(kHan), qPrintable(QStringLiteral("no Chinese in: ") + line));
            // Scenario and strategy names stay as they are typed; so do commands
            // the English term glossed in full-width brackets: （fencing token）, and code in backquotes: `not -1`.
            QString withoutNames = line;
            withoutNames.remove(QRegularExpression(QStringLiteral("\uFF08[^\uFF09]*\uFF09")));
            withoutNames.remove(QRegularExpression(QStringLiteral("`[^`]*`")));
            for (const QString &name : builtinScenarioNames())
                withoutNames.replace(name, QString());
            for (const Strategy *s : allStrategies())
                withoutNames.replace(QRegularExpression(QStringLiteral("(?<![-\\w])") + QRegularExpression::escape(s->name)
                                                        + QStringLiteral("(?![-\\w])")),
                                     QString());
            QVERIFY2(englishWords(withoutNames).isEmpty(),
                     qPrintable(QStringLiteral("English left in: ") + line));
        }
    }

    void listFollowsTheCourse()
    {
        const CliResult r = runLockstock({QStringLiteral("list"), QStringLiteral("--language"), QStringLiteral("en")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.out.contains(kHan), qPrintable(r.out));
        // The first lesson first: lost update, then SETNX/EXPIRE, ..., RedLock, beyond.
        const QStringList order{QStringLiteral("lost-update"), QStringLiteral("crash-between-setnx-expire"),
                                QStringLiteral("lease-expired-wrong-delete"), QStringLiteral("lease-shorter-than-work"),
                                QStringLiteral("watchdog-long-work"), QStringLiteral("flash-sale"),
                                QStringLiteral("redlock-minority-down"), QStringLiteral("lease-expired-during-pause")};
        qsizetype at = -1;
        for (const QString &name : order) {
            const qsizetype here = r.out.indexOf(QStringLiteral(" ") + name + QStringLiteral(" "));
            QVERIFY2(here > at, qPrintable(name + QStringLiteral(" is out of the course's order")));
            at = here;
        }
        QVERIFY(r.out.contains(QStringLiteral(" 1. lost-update")));
        QVERIFY(r.out.contains(QStringLiteral("Two servers, one stock counter")));
    }

    void unknownLanguageIsBadInput()
    {
        const CliResult r = runLockstock({QStringLiteral("list"), QStringLiteral("--language"), QStringLiteral("fr")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("--language")));
    }

    // A Chinese picture where no font has Chinese (the package only
    // recommends fonts-noto-cjk): shot says what to install, in English.
    // English needs no such font, and where one is installed nothing is said.
    void missingChineseFontIsNamed()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // Fontconfig with DejaVu alone: Latin, no Chinese.
        QFile config(dir.filePath(QStringLiteral("fonts.conf")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write("<?xml version=\"1.0\"?>\n<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>"
                     + dir.filePath(QStringLiteral("cache")).toUtf8() + "</cachedir></fontconfig>\n");
        config.close();
        const QStringList latinOnly{QStringLiteral("FONTCONFIG_FILE=") + config.fileName()};
        const auto shot = [&](const char *language) {
            return QStringList{QStringLiteral("shot"), QStringLiteral("lost-update"), QStringLiteral("--language"),
                               QLatin1String(language), QStringLiteral("--width"), QStringLiteral("400"),
                               QStringLiteral("--out"), dir.filePath(QStringLiteral("%1.png").arg(QLatin1String(language)))};
        };
        const QString advice = QStringLiteral("sudo apt install fonts-noto-cjk");
        const CliResult chinese = runLockstock(shot("zh_CN"), 60000, latinOnly);
        QVERIFY2(chinese.exitCode == 0 && chinese.err.contains(advice), qPrintable(describe(chinese)));
        const CliResult english = runLockstock(shot("en"), 60000, latinOnly);
        QVERIFY2(english.exitCode == 0 && !english.err.contains(advice), qPrintable(describe(english)));
        const CliResult installed = runLockstock(shot("zh_CN"), 60000);
        QVERIFY2(installed.exitCode == 0 && !installed.err.contains(advice), qPrintable(describe(installed)));
    }
};

QTEST_GUILESS_MAIN(TestCliLanguage)
#include "test_cli_language.moc"
