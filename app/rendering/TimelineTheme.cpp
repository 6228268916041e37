#include "TimelineTheme.h"

#include <array>

namespace lockstock {

TimelineTheme TimelineTheme::light(qreal scale)
{
    TimelineTheme t;
    t.scale = scale;
    t.background = QColor(0xffffff);
    t.laneAlternate = QColor(0xf5f7fa);
    t.gutter = QColor(0xeef1f5);
    t.text = QColor(0x1b1f27);
    t.mutedText = QColor(0x5f6b7a);
    t.grid = QColor(0xdde2e8);
    t.race = QColor(0xd7263d);
    t.raceFill = QColor(215, 38, 61, 46);
    t.good = QColor(0x1e8e4f);
    t.warning = QColor(0xc77700);
    t.harmlessFill = QColor(199, 119, 0, 40);
    t.cursor = QColor(0x111827);
    t.pill = QColor(255, 255, 255, 235);
    return t;
}

TimelineTheme TimelineTheme::dark(qreal scale)
{
    TimelineTheme t;
    t.isDark = true;
    t.scale = scale;
    t.background = QColor(0x15181e);
    t.laneAlternate = QColor(0x1b1f27);
    t.gutter = QColor(0x20252e);
    t.text = QColor(0xe9edf2);
    t.mutedText = QColor(0x9aa5b4);
    t.grid = QColor(0x2c323d);
    t.race = QColor(0xff5a6e);
    t.raceFill = QColor(255, 90, 110, 56);
    t.good = QColor(0x3fcf7f);
    t.warning = QColor(0xffb020);
    t.harmlessFill = QColor(255, 176, 32, 46);
    t.cursor = QColor(0xf5f7fa);
    t.pill = QColor(32, 37, 46, 235);
    return t;
}

QColor TimelineTheme::client(int index) const
{
    // Blue, amber, violet, teal, magenta, olive: no red, no green (those mean race and correct).
    static constexpr std::array<QRgb, 6> lightHues{0x2563eb, 0xd97706, 0x7c3aed, 0x0891b2, 0xc026d3, 0x65a30d};
    static constexpr std::array<QRgb, 6> darkHues{0x60a5fa, 0xfbbf24, 0xa78bfa, 0x22d3ee, 0xe879f9, 0xa3e635};
    const auto &hues = isDark ? darkHues : lightHues;
    return index < 0 ? mutedText : QColor(hues[size_t(index) % hues.size()]);
}

QColor TimelineTheme::severity(Severity s) const
{
    switch (s) {
    case Severity::Broken: return race;
    case Severity::Harmless:
    case Severity::NotExercised: return warning;
    case Severity::Clean: return good;
    }
    return text;
}

QFont TimelineTheme::font(qreal pixelSize, int weight) const
{
    // Noto Sans CJK carries Latin and Chinese in one face, so mixed labels share a baseline.
    QFont f(QStringLiteral("Noto Sans CJK SC"));
    f.setFamilies({QStringLiteral("Noto Sans CJK SC"), QStringLiteral("DejaVu Sans")});
    f.setPixelSize(qMax(1, qRound(pixelSize * scale)));
    f.setWeight(QFont::Weight(weight));
    return f;
}

} // namespace lockstock
