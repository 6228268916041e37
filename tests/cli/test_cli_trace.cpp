// `lockstock run --trace`: the table says what happened to each server, so a
// reader sees the fault that caused the race in the same list as the commands.

#include "LockstockProcess.h"

#include <QRegularExpression>
#include <QTest>

using lockstock::test::CliResult;
using lockstock::test::runLockstock;

class TestCliTrace : public QObject {
    Q_OBJECT

private slots:
    void serverFaultsAreNamed()
    {
        const CliResult r = runLockstock({QStringLiteral("run"), QStringLiteral("redlock-clock-jump"),
                                          QStringLiteral("--strategy"), QStringLiteral("redlock"), QStringLiteral("--trace")});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.err));
        for (const char *note : {"n4 killed (SIGKILL)", "n5 killed (SIGKILL)", "n3 clock jumped +15 s",
                                 "n4 restarted (no persistence: empty)"}) {
            const QRegularExpression row(QStringLiteral("\\d\\.\\d{3}  redis +%1").arg(QRegularExpression::escape(QLatin1String(note))));
            QVERIFY2(row.match(r.out).hasMatch(), qPrintable(QStringLiteral("no row '%1' in:\n%2").arg(QLatin1String(note), r.out)));
        }
        QVERIFY2(r.out.contains(QStringLiteral("A and B both held the lock")), qPrintable(r.out));
    }
};

QTEST_GUILESS_MAIN(TestCliTrace)
#include "test_cli_trace.moc"
