pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// The broken/correct switch: two big segments, red and green, impossible to miss from the back row.
Rectangle {
    id: root
    property bool correct: false
    property bool enabledSwitch: true
    signal toggled(bool correct)

    implicitWidth: row.implicitWidth + Style.px(8)
    implicitHeight: Style.px(40)
    radius: height / 2
    color: Style.raised
    border.color: Style.border
    opacity: enabledSwitch ? 1 : 0.5

    RowLayout {
        id: row
        anchors.fill: parent
        anchors.margins: Style.px(4)
        spacing: Style.px(4)
        Repeater {
            model: [false, true]
            delegate: Rectangle {
                required property bool modelData
                readonly property bool active: root.correct === modelData
                objectName: modelData ? "correctSegment" : "brokenSegment"
                Layout.fillHeight: true
                Layout.preferredWidth: label.implicitWidth + Style.px(36)
                radius: height / 2
                color: active ? (modelData ? Style.good : Style.race) : "transparent"
                Label {
                    id: label
                    anchors.centerIn: parent
                    text: parent.modelData ? qsTr("✓ Correct") : qsTr("× Broken")
                    font.pixelSize: Style.px(19)
                    font.bold: true
                    color: parent.active ? "white" : Style.muted
                }
                MouseArea {
                    anchors.fill: parent
                    enabled: root.enabledSwitch
                    cursorShape: Qt.PointingHandCursor
                    onClicked: if (!parent.active) root.toggled(parent.modelData)
                }
            }
        }
    }
}
