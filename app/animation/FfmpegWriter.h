#pragma once
// WebM (VP9), MP4 (H.264) and APNG by the ffmpeg program: raw frames into
// its standard input, the file out of a private directory. One thread and
// ffmpeg's bit-exact flags: the same frames give the same bytes.

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>

namespace lockstock {

enum class AnimationFormat : quint8;

class FfmpegWriter {
public:
    // The ffmpeg program on PATH; empty when there is none.
    static QString program();

    FfmpegWriter(AnimationFormat format, QSize size, int fps);
    ~FfmpegWriter();

    // False (see finish()) once ffmpeg is gone.
    bool add(const QImage &frame);
    // The whole file; empty with `error` set (ffmpeg's own words) when it failed.
    QByteArray finish(QString *error);

private:
    QString failure() const;

    QSize m_size;
    QTemporaryDir m_dir;
    QString m_out;
    QProcess m_ffmpeg;
    QString m_error;
};

} // namespace lockstock
