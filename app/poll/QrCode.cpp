#include "QrCode.h"

#include <qrencode.h>

#include <memory>

namespace lockstock {

QrCode::QrCode(const QString &text)
{
    const std::unique_ptr<QRcode, decltype(&QRcode_free)> code(
        QRcode_encodeString(text.toUtf8().constData(), 0, QR_ECLEVEL_M, QR_MODE_8, 1), &QRcode_free);
    if (!code)
        return;
    m_size = code->width;
    m_modules.resize(m_size * m_size);
    // Bit 0 of each byte says dark.
    for (int i = 0; i < m_size * m_size; ++i)
        m_modules.setBit(i, code->data[i] & 1);
}

QString QrCode::terminalText() const
{
    if (m_size == 0)
        return {};
    // Terminals are dark: the light modules are drawn, so the code reads the right way round.
    constexpr int quiet = 2;
    const int side = m_size + 2 * quiet;
    auto light = [&](int x, int y) {
        x -= quiet;
        y -= quiet;
        return x < 0 || y < 0 || x >= m_size || y >= m_size || !dark(x, y);
    };
    QString out;
    for (int y = 0; y < side; y += 2) {
        for (int x = 0; x < side; ++x) {
            const bool top = light(x, y), bottom = y + 1 < side && light(x, y + 1);
            out += top && bottom ? QChar(0x2588) : top ? QChar(0x2580) : bottom ? QChar(0x2584) : QChar(u' ');
        }
        out += QLatin1Char('\n');
    }
    out.chop(1);
    return out;
}

} // namespace lockstock
