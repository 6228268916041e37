import QtQuick

// The frame of a panel over the window (popups, the lesson browser).
Rectangle {
    color: Style.background
    radius: Style.px(10)
    border.color: Style.border
    border.width: 1
}
