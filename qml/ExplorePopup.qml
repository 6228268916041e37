import QtQuick
import QtQuick.Controls

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
    // At large text on a small screen the panel scrolls; the tree keeps its height.
    ScrollView {
        id: scroll
        anchors.fill: parent
        contentWidth: availableWidth
        contentHeight: panel.height
        clip: true
        Loader {
            id: panel
            readonly property ExplorePanel content: item as ExplorePanel
            width: scroll.availableWidth
            height: Math.max(scroll.availableHeight, panel.content ? panel.content.implicitHeight : 0)
            active: false
            sourceComponent: ExplorePanel {}
        }
    }
    Connections {
        target: panel.content
        function onCloseRequested() { root.close() }
    }
}
