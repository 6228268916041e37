pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import LockStock.Native

// C++ / Python / Redisson: the languages the shown strategy has, one chosen.
Row {
    id: root
    property CodeModel code
    signal languagePicked(string language)
    objectName: "codeLanguages"
    spacing: 0

    readonly property var titles: ({ cpp: "C++", python: "Python", java: "Redisson" })
    readonly property var tips: ({
        cpp: qsTr("The C++ LockStock runs, with the helpers it calls"),
        python: qsTr("The same algorithm in Python with redis-py"),
        java: qsTr("The same lock with Redisson (Java)")
    })

    Repeater {
        model: root.code ? root.code.languages : []
        delegate: Rectangle {
            id: chip
            required property string modelData
            readonly property bool chosen: root.code !== null && root.code.language === modelData
            objectName: "codeLanguage_" + modelData
            width: chipLabel.implicitWidth + Style.px(16)
            height: chipLabel.implicitHeight + Style.px(8)
            radius: Style.px(6)
            color: chosen ? Style.accent : chipMouse.containsMouse ? Style.raised : "transparent"
            border.color: chosen ? Style.accent : Style.border
            Label {
                id: chipLabel
                anchors.centerIn: parent
                text: root.titles[chip.modelData] || chip.modelData
                color: chip.chosen ? "white" : Style.text
                font.pixelSize: Style.px(13)
                font.bold: chip.chosen
            }
            MouseArea {
                id: chipMouse
                anchors.fill: parent
                hoverEnabled: true
                cursorShape: Qt.PointingHandCursor
                onClicked: root.languagePicked(chip.modelData)
            }
            ToolTip.visible: chipMouse.containsMouse
            ToolTip.delay: 600
            ToolTip.text: root.tips[chip.modelData] || ""
        }
    }
}
