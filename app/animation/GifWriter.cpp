#include "GifWriter.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <array>
#include <limits>

#include <gif_lib.h>

namespace lockstock {

namespace {
constexpr int kColours = 255;
constexpr quint8 kTransparent = 255;
// Palette entries given to the most common colours as they are.
constexpr int kExactColours = 128;

int appendBytes(GifFileType *gif, const GifByteType *bytes, int size)
{
    static_cast<QByteArray *>(gif->UserData)->append(reinterpret_cast<const char *>(bytes), size);
    return size;
}

QString gifError(int code)
{
    const char *why = GifErrorString(code);
    return QCoreApplication::translate("Export", "the GIF encoder failed: %1")
        .arg(why ? QString::fromLatin1(why) : QString::number(code));
}

// The palette for frames like `samples`: their most common colours exactly
// (backgrounds, lane fills, text: most of a timeline), then a median cut of
// the rest (GifQuantizeBuffer) for the antialiased edges between them.
QList<QRgb> paletteOf(const QList<QImage> &samples)
{
    QHash<QRgb, qint64> counts;
    for (const QImage &sample : samples) {
        const QImage rgb = sample.convertToFormat(QImage::Format_RGB32);
        for (int y = 0; y < rgb.height(); ++y) {
            const QRgb *line = reinterpret_cast<const QRgb *>(rgb.constScanLine(y));
            for (int x = 0; x < rgb.width(); ++x)
                ++counts[line[x] | 0xff000000u];
        }
    }
    std::vector<std::pair<qint64, QRgb>> byCount;
    byCount.reserve(size_t(counts.size()));
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        byCount.emplace_back(it.value(), it.key());
    // Most common first; equal counts by colour, so the palette is the same every time.
    std::sort(byCount.begin(), byCount.end(), [](const auto &l, const auto &r) { return l.first != r.first ? l.first > r.first : l.second < r.second; });
    QList<QRgb> palette;
    const size_t exact = std::min(byCount.size(), size_t(byCount.size() <= size_t(kColours) ? kColours : kExactColours));
    for (size_t i = 0; i < exact; ++i)
        palette << byCount[i].second;
    if (exact == byCount.size())
        return palette;
    // The rest, each colour as often as it was seen (a pixel budget keeps it quick).
    std::vector<GifByteType> red, green, blue;
    for (size_t i = exact; i < byCount.size(); ++i)
        for (qint64 n = 0; n < std::min<qint64>(byCount[i].first, 64); ++n) {
            red.push_back(GifByteType(qRed(byCount[i].second)));
            green.push_back(GifByteType(qGreen(byCount[i].second)));
            blue.push_back(GifByteType(qBlue(byCount[i].second)));
        }
    GifColorType colours[256] = {};
    int count = kColours - int(exact);
    std::vector<GifByteType> assigned(red.size());
    if (GifQuantizeBuffer(unsigned(red.size()), 1, &count, red.data(), green.data(), blue.data(), assigned.data(), colours) != GIF_OK)
        return palette;
    // giflib cuts on 5 bits a channel and gives each colour its box's 5-bit
    // mean (white comes out 248): each is made the mean of its real pixels.
    std::vector<std::array<qint64, 4>> sums(size_t(std::min(count, kColours - int(exact))), std::array<qint64, 4>{});
    for (size_t i = 0; i < assigned.size(); ++i)
        if (assigned[i] < sums.size()) {
            std::array<qint64, 4> &sum = sums[assigned[i]];
            sum[0] += red[i];
            sum[1] += green[i];
            sum[2] += blue[i];
            ++sum[3];
        }
    for (const std::array<qint64, 4> &sum : sums)
        if (sum[3] > 0)
            palette << qRgb(int((sum[0] + sum[3] / 2) / sum[3]), int((sum[1] + sum[3] / 2) / sum[3]), int((sum[2] + sum[3] / 2) / sum[3]));
    return palette;
}
} // namespace

// giflib's file, closed whatever happens.
struct GifWriter::File {
    QByteArray bytes;
    GifFileType *gif = nullptr;
    int error = 0;

