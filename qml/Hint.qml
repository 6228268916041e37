pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls

// A control's hint just under it, after a pause; pressing the control puts it
// away until the pointer comes back. Above the control, as ToolTip puts it,
// it would cover the row or the menus over the header's controls. The tip is
// made the first time the pointer comes: a window has two dozen hints, and
// made at start they were a tenth of its load.
Item {
    id: hint
    visible: false // draws nothing itself; the tip is the control's
    property bool hovered: false
    property bool pressed: false
    property string text
    // As wide as its text, up to this (if more than 0); then its lines wrap.
    property real maxWidth: 0
    property bool dismissed: false
    onPressedChanged: if (pressed) dismissed = true
    onHoveredChanged: if (!hovered) dismissed = false
    readonly property bool wanted: hovered && !dismissed && text.length > 0
    onWantedChanged: wanted ? tip.open() : tip.close()
    OnDemand {
        id: tip
        parentItem: hint.parent
        component: Component {
            ToolTip {
                id: made
                text: hint.text
                // As wide as its words on one line (measured apart: the tip's
                // implicit width follows its wrapped lines, a binding loop
                // when the text size changed), up to maxWidth.
                width: Math.min(words.advanceWidth + leftPadding + rightPadding + 1, hint.maxWidth > 0 ? hint.maxWidth : Infinity)
                TextMetrics { id: words; font: made.font; text: made.text }
                x: made.parent ? Math.round((made.parent.width - width) / 2) : 0
                y: made.parent ? made.parent.height + Style.px(2) : 0
                delay: 600
                font.pixelSize: Style.px(14)
            }
        }
    }
}
