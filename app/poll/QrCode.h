#pragma once
// The join address as a QR code (libqrencode): its modules, dark or light,
// to paint on the projector or print in a terminal.

#include <QBitArray>
#include <QString>

namespace lockstock {

class QrCode {
public:
    // Error correction M: readable from the back of a room with a smudge on the screen.
    explicit QrCode(const QString &text);

    // Modules per side, without the quiet zone; 0 when nothing was encoded.
    int size() const { return m_size; }
    bool dark(int x, int y) const { return m_modules.testBit(y * m_size + x); }
    // Two rows a line in half blocks, light on the terminal's dark, with a quiet zone.
    QString terminalText() const;

    // Light modules around the code that a reader needs.
    static constexpr int kQuietZone = 4;

private:
    int m_size = 0;
    QBitArray m_modules;
};

} // namespace lockstock
