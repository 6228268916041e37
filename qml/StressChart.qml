pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// `lockstock stress --all` as a chart: every strategy on the same workload,
// one row each, what broke (correctness) beside what it cost (throughput).
// The model has one row per strategy (StressComparison's roles).
ColumnLayout {
    id: root
    property var model: null
    property bool running: false
    property real progress: 0
    property string current: ""
    property string error: ""
    property real maxOrdersPerSecond: 0
    property real maxProblems: 0
    property var workload: ({})

    signal startRequested(int clients, int orders, int stock)
    signal cancelRequested()
    signal closeRequested()

    spacing: Style.px(10)

    readonly property int nameWidth: Style.px(320)
    readonly property int gap: Style.px(24)
    readonly property int columnWidth: Math.max(Style.px(200), (width - nameWidth - 2 * gap) / 2)
    // Room beside a bar for its figure; the longest bar ends where it starts.
    readonly property int figureWidth: Style.px(170)
    readonly property int barHeight: Style.px(22)

    function count(v) { return Number(v).toLocaleString(Qt.locale(), "f", 0) }

    component Swatch: Rectangle {
        implicitWidth: Style.px(22)
        implicitHeight: Style.px(16)
        radius: Style.px(3)
    }
    component Legend: Label {
        font.pixelSize: Style.px(15)
        color: Style.muted
    }

    RowLayout {
        Layout.fillWidth: true
        Label {
            Layout.fillWidth: true
            text: qsTr("Stress test: every strategy, the same workload")
            font.pixelSize: Style.px(26)
            font.bold: true
            color: Style.text
            elide: Text.ElideRight
        }
        ToolButton {
            id: closeButton
            objectName: "closeButton"
            focusPolicy: Qt.NoFocus
            text: "✕"
            font.pixelSize: Style.px(22)
            onClicked: root.closeRequested()
            // Under it, as the window's hints are: above, a tip covered the title.
            Hint { hovered: closeButton.hovered; pressed: closeButton.pressed; text: qsTr("Close (Esc)") }
        }
    }

    // The workload and the buttons wrap at large text on a small screen.
    Flow {
        Layout.fillWidth: true
        spacing: Style.px(10)
        // A label and its box, kept together when the row wraps.
        component Field: Row {
            id: field
            property alias label: fieldLabel.text
            spacing: Style.px(10)
            Label {
                id: fieldLabel
                anchors.verticalCenter: field.verticalCenter
                color: Style.text
            }
        }
        Field {
            label: qsTr("Clients")
            SpinBox {
                id: clientsBox
                objectName: "clientsBox"
                from: 1; to: 200; value: 8
                editable: true
                enabled: !root.running
                font.pixelSize: Style.px(17)
                width: Style.px(150)
            }
        }
        Field {
            label: qsTr("Orders in total")
            SpinBox {
                id: ordersBox
                objectName: "ordersBox"
                from: 1; to: 1000000; value: 1600; stepSize: 100
                editable: true
                enabled: !root.running
                font.pixelSize: Style.px(17)
                width: Style.px(180)
            }
        }
        Field {
            label: qsTr("Stock")
            SpinBox {
                id: stockBox
                objectName: "stockBox"
                from: 0; to: 1000000000; value: 100; stepSize: 10
                editable: true
                enabled: !root.running
                font.pixelSize: Style.px(17)
                width: Style.px(180)
            }
        }
        Button {
            id: runButton
            objectName: "runButton"
            focusPolicy: Qt.NoFocus
            text: qsTr("▶ Run all strategies")
            highlighted: true
            enabled: !root.running
            font.pixelSize: Style.px(17)
            onClicked: root.startRequested(clientsBox.value, ordersBox.value, stockBox.value)
            // Under the button and gone once it is pressed: while the runs go
            // a tip over it covered the title and Close.
            Hint {
                hovered: runButton.hovered
                pressed: runButton.pressed
                maxWidth: Style.px(520)
                text: qsTr("Real clients, a thread and a Redis connection each, place orders as fast as Redis answers; the checker then counts what broke.")
            }
        }
        Button {
            objectName: "cancelButton"
            focusPolicy: Qt.NoFocus
            text: qsTr("■ Cancel")
            enabled: root.running
            font.pixelSize: Style.px(17)
            onClicked: root.cancelRequested()
        }
        Row {
            id: progressRow
            visible: root.running
            spacing: Style.px(10)
            ProgressBar {
                objectName: "progressBar"
                anchors.verticalCenter: progressRow.verticalCenter
                width: Style.px(200)
                from: 0; to: 1
                value: root.progress
            }
            Label {
                objectName: "progressText"
                anchors.verticalCenter: progressRow.verticalCenter
                text: root.current + " · " + Math.round(root.progress * 100) + "%"
                font.pixelSize: Style.px(16)
                font.family: Style.mono
                color: Style.text
            }
        }
    }
    Label {
        objectName: "error"
        Layout.fillWidth: true
        visible: root.error.length > 0
        text: "⚠ " + root.error
        color: Style.race
        font.bold: true
        wrapMode: Text.WordWrap
    }

    // The legend: what each bar means.
    Flow {
        Layout.fillWidth: true
        spacing: Style.px(22)
        Row {
            spacing: Style.px(6)
            Swatch { color: Style.race; anchors.verticalCenter: parent.verticalCenter }
            Legend { text: qsTr("problems: what the verdict found wrong (units oversold, units lost, stale writes, two holders, a lock deleted or extended by another client...)") }
        }
        Row {
            spacing: Style.px(6)
            Legend { text: "✓"; color: Style.good; font.bold: true }
            Legend { text: qsTr("safe: none found, and the load tested it") }
        }
        Row {
            spacing: Style.px(6)
            Legend { text: "?"; color: Style.warning; font.bold: true }
            Legend { text: qsTr("not exercised: nothing broke, but this load never does what breaks it") }
        }
        Row {
            spacing: Style.px(6)
            Swatch { color: Style.accent; anchors.verticalCenter: parent.verticalCenter }
            Legend { text: qsTr("throughput: orders per second, the fastest bar is full length") }
        }
    }

    // The workload of the figures below (the boxes may have changed since), on
    // its own line: beside the headings it ran over them at large text.
    Label {
        Layout.alignment: Qt.AlignRight
        Layout.rightMargin: Style.px(12)
        visible: root.workload.clients !== undefined && root.workload.clients > 0
        text: qsTr("%1 clients · %2 orders · stock %3").arg(root.workload.clients).arg(root.count(root.workload.orders ?? 0))
              .arg(root.count(root.workload.stock ?? 0))
        font.pixelSize: Style.px(15)
        color: Style.muted
    }
    // Column headings, aligned with the bars below.
    Row {
        spacing: root.gap
        Repeater {
            model: [
                { text: qsTr("Strategy"), width: root.nameWidth },
                { text: qsTr("Correctness (fewer problems is better)"), width: root.columnWidth },
                { text: qsTr("Throughput (longer is faster)"), width: root.columnWidth },
            ]
            delegate: Label {
                required property var modelData
                width: modelData.width
                text: modelData.text
                font.pixelSize: Style.px(17)
                font.bold: true
                color: Style.muted
                elide: Text.ElideRight
            }
        }
    }

    Flickable {
        id: list
        Layout.fillWidth: true
        Layout.fillHeight: true
        contentHeight: rows.implicitHeight
        clip: true
        boundsBehavior: Flickable.StopAtBounds
        ScrollBar.vertical: ScrollBar {}

        Column {
            id: rows
            width: list.width
            Repeater {
                model: root.model
                delegate: Rectangle {
                    id: row
                    required property int index
                    required property string name
                    required property string title
                    required property bool correct
                    required property int status
                    required property real rowProgress
                    required property int ordersSucceeded
                    required property var initialStock
                    required property var expectedStock
                    required property var oversold
                    required property var finalStock
                    required property var problems
                    required property int outcome
                    required property string brief
                    required property real ordersPerSecond
                    required property real latencyP50Ms
                    required property real latencyP99Ms
                    required property var retries
                    required property string note

                    readonly property bool done: status === StressComparison.Done

                    objectName: "row_" + name
                    width: rows.width
                    height: Style.px(52)
                    color: index % 2 === 0 ? Style.panel : Style.background
                    radius: Style.px(6)

                    // The strategy, its own claim, what it sold and left in stock.
                    Column {
                        x: Style.px(10)
                        width: root.nameWidth - Style.px(10)
                        anchors.verticalCenter: parent.verticalCenter
                        spacing: Style.px(2)
                        Row {
                            spacing: Style.px(8)
                            Label {
                                id: nameText
                                width: Math.min(implicitWidth, root.nameWidth - claimTag.width - Style.px(30))
                                text: row.name
                                font.pixelSize: Style.px(20)
                                font.bold: true
                                color: Style.text
                                elide: Text.ElideRight
                                ToolTip.visible: nameArea.containsMouse
                                ToolTip.text: row.title
                                MouseArea { id: nameArea; anchors.fill: parent; hoverEnabled: true }
                            }
                            // What the strategy claims; the bars show what it did under this load.
                            Rectangle {
                                id: claimTag
                                objectName: "claimTag"
                                anchors.verticalCenter: nameText.verticalCenter
                                width: claimText.implicitWidth + Style.px(12)
                                height: claimText.implicitHeight + Style.px(2)
                                radius: Style.px(4)
                                color: "transparent"
                                border.color: row.correct ? Style.good : Style.race
                                border.width: 1
                                Label {
                                    id: claimText
                                    anchors.centerIn: parent
                                    text: row.correct ? qsTranslate("Strategy", "correct") : qsTranslate("Strategy", "broken")
                                    font.pixelSize: Style.px(13)
                                    color: row.correct ? Style.good : Style.race
                                }
                            }
                        }
                        Label {
                            objectName: "stockText"
                            width: parent.width
                            visible: row.done
                            readonly property string stock: row.finalStock === undefined || row.finalStock === null
                                                            ? "?" : root.count(row.finalStock)
                            // Oversold, initial minus sold is below zero: no stock anything should have.
                            text: row.oversold > 0
                                  ? qsTr("sold %1 of %2 · stock %3: oversold by %4").arg(root.count(row.ordersSucceeded))
                                        .arg(root.count(row.initialStock)).arg(stock).arg(root.count(row.oversold))
                                  : qsTr("sold %1 · stock %2, expected %3").arg(root.count(row.ordersSucceeded))
                                        .arg(stock).arg(root.count(row.expectedStock))
                            font.pixelSize: Style.px(15)
                            color: Style.muted
                            elide: Text.ElideRight
                        }
                    }

                    // Correctness: a red bar as long as the problems found, or what the verdict says instead.
                    Column {
                        x: root.nameWidth + root.gap
                        width: root.columnWidth
                        anchors.verticalCenter: parent.verticalCenter
                        spacing: Style.px(2)
                        visible: row.done
                        Row {
                            spacing: Style.px(8)
                            Rectangle {
                                objectName: "correctnessBar"
                                visible: row.outcome === RunSession.Broken
                                width: Math.max(Style.px(6), (root.columnWidth - root.figureWidth) * row.problems / Math.max(1, root.maxProblems))
                                height: root.barHeight
                                radius: Style.px(4)
                                color: Style.race
                                Behavior on width { NumberAnimation { duration: 250; easing.type: Easing.OutCubic } }
                            }
                            Label {
                                objectName: "problemsText"
                                visible: row.outcome === RunSession.Broken
                                height: root.barHeight
                                verticalAlignment: Text.AlignVCenter
                                text: root.count(row.problems)
                                font.pixelSize: Style.px(20)
                                font.bold: true
                                color: Style.race
                            }
                            // Clean: safe. Untested or made harmless by fencing: said so, in amber.
                            Rectangle {
                                objectName: "safeMark"
                                visible: row.outcome !== RunSession.Broken
                                readonly property color tone: row.outcome === RunSession.Clean ? Style.good : Style.warning
                                width: safeText.implicitWidth + Style.px(24)
                                height: root.barHeight
                                radius: height / 2
                                color: Qt.rgba(tone.r, tone.g, tone.b, 0.15)
                                border.color: tone
                                border.width: Style.px(2)
                                Label {
                                    id: safeText
                                    anchors.centerIn: parent
                                    text: row.outcome === RunSession.Clean ? qsTr("✓ safe")
                                        : row.outcome === RunSession.Harmless ? qsTr("⚠ harmless: fencing")
                                        : qsTr("? not exercised")
                                    font.pixelSize: Style.px(17)
                                    font.bold: true
                                    color: parent.tone
                                }
                            }
                        }
                        Label {
                            objectName: "problemsDetail"
                            width: parent.width
                            // The verdict's own words, one brief per finding.
                            text: row.brief
                            font.pixelSize: Style.px(15)
                            color: row.outcome === RunSession.Broken ? Style.race : Style.muted
                            elide: Text.ElideRight
                        }
                    }
                    Label {
                        objectName: "statusText"
                        x: root.nameWidth + root.gap
                        anchors.verticalCenter: parent.verticalCenter
                        visible: !row.done
                        // A stopped or skipped row says why across both columns.
                        width: 2 * root.columnWidth + root.gap - Style.px(10)
                        text: row.status === StressComparison.Running ? qsTr("running…")
                            : row.status === StressComparison.Cancelled ? qsTr("cancelled")
                            : row.status === StressComparison.Stopped ? "⚠ " + qsTr("stopped: %1").arg(row.note)
                            : row.status === StressComparison.Skipped ? qsTr("not run: %1").arg(row.note) : "—"
                        font.pixelSize: Style.px(17)
                        color: row.status === StressComparison.Stopped ? Style.warning : Style.muted
                        elide: Text.ElideRight
                    }

                    // Throughput: a bar scaled to the fastest strategy, latency and retries beneath.
                    Column {
                        x: root.nameWidth + 2 * root.gap + root.columnWidth
                        width: root.columnWidth - Style.px(10)
                        anchors.verticalCenter: parent.verticalCenter
                        spacing: Style.px(2)
                        visible: row.done
                        Row {
                            spacing: Style.px(8)
                            Rectangle {
                                objectName: "throughputBar"
                                width: Math.max(Style.px(2), (root.columnWidth - root.figureWidth) * row.ordersPerSecond / Math.max(1, root.maxOrdersPerSecond))
                                height: root.barHeight
                                radius: Style.px(4)
                                color: Style.accent
                                Behavior on width { NumberAnimation { duration: 250; easing.type: Easing.OutCubic } }
                            }
                            Label {
                                objectName: "throughputText"
                                height: root.barHeight
                                verticalAlignment: Text.AlignVCenter
                                text: qsTr("%1 /s").arg(root.count(row.ordersPerSecond))
                                font.pixelSize: Style.px(20)
                                font.bold: true
                                color: Style.text
                            }
                        }
                        Label {
                            width: parent.width
                            text: qsTr("p50 %1 ms · p99 %2 ms · %3 retries").arg(row.latencyP50Ms.toFixed(2))
                                  .arg(row.latencyP99Ms.toFixed(2)).arg(root.count(row.retries))
                            font.pixelSize: Style.px(15)
                            color: Style.muted
                            elide: Text.ElideRight
                        }
                    }
                    ProgressBar {
                        objectName: "rowProgress"
                        x: root.nameWidth + 2 * root.gap + root.columnWidth
                        width: root.columnWidth - root.figureWidth
                        anchors.verticalCenter: parent.verticalCenter
                        visible: row.status === StressComparison.Running
                        from: 0; to: 1
                        value: row.rowProgress
                    }
                }
            }
        }
    }
}
