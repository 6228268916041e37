import QtQuick
import QtQuick.Controls
import LockStock.Native

// Run > Watch external clients: beside the timeline, not over all of it,
// so what the programs do shows up behind it as they run. Its panel is made
// the first time it opens (see StressPopup).
Popup {
    id: root
    objectName: "watchPopup"
    // The topology last chosen, remembered by the window.
    property string setup: "single"
    readonly property WatchPanel panel: loader.item as WatchPanel
    modal: false
    focus: true
    closePolicy: Popup.CloseOnEscape
    padding: Style.px(16)
    background: PanelBackground {}
    onAboutToShow: loader.active = true
    Flickable {
        id: flick
        anchors.fill: parent
        implicitHeight: contentHeight
        contentHeight: loader.implicitHeight
        clip: true
        boundsBehavior: Flickable.StopAtBounds
        Loader {
            id: loader
            width: flick.width
            active: false
            sourceComponent: WatchPanel {
                watch: Controller.watch
            }
        }
    }
    Binding {
        target: root.panel
        property: "setup"
        value: root.setup
        when: root.panel !== null
    }
    Connections {
        target: root.panel
        function onSetupChanged() { root.setup = root.panel.setup }
        function onCloseRequested() { root.close() }
    }
}
