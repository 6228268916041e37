import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// Play the scheduler: the goal the checker is to find, what to do on this
// side, and whether the checker found it in the run shown.
Rectangle {
    id: root
    objectName: "challengeBar"
    readonly property color tone: Challenge.achieved ? (Controller.correct ? Style.race : Style.good) : Style.accent
    implicitHeight: row.implicitHeight + Style.px(16)
    radius: Style.px(6)
    color: Qt.rgba(tone.r, tone.g, tone.b, 0.12)
    border.color: tone
    border.width: Style.px(2)

    // Top, left and right only: the bar's height follows the row, never the
    // other way round (with fill, wrapped text looped the polish).
    RowLayout {
        id: row
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.top: parent.top
        anchors.margins: Style.px(8)
        spacing: Style.px(12)
        ColumnLayout {
            Layout.fillWidth: true
            spacing: Style.px(2)
            Label {
                objectName: "challengeGoal"
                Layout.fillWidth: true
                text: qsTr("Challenge: %1").arg(Challenge.goal)
                wrapMode: Text.WordWrap
                font.pixelSize: Style.px(17)
                font.bold: true
                color: Style.text
            }
            Label {
                objectName: "challengeStatus"
                Layout.fillWidth: true
                text: Challenge.note
                wrapMode: Text.WordWrap
                font.pixelSize: Style.px(15)
                font.bold: Challenge.achieved
                color: Challenge.achieved ? root.tone : Style.muted
            }
        }
        Button {
            objectName: "challengeClose"
            focusPolicy: Qt.NoFocus
            flat: true
            text: qsTr("Leave")
            font.pixelSize: Style.px(15)
            onClicked: Challenge.stop()
        }
    }
}
