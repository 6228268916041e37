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
    // The rows as the analysis words them (the HTML report shows the same),
    // the labels in a column as wide as the widest. A positioner, not a
    // GridLayout: Qt 6.4's layouts crashed when a rearrange met the rows
    // a new event had just taken away.
    FontMetrics {
        id: labelMetrics
        font.pixelSize: Style.px(14)
    }
    readonly property real labelWidth: {
        let widest = 0
        for (const row of (hasEvent ? details.rows : []))
            widest = Math.max(widest, labelMetrics.advanceWidth(row.label))
        return Math.ceil(widest)
    }
    Column {
        visible: root.hasEvent
        Layout.fillWidth: true
        spacing: Style.px(2)
        Repeater {
            model: root.hasEvent ? root.details.rows : []
            delegate: Row {
                id: row
                required property var modelData
                spacing: Style.px(10)
                Label {
                    width: root.labelWidth
                    text: row.modelData.label
                    color: row.modelData.role === "race" ? Style.race : Style.muted
                    font.pixelSize: Style.px(14)
                }
                Label {
                    width: root.width - root.labelWidth - row.spacing
                    text: row.modelData.text
                    wrapMode: Text.WrapAnywhere
                    font.pixelSize: Style.px(15)
                    font.family: Style.mono
                    font.bold: row.modelData.role === "who" || row.modelData.role === "command" || row.modelData.role === "race"
                    color: row.modelData.role === "race" ? Style.race
                         : row.modelData.role === "who" ? Colours.client(root.details.client, Style.dark) : Style.text
                }
            }
        }
    }
}
