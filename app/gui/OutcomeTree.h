#pragma once
// The explored space as an icicle: the start at the top, one row per choice
// point below it, each node as wide as the schedules under it, and each
// schedule's column coloured by its outcome down to the foot. Drawn from
// the exploration's tree, which grows while the explorer runs.

#include "ScheduleExploration.h"

#include <QPointer>
#include <QQuickPaintedItem>
#include <QtQmlIntegration>

namespace lockstock {

class OutcomeTree : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(lockstock::ScheduleExploration *exploration READ exploration WRITE setExploration NOTIFY explorationChanged)
    Q_PROPERTY(bool dark READ dark WRITE setDark NOTIFY darkChanged)
    Q_PROPERTY(qreal textScale READ textScale WRITE setTextScale NOTIFY textScaleChanged)
public:
    explicit OutcomeTree(QQuickItem *parent = nullptr);

    ScheduleExploration *exploration() const { return m_exploration; }
    void setExploration(ScheduleExploration *exploration);
    bool dark() const { return m_dark; }
    void setDark(bool dark);
    qreal textScale() const { return m_scale; }
    void setTextScale(qreal scale);

    // The schedule drawn at (x, y), or -1.
    Q_INVOKABLE int leafAt(qreal x, qreal y) const;

    void paint(QPainter *painter) override;

signals:
    void explorationChanged();
    void darkChanged();
    void textScaleChanged();

private:
    qreal rowHeight() const;

    QPointer<ScheduleExploration> m_exploration;
    bool m_dark = false;
    qreal m_scale = 1.0;
};

} // namespace lockstock
