pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import LockStock.Native

// Zoom a timeline in, out, or fit the whole run.
Row {
    id: root
    property TimelineView view
    ToolButton { id: zoomIn; focusPolicy: Qt.NoFocus; text: "+"; font.pixelSize: Style.px(20); onClicked: root.view.zoomBy(1 / 1.5); Hint { hovered: zoomIn.hovered; pressed: zoomIn.pressed; text: qsTr("Zoom in (+, or the wheel)") } }
    ToolButton { id: zoomOut; focusPolicy: Qt.NoFocus; text: "−"; font.pixelSize: Style.px(20); onClicked: root.view.zoomBy(1.5); Hint { hovered: zoomOut.hovered; pressed: zoomOut.pressed; text: qsTr("Zoom out (-)") } }
    ToolButton { id: fitButton; focusPolicy: Qt.NoFocus; text: "⤢"; font.pixelSize: Style.px(18); checked: root.view ? root.view.follow : false; onClicked: root.view.fit(); Hint { hovered: fitButton.hovered; pressed: fitButton.pressed; text: qsTr("Fit the whole run (0)") } }
}