    ~File()
    {
        if (gif)
            EGifCloseFile(gif, nullptr);
    }
    bool failed(int result)
    {
        if (result == GIF_OK || error != 0)
            return error != 0;
        error = gif->Error;
        return true;
    }
};

GifWriter::GifWriter(QSize size, const QList<QImage> &samples) : m_size(size), m_file(std::make_unique<File>())
{
    m_palette = paletteOf(samples);
    if (m_palette.isEmpty())
        m_palette << qRgb(0, 0, 0);
    m_shown.assign(size_t(size.width()) * size_t(size.height()), kTransparent);

    int error = 0;
    m_file->gif = EGifOpen(&m_file->bytes, appendBytes, &error);
    if (!m_file->gif) {
        m_file->error = error;
        return;
    }
    EGifSetGifVersion(m_file->gif, true);
    GifColorType colours[256] = {};
    for (qsizetype i = 0; i < m_palette.size(); ++i)
        colours[i] = {GifByteType(qRed(m_palette.at(i))), GifByteType(qGreen(m_palette.at(i))), GifByteType(qBlue(m_palette.at(i)))};
    colours[kTransparent] = colours[0];
    ColorMapObject *map = GifMakeMapObject(256, colours);
    const bool failed = m_file->failed(EGifPutScreenDesc(m_file->gif, size.width(), size.height(), 8, 0, map));
    GifFreeMapObject(map);
    if (failed)
        return;
    // Loop for ever (the NETSCAPE2.0 extension every viewer knows).
    static const GifByteType netscape[] = "NETSCAPE2.0";
    static const GifByteType loop[] = {1, 0, 0};
    if (!m_file->failed(EGifPutExtensionLeader(m_file->gif, APPLICATION_EXT_FUNC_CODE))
        && !m_file->failed(EGifPutExtensionBlock(m_file->gif, 11, netscape))
        && !m_file->failed(EGifPutExtensionBlock(m_file->gif, 3, loop)))
        m_file->failed(EGifPutExtensionTrailer(m_file->gif));
}

GifWriter::~GifWriter() = default;

quint8 GifWriter::indexOf(QRgb colour)
{
    colour |= 0xff000000u;
    if (const auto it = m_nearest.find(colour); it != m_nearest.end())
        return it->second;
    int best = 0;
    int bestDistance = std::numeric_limits<int>::max();
    for (qsizetype i = 0; i < m_palette.size(); ++i) {
        const QRgb p = m_palette.at(i);
        const int dr = qRed(p) - qRed(colour), dg = qGreen(p) - qGreen(colour), db = qBlue(p) - qBlue(colour);
        // Weighted as the eye weighs them (green most, blue least).
        const int distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
        if (distance < bestDistance) {
            bestDistance = distance;
            best = int(i);
        }
    }
    m_nearest.emplace(colour, quint8(best));
    return quint8(best);
}

void GifWriter::add(const QImage &frame, int delayCs)
{
    if (m_file->error != 0)
        return;
    const QImage rgb = frame.convertToFormat(QImage::Format_RGB32);
    const int w = m_size.width();
    std::vector<quint8> indexes(m_shown.size());
    // What changed since the frame before: its bounding rectangle.
    int left = w, right = -1, top = m_size.height(), bottom = -1;
    for (int y = 0; y < m_size.height(); ++y) {
        const QRgb *line = reinterpret_cast<const QRgb *>(rgb.constScanLine(y));
        quint8 *out = indexes.data() + size_t(y) * size_t(w);
        const quint8 *shown = m_shown.data() + size_t(y) * size_t(w);
        QRgb last = ~line[0];
        quint8 lastIndex = 0;
        for (int x = 0; x < w; ++x) {
            // Runs of one colour are most of a timeline.
            if (line[x] != last) {
                last = line[x];
                lastIndex = indexOf(last);
            }
            out[x] = lastIndex;
            if (lastIndex != shown[x]) {
                left = std::min(left, x);
                right = std::max(right, x);
                top = std::min(top, y);
                bottom = std::max(bottom, y);
            }
        }
    }
    if (right < 0 && m_pending) {
        m_pending->delayCs += delayCs;
        return;
    }
    flush();
    Pending next;
    next.delayCs = delayCs;
    next.transparent = m_frames++ > 0;
    next.rect = right < 0 ? QRect(0, 0, 1, 1) : QRect(QPoint(left, top), QPoint(right, bottom));
    next.pixels.reserve(size_t(next.rect.width()) * size_t(next.rect.height()));
    for (int y = next.rect.top(); y <= next.rect.bottom(); ++y)
        for (int x = next.rect.left(); x <= next.rect.right(); ++x) {
            const size_t at = size_t(y) * size_t(w) + size_t(x);
            // Unchanged pixels are transparent: long runs of one code compress best.
            next.pixels.push_back(next.transparent && indexes[at] == m_shown[at] ? kTransparent : indexes[at]);
        }
    m_shown = std::move(indexes);
    m_pending = std::move(next);
}

void GifWriter::flush()
{
    if (!m_pending || m_file->error != 0)
        return;
    const Pending p = *std::exchange(m_pending, std::nullopt);
    GraphicsControlBlock control{};
    control.DisposalMode = DISPOSE_DO_NOT;
    control.DelayTime = p.delayCs;
    control.TransparentColor = p.transparent ? kTransparent : NO_TRANSPARENT_COLOR;
    GifByteType extension[4];
    EGifGCBToExtension(&control, extension);
    if (m_file->failed(EGifPutExtension(m_file->gif, GRAPHICS_EXT_FUNC_CODE, 4, extension))
        || m_file->failed(EGifPutImageDesc(m_file->gif, p.rect.left(), p.rect.top(), p.rect.width(), p.rect.height(), false, nullptr)))
        return;
    for (int y = 0; y < p.rect.height(); ++y)
        if (m_file->failed(EGifPutLine(m_file->gif, const_cast<GifPixelType *>(p.pixels.data()) + size_t(y) * size_t(p.rect.width()),
                                       p.rect.width())))
            return;
}

QByteArray GifWriter::finish(QString *error)
{
    flush();
    if (m_file->error == 0 && m_file->gif) {
        int code = 0;
        const int result = EGifCloseFile(m_file->gif, &code);
        m_file->gif = nullptr;
        if (result != GIF_OK)
            m_file->error = code;
    }
    if (m_file->error != 0) {
        *error = gifError(m_file->error);
        return {};
    }
    return m_file->bytes;
}

} // namespace lockstock
