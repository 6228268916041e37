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

    function belief(holds) { return holds ? qsTr("I hold the lock") : qsTr("I do not hold the lock") }
    function redisText(value, pttl, stock) {
        return (value ? "lock=\"" + value + "\" PTTL " + pttl : "lock=(nil)") + "  stock=" + stock
    }

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
        Value { text: root.hasEvent ? root.details.what : "" }
        Key { text: qsTr("command"); visible: !!root.details.command }
        Value { text: root.details.command || ""; visible: !!root.details.command; font.bold: true }
        Key { text: qsTr("reply"); visible: !!root.details.reply }
        Value { text: root.details.reply || ""; visible: !!root.details.reply }
        // Before → after: what the event changed, as the analysis saw it.
        Key { text: qsTr("believes") }
        Value {
            objectName: "beliefValue"
            text: root.hasEvent ? root.belief(root.details.heldBefore) + " → " + root.belief(root.details.holds)
                                  + (root.details.token ? "  (" + root.details.token + ")" : "") : ""
        }
        Key { text: qsTr("Redis before"); visible: root.details.lockPttlBefore !== undefined }
        Value {
            objectName: "redisBefore"
            visible: root.details.lockPttlBefore !== undefined
            text: visible ? root.redisText(root.details.lockValueBefore, root.details.lockPttlBefore, root.details.stockBefore) : ""
        }
        Key { text: qsTr("Redis after"); visible: root.details.lockPttl !== undefined }
        Value {
            objectName: "redisAfter"
            visible: root.details.lockPttl !== undefined
            text: visible ? root.redisText(root.details.lockValue, root.details.lockPttl, root.details.stock) : ""
        }
        Key { text: qsTr("code"); visible: !!root.details.source }
        Value { text: (root.details.source || "") + ":" + (root.details.line || ""); visible: !!root.details.source }
        Key { text: qsTr("note"); visible: !!root.details.note }
        Value { text: root.details.note || ""; visible: !!root.details.note }
        Key { text: qsTr("race"); visible: !!root.details.race; color: Style.race }
        Value { text: root.details.race || ""; visible: !!root.details.race; color: Style.race; font.bold: true }
    }
}
