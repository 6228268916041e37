#include "OutcomeTree.h"

#include "rendering/TimelineTheme.h"

#include <QPainter>

namespace lockstock {

namespace {
// Narrower than this, a node is drawn as one column in its first schedule's colour.
constexpr qreal kNarrowest = 1.5;
} // namespace

OutcomeTree::OutcomeTree(QQuickItem *parent) : QQuickPaintedItem(parent)
{
    setAntialiasing(false);
}

void OutcomeTree::setExploration(ScheduleExploration *exploration)
{
    if (m_exploration == exploration)
        return;
    if (m_exploration)
        disconnect(m_exploration, nullptr, this, nullptr);
    m_exploration = exploration;
    if (m_exploration) {
        connect(m_exploration, &ScheduleExploration::grown, this, [this] { update(); });
        connect(m_exploration, &ScheduleExploration::stateChanged, this, [this] { update(); });
    }
    emit explorationChanged();
    update();
}

void OutcomeTree::setDark(bool dark)
{
    if (m_dark == dark)
        return;
    m_dark = dark;
    emit darkChanged();
    update();
}

void OutcomeTree::setTextScale(qreal scale)
{
    if (qFuzzyCompare(m_scale, scale))
        return;
    m_scale = scale;
    emit textScaleChanged();
    update();
}

qreal OutcomeTree::rowHeight() const
{
    const int rows = m_exploration ? std::max(1, m_exploration->depth()) : 1;
    return height() / rows;
}

int OutcomeTree::leafAt(qreal x, qreal) const
{
    if (!m_exploration || m_exploration->nodes().isEmpty() || m_exploration->nodes().first().leaves == 0)
        return -1;
    const QList<ScheduleExploration::Node> &nodes = m_exploration->nodes();
    int node = 0;
    qreal x0 = 0;
    qreal x1 = width();
    while (!nodes.at(node).leaf) {
        const ScheduleExploration::Node &n = nodes.at(node);
        if (x1 - x0 < kNarrowest || n.children.isEmpty())
            return n.firstLeaf;
        int next = n.children.last();
        qreal cx = x0;
        for (const int child : n.children) {
            const qreal w = (x1 - x0) * nodes.at(child).leaves / n.leaves;
            if (x < cx + w) {
                next = child;
                x1 = cx + w;
                break;
            }
            cx += w;
        }
        x0 = cx;
        node = next;
    }
    return nodes.at(node).firstLeaf;
}

void OutcomeTree::paint(QPainter *painter)
{
    const TimelineTheme theme = m_dark ? TimelineTheme::dark(m_scale) : TimelineTheme::light(m_scale);
    painter->fillRect(boundingRect(), theme.background);
    if (!m_exploration || m_exploration->nodes().isEmpty() || m_exploration->nodes().first().leaves == 0)
        return;
    const QList<ScheduleExploration::Node> &nodes = m_exploration->nodes();
    const qreal row = rowHeight();
    const QColor inner = theme.laneAlternate;
    painter->setFont(theme.font(theme.px(13), QFont::DemiBold));
    const QFontMetricsF metrics(painter->font());
    struct Span {
        int node;
        qreal x0;
        qreal x1;
    };
    QList<Span> stack{{0, 0, width()}};
    while (!stack.isEmpty()) {
        const Span s = stack.takeLast();
        const ScheduleExploration::Node &n = nodes.at(s.node);
        qreal cx = s.x0;
        for (const int child : n.children) {
            const ScheduleExploration::Node &c = nodes.at(child);
            const qreal w = (s.x1 - s.x0) * c.leaves / n.leaves;
            const qreal y = (c.depth - 1) * row;
            if (c.leaf || w < kNarrowest) {
                // The column down to the foot, in its (first) schedule's outcome.
                const QColor colour = m_exploration->outcomeColour(m_exploration->outcomeOfLeaf(c.firstLeaf), m_dark);
                painter->fillRect(QRectF(cx, y, std::max<qreal>(w, 1), height() - y), colour);
            } else {
                const QRectF box(cx, y, w, row);
                painter->fillRect(box, inner);
                painter->setPen(theme.background);
                painter->drawRect(box);
                if (metrics.horizontalAdvance(c.label) + theme.px(6) < w && metrics.height() < row) {
                    painter->setPen(c.client >= 0 ? theme.client(c.client) : theme.text);
                    painter->drawText(box, Qt::AlignCenter, metrics.elidedText(c.label, Qt::ElideRight, w - theme.px(4)));
                }
                stack << Span{child, cx, cx + w};
            }
            cx += w;
        }
    }
}

} // namespace lockstock
