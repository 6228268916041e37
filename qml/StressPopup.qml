import QtQuick
import QtQuick.Controls
import LockStock.Native

// Run > Stress test: every strategy under the same load, over the whole
// window; Esc closes it, the runs go on. Its chart is made the first time it
// opens: the window starts without it. (Qt 6.4's Loader refuses to make a
// component of a ComponentBehavior: Bound file, so the loaded component
// names nothing around it; the popup wires it up.)
Popup {
    id: root
    objectName: "stressPopup"
    modal: true
    focus: true
    closePolicy: Popup.CloseOnEscape
    padding: Style.px(20)
    background: PanelBackground {}
    onAboutToShow: chart.active = true
    Loader {
        id: chart
        anchors.fill: parent
        active: false
        sourceComponent: StressChart {
            model: Controller.stress
            running: Controller.stress.running
            progress: Controller.stress.progress
            current: Controller.stress.current
            error: Controller.stress.error
            maxOrdersPerSecond: Controller.stress.maxOrdersPerSecond
            maxProblems: Controller.stress.maxProblems
            workload: Controller.stress.workload
            onStartRequested: (clients, orders, stock) => Controller.stress.start(clients, orders, stock)
            onCancelRequested: Controller.stress.cancel()
        }
    }
    Connections {
        target: chart.item as StressChart
        function onCloseRequested() { root.close() }
    }
}
