import QtQuick
import QtQuick.Controls
import LockStock.Native

// Run > Explore all schedules: beside the timeline, which stays in view and
// shows the schedule a column loads. Esc closes it; the exploration goes on.
// Its panel is made the first time it opens (see StressPopup).
Popup {
    id: root
    objectName: "explorePopup"
    modal: false
    focus: true
    closePolicy: Popup.CloseOnEscape
    padding: Style.px(14)
    background: PanelBackground {}
    onAboutToShow: panel.active = true
    Loader {
        id: panel
        anchors.fill: parent
        active: false
        sourceComponent: ExplorePanel {}
    }
    Connections {
        target: panel.item as ExplorePanel
        function onCloseRequested() { root.close() }
    }
}
