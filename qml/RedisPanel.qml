pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// What Redis holds (the lock's value and PTTL, the stock) and the commands
// it received, as MONITOR prints them.
ColumnLayout {
    id: root
    property var redisState: ({})
    property TimelineModel monitor
    property int currentRow: -1
    property real leaseMs: 1
    property string serverLabel: ""
    // Off where a tab already says "Redis": the server's address stays.
    property bool showTitle: true
    spacing: Style.px(6)

    readonly property bool held: redisState.lockValue !== undefined && redisState.lockValue.length > 0

    Label {
        text: root.showTitle ? qsTr("Redis") + (root.serverLabel ? "  ·  " + root.serverLabel : "") : root.serverLabel
        visible: text.length > 0
        font.pixelSize: Style.px(root.showTitle ? 17 : 14); font.bold: root.showTitle; color: root.showTitle ? Style.text : Style.muted
        elide: Text.ElideRight
        Layout.fillWidth: true
    }
    GridLayout {
        Layout.fillWidth: true
        columns: 2
        columnSpacing: Style.px(12)
        rowSpacing: Style.px(4)
        Label { text: root.redisState.lockKey || "lock"; font.family: Style.mono; font.pixelSize: Style.px(16); color: Style.muted }
        Label {
            objectName: "lockValue"
            Layout.fillWidth: true
            text: !root.redisState.probed ? qsTr("(not observed)") : root.held ? "\"" + root.redisState.lockValue + "\"" : "(nil)"
            font.family: Style.mono; font.pixelSize: Style.px(17); font.bold: true
            color: root.held && root.redisState.lockOwner >= 0 ? Colours.client(root.redisState.lockOwner, Style.dark) : Style.text
        }
        Label { text: "PTTL"; font.family: Style.mono; font.pixelSize: Style.px(16); color: Style.muted }
        RowLayout {
            Layout.fillWidth: true
            Label {
                objectName: "pttl"
                text: root.redisState.lockPttl === undefined ? "–"
                     : root.redisState.lockPttl === -1 ? qsTr("-1 (no TTL!)")
                     : root.redisState.lockPttl === -2 ? qsTr("-2 (no key)")
                     : root.redisState.lockPttl + " ms"
                font.family: Style.mono; font.pixelSize: Style.px(17); font.bold: true
                color: root.redisState.lockPttl === -1 ? Style.race : Style.text
            }
            Rectangle {
                Layout.fillWidth: true
                height: Style.px(12); radius: height / 2
                color: Style.raised
                visible: root.redisState.lockPttl > 0
                Rectangle {
                    height: parent.height; radius: parent.radius
                    width: parent.width * Math.min(1, root.redisState.lockPttl / Math.max(1, root.leaseMs))
                    color: root.redisState.lockOwner >= 0 ? Colours.client(root.redisState.lockOwner, Style.dark) : Style.accent
                }
            }
        }
        Label { text: root.redisState.stockKey || "stock"; font.family: Style.mono; font.pixelSize: Style.px(16); color: Style.muted }
        Label {
            objectName: "stockValue"
            text: root.redisState.stock === undefined ? "–" : "\"" + root.redisState.stock + "\""
            font.family: Style.mono; font.pixelSize: Style.px(17); font.bold: true
            color: root.redisState.stock < 0 ? Style.race : Style.text
        }
    }
    Label {
        text: qsTr("MONITOR")
        font.pixelSize: Style.px(14); font.bold: true; color: Style.muted
    }
    ListView {
        id: list
        objectName: "monitorList"
        Layout.fillWidth: true
        Layout.fillHeight: true
        clip: true
        model: root.monitor
        boundsBehavior: Flickable.StopAtBounds
        ScrollBar.vertical: ScrollBar {}
        currentIndex: root.currentRow
        // The current row's own background, not the view's highlight: Qt 6.4
        // cannot create a highlight component of a file with bound components.
        delegate: Label {
            id: row
            required property int index
            required property string monitor
            required property int client
            required property string race
            required property string kind
            width: ListView.view.width
            text: monitor + (race ? "   ← " + race : "")
            elide: Text.ElideRight
            font.family: Style.mono
            font.pixelSize: Style.px(13)
            opacity: root.currentRow >= 0 && index > root.currentRow ? 0.35 : 1
            color: race ? Style.race : client >= 0 ? Colours.client(client, Style.dark) : Style.muted
            topPadding: Style.px(2); bottomPadding: Style.px(2)
            background: Rectangle { color: row.index === root.currentRow ? Style.highlight : "transparent" }
        }
        onCountChanged: if (root.currentRow < 0) positionViewAtEnd()
    }
}
