import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// One number of the scenario panel: its label, what is typed, its unit, and
// the loader's message under it when the value does not load. Enter or
// leaving the field commits it (one undo step).
ColumnLayout {
    id: root
    property string label
    property string unit
    // The value as the model shows it; what is typed follows it after an undo.
    property string value
    property string error
    property real inputWidth: Style.px(110)
    property bool numeric: true
    signal committed(string text)

    spacing: Style.px(2)
    onValueChanged: input.text = value

    RowLayout {
        Layout.fillWidth: true
        spacing: Style.px(8)
        Label {
            Layout.fillWidth: true
            text: root.label
            color: Style.text
            font.pixelSize: Style.px(15)
            wrapMode: Text.Wrap
        }
        TextField {
            id: input
            objectName: "field"
            Layout.preferredWidth: root.inputWidth
            text: root.value
            selectByMouse: true
            horizontalAlignment: root.numeric ? TextInput.AlignRight : TextInput.AlignLeft
            font.pixelSize: Style.px(15)
            inputMethodHints: root.numeric ? Qt.ImhFormattedNumbersOnly : Qt.ImhNone
            color: root.error !== "" ? Style.race : Style.text
            onEditingFinished: if (text !== root.value || root.error !== "") root.committed(text)
            Accessible.name: root.label
        }
        Label {
            visible: root.numeric
            Layout.preferredWidth: Style.px(40)
            text: root.unit
            color: Style.muted
            font.pixelSize: Style.px(15)
        }
    }
    Label {
        objectName: "fieldError"
        Layout.fillWidth: true
        visible: root.error !== ""
        text: root.error
        color: Style.race
        font.pixelSize: Style.px(14)
        wrapMode: Text.Wrap
    }
}
