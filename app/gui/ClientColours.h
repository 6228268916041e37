#pragma once
// The clients' colours for the QML panels, the timeline's own: `Colours.client(i, dark)`.
// The theme belongs to the painter, which has no QML; this is its face in QML.

#include "rendering/TimelineTheme.h"

#include <QObject>
#include <QtQmlIntegration>

namespace lockstock {

class ClientColours : public QObject {
    Q_OBJECT
    QML_NAMED_ELEMENT(Colours)
    QML_SINGLETON
public:
    using QObject::QObject;
    Q_INVOKABLE QColor client(int index, bool dark) const { return (dark ? TimelineTheme::dark() : TimelineTheme::light()).client(index); }
};

} // namespace lockstock
