import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material

// A ComboBox whose shown choice ends in "…" where the box is too narrow for
// it (Material's own shows it in a TextField, which clips mid-character:
// Chinese labels at text ×1.5 lost their ends unmarked). Outlined, not
// raised: Material's shadow is a layer of its own to draw.
ComboBox {
    id: box
    // The list's width, the box's at least. The list is made when it first
    // opens: naming `popup` in a binding would make it with the window.
    property real popupWidth: width
    // Said instead of displayText where that would be cut (a strategy's
    // name without its side); empty: displayText ends in "…".
    property string shortText: ""
    focusPolicy: Qt.NoFocus
    topInset: 0
    bottomInset: 0
    background.layer.enabled: false
    contentItem: Label {
        leftPadding: Style.px(12)
        text: box.shortText.length > 0 && whole.advanceWidth + leftPadding > width ? box.shortText : box.displayText
        font: box.font
        elide: Text.ElideRight
        verticalAlignment: Text.AlignVCenter
        color: box.enabled ? box.Material.foreground : box.Material.hintTextColor
    }
    TextMetrics { id: whole; font: box.font; text: box.displayText }
    // The box has the keys while its list is open (the arrows, Enter, Esc) and
    // gives them back when it closes: focused, it would take Space from Run.
    property bool listMade: false
    onPressedChanged: {
        if (!pressed)
            return
        if (!listMade) {
            listMade = true
            popup.width = Qt.binding(() => box.popupWidth)
            popup.closed.connect(() => box.focus = false)
        }
        forceActiveFocus()
    }
    Component.onCompleted: {
        const frame = background as Rectangle
        if (frame) {
            frame.border.width = 1
            frame.border.color = Qt.binding(() => Style.border)
        }
    }
}
