import QtQuick
import QtQuick.Controls
import LockStock.Native

// The run's strategy in the colours of the switch: which side of this scenario's pair it is.
Rectangle {
    id: root
    property RunSession session
    objectName: "sideTag"
    implicitWidth: tag.implicitWidth + Style.px(20)
    implicitHeight: tag.implicitHeight + Style.px(10)
    radius: Style.px(6)
    color: root.session && root.session.correctSide ? Style.good : Style.race
    Label {
        id: tag
        anchors.centerIn: parent
        text: root.session ? root.session.strategyName : ""
        color: "white"
        font.pixelSize: Style.px(18)
        font.bold: true
        font.family: Style.mono
    }
}
