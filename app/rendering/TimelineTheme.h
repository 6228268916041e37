#pragma once
// The colours and type sizes of a timeline, light or dark. Clients get
// distinct hues; red is kept for what went wrong, amber for faults and what
// fencing made harmless, green for a correct outcome, so a hall full of
// students can tell them apart from the back row. A colour means one thing.

#include "analysis/Verdict.h"

#include <QColor>
#include <QFont>

namespace lockstock {

struct TimelineTheme {
    bool isDark = false;
    qreal scale = 1.0;         // type and stroke size; >1 for projectors and big exports
    QColor background;
    QColor laneAlternate;
    QColor gutter;
    QColor text;
    QColor mutedText;
    QColor grid;
    QColor race;               // what went wrong: the verdict's broken findings and what shows them
    QColor raceFill;
    QColor good;
    QColor warning;            // faults, expiries, and what fencing made harmless
    QColor harmlessFill;
    QColor cursor;
    QColor pill;               // command label background

    static TimelineTheme light(qreal scale = 1.0);
    static TimelineTheme dark(qreal scale = 1.0);
    static TimelineTheme named(const QString &name, qreal scale = 1.0) { return name == QLatin1String("dark") ? dark(scale) : light(scale); }

    QColor client(int index) const;
    // A finding's colour: red broken, amber harmless or untested, green clean.
    QColor severity(Severity s) const;
    QFont font(qreal pixelSize, int weight = QFont::Normal) const;
    qreal px(qreal v) const { return v * scale; }
};

} // namespace lockstock
