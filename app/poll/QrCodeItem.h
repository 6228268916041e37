#pragma once
// A QR code on the projector, as large as the item lets it be, in whole
// screen pixels per module so the edges stay sharp.

#include <QQuickPaintedItem>
#include <QtQmlIntegration>

#include <memory>

namespace lockstock {

class QrCode;

class QrCodeItem : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString text READ text WRITE setText NOTIFY textChanged)
    // Modules per side with the quiet zone: the size the code needs at one pixel a module.
    Q_PROPERTY(int modules READ modules NOTIFY textChanged)
public:
    explicit QrCodeItem(QQuickItem *parent = nullptr);
    ~QrCodeItem() override;

    QString text() const { return m_text; }
    void setText(const QString &text);
    int modules() const;

    void paint(QPainter *painter) override;

signals:
    void textChanged();

private:
    QString m_text;
    std::unique_ptr<QrCode> m_code;
};

} // namespace lockstock
