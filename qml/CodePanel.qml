pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// The strategy's real source, with a coloured chip on the line each client last executed.
ColumnLayout {
    id: root
    property CodeModel code
    property var clientNames: []
    spacing: Style.px(4)

    Label {
        text: qsTr("Code") + "  ·  " + (root.code ? root.code.fileName : "")
        font.pixelSize: Style.px(17)
        font.bold: true
        color: Style.text
    }
    ListView {
        id: list
        objectName: "codeList"
        Layout.fillWidth: true
        Layout.fillHeight: true
        clip: true
        model: root.code
        boundsBehavior: Flickable.StopAtBounds
        ScrollBar.vertical: ScrollBar {}
        delegate: Rectangle {
            id: line
            required property int number
            required property string html
            required property var clients
            required property bool current
            width: ListView.view.width
            height: Style.px(24)
            color: clients.length > 0 ? Qt.rgba(Colours.client(clients[0], Style.dark).r, Colours.client(clients[0], Style.dark).g,
                                                Colours.client(clients[0], Style.dark).b, line.current ? 0.28 : 0.14)
                                      : "transparent"
            Rectangle {
                visible: line.current
                width: Style.px(4); height: parent.height
                color: Colours.client(line.clients.length ? line.clients[0] : 0, Style.dark)
            }
            Label {
                id: num
                x: Style.px(8)
                width: Style.px(34)
                anchors.verticalCenter: parent.verticalCenter
                horizontalAlignment: Text.AlignRight
                text: line.number
                color: Style.muted
                font.family: Style.mono
                font.pixelSize: Style.px(13)
            }
            Row {
                id: chips
                x: num.x + num.width + Style.px(6)
                anchors.verticalCenter: parent.verticalCenter
                spacing: Style.px(2)
                width: Style.px(54)
                Repeater {
                    model: line.clients
                    delegate: Rectangle {
                        required property int modelData
                        width: Style.px(22); height: Style.px(20); radius: Style.px(4)
                        color: Colours.client(modelData, Style.dark)
                        Label {
                            anchors.centerIn: parent
                            text: root.clientNames[parent.modelData] || "?"
                            color: "white"; font.bold: true; font.pixelSize: Style.px(13)
                        }
                    }
                }
            }
            Text {
                x: chips.x + chips.width + Style.px(4)
                anchors.verticalCenter: parent.verticalCenter
                textFormat: Text.RichText
                text: line.html
                color: Style.text
                font.family: Style.mono
                font.pixelSize: Style.px(14)
            }
        }
        Connections {
            target: root.code
            function onMarkersChanged() {
                if (root.code.focusLine > 0)
                    list.positionViewAtIndex(root.code.focusLine - 1, ListView.Contain)
            }
        }
    }
}
