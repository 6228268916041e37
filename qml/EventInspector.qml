pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// The clicked event: the command and reply, what the client believed, what Redis held.
ColumnLayout {
    id: root
    property var details: ({})
    spacing: Style.px(4)

    readonly property bool hasEvent: details.index !== undefined

    Label {
        text: qsTr("Event")
        font.pixelSize: Style.px(17); font.bold: true; color: Style.text
    }
    Label {
        visible: !root.hasEvent
        text: qsTr("Click an event on the timeline.")
        color: Style.muted; font.pixelSize: Style.px(15)
    }
    GridLayout {
        visible: root.hasEvent
        Layout.fillWidth: true
        columns: 2
        columnSpacing: Style.px(10)
        rowSpacing: Style.px(2)
        component Key: Label { color: Style.muted; font.pixelSize: Style.px(14) }
        component Value: Label { Layout.fillWidth: true; wrapMode: Text.WrapAnywhere; color: Style.text; font.pixelSize: Style.px(15); font.family: Style.mono }

        Key { text: qsTr("time") }
        Value { text: root.hasEvent ? (root.details.timeMs / 1000).toFixed(3) + " s" : "" }
        Key { text: qsTr("client") }
        Value {
            text: root.hasEvent ? root.details.clientName + (root.details.watchdog ? " (" + qsTr("watchdog") + ")" : "") : ""
            color: root.hasEvent ? Colours.client(root.details.client, Style.dark) : Style.text
            font.bold: true
        }
        Key { text: qsTr("what") }
        Value { text: root.hasEvent ? root.details.kind + " · " + root.details.step : "" }
        Key { text: qsTr("command"); visible: !!root.details.command }
        Value { text: root.details.command || ""; visible: !!root.details.command; font.bold: true }
        Key { text: qsTr("reply"); visible: !!root.details.reply }
        Value { text: root.details.reply || ""; visible: !!root.details.reply }
        Key { text: qsTr("believes") }
        Value {
            text: root.hasEvent ? (root.details.holds ? qsTr("I hold the lock") : qsTr("I do not hold the lock"))
                                  + (root.details.token ? "  (" + root.details.token + ")" : "") : ""
        }
        Key { text: qsTr("Redis"); visible: root.details.lockPttl !== undefined }
        Value {
            visible: root.details.lockPttl !== undefined
            text: visible ? (root.details.lockValue ? "lock=\"" + root.details.lockValue + "\" PTTL " + root.details.lockPttl : "lock=(nil)")
                            + "  stock=" + root.details.stock : ""
        }
        Key { text: qsTr("code"); visible: !!root.details.source }
        Value { text: (root.details.source || "") + ":" + (root.details.line || ""); visible: !!root.details.source }
        Key { text: qsTr("note"); visible: !!root.details.note }
        Value { text: root.details.note || ""; visible: !!root.details.note }
        Key { text: qsTr("race"); visible: !!root.details.race; color: Style.race }
        Value { text: root.details.race || ""; visible: !!root.details.race; color: Style.race; font.bold: true }
    }
}
