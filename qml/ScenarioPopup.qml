import QtQuick
import QtQuick.Controls
import LockStock.Native

// Edit > Scenario parameters: beside the timeline, which stays in view and
// takes right-clicks. Its panel is made the first time it opens (see
// StressPopup).
Popup {
    id: root
    objectName: "scenarioPopup"
    modal: false
    focus: true
    closePolicy: Popup.CloseOnEscape
    padding: Style.px(14)
    background: PanelBackground {}
    onAboutToShow: loader.active = true
    ScrollView {
        id: scroll
        anchors.fill: parent
        contentWidth: availableWidth
        clip: true
        Loader {
            id: loader
            width: scroll.availableWidth - Style.px(12)
            active: false
            sourceComponent: ScenarioPanel {
                editor: Controller.editor
                pending: Controller.editPending
            }
        }
    }
    Connections {
        target: loader.item as ScenarioPanel
        function onCloseRequested() { root.close() }
    }
}
