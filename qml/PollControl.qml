pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import LockStock.Native

// The class poll's parts in the window: its panel over the right of `area`
// (the timeline; the lesson's card and its buttons stay in view) while the
// poll runs, made the first time it starts; and File > Export poll results'
// dialog.
Item {
    id: root
    property Item windowContent
    property Item area
    signal status(string text)
    function exportResults() { exportDialog.open() }

    OnDemand {
        id: panel
        parentItem: root.windowContent
        component: Component {
            PollPanel {
                id: made
                parent: Overlay.overlay
                // The area in the overlay's terms, taken again once the window's
                // layout has settled (the timeline moves down as the lesson's card
                // above it grows); followed within that layout, the panel's own
                // layouts were laid out inside it and Qt 6.4 crashed.
                property rect over: Qt.rect(0, 0, 0, 0)
                function place() { made.over = root.area.mapToItem(null, 0, 0, root.area.width, root.area.height) }
                Component.onCompleted: made.place()
                Timer {
                    id: placeLater
                    interval: 0
                    onTriggered: made.place()
                }
                Connections {
                    target: root.area
                    function onWidthChanged() { placeLater.restart() }
                    function onHeightChanged() { placeLater.restart() }
                    function onYChanged() { placeLater.restart() }
                }
                Connections {
                    target: made.parent
                    function onHeightChanged() { placeLater.restart() }
                }
                // The code large while the class joins; then the timeline keeps the most of
                // the width; folded, the chart and a small code are left. Larger text takes
                // a larger share (at ×1.5 and 1366×768 the buttons read "Clos…" otherwise).
                width: wide ? Math.min(Style.px(760), over.width * 0.62)
                            : Math.min(folded ? Style.px(300) : Style.px(460),
                                       over.width * Math.min(0.62, (folded ? 0.28 : 0.42) * Math.max(1, Style.scale)))
                x: over.x + over.width - width - Style.px(6)
                y: over.y + Style.px(4)
                height: over.height - Style.px(8)
            }
        }
    }
    Connections {
        target: ClassPoll
        function onRunningChanged() {
            if (ClassPoll.running)
                panel.open()
            else
                panel.close()
        }
    }

    OnDemand {
        id: exportDialog
        parentItem: root.windowContent
        component: Component {
            FilePicker {
                objectName: "pollExportDialog"
                title: qsTr("Export the poll's results")
                saving: true
                kind: "exports"
                suggestedName: "poll.csv"
                nameFilters: [qsTr("CSV, a row per choice and round (*.csv)"), qsTr("JSON (*.json)")]
                onAccepted: {
                    const error = ClassPoll.exportResults(selectedFile)
                    root.status(error ? error : qsTr("Saved %1").arg(decodeURIComponent(selectedFile.toString().replace("file://", ""))))
                }
            }
        }
    }
}
