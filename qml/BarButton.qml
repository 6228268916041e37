import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Controls.Material.impl

// A button of the control bar: Material's, without its shadow. The shadow is
// a layer of its own to draw, and Material makes it with the button even
// where a binding turns it off after.
Button {
    id: control
    focusPolicy: Qt.NoFocus
    topInset: 0
    bottomInset: 0
    topPadding: Style.px(6)
    bottomPadding: Style.px(6)
    background: Rectangle {
        implicitWidth: 64
        implicitHeight: control.Material.buttonHeight
        radius: 2
        color: !control.enabled ? control.Material.buttonDisabledColor
             : control.highlighted ? control.Material.highlightedButtonColor : control.Material.buttonColor
        Ripple {
            clipRadius: 2
            width: parent.width
            height: parent.height
            pressed: control.pressed
            anchor: control
            active: control.enabled && (control.down || control.visualFocus || control.hovered)
            color: control.flat && control.highlighted ? control.Material.highlightedRippleColor : control.Material.rippleColor
        }
    }
}
