#include "QrCodeItem.h"

#include "QrCode.h"

#include <QPainter>
#include <QQuickWindow>

#include <cmath>

namespace lockstock {

QrCodeItem::QrCodeItem(QQuickItem *parent)
    : QQuickPaintedItem(parent)
{
}

QrCodeItem::~QrCodeItem() = default;

void QrCodeItem::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    m_code = text.isEmpty() ? nullptr : std::make_unique<QrCode>(text);
    emit textChanged();
    update();
}

int QrCodeItem::modules() const
{
    return m_code && m_code->size() > 0 ? m_code->size() + 2 * QrCode::kQuietZone : 0;
}

void QrCodeItem::paint(QPainter *painter)
{
    const int side = modules();
    if (side == 0)
        return;
    // Black on white whatever the theme: readers expect it.
    const qreal dpr = window() ? window()->effectiveDevicePixelRatio() : 1.0;
    const qreal module = std::max(1.0, std::floor(std::min(width(), height()) * dpr / side)) / dpr;
    const QPointF origin((width() - module * side) / 2, (height() - module * side) / 2);
    painter->fillRect(QRectF(origin, QSizeF(module * side, module * side)), Qt::white);
    const QPointF first = origin + QPointF(module, module) * QrCode::kQuietZone;
    for (int y = 0; y < m_code->size(); ++y)
        for (int x = 0; x < m_code->size(); ++x)
            if (m_code->dark(x, y))
                painter->fillRect(QRectF(first + QPointF(x * module, y * module), QSizeF(module, module)), Qt::black);
}

} // namespace lockstock
