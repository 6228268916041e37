pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// The course: every lesson in order, with its one-line lesson, the broken
// and the correct strategy, and how long it takes; the lesson the class
// stopped in first. Opens on the first start.
Popup {
    id: root
    objectName: "lessonBrowser"
    modal: true
    focus: true
    closePolicy: Popup.CloseOnEscape
    padding: Style.px(20)
    background: PanelBackground {}

    function start(name) {
        LessonPlayer.open(name)
        root.close()
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Style.px(10)
        RowLayout {
            Layout.fillWidth: true
            spacing: Style.px(12)
            Label {
                Layout.fillWidth: true
                text: qsTr("Guided lessons")
                font.pixelSize: Style.px(24)
                font.bold: true
                color: Style.text
            }
            Button {
                objectName: "browserResume"
                visible: LessonPlayer.savedLesson.length > 0
                highlighted: true
                focusPolicy: Qt.NoFocus
                font.pixelSize: Style.px(15)
                text: qsTr("Resume: %1").arg(LessonPlayer.savedTitle)
                onClicked: { LessonPlayer.resume(); root.close() }
            }
            Button {
                objectName: "browserFree"
                flat: true
                focusPolicy: Qt.NoFocus
                font.pixelSize: Style.px(15)
                text: qsTr("Explore freely")
                onClicked: { LessonPlayer.close(); root.close() }
            }
        }
        Label {
            Layout.fillWidth: true
            text: qsTr("Each lesson plays a scenario's broken strategy, stops at the moments that matter and asks you to predict; then it plays the fix. Next: →, Space or PageDown; Back: ← or PageUp.")
            wrapMode: Text.WordWrap
            font.pixelSize: Style.px(15)
            color: Style.muted
        }
        ListView {
            id: list
            objectName: "lessonList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            spacing: Style.px(4)
            model: LessonPlayer.lessons
            ScrollBar.vertical: ScrollBar { policy: ScrollBar.AsNeeded }
            delegate: ItemDelegate {
                id: row
                required property var modelData
                required property int index
                objectName: "lesson_" + modelData.name
                width: list.width - Style.px(12)
                padding: Style.px(8)
                highlighted: modelData.name === LessonPlayer.savedLesson
                onClicked: root.start(modelData.name)
                contentItem: RowLayout {
                    spacing: Style.px(12)
                    Label {
                        Layout.alignment: Qt.AlignTop
                        Layout.preferredWidth: Style.px(34)
                        text: row.modelData.course + "."
                        horizontalAlignment: Text.AlignRight
                        font.pixelSize: Style.px(18)
                        font.bold: true
                        color: Style.muted
                    }
                    ColumnLayout {
                        Layout.fillWidth: true
                        spacing: Style.px(2)
                        Label {
                            Layout.fillWidth: true
                            text: row.modelData.title
                            font.pixelSize: Style.px(18)
                            font.bold: true
                            color: Style.text
                            wrapMode: Text.WordWrap
                        }
                        Label {
                            Layout.fillWidth: true
                            text: row.modelData.summary
                            font.pixelSize: Style.px(15)
                            color: Style.text
                            wrapMode: Text.WordWrap
                        }
                        RowLayout {
                            spacing: Style.px(8)
                            Label {
                                text: row.modelData.broken
                                font.family: Style.mono
                                font.pixelSize: Style.px(14)
                                color: Style.race
                            }
                            Label { text: "→"; font.pixelSize: Style.px(14); color: Style.muted }
                            Label {
                                text: row.modelData.correct
                                font.family: Style.mono
                                font.pixelSize: Style.px(14)
                                color: Style.good
                            }
                            Label {
                                text: "· " + qsTr("%n min", "", row.modelData.minutes) + " · "
                                      + qsTr("%n frame(s)", "", row.modelData.frames)
                                font.pixelSize: Style.px(14)
                                color: Style.muted
                            }
                        }
                    }
                }
            }
        }
    }
}
