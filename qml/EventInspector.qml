pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// The clicked event: the command and reply, what the client believed, what Redis held.
ColumnLayout {
    id: root
    property var details: ({})
    // Off where a tab already says "Event".
    property bool showTitle: true
    spacing: Style.px(4)

    readonly property bool hasEvent: details.index !== undefined

    Label {
        visible: root.showTitle
        text: qsTr("Event")
        font.pixelSize: Style.px(17); font.bold: true; color: Style.text
    }
    Label {
        visible: !root.hasEvent
        Layout.fillWidth: true
        text: qsTr("Click an event on the timeline.")
        wrapMode: Text.WordWrap
        color: Style.muted; font.pixelSize: Style.px(15)
    }
    // The rows as the analysis words them (the HTML report shows the same).
    GridLayout {
        visible: root.hasEvent
        Layout.fillWidth: true
        columns: 2
        columnSpacing: Style.px(10)
        rowSpacing: Style.px(2)
        Repeater {
            model: root.hasEvent ? root.details.rows : []
            delegate: Label {
                required property var modelData
                required property int index
                Layout.row: index
                Layout.column: 0
                text: modelData.label
                color: modelData.role === "race" ? Style.race : Style.muted
                font.pixelSize: Style.px(14)
            }
        }
        Repeater {
            model: root.hasEvent ? root.details.rows : []
            delegate: Label {
                required property var modelData
                required property int index
                Layout.row: index
                Layout.column: 1
                Layout.fillWidth: true
                text: modelData.text
                wrapMode: Text.WrapAnywhere
                font.pixelSize: Style.px(15)
                font.family: Style.mono
                font.bold: modelData.role === "who" || modelData.role === "command" || modelData.role === "race"
                color: modelData.role === "race" ? Style.race
                     : modelData.role === "who" ? Colours.client(root.details.client, Style.dark) : Style.text
            }
        }
    }
}
