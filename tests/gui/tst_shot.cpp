// `lockstock shot` end to end, offscreen: lost-update broken and correct give
// PNGs of the asked size that are not blank, and different verdicts.

#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

class ShotTest : public QObject {
    Q_OBJECT
private:
    struct Shot {
        QString out;
        QImage image;
    };
    Shot shoot(const QString &strategy, const QString &path, const QStringList &extra = {},
               const QString &scenario = QStringLiteral("lost-update"))
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LOCKSTOCK_BINARY),
                QStringList{QStringLiteral("shot"), scenario, QStringLiteral("--strategy"), strategy,
                            QStringLiteral("--out"), path} + extra);
        if (!p.waitForFinished(60000) || p.exitCode() != 0) {
            qWarning("%s", p.readAllStandardError().constData());
            return {};
        }
        return {QString::fromUtf8(p.readAllStandardOutput()), QImage(path)};
    }

    static int distinctColours(const QImage &image)
    {
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 3)
            for (int x = 0; x < image.width(); x += 3)
                colours.insert(image.pixel(x, y));
        return int(colours.size());
    }

private slots:
    void brokenAndCorrectDiffer()
    {
        QTemporaryDir dir;
        const QStringList size{QStringLiteral("--width"), QStringLiteral("1400"), QStringLiteral("--height"), QStringLiteral("900")};
        const Shot broken = shoot(QStringLiteral("broken"), dir.filePath(QStringLiteral("broken.png")), size);
        const Shot correct = shoot(QStringLiteral("correct"), dir.filePath(QStringLiteral("correct.png")),
                                   size + QStringList{QStringLiteral("--theme"), QStringLiteral("dark")});
        for (const Shot *s : {&broken, &correct}) {
            QVERIFY(!s->image.isNull());
            QCOMPARE(s->image.size(), QSize(1400, 900));
            QVERIFY2(distinctColours(s->image) > 40, "the picture is blank");
        }
        QVERIFY2(broken.out.contains(QStringLiteral("2 units sold from 100, yet the stock is 99: one unit lost.")), qPrintable(broken.out));
        QVERIFY2(correct.out.contains(QStringLiteral("Correct: stock 98")), qPrintable(correct.out));
        // The dark theme really is dark, the light one light.
        QVERIFY(qGray(correct.image.pixel(5, 5)) < 64);
        QVERIFY(qGray(broken.image.pixel(5, 5)) > 200);
    }

    // A scenario that faults its own servers runs on servers shot starts.
    void faultScenarioRunsOnItsOwnServers()
    {
        QTemporaryDir dir;
        const Shot broken = shoot(QStringLiteral("broken"), dir.filePath(QStringLiteral("pause.png")), {},
                                  QStringLiteral("lease-expired-during-pause"));
        QVERIFY(!broken.image.isNull());
        QVERIFY2(distinctColours(broken.image) > 40, "the picture is blank");
        QVERIFY2(broken.out.contains(QStringLiteral("both held the lock")), qPrintable(broken.out));
    }

    void defaultHeightFitsTheLanesAndSvgWorks()
    {
        QTemporaryDir dir;
        const Shot png = shoot(QStringLiteral("broken"), dir.filePath(QStringLiteral("auto.png")));
        QVERIFY(!png.image.isNull());
        QCOMPARE(png.image.width(), 1600);
        QVERIFY(png.image.height() > 600);
        const QString svgPath = dir.filePath(QStringLiteral("t.svg"));
        const Shot svg = shoot(QStringLiteral("correct"), svgPath);
        QVERIFY(svg.out.contains(QStringLiteral("Correct")));
        QFile file(svgPath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("set-nx-ex-lua"));
    }

    void speaksChinese()
    {
        QTemporaryDir dir;
        const Shot zh = shoot(QStringLiteral("broken"), dir.filePath(QStringLiteral("zh.png")),
                              {QStringLiteral("--language"), QStringLiteral("zh_CN")});
        QVERIFY2(zh.out.contains(QStringLiteral("从 100 件中卖出了 2 件，库存却是 99")), qPrintable(zh.out));
        QVERIFY(!zh.image.isNull());
    }

    void badOptionsAreUsageErrors()
    {
        QProcess p;
        p.start(QStringLiteral(LOCKSTOCK_BINARY), {QStringLiteral("shot"), QStringLiteral("lost-update"),
                                                  QStringLiteral("--out"), QStringLiteral("/tmp/x.png"),
                                                  QStringLiteral("--theme"), QStringLiteral("purple")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
    }
};

QTEST_MAIN(ShotTest)
#include "tst_shot.moc"
