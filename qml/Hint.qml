import QtQuick
import QtQuick.Controls

// A control's hint just under it, after a pause; pressing the control puts it
// away until the pointer comes back. Above the control, as ToolTip puts it,
// it would cover the row or the menus over the header's controls.
ToolTip {
    id: hint
    property bool hovered: false
    property bool pressed: false
    property bool dismissed: false
    onPressedChanged: if (pressed) dismissed = true
    onHoveredChanged: if (!hovered) dismissed = false
    readonly property bool wanted: hovered && !dismissed && text.length > 0
    onWantedChanged: wanted ? open() : close()
    x: parent ? Math.round((parent.width - width) / 2) : 0
    y: parent ? parent.height + Style.px(2) : 0
    delay: 600
    font.pixelSize: Style.px(14)
}
