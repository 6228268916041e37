pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// The strategy's whole algorithm on one page (acquire, work, release), in
// C++ as it runs or as the students know it (Python with redis-py, Redisson),
// with a coloured chip on the line each client last executed.
ColumnLayout {
    id: root
    property CodeModel code
    property var clientNames: []
    // Off where a tab already says "Code".
    property bool showTitle: true
    signal languagePicked(string language)
    spacing: Style.px(4)

    // Where a tab already says "Code", the tab row carries the switch too.
    RowLayout {
        visible: root.showTitle
        Layout.fillWidth: true
        spacing: Style.px(8)
        Label {
            text: qsTr("Code")
            font.pixelSize: Style.px(17)
            font.bold: true
            color: Style.text
        }
        Label {
            objectName: "codeFile"
            Layout.fillWidth: true
            text: root.code ? root.code.fileName : ""
            elide: Text.ElideMiddle
            font.family: Style.mono
            font.pixelSize: Style.px(13)
            color: Style.muted
        }
        CodeLanguageSwitch {
            code: root.code
            onLanguagePicked: language => root.languagePicked(language)
        }
    }
    ListView {
        id: list
        objectName: "codeList"
        Layout.fillWidth: true
        Layout.fillHeight: true
        clip: true
        model: root.code
        boundsBehavior: Flickable.StopAtBounds
        flickableDirection: Flickable.AutoFlickIfNeeded
        // A line longer than the panel wraps under itself: on a projector's
        // 1366 pixels a comment cut at the edge (a scroll away) was not read.
        readonly property real textX: Style.px(88)
        ScrollBar.vertical: ScrollBar {}
        delegate: Rectangle {
            id: line
            required property int number
            required property string html
            required property var clients
            required property bool current
            required property bool highlighted
            required property string text
            width: ListView.view.width
            // Blank lines take half a line: more of the algorithm fits.
            height: text.trim().length > 0 ? Math.max(Style.px(22), code.implicitHeight + Style.px(4)) : Style.px(11)
            readonly property color tint: clients.length > 0 ? Colours.client(clients[0], Style.dark) : Style.accent
            color: clients.length > 0 ? Qt.rgba(tint.r, tint.g, tint.b, line.current ? 0.28 : 0.14)
                 : highlighted ? Style.highlight : "transparent"
            // A lesson's pointer: a frame the clients' colours do not hide.
            border.color: highlighted ? Style.warning : "transparent"
            border.width: highlighted ? Style.px(2) : 0
            Rectangle {
                visible: line.current
                z: 2
                width: Style.px(4); height: parent.height
                color: line.tint
            }
            // The gutter: the line's number and the clients on it.
            Rectangle {
                z: 1
                width: list.textX - Style.px(6)
                height: parent.height
                color: Style.panel
                Rectangle {
                    anchors.fill: parent
                    color: line.color
                }
                Label {
                    id: num
                    x: Style.px(6)
                    width: Style.px(28)
                    anchors.verticalCenter: parent.verticalCenter
                    horizontalAlignment: Text.AlignRight
                    text: line.number
                    color: Style.muted
                    font.family: Style.mono
                    font.pixelSize: Style.px(12)
                }
                // Two chips fit; more clients on one line read "+n".
                Row {
                    x: num.x + num.width + Style.px(6)
                    anchors.verticalCenter: parent.verticalCenter
                    spacing: Style.px(2)
                    Repeater {
                        model: line.clients.slice(0, line.clients.length > 2 ? 1 : 2)
                        delegate: Rectangle {
                            required property int modelData
                            width: Style.px(22); height: Style.px(18); radius: Style.px(4)
                            color: Colours.client(modelData, Style.dark)
                            Label {
                                anchors.centerIn: parent
                                text: root.clientNames[parent.modelData] || "?"
                                color: "white"; font.bold: true; font.pixelSize: Style.px(12)
                            }
                        }
                    }
                    Label {
                        visible: line.clients.length > 2
                        text: "+" + (line.clients.length - 1)
                        color: Style.text; font.bold: true; font.pixelSize: Style.px(12)
                    }
                }
            }
            Text {
                id: code
                objectName: "codeText"
                x: list.textX
                width: line.width - list.textX - Style.px(10)
                anchors.verticalCenter: parent.verticalCenter
                wrapMode: Text.Wrap
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
                const line = root.code.focusLine > 0 ? root.code.focusLine : root.code.highlightedLine
                if (line > 0)
                    list.positionViewAtIndex(line - 1, ListView.Contain)
            }
        }
    }
}
