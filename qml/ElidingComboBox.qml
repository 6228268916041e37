import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material

// A ComboBox whose shown choice ends in "…" where the box is too narrow for
// it (Material's own shows it in a TextField, which clips mid-character:
// Chinese labels at text ×1.5 lost their ends unmarked).
ComboBox {
    id: box
    focusPolicy: Qt.NoFocus
    topInset: 0
    bottomInset: 0
    contentItem: Label {
        leftPadding: Style.px(12)
        text: box.displayText
        font: box.font
        elide: Text.ElideRight
        verticalAlignment: Text.AlignVCenter
        color: box.enabled ? box.Material.foreground : box.Material.hintTextColor
    }
}
