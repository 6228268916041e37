#pragma once
// An animated GIF with giflib: one 255-colour palette for every frame (the
// sample frames' most common colours exactly, a median cut of the rest by
// GifQuantizeBuffer), and each frame only the
// rectangle that changed, its unchanged pixels transparent; a frame equal to
// the one before it lengthens that one's delay. A timeline changes little
// from frame to frame, so ten seconds at 1280x720 stay well under 3 MB.

#include <QByteArray>
#include <QImage>
#include <QList>
#include <QRect>

#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace lockstock {

class GifWriter {
public:
    // The palette comes from `samples` (frames of `size`, the finished one among them).
    GifWriter(QSize size, const QList<QImage> &samples);
    ~GifWriter();

    // Appends `frame` (of the size given), shown for `delayCs` hundredths of a second.
    void add(const QImage &frame, int delayCs);
    // The whole file; empty with `error` set when giflib failed.
    QByteArray finish(QString *error);

private:
    struct Pending {
        QRect rect;
        std::vector<quint8> pixels;   // rect's rows, palette indexes
        int delayCs = 0;
        bool transparent = false;
    };
    quint8 indexOf(QRgb colour);
    void flush();

    QSize m_size;
    QList<QRgb> m_palette;                     // at most 255; index 255 is transparent
    std::unordered_map<QRgb, quint8> m_nearest;
    std::vector<quint8> m_shown;               // what the frames so far show, palette indexes
    std::optional<Pending> m_pending;
    int m_frames = 0;
    struct File;
    std::unique_ptr<File> m_file;
};

} // namespace lockstock
