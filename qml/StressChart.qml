import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// Every strategy on the same workload, side by side: what broke (units
// oversold, updates lost, two holders, a lock deleted by the wrong owner) and
// what safety costs (orders a second). `rows` is the C++ StressComparison, or
// any model with the same roles.
Item {
    id: root
    property var rows
    property real maxThroughput: 0
    property int maxProblems: 0
    property bool running: false
    property real progress: 0
    property string current: ""
    property string error: ""

    signal runRequested(int clients, int orders, int stock)
    signal cancelRequested()

    readonly property real nameWidth: Style.px(230)
    readonly property real cellWidth: Math.max(Style.px(120), (list.width - nameWidth - Style.px(24)) / 2)

    function problemText(m) {
        const parts = []
        if (m.oversold > 0) parts.push(qsTr("%1 oversold").arg(m.oversold))
        if (m.lostUpdates > 0) parts.push(qsTr("%1 lost").arg(m.lostUpdates))
        if (m.overlaps > 0) parts.push(qsTr("%1 two holders").arg(m.overlaps))
        if (m.foreignReleases > 0) parts.push(qsTr("%1 wrong DEL").arg(m.foreignReleases))
        return parts.join(" · ")
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Style.px(10)

        RowLayout {
            spacing: Style.px(12)
            Label { text: qsTr("Clients") }
            SpinBox { id: clients; objectName: "clients"; from: 1; to: 200; value: 8; editable: true; enabled: !root.running }
            Label { text: qsTr("Orders") }
            SpinBox { id: orders; objectName: "orders"; from: 1; to: 100000; stepSize: 100; value: 200; editable: true; enabled: !root.running }
            Label { text: qsTr("Stock") }
            SpinBox { id: stock; objectName: "stock"; from: 0; to: 100000; stepSize: 10; value: 100; editable: true; enabled: !root.running }
            Button {
                objectName: "runButton"
                text: root.running ? qsTr("Cancel") : qsTr("Run all strategies")
                highlighted: !root.running
                onClicked: root.running ? root.cancelRequested() : root.runRequested(clients.value, orders.value, stock.value)
            }
            ProgressBar {
                objectName: "progress"
                visible: root.running
                value: root.progress
                Layout.preferredWidth: Style.px(200)
            }
            Label {
                visible: root.running
                text: root.current
                font.family: Style.mono
                color: Style.muted
            }
        }

        Label {
            objectName: "error"
            visible: root.error.length > 0
            text: root.error
            color: Style.race
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }

        RowLayout {
            spacing: Style.px(12)
            Label { text: qsTr("strategy"); color: Style.muted; Layout.preferredWidth: root.nameWidth }
            Label {
                text: qsTr("correctness: what broke")
                color: Style.muted
                font.bold: true
                Layout.preferredWidth: root.cellWidth
            }
            Label {
                text: qsTr("throughput: orders a second")
                color: Style.muted
                font.bold: true
                Layout.preferredWidth: root.cellWidth
            }
        }

        ListView {
            id: list
            objectName: "list"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            spacing: Style.px(6)
            model: root.rows
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}

            delegate: Rectangle {
                id: row
                required property int index
                required property string name
                required property bool correct
                required property bool done
                required property bool broke
                required property int problems
                required property var oversold
                required property var lostUpdates
                required property int overlaps
                required property int foreignReleases
                required property double throughput
                required property double p99
                required property string error
                required property string notRun

                objectName: "row_" + name
                width: ListView.view.width
                height: Style.px(46)
                radius: Style.px(6)
                color: index % 2 ? Style.panel : Style.background

                Row {
                    anchors.fill: parent
                    anchors.leftMargin: Style.px(8)
                    spacing: Style.px(12)

                    Column {
                        width: root.nameWidth - Style.px(8)
                        anchors.verticalCenter: parent.verticalCenter
                        Label {
                            text: row.name
                            font.family: Style.mono
                            font.pixelSize: Style.px(16)
                            font.bold: true
                            elide: Text.ElideRight
                            width: parent.width
                        }
                        Label {
                            text: row.correct ? qsTr("claims: correct") : qsTr("claims: broken")
                            font.pixelSize: Style.px(12)
                            color: Style.muted
                        }
                    }

                    // Correctness: a red bar as long as the damage, or a clear "safe".
                    Item {
                        width: root.cellWidth
                        height: parent.height
                        Label {
                            objectName: "pending"
                            visible: !row.done
                            anchors.verticalCenter: parent.verticalCenter
                            text: root.running ? "…" : "—"
                            color: Style.muted
                        }
                        Rectangle {
                            id: damage
                            objectName: "correctnessBar"
                            visible: row.done && row.broke
                            anchors.verticalCenter: parent.verticalCenter
                            height: Style.px(22)
                            radius: Style.px(4)
                            width: Math.max(Style.px(6), parent.width * 0.45 * row.problems / Math.max(1, root.maxProblems))
                            color: Style.race
                        }
                        Label {
                            visible: damage.visible
                            anchors.left: damage.right
                            anchors.leftMargin: Style.px(8)
                            anchors.verticalCenter: parent.verticalCenter
                            width: parent.width - damage.width - Style.px(8)
                            elide: Text.ElideRight
                            text: root.problemText(row)
                            color: Style.race
                            font.bold: true
                        }
                        Label {
                            objectName: "safe"
                            visible: row.done && !row.broke && row.error.length === 0 && row.notRun.length === 0
                            anchors.verticalCenter: parent.verticalCenter
                            text: qsTr("✓ safe")
                            color: Style.good
                            font.bold: true
                            font.pixelSize: Style.px(17)
                        }
                        Label {
                            objectName: "stopped"
                            visible: row.done && !row.broke && (row.error.length > 0 || row.notRun.length > 0)
                            anchors.verticalCenter: parent.verticalCenter
                            // Not run: nothing in the throughput column either, the reason may use it.
                            width: row.notRun.length > 0 ? parent.width * 2 + Style.px(12) : parent.width
                            wrapMode: Text.Wrap
                            maximumLineCount: 2
                            elide: Text.ElideRight
                            text: row.notRun.length > 0 ? qsTr("not run: %1").arg(row.notRun) : qsTr("stopped: %1").arg(row.error)
                            color: row.notRun.length > 0 ? Style.muted : Style.warning
                        }
                    }

                    // Throughput, scaled to the fastest strategy.
                    Item {
                        width: root.cellWidth
                        height: parent.height
                        Rectangle {
                            id: speed
                            objectName: "throughputBar"
                            visible: row.done && row.notRun.length === 0
                            anchors.verticalCenter: parent.verticalCenter
                            height: Style.px(22)
                            radius: Style.px(4)
                            width: Math.max(Style.px(2), parent.width * 0.6 * row.throughput / Math.max(1e-9, root.maxThroughput))
                            color: Style.accent
                            opacity: row.broke ? 0.45 : 1.0
                        }
                        Label {
                            visible: speed.visible
                            anchors.left: speed.right
                            anchors.leftMargin: Style.px(8)
                            anchors.verticalCenter: parent.verticalCenter
                            text: qsTr("%1/s · p99 %2 ms").arg(Math.round(row.throughput).toLocaleString(Qt.locale(), "f", 0))
                                                       .arg(row.p99.toFixed(1))
                            font.family: Style.mono
                        }
                    }
                }
            }
        }

        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: Style.muted
            font.pixelSize: Style.px(13)
            text: qsTr("Red: units sold beyond the stock, updates lost, two clients holding the lock, a lock deleted by the wrong owner. Blue: orders a second on this machine (faded where the strategy broke: speed that sells what is not there).")
        }
    }
}
