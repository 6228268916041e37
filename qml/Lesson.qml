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
    // The card's height at most: beyond it the frame's words scroll inside
    // the card; the question, the choices, Back and Next stay in sight.
    property real maximumHeight: Infinity
    // Short of height (1366×768 at text ×1.5): the title keeps one line.
    // Said from outside where the room left depends on the card itself.
    property bool shortOfHeight: maximumHeight < Style.px(460)
    // With two lines of the frame's words, the least the card takes (what a
    // verdict beside it must leave).
    readonly property real leastHeight: card.implicitHeight + Style.px(16) - lessonText.implicitHeight
                                        + Math.min(lessonText.implicitHeight, 2 * lineHeight)
    readonly property real lineHeight: lessonText.lineCount > 0 ? lessonText.implicitHeight / lessonText.lineCount : lessonText.font.pixelSize * 1.6
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
        // As tall as it needs, or as it may be: then the words give the room.
        implicitHeight: Math.min(card.implicitHeight + Style.px(16), root.maximumHeight)
        radius: Style.px(8)
        color: Style.raised
        border.color: LessonPlayer.correctSide ? Style.good : Style.race
        border.width: Style.px(2)
        ColumnLayout {
            id: card
            anchors.fill: parent
            anchors.margins: Style.px(8)
            spacing: Style.px(5)
            RowLayout {
                id: titleRow
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
                    maximumLineCount: root.shortOfHeight ? 1 : 2
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
            Flickable {
                id: narration
                objectName: "lessonNarration"
                Layout.fillWidth: true
                // What the rest of the card leaves, down to a line (on the
                // shortest screens, long choices take the room of the words).
                Layout.fillHeight: true
                Layout.preferredHeight: lessonText.implicitHeight
                Layout.maximumHeight: lessonText.implicitHeight
                Layout.minimumHeight: Math.min(lessonText.implicitHeight, root.lineHeight)
                contentHeight: lessonText.implicitHeight
                clip: true
                boundsBehavior: Flickable.StopAtBounds
                ScrollBar.vertical: ScrollBar {
                    policy: narration.contentHeight > narration.height + 0.5 ? ScrollBar.AlwaysOn : ScrollBar.AlwaysOff
                }
                Label {
                    id: lessonText
                    objectName: "lessonText"
                    // Room for the scroll bar whether it shows or not: the lines stay as they are.
                    width: narration.width
                    rightPadding: Style.px(10)
                    text: LessonPlayer.error.length > 0 ? LessonPlayer.error : LessonPlayer.text
                    wrapMode: Text.WordWrap
                    font.pixelSize: Style.px(17)
                    lineHeight: 1.15
                    color: LessonPlayer.error.length > 0 ? Style.race : Style.text
                    opacity: LessonPlayer.ready || LessonPlayer.error.length > 0 ? 1 : 0.55
                }
                // A new frame's words from their start.
                Connections {
                    target: LessonPlayer
                    function onFrameChanged() { narration.contentY = 0 }
                }
            }
            // Predict, then reveal: the question waits until the frame's moment is on screen.
            Label {
                id: question
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
                id: choices
                Layout.fillWidth: true
                visible: LessonPlayer.question.length > 0 && LessonPlayer.ready
                spacing: Style.px(6)
                Repeater {
                    model: LessonPlayer.choices
                    // A long choice wraps inside the card, not past its edge.
                    delegate: Button {
                        id: choice
                        required property int index
                        required property string modelData
                        objectName: "lessonChoice" + index
                        width: Math.min(implicitWidth, choices.width)
                        focusPolicy: Qt.NoFocus
                        topInset: 0
                        bottomInset: 0
                        font.pixelSize: Style.px(15)
                        text: modelData
                        contentItem: Label {
                            text: choice.text
                            font: choice.font
                            wrapMode: Text.WordWrap
                            horizontalAlignment: Text.AlignHCenter
                            verticalAlignment: Text.AlignVCenter
                            // As Material's own label colours it.
                            color: !choice.enabled ? choice.Material.hintTextColor
                                 : choice.highlighted ? choice.Material.primaryHighlightedTextColor : choice.Material.foreground
                        }
                        readonly property bool chosen: LessonPlayer.answer === index
                        readonly property bool revealed: LessonPlayer.answer >= 0
                        highlighted: revealed && index === LessonPlayer.rightChoice
                        Material.background: revealed && chosen && index !== LessonPlayer.rightChoice ? Style.race : undefined
                        Material.foreground: revealed && chosen && index !== LessonPlayer.rightChoice ? "white" : undefined
                        onClicked: LessonPlayer.choose(index)
                    }
                }
            }
            RowLayout {
                id: buttons
                Layout.fillWidth: true
                spacing: Style.px(8)
                Button {
                    objectName: "lessonBack"
                    focusPolicy: Qt.NoFocus
                    topInset: 0
                    bottomInset: 0
                    enabled: !LessonPlayer.atStart
                    text: "← " + qsTr("Back")
                    font.pixelSize: Style.px(15)
                    onClicked: LessonPlayer.back()
                }
                // Where the class is, between the ways back and on; once it
                // answered, whether it was right, beside the Next it names.
                Label {
                    id: stepLabel
                    objectName: "lessonStep"
                    visible: LessonPlayer.answer < 0
                    Layout.fillWidth: true
                    horizontalAlignment: Text.AlignHCenter
                    wrapMode: Text.WordWrap
                    text: (LessonPlayer.correctSide ? qsTr("The fix") : qsTr("The broken side"))
                          + " · " + qsTr("frame %1 of %2").arg(LessonPlayer.frame + 1).arg(LessonPlayer.frameCount)
                    font.pixelSize: Style.px(14)
                    font.bold: true
                    color: LessonPlayer.correctSide ? Style.good : Style.race
                }
                Label {
                    objectName: "lessonVerdict"
                    Layout.fillWidth: true
                    visible: LessonPlayer.answer >= 0
                    horizontalAlignment: Text.AlignHCenter
                    text: LessonPlayer.answer === LessonPlayer.rightChoice ? qsTr("Right. Press Next to see it happen.")
                                                                          : qsTr("Not quite. Press Next to see what happens.")
                    wrapMode: Text.WordWrap
                    font.pixelSize: Style.px(15)
                    font.bold: true
                    color: LessonPlayer.answer === LessonPlayer.rightChoice ? Style.good : Style.race
                }
                Button {
                    id: nextButton
                    objectName: "lessonNext"
                    focusPolicy: Qt.NoFocus
                    topInset: 0
                    bottomInset: 0
                    // At the end, the way on is another lesson.
                    enabled: LessonPlayer.error.length === 0
                    highlighted: true
                    text: LessonPlayer.atEnd ? qsTr("Other lessons…") : (LessonPlayer.invitesFix ? qsTr("Now the fix") : qsTr("Next")) + " →"
                    font.pixelSize: Style.px(15)
                    onClicked: LessonPlayer.atEnd ? root.browseRequested() : LessonPlayer.next()
                    Hint {
                        hovered: nextButton.hovered
                        pressed: nextButton.pressed
                        maxWidth: Style.px(360)
                        text: LessonPlayer.atEnd ? qsTr("End of the lesson. Pick another from the lessons (Ctrl+L).") : ""
                    }
                }
            }
        }
    }
}
