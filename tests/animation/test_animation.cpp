// `lockstock shot --animate` end to end, decoded again: the GIF by giflib
// (DGifSlurp, every frame composed as a viewer shows it), WebM, MP4 and APNG
// by ffprobe/ffmpeg. The frames are the run as it played: as many as asked,
// of the size asked, none blank, the cursor's frames short of the finished
// run, and the last one the very picture `shot` writes of the same size.
// The same inputs give the same bytes; bad options exit 2 and say why.

#include "LockstockProcess.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <gif_lib.h>

using namespace lockstock::test;

namespace {
constexpr int kRunMs = 120000;

struct Gif {
    QSize size;
    QList<QImage> frames;   // composed: what a viewer shows
    QList<int> delaysCs;
    QString error;
};

// Decodes `path` with giflib and composes its frames (disposal: keep; transparency).
Gif decodeGif(const QString &path)
{
    Gif out;
    int error = 0;
    GifFileType *gif = DGifOpenFileName(QFile::encodeName(path).constData(), &error);
    if (!gif) {
        out.error = QString::fromLatin1(GifErrorString(error));
        return out;
    }
    if (DGifSlurp(gif) != GIF_OK) {
        out.error = QString::fromLatin1(GifErrorString(gif->Error));
        DGifCloseFile(gif, &error);
        return out;
    }
    out.size = QSize(gif->SWidth, gif->SHeight);
    QImage canvas(out.size, QImage::Format_RGB32);
    canvas.fill(Qt::black);
    for (int i = 0; i < gif->ImageCount; ++i) {
        const SavedImage &image = gif->SavedImages[i];
        GraphicsControlBlock control{};
        DGifSavedExtensionToGCB(gif, i, &control);
        const ColorMapObject *map = image.ImageDesc.ColorMap ? image.ImageDesc.ColorMap : gif->SColorMap;
        const GifImageDesc &d = image.ImageDesc;
        for (int y = 0; y < d.Height; ++y)
            for (int x = 0; x < d.Width; ++x) {
                const int index = image.RasterBits[y * d.Width + x];
                if (index == control.TransparentColor)
                    continue;
                const GifColorType c = map->Colors[index];
                canvas.setPixel(d.Left + x, d.Top + y, qRgb(c.Red, c.Green, c.Blue));
            }
        out.frames << canvas.copy();
        out.delaysCs << control.DelayTime;
    }
    DGifCloseFile(gif, &error);
    return out;
}

// How unlike two pictures of one size are: the mean difference per channel
// (0-255), and the share of pixels with a channel off by more than 48.
struct Difference {
    double mean = 255;
    double farShare = 1;
};

Difference difference(const QImage &a, const QImage &b)
{
    if (a.size() != b.size())
        return {};
    const QImage l = a.convertToFormat(QImage::Format_RGB32), r = b.convertToFormat(QImage::Format_RGB32);
    double sum = 0;
    qint64 far = 0;
    for (int y = 0; y < l.height(); ++y) {
        const QRgb *p = reinterpret_cast<const QRgb *>(l.constScanLine(y));
        const QRgb *q = reinterpret_cast<const QRgb *>(r.constScanLine(y));
        for (int x = 0; x < l.width(); ++x) {
            const int dr = std::abs(qRed(p[x]) - qRed(q[x])), dg = std::abs(qGreen(p[x]) - qGreen(q[x])),
                      db = std::abs(qBlue(p[x]) - qBlue(q[x]));
            sum += dr + dg + db;
            if (std::max({dr, dg, db}) > 48)
                ++far;
        }
    }
    const double pixels = double(l.width()) * l.height();
    return {sum / (3 * pixels), far / pixels};
}

int distinctColours(const QImage &image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// ffprobe's count of decoded frames and the stream's size.
struct Probe {
    int frames = -1;
    QSize size;
    QString codec;
    QString error;
};

Probe probe(const QString &path)
{
    QProcess p;
    p.start(QStringLiteral("ffprobe"), {QStringLiteral("-v"), QStringLiteral("error"), QStringLiteral("-count_frames"),
                                        QStringLiteral("-select_streams"), QStringLiteral("v:0"), QStringLiteral("-show_entries"),
                                        QStringLiteral("stream=codec_name,width,height,nb_read_frames"), QStringLiteral("-of"),
                                        QStringLiteral("json"), path});
    Probe out;
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        out.error = QString::fromLocal8Bit(p.readAllStandardError());
        return out;
    }
    const QJsonObject s = QJsonDocument::fromJson(p.readAllStandardOutput()).object().value(QStringLiteral("streams")).toArray().first().toObject();
    out.frames = s.value(QStringLiteral("nb_read_frames")).toString().toInt();
    out.size = QSize(s.value(QStringLiteral("width")).toInt(), s.value(QStringLiteral("height")).toInt());
    out.codec = s.value(QStringLiteral("codec_name")).toString();
    return out;
}

// Frame `index` (from 0) of a video, decoded by ffmpeg.
QImage videoFrame(const QString &path, int index, const QString &png)
{
    QProcess p;
    p.start(QStringLiteral("ffmpeg"), {QStringLiteral("-v"), QStringLiteral("error"), QStringLiteral("-i"), path, QStringLiteral("-vf"),
                                       QStringLiteral("select=eq(n\\,%1)").arg(index), QStringLiteral("-frames:v"), QStringLiteral("1"),
                                       QStringLiteral("-y"), png});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        qWarning("%s", p.readAllStandardError().constData());
        return {};
    }
    return QImage(png);
}

