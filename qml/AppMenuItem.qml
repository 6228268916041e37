import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// A menu entry with its shortcut on the right; a checkable one shows a check
// mark, or a radio mark in an exclusive AppMenu (the languages).
MenuItem {
    id: item
    // In the language in use: depends on it, as qsTr() would.
    readonly property string shortcutText: action && action.shortcut
        ? (Translations.effective, Translations.shortcutText(String(action.shortcut))) : ""
    // A radio mark: the AppMenu says whether its entries are one choice.
    property bool radio: false
    // An entry to read, not to choose (Help's keys): disabled, yet in the
    // text's own colour (greyed, they read grey on grey).
    property bool note: false

    implicitWidth: leftPadding + rightPadding + implicitContentWidth
    indicator: Item {
        x: item.leftPadding
        y: (item.height - height) / 2
        implicitWidth: Style.px(18)
        implicitHeight: Style.px(18)
        visible: item.checkable
        Rectangle {
            anchors.fill: parent
            radius: item.radio ? width / 2 : Style.px(3)
            color: "transparent"
            border.width: Style.px(2)
            border.color: item.checked ? Style.accent : Style.muted
        }
        Rectangle {
            anchors.centerIn: parent
            width: parent.width / 2
            height: width
            radius: item.radio ? width / 2 : Style.px(1)
            visible: item.checked
            color: Style.accent
        }
    }
    contentItem: RowLayout {
        spacing: Style.px(24)
        Label {
            Layout.fillWidth: true
            leftPadding: item.checkable ? Style.px(28) : 0
            // The mnemonic's "&" is for the key (Alt+letter), not for the eye; "&&" is an ampersand.
            text: item.text.replace(/&(.)/g, "$1")
            font: item.font
            color: item.enabled || item.note ? Style.text : Style.muted
        }
        Label {
            visible: item.shortcutText.length > 0
            text: item.shortcutText
            font.pixelSize: item.font.pixelSize
            color: Style.muted
        }
    }
}
