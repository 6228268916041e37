import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// The checker's verdict in plain words: red when something went wrong, green when it did not.
Rectangle {
    id: root
    property var findings: []
    property bool clean: true
    property string state_: "idle"   // the session's state
    property string title: ""

    readonly property bool judged: state_ === "finished" || state_ === "failed"
    readonly property color tone: !judged ? Style.muted : (clean ? Style.good : Style.race)

    implicitHeight: column.implicitHeight + Style.px(20)
    radius: Style.px(10)
    color: judged ? Qt.rgba(tone.r, tone.g, tone.b, 0.12) : Style.panel
    border.color: judged ? tone : Style.border
    border.width: Style.px(2)

    ColumnLayout {
        id: column
        anchors.fill: parent
        anchors.margins: Style.px(10)
        spacing: Style.px(4)
        Label {
            text: root.title
            visible: root.title.length > 0
            font.pixelSize: Style.px(15)
            font.bold: true
            color: Style.muted
        }
        Label {
            objectName: "status"
            visible: !root.judged
            text: root.state_ === "running" || root.state_ === "starting" ? qsTr("Running…")
                 : root.state_ === "paused" ? qsTr("Paused: step a client or press Run")
                 : qsTr("Press Run (Space) or step a client (→)")
            font.pixelSize: Style.px(20)
            color: Style.muted
        }
        Flow {
            Layout.fillWidth: true
            spacing: Style.px(4)
            Repeater {
                model: root.judged ? root.findings : []
                delegate: Label {
                    required property string modelData
                    objectName: "finding"
                    // Many findings share the width in columns, so the timeline keeps its height.
                    width: root.findings.length > 2 ? Math.floor((parent.width - Style.px(4)) / 2) : parent.width
                    text: (root.clean ? "✓ " : "✗ ") + modelData
                    wrapMode: Text.WordWrap
                    font.pixelSize: root.findings.length > 2 ? Style.px(18) : Style.px(22)
                    font.bold: true
                    color: root.tone
                }
            }
        }
    }
}
