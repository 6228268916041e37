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
    TextMetrics {
        id: glyph
        font.family: Style.mono
        font.pixelSize: Style.px(14)
        text: "M"
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
        // Long lines scroll sideways instead of wrapping: code keeps its shape.
        readonly property real textX: Style.px(88)
        contentWidth: Math.max(width, textX + glyph.advanceWidth * (root.code ? root.code.longestLine : 0) + Style.px(16))
        ScrollBar.vertical: ScrollBar {}
        ScrollBar.horizontal: ScrollBar {}
        delegate: Rectangle {
            id: line
            required property int number
            required property string html
            required property var clients
            required property bool current
            required property bool highlighted
            required property string text
            width: ListView.view.contentWidth
            // Blank lines take half a line: more of the algorithm fits.
            height: Style.px(text.trim().length > 0 ? 22 : 11)
            readonly property color tint: clients.length > 0 ? Colours.client(clients[0], Style.dark) : Style.accent
            color: clients.length > 0 ? Qt.rgba(tint.r, tint.g, tint.b, line.current ? 0.28 : 0.14)
                 : highlighted ? Style.highlight : "transparent"
            // A lesson's pointer: a frame the clients' colours do not hide.
            border.color: highlighted ? Style.warning : "transparent"
            border.width: highlighted ? Style.px(2) : 0
            Rectangle {
                visible: line.current
                x: list.contentX
                z: 2
                width: Style.px(4); height: parent.height
                color: line.tint
            }
            // The gutter stays put while long lines scroll sideways under it.
            Rectangle {
                x: list.contentX
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
                x: list.textX
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
                const line = root.code.focusLine > 0 ? root.code.focusLine : root.code.highlightedLine
                if (line > 0)
                    list.positionViewAtIndex(line - 1, ListView.Contain)
            }
        }
    }
}
