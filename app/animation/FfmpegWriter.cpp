#include "FfmpegWriter.h"

#include "TimelineAnimation.h"

#include <QCoreApplication>
#include <QFile>
#include <QStandardPaths>

namespace lockstock {

namespace {
// A stalled ffmpeg must not hold the window or a script for ever.
constexpr int kFrameTimeoutMs = 60'000;

QStringList encoderArguments(AnimationFormat format)
{
    // yuv420p needs even sides: pad an odd one by a pixel.
    const QStringList yuv{QStringLiteral("-vf"), QStringLiteral("pad=ceil(iw/2)*2:ceil(ih/2)*2"), QStringLiteral("-pix_fmt"),
                          QStringLiteral("yuv420p")};
    switch (format) {
    case AnimationFormat::WebM:
        return yuv + QStringList{QStringLiteral("-c:v"), QStringLiteral("libvpx-vp9"), QStringLiteral("-crf"), QStringLiteral("32"),
                                 QStringLiteral("-b:v"), QStringLiteral("0"), QStringLiteral("-deadline"), QStringLiteral("good"),
                                 QStringLiteral("-cpu-used"), QStringLiteral("4"), QStringLiteral("-row-mt"), QStringLiteral("0"),
                                 QStringLiteral("-f"), QStringLiteral("webm")};
    case AnimationFormat::Mp4:
        return yuv + QStringList{QStringLiteral("-c:v"), QStringLiteral("libx264"), QStringLiteral("-preset"), QStringLiteral("medium"),
                                 QStringLiteral("-crf"), QStringLiteral("23"), QStringLiteral("-tune"), QStringLiteral("animation"),
                                 QStringLiteral("-movflags"), QStringLiteral("+faststart"), QStringLiteral("-f"), QStringLiteral("mp4")};
    case AnimationFormat::Apng:
        return {QStringLiteral("-pix_fmt"), QStringLiteral("rgb24"), QStringLiteral("-c:v"), QStringLiteral("apng"),
                QStringLiteral("-plays"), QStringLiteral("0"), QStringLiteral("-f"), QStringLiteral("apng")};
    case AnimationFormat::Gif:
        break;
    }
    return {};
}
} // namespace

QString FfmpegWriter::program()
{
    return QStandardPaths::findExecutable(QStringLiteral("ffmpeg"));
}

FfmpegWriter::FfmpegWriter(AnimationFormat format, QSize size, int fps) : m_size(size)
{
    if (!m_dir.isValid()) {
        m_error = m_dir.errorString();
        return;
    }
    m_out = m_dir.filePath(QStringLiteral("animation"));
    QStringList arguments{QStringLiteral("-hide_banner"), QStringLiteral("-loglevel"), QStringLiteral("error"),
                          QStringLiteral("-f"), QStringLiteral("rawvideo"), QStringLiteral("-pix_fmt"), QStringLiteral("bgra"),
                          QStringLiteral("-video_size"), QStringLiteral("%1x%2").arg(size.width()).arg(size.height()),
                          QStringLiteral("-framerate"), QString::number(fps), QStringLiteral("-i"), QStringLiteral("pipe:0"),
                          QStringLiteral("-threads"), QStringLiteral("1")};
    arguments += encoderArguments(format);
    // No version, time or random id in the file: the same frames, the same bytes.
    arguments += {QStringLiteral("-fflags"), QStringLiteral("+bitexact"), QStringLiteral("-flags:v"), QStringLiteral("+bitexact"),
                  QStringLiteral("-map_metadata"), QStringLiteral("-1"), QStringLiteral("-y"), m_out};
    m_ffmpeg.setProcessChannelMode(QProcess::SeparateChannels);
    m_ffmpeg.setStandardOutputFile(QProcess::nullDevice());
    m_ffmpeg.start(program(), arguments);
    if (!m_ffmpeg.waitForStarted())
        m_error = m_ffmpeg.errorString();
}

FfmpegWriter::~FfmpegWriter()
{
    if (m_ffmpeg.state() != QProcess::NotRunning) {
        m_ffmpeg.kill();
        m_ffmpeg.waitForFinished();
    }
}

bool FfmpegWriter::add(const QImage &frame)
{
    if (!m_error.isEmpty())
        return false;
    const QImage bgra = frame.convertToFormat(QImage::Format_ARGB32);
    for (int y = 0; y < bgra.height(); ++y)
        m_ffmpeg.write(reinterpret_cast<const char *>(bgra.constScanLine(y)), qint64(m_size.width()) * 4);
    // One frame in the pipe at a time: a long animation never piles up in memory.
    while (m_ffmpeg.bytesToWrite() > 0) {
        if (!m_ffmpeg.waitForBytesWritten(kFrameTimeoutMs)) {
            m_error = failure();
            return false;
        }
    }
    return true;
}

QString FfmpegWriter::failure() const
{
    const QString said = QString::fromLocal8Bit(const_cast<QProcess &>(m_ffmpeg).readAllStandardError()).trimmed();
    return said.isEmpty() ? m_ffmpeg.errorString() : said;
}

QByteArray FfmpegWriter::finish(QString *error)
{
    if (m_error.isEmpty()) {
        m_ffmpeg.closeWriteChannel();
        if (!m_ffmpeg.waitForFinished(kFrameTimeoutMs))
            m_error = failure();
        else if (m_ffmpeg.exitStatus() != QProcess::NormalExit || m_ffmpeg.exitCode() != 0)
            m_error = failure();
    }
    QByteArray bytes;
    if (m_error.isEmpty()) {
        QFile file(m_out);
        if (file.open(QIODevice::ReadOnly))
            bytes = file.readAll();
        if (bytes.isEmpty())
            m_error = file.errorString();
    }
    if (!m_error.isEmpty()) {
        *error = QCoreApplication::translate("Export", "ffmpeg failed: %1").arg(m_error);
        return {};
    }
    return bytes;
}

} // namespace lockstock
