pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts
import LockStock.Native

// The lesson beside the timeline. In a guided lesson: the frame's narration,
// its question with the choices, Back and Next. Otherwise the scenario's
// title and paragraph; folded to two lines (click it) it leaves the height
// to the timeline.
ColumnLayout {
    id: root
    property bool folded: false
    signal foldToggled()
    signal browseRequested()
    objectName: "lesson"
    spacing: Style.px(6)

    // Outside a guided lesson: the scenario's own paragraph.
    Label {
        objectName: "scenarioLesson"
        Layout.fillWidth: true
        visible: !LessonPlayer.active
        text: "<b>" + Controller.scenarioTitle + "</b> — " + Controller.scenarioLesson
        textFormat: Text.StyledText
        wrapMode: Text.WordWrap
        maximumLineCount: root.folded ? 2 : 1000
        elide: Text.ElideRight
        font.pixelSize: Style.px(17)
        color: Style.text
        TapHandler { onTapped: root.foldToggled() }
    }
    Button {
        objectName: "lessonsButton"
        visible: !LessonPlayer.active
        flat: true
        focusPolicy: Qt.NoFocus
        topInset: 0
        bottomInset: 0
        font.pixelSize: Style.px(15)
        text: qsTr("Guided lessons…")
        onClicked: root.browseRequested()
    }

    // A guided lesson's frame.
    Rectangle {
        objectName: "lessonCard"
        Layout.fillWidth: true
        visible: LessonPlayer.active
        implicitHeight: card.implicitHeight + Style.px(20)
        radius: Style.px(8)
        color: Style.raised
        border.color: LessonPlayer.correctSide ? Style.good : Style.race
        border.width: Style.px(2)
        ColumnLayout {
            id: card
            anchors.fill: parent
            anchors.margins: Style.px(10)
            spacing: Style.px(6)
            RowLayout {
                Layout.fillWidth: true
                spacing: Style.px(8)
                Label {
                    objectName: "lessonTitle"
                    Layout.fillWidth: true
                    text: LessonPlayer.title
                    font.pixelSize: Style.px(17)
                    font.bold: true
                    color: Style.text
                    wrapMode: Text.WordWrap
                    maximumLineCount: 2
                    elide: Text.ElideRight
                }
                ToolButton {
                    id: closeButton
                    objectName: "lessonClose"
                    focusPolicy: Qt.NoFocus
                    text: "✕"
                    font.pixelSize: Style.px(15)
                    implicitHeight: Style.px(32)
                    implicitWidth: Style.px(32)
                    onClicked: LessonPlayer.close()
                    Hint { hovered: closeButton.hovered; pressed: closeButton.pressed; text: qsTr("Leave the lesson") }
                }
            }
            Label {
                objectName: "lessonStep"
                Layout.fillWidth: true
                text: (LessonPlayer.correctSide ? qsTr("The fix") : qsTr("The broken side"))
                      + " · " + qsTr("frame %1 of %2").arg(LessonPlayer.frame + 1).arg(LessonPlayer.frameCount)
                font.pixelSize: Style.px(14)
                font.bold: true
                color: LessonPlayer.correctSide ? Style.good : Style.race
            }
            Label {
                objectName: "lessonText"
                Layout.fillWidth: true
                text: LessonPlayer.error.length > 0 ? LessonPlayer.error : LessonPlayer.text
                wrapMode: Text.WordWrap
                font.pixelSize: Style.px(17)
                lineHeight: 1.15
                color: LessonPlayer.error.length > 0 ? Style.race : Style.text
                opacity: LessonPlayer.ready || LessonPlayer.error.length > 0 ? 1 : 0.55
            }
            // Predict, then reveal: the question waits until the frame's moment is on screen.
            Label {
                objectName: "lessonQuestion"
                Layout.fillWidth: true
                visible: LessonPlayer.question.length > 0 && LessonPlayer.ready
                text: LessonPlayer.question
                wrapMode: Text.WordWrap
                font.pixelSize: Style.px(17)
                font.bold: true
                color: Style.accent
            }
            Flow {
                Layout.fillWidth: true
                visible: LessonPlayer.question.length > 0 && LessonPlayer.ready
                spacing: Style.px(6)
                Repeater {
                    model: LessonPlayer.choices
                    delegate: Button {
                        id: choice
                        required property int index
                        required property string modelData
                        objectName: "lessonChoice" + index
                        focusPolicy: Qt.NoFocus
                        topInset: 0
                        bottomInset: 0
                        font.pixelSize: Style.px(15)
                        text: modelData
                        readonly property bool chosen: LessonPlayer.answer === index
                        readonly property bool revealed: LessonPlayer.answer >= 0
                        highlighted: revealed && index === LessonPlayer.rightChoice
                        Material.background: revealed && chosen && index !== LessonPlayer.rightChoice ? Style.race : undefined
                        Material.foreground: revealed && chosen && index !== LessonPlayer.rightChoice ? "white" : undefined
                        onClicked: LessonPlayer.choose(index)
                    }
                }
            }
            Label {
                objectName: "lessonVerdict"
                Layout.fillWidth: true
                visible: LessonPlayer.answer >= 0
                text: LessonPlayer.answer === LessonPlayer.rightChoice ? qsTr("Right. Press Next to see it happen.")
                                                                      : qsTr("Not quite. Press Next to see what happens.")
                wrapMode: Text.WordWrap
                font.pixelSize: Style.px(15)
                color: LessonPlayer.answer === LessonPlayer.rightChoice ? Style.good : Style.race
            }
            RowLayout {
                Layout.fillWidth: true
                spacing: Style.px(8)
                Button {
                    objectName: "lessonBack"
                    focusPolicy: Qt.NoFocus
                    enabled: !LessonPlayer.atStart
                    text: "← " + qsTr("Back")
                    font.pixelSize: Style.px(15)
                    onClicked: LessonPlayer.back()
                }
                Item { Layout.fillWidth: true }
                Button {
                    objectName: "lessonNext"
                    focusPolicy: Qt.NoFocus
                    enabled: !LessonPlayer.atEnd && LessonPlayer.error.length === 0
                    highlighted: true
                    text: (LessonPlayer.invitesFix ? qsTr("Now the fix") : qsTr("Next")) + " →"
                    font.pixelSize: Style.px(15)
                    onClicked: LessonPlayer.next()
                }
            }
            Label {
                Layout.fillWidth: true
                visible: LessonPlayer.atEnd
                text: qsTr("End of the lesson. Pick another from the lessons (Ctrl+L).")
                wrapMode: Text.WordWrap
                font.pixelSize: Style.px(14)
                color: Style.muted
            }
        }
    }
}