QStringList animate(const QString &path, const QStringList &extra = {})
{
    return QStringList{QStringLiteral("shot"), QStringLiteral("lost-update"), QStringLiteral("--strategy"),
                       QStringLiteral("no-lock"), QStringLiteral("--language"), QStringLiteral("en"),
                       QStringLiteral("--animate"), path}
        + extra;
}
} // namespace

class AnimationTest : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString path(const QString &name) const { return m_dir.filePath(name); }

    // `shot`'s still of lost-update, broken side, at `size`.
    QImage still(QSize size)
    {
        const QString png = path(QStringLiteral("still-%1x%2.png").arg(size.width()).arg(size.height()));
        const CliResult r = runLockstock({QStringLiteral("shot"), QStringLiteral("lost-update"), QStringLiteral("--strategy"),
                                          QStringLiteral("no-lock"), QStringLiteral("--language"), QStringLiteral("en"),
                                          QStringLiteral("--out"), png, QStringLiteral("--width"), QString::number(size.width()),
                                          QStringLiteral("--height"), QString::number(size.height())},
                                         kRunMs);
        if (r.exitCode != 0)
            qWarning("%s", qPrintable(describe(r)));
        return QImage(png);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const CliResult list = runLockstock({QStringLiteral("list")});
        QVERIFY2(list.out.contains(QLatin1String("no-lock")), qPrintable(describe(list)));
    }

    // The case: 10 s of lost-update at 1280x720 (10 s at 10 fps are the defaults).
    void gifOfLostUpdate()
    {
        const QString gifPath = path(QStringLiteral("lost-update.gif"));
        const CliResult r = runLockstock(animate(gifPath, {QStringLiteral("--size"), QStringLiteral("1280x720")}), kRunMs);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains(QLatin1String("wrote ")) && r.out.contains(QLatin1String("100 frames")), qPrintable(r.out));
        const qint64 bytes = QFileInfo(gifPath).size();
        qInfo("10 s 1280x720 GIF of lost-update: %lld bytes", bytes);
        QVERIFY2(bytes > 0 && bytes <= 3 * 1024 * 1024, qPrintable(QString::number(bytes)));

        const Gif gif = decodeGif(gifPath);
        QVERIFY2(gif.error.isEmpty(), qPrintable(gif.error));
        QCOMPARE(gif.size, QSize(1280, 720));
        // 100 frames at 10 fps: the last 20 hold the finished run (one GIF
        // frame, its delay the sum), the 80 before it each a new cursor.
        QCOMPARE(gif.frames.size(), 81);
        QCOMPARE(std::accumulate(gif.delaysCs.cbegin(), gif.delaysCs.cend(), 0), 1000);
        QCOMPARE(gif.delaysCs.last(), 200);
        for (qsizetype i = 0; i < gif.frames.size(); ++i)
            QVERIFY2(distinctColours(gif.frames.at(i)) >= 8, qPrintable(QStringLiteral("frame %1 is blank").arg(i)));

        // The last frame is `shot`'s still, but for the palette.
        const QImage picture = still(QSize(1280, 720));
        QVERIFY(!picture.isNull());
        const Difference last = difference(gif.frames.last(), picture);
        qInfo("last frame vs the still: mean %.2f, far %.4f", last.mean, last.farShare);
        QVERIFY2(last.mean < 1 && last.farShare < 0.002, qPrintable(QStringLiteral("%1 %2").arg(last.mean).arg(last.farShare)));
        // The run builds up: the first frame is far from the finished one, the
        // frames come closer to it as the cursor moves on.
        const Difference first = difference(gif.frames.first(), picture);
        const Difference middle = difference(gif.frames.at(40), picture);
        QVERIFY2(first.farShare > middle.farShare && middle.farShare > last.farShare,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(first.farShare).arg(middle.farShare).arg(last.farShare)));
    }

    void gifIsTheSameTwice()
    {
        const QStringList small{QStringLiteral("--size"), QStringLiteral("640x360"), QStringLiteral("--duration"), QStringLiteral("3"),
                                QStringLiteral("--fps"), QStringLiteral("8"), QStringLiteral("--theme"), QStringLiteral("dark")};
        const CliResult a = runLockstock(animate(path(QStringLiteral("a.gif")), small), kRunMs);
        QVERIFY2(a.exitCode == 0, qPrintable(describe(a)));
        const CliResult b = runLockstock(animate(path(QStringLiteral("b.gif")), small), kRunMs);
        QVERIFY2(b.exitCode == 0, qPrintable(describe(b)));
        const QByteArray first = readAll(path(QStringLiteral("a.gif")));
        QVERIFY(first.startsWith("GIF89a"));
        QVERIFY(first == readAll(path(QStringLiteral("b.gif"))));
        const Gif gif = decodeGif(path(QStringLiteral("a.gif")));
        QCOMPARE(gif.size, QSize(640, 360));
        // 24 frames at 8 fps: 3 s in hundredths, rounded to add up.
        QCOMPARE(std::accumulate(gif.delaysCs.cbegin(), gif.delaysCs.cend(), 0), 300);
    }

    void videos_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("codec");
        QTest::newRow("webm") << "run.webm" << "vp9";
        QTest::newRow("mp4") << "run.mp4" << "h264";
        QTest::newRow("apng") << "run.apng" << "apng";
    }

    // 2 s at 10 fps, 640x360: 20 frames; the last one is the still but for the codec's loss.
    void videos()
    {
        QFETCH(QString, file);
        QFETCH(QString, codec);
        const QStringList options{QStringLiteral("--size"), QStringLiteral("640x360"), QStringLiteral("--duration"), QStringLiteral("2")};
        const CliResult r = runLockstock(animate(path(file), options), kRunMs);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const Probe p = probe(path(file));
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        QCOMPARE(p.codec, codec);
        QCOMPARE(p.size, QSize(640, 360));
        QCOMPARE(p.frames, 20);
        const QImage first = videoFrame(path(file), 0, path(file + QStringLiteral("-0.png")));
        QVERIFY(!first.isNull());
        QVERIFY2(distinctColours(first) >= 8, "the first frame is blank");
        const QImage last = videoFrame(path(file), 19, path(file + QStringLiteral("-19.png")));
        const Difference d = difference(last, still(QSize(640, 360)));
        qInfo("%s last frame vs the still: mean %.2f, far %.4f", qPrintable(file), d.mean, d.farShare);
        QVERIFY2(d.mean < 4 && d.farShare < 0.03, qPrintable(QStringLiteral("%1 %2").arg(d.mean).arg(d.farShare)));
        QVERIFY(difference(first, last).farShare > 0.01);
        // The same inputs, the same bytes: one thread, bit-exact.
        const QString again = path(QStringLiteral("again-") + file);
        const CliResult r2 = runLockstock(animate(again, options), kRunMs);
        QVERIFY2(r2.exitCode == 0, qPrintable(describe(r2)));
        QVERIFY(readAll(again) == readAll(path(file)));
    }

    // The lesson's words under the run: a band the plain animation has not.
    void lessonCaptions()
    {
        const QStringList small{QStringLiteral("--size"), QStringLiteral("640x480"), QStringLiteral("--duration"), QStringLiteral("2"),
                                QStringLiteral("--lesson")};
        const CliResult r = runLockstock(animate(path(QStringLiteral("lesson.gif")), small), kRunMs);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const Gif gif = decodeGif(path(QStringLiteral("lesson.gif")));
        QCOMPARE(gif.size, QSize(640, 480));
        const QImage plain = still(QSize(640, 480));
        // The finished run is there, shorter, above the words.
        QVERIFY(difference(gif.frames.last(), plain).farShare > 0.01);
    }

    // docs/tapes makes every picture the docs show (scripts/docs.sh runs it),
    // and each picture it makes is shown and committed.
    void docsShowWhatTheTapesMake()
    {
        const QString root = QStringLiteral(LOCKSTOCK_SOURCE_DIR);
        QSet<QString> taped;
        QFile tapes(root + QStringLiteral("/docs/tapes"));
        QVERIFY(tapes.open(QIODevice::ReadOnly | QIODevice::Text));
        while (!tapes.atEnd()) {
            const QString line = QString::fromUtf8(tapes.readLine()).trimmed();
            if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
                continue;
            const QStringList words = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            QVERIFY2(words.size() > 2 && words.contains(QStringLiteral("{out}")), qPrintable(line));
            QVERIFY2(QFileInfo(root + QLatin1Char('/') + words.first()).size() > 0, qPrintable(words.first()));
            taped.insert(words.first());
        }
        QSet<QString> shown;
        QStringList documents{root + QStringLiteral("/README.md")};
        for (const QFileInfo &f : QDir(root + QStringLiteral("/docs")).entryInfoList({QStringLiteral("*.md")}))
            documents << f.filePath();
        static const QRegularExpression picture(QStringLiteral("\\]\\(([^)\\s]+\\.(?:png|svg|gif|webm|mp4|apng))\\)"));
        qint64 bytes = 0;
        for (const QString &document : std::as_const(documents)) {
            const QString text = QString::fromUtf8(readAll(document));
            for (const QRegularExpressionMatch &m : picture.globalMatch(text)) {
                // Relative to the document.
                const QString file = QDir(root).relativeFilePath(QFileInfo(document).dir().filePath(m.captured(1)));
                QVERIFY2(taped.contains(file), qPrintable(QStringLiteral("%1 shows %2, which docs/tapes does not make").arg(document, file)));
                shown.insert(file);
            }
        }
        for (const QString &file : std::as_const(taped)) {
            QVERIFY2(shown.contains(file), qPrintable(QStringLiteral("docs/tapes makes %1, which no document shows").arg(file)));
            bytes += QFileInfo(root + QLatin1Char('/') + file).size();
        }
        QVERIFY(!shown.isEmpty());
        // What the repository carries for them: a few hundred KB at most.
        QVERIFY2(bytes <= 600 * 1024, qPrintable(QString::number(bytes)));
    }

    void badOptions_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("says");
        QTest::addColumn<QStringList>("env");
        const QString gif = QStringLiteral("/tmp/never.gif");
        QTest::newRow("fps 0") << animate(gif, {QStringLiteral("--fps"), QStringLiteral("0")}) << "--fps must be" << QStringList();
        QTest::newRow("fps 60") << animate(gif, {QStringLiteral("--fps"), QStringLiteral("60")}) << "from 1 to 50" << QStringList();
        QTest::newRow("duration") << animate(gif, {QStringLiteral("--duration"), QStringLiteral("nan")}) << "--duration must be" << QStringList();
        QTest::newRow("size small") << animate(gif, {QStringLiteral("--size"), QStringLiteral("10x10")}) << "the size must be from 320x240"
                                    << QStringList();
        QTest::newRow("size words") << animate(gif, {QStringLiteral("--size"), QStringLiteral("big")}) << "the size must be" << QStringList();
        QTest::newRow("format") << animate(QStringLiteral("/tmp/never.avi")) << "an animation is a .gif, .webm, .mp4 or .apng file"
                                << QStringList();
        QTest::newRow("with --out") << animate(gif, {QStringLiteral("--out"), QStringLiteral("/tmp/x.png")}) << "--out is for a still picture"
                                    << QStringList();
        QTest::newRow("fps alone") << QStringList{QStringLiteral("shot"), QStringLiteral("lost-update"), QStringLiteral("--out"),
                                                  QStringLiteral("/tmp/x.png"), QStringLiteral("--fps"), QStringLiteral("5")}
                                   << "--fps is for an animation" << QStringList();
        QTest::newRow("no directory") << animate(QStringLiteral("/nonexistent/dir/a.gif")) << "no such directory" << QStringList();
        QTest::newRow("no ffmpeg") << animate(QStringLiteral("/tmp/never.webm")) << "ffmpeg program, which is not installed"
                                   << QStringList{QStringLiteral("PATH=/nonexistent")};
        QTest::newRow("lesson off the pair") << QStringList{QStringLiteral("shot"), QStringLiteral("lost-update"), QStringLiteral("--strategy"),
                                                            QStringLiteral("watch-multi"), QStringLiteral("--animate"), gif,
                                                            QStringLiteral("--lesson")}
                                             << "--lesson: a lesson plays the scenario's pair" << QStringList();
    }

    void badOptions()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, says);
        QFETCH(QStringList, env);
        const CliResult r = runLockstock(arguments, kRunMs, env);
        QVERIFY2(r.exitCode == kExitUsage, qPrintable(describe(r)));
        QVERIFY2(r.err.contains(says), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(QStringLiteral("/tmp/never.gif")));
    }
};

QTEST_GUILESS_MAIN(AnimationTest)
#include "test_animation.moc"
