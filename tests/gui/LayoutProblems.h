#pragma once
// What is wrong with a timeline's layout, from the painter's own record
// (tst_rendering paints it, tst_window reads the window's): a lane under its
// minimum height, a label cut off by the edge of what it is drawn in, two
// labels over each other, a line across the lanes through a label.

#include "rendering/TimelinePainter.h"

#include <QStringList>

namespace lockstock::test {

inline QString layoutProblems(const PaintRecord &record)
{
    QStringList out;
    for (const PaintRecord::Lane &lane : record.lanes)
        if (lane.rect.height() + 0.5 < lane.minimumHeight)
            out << QStringLiteral("lane %1 is %2 px, under its %3").arg(lane.name).arg(lane.rect.height()).arg(lane.minimumHeight);
    constexpr qreal kSlack = 0.75; // antialiasing and rounding to whole pixels
    for (const PaintRecord::Label &label : record.labels)
        if (!label.bounds.adjusted(-kSlack, -kSlack, kSlack, kSlack).contains(label.rect))
            out << QStringLiteral("\"%1\" at (%2,%3 %4×%5) is cut off by (%6,%7 %8×%9)")
                       .arg(label.text).arg(label.rect.x()).arg(label.rect.y()).arg(label.rect.width()).arg(label.rect.height())
                       .arg(label.bounds.x()).arg(label.bounds.y()).arg(label.bounds.width()).arg(label.bounds.height());
    for (qsizetype i = 0; i < record.labels.size(); ++i)
        for (qsizetype k = i + 1; k < record.labels.size(); ++k) {
            const QRectF common = record.labels.at(i).rect.intersected(record.labels.at(k).rect);
            if (common.width() > kSlack && common.height() > kSlack)
                out << QStringLiteral("\"%1\" overlaps \"%2\" at (%3,%4)")
                           .arg(record.labels.at(i).text, record.labels.at(k).text).arg(common.x()).arg(common.y());
        }
    for (const QLineF &line : record.lines)
        for (const PaintRecord::Label &label : record.labels) {
            const QRectF r = label.rect.adjusted(kSlack, kSlack, -kSlack, -kSlack);
            if (r.left() < line.x1() && line.x1() < r.right() && std::min(line.y1(), line.y2()) < r.bottom()
                && std::max(line.y1(), line.y2()) > r.top())
                out << QStringLiteral("a line at x %1 runs through \"%2\"").arg(line.x1()).arg(label.text);
        }
    if (out.size() > 12)
        out = out.mid(0, 12) << QStringLiteral("…");
    return out.join(QStringLiteral("; "));
}

} // namespace lockstock::test
