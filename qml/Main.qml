import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Dialogs
import QtQuick.Layouts
import Qt.labs.settings
import LockStock.Native

ApplicationWindow {
    id: window
    objectName: "mainWindow"
    width: 1600
    height: 960
    minimumWidth: 1100
    minimumHeight: 700
    visible: true
    title: "LockStock — " + controller.scenario + " · " + controller.primary.strategyName

    Material.theme: Style.dark ? Material.Dark : Material.Light
    Material.accent: Style.accent
    Material.primary: Style.accent
    color: Style.background
    font.family: Style.sans
    font.pixelSize: Style.px(16)
    font.capitalization: Font.MixedCase

    property var details: ({})
    readonly property var clientColor: function(i) { return primaryPane.view.clientColor(i) }

    Settings {
        id: settings
        category: "ui"
        property alias x: window.x
        property alias y: window.y
        property alias width: window.width
        property alias height: window.height
        property bool dark: false
        property real scale: 1.0
        property string language: ""
        property string scenario: "lost-update"
        property bool correct: false
        property real speed: 1.0
        property real replayRate: 1.0
    }
    Component.onCompleted: {
        Style.dark = settings.dark
        Style.scale = settings.scale
        controller.scenario = settings.scenario
        controller.correct = settings.correct
        controller.speedFactor = settings.speed
        controller.replayRate = settings.replayRate
    }
    Connections {
        target: controller
        function onConfigChanged() {
            settings.scenario = controller.scenario
            settings.correct = controller.correct
            settings.speed = controller.speedFactor
            window.details = ({})
        }
        function onReplayRateChanged() { settings.replayRate = controller.replayRate }
    }

    function setScale(s) { Style.scale = Math.max(0.8, Math.min(2.0, s)); settings.scale = Style.scale }
    function stepFocused() { controller.step(controller.focusClient) }

    // The one-key shortcuts drive the timeline; over the stress test they would
    // reach it through the popup (and digits belong to its number fields).
    readonly property bool timelineKeys: !stressPopup.opened

    Shortcut { sequence: "Space"; enabled: window.timelineKeys; onActivated: controller.togglePlay() }
    Shortcut { sequence: "Right"; enabled: window.timelineKeys; onActivated: window.stepFocused() }
    Shortcut { sequence: "R"; enabled: window.timelineKeys; onActivated: controller.reset() }
    Shortcut { sequences: ["+", "="]; enabled: window.timelineKeys; onActivated: primaryPane.view.zoomBy(1 / 1.5) }
    Shortcut { sequence: "-"; enabled: window.timelineKeys; onActivated: primaryPane.view.zoomBy(1.5) }
    Shortcut { sequence: "0"; enabled: window.timelineKeys; onActivated: { primaryPane.view.fit(); secondaryPane.view.fit() } }
    Shortcut { sequence: "Ctrl++"; onActivated: window.setScale(Style.scale + 0.1) }
    Shortcut { sequence: "Ctrl+-"; onActivated: window.setScale(Style.scale - 0.1) }
    Repeater {
        model: 9
        delegate: Item {
            required property int index
            Shortcut { sequence: String(index + 1); enabled: window.timelineKeys; onActivated: controller.focusClient = index }
        }
    }

    menuBar: MenuBar {
        font.pixelSize: Style.px(15)
        Menu {
            title: qsTr("&File")
            Action { text: qsTr("Export timeline as &PNG…"); shortcut: "Ctrl+E"; onTriggered: { exportDialog.nameFilters = ["PNG (*.png)"]; exportDialog.defaultSuffix = "png"; exportDialog.open() } }
            Action { text: qsTr("Export timeline as &SVG…"); onTriggered: { exportDialog.nameFilters = ["SVG (*.svg)"]; exportDialog.defaultSuffix = "svg"; exportDialog.open() } }
            MenuSeparator {}
            Action { text: qsTr("&Quit"); shortcut: StandardKey.Quit; onTriggered: Qt.quit() }
        }
        Menu {
            title: qsTr("&Run")
            Action { text: qsTr("Run / Pause"); shortcut: "Space"; enabled: window.timelineKeys; onTriggered: controller.togglePlay() }
            Action { text: qsTr("Step focused client"); shortcut: "Right"; enabled: window.timelineKeys; onTriggered: window.stepFocused() }
            Action { text: qsTr("Reset"); shortcut: "R"; enabled: window.timelineKeys; onTriggered: controller.reset() }
            Action { text: qsTr("Replay"); enabled: controller.finished; onTriggered: controller.replay() }
            MenuSeparator {}
            Action { text: qsTr("S&tress test all strategies…"); shortcut: "Ctrl+T"; onTriggered: stressPopup.open() }
        }
        Menu {
            title: qsTr("&View")
            Action { text: qsTr("Dark theme"); checkable: true; checked: Style.dark; onTriggered: { Style.dark = checked; settings.dark = checked } }
            Action { text: qsTr("Larger text (projector)"); shortcut: "Ctrl++"; onTriggered: window.setScale(Style.scale + 0.1) }
            Action { text: qsTr("Smaller text"); shortcut: "Ctrl+-"; onTriggered: window.setScale(Style.scale - 0.1) }
            Action { text: qsTr("Fit the whole run"); shortcut: "0"; enabled: window.timelineKeys; onTriggered: { primaryPane.view.fit(); secondaryPane.view.fit() } }
        }
        Menu {
            title: qsTr("&Language")
            Repeater {
                model: [{ code: "", name: qsTr("System default") }, { code: "en", name: "English" }, { code: "zh_CN", name: "简体中文" }]
                delegate: MenuItem {
                    required property var modelData
                    text: modelData.name
                    checkable: true
                    checked: translations.language === modelData.code
                    onTriggered: { translations.language = modelData.code; settings.language = modelData.code }
                }
            }
        }
    }

    FileDialog {
        id: exportDialog
        title: qsTr("Export the timeline")
        fileMode: FileDialog.SaveFile
        onAccepted: {
            const error = controller.exportTimeline(selectedFile, Style.dark ? "dark" : "light")
            exportStatus.text = error ? error : qsTr("Saved %1").arg(selectedFile.toString().replace("file://", ""))
            if (controller.compare && !error)
                controller.exportTimeline(selectedFile.toString().replace(/(\.\w+)$/, "-correct$1"), Style.dark ? "dark" : "light", true)
        }
    }

    // Every strategy under the same load, over the whole window; Esc closes it, the runs go on.
    Popup {
        id: stressPopup
        objectName: "stressPopup"
        parent: Overlay.overlay
        x: Style.px(20)
        y: Style.px(20)
        width: parent.width - 2 * x
        height: parent.height - 2 * y
        modal: true
        focus: true
        closePolicy: Popup.CloseOnEscape
        padding: Style.px(20)
        background: Rectangle {
            color: Style.background
            radius: Style.px(10)
            border.color: Style.border
            border.width: 1
        }
        StressChart {
            anchors.fill: parent
            model: controller.stress
            running: controller.stress.running
            progress: controller.stress.progress
            current: controller.stress.current
            error: controller.stress.error
            maxOrdersPerSecond: controller.stress.maxOrdersPerSecond
            maxProblems: controller.stress.maxProblems
            workload: controller.stress.workload
            onStartRequested: (clients, orders, stock) => controller.stress.start(clients, orders, stock)
            onCancelRequested: controller.stress.cancel()
            onCloseRequested: stressPopup.close()
        }
    }

    header: ToolBar {
        Material.background: Style.panel
        Material.elevation: 0
        contentHeight: bar.implicitHeight + Style.px(16)
        ControlBar {
            id: bar
            anchors.fill: parent
            anchors.leftMargin: Style.px(16)
            anchors.rightMargin: Style.px(16)
            scenarios: controller.scenarios
            scenario: controller.scenario
            strategies: controller.strategies
            strategy: controller.strategy
            correct: controller.correct
            compare: controller.compare
            live: controller.live
            running: controller.running
            finished: controller.finished
            replaying: controller.replaying
            clients: controller.primary.clients
            focusClient: controller.focusClient
            speedFactor: controller.speedFactor
            clock: controller.primary.clock
            clientColor: window.clientColor
            onScenarioPicked: name => controller.scenario = name
            onStrategyPicked: name => controller.strategy = name
            onCorrectToggled: c => controller.correct = c
            onCompareToggled: c => controller.compare = c
            onLiveToggled: l => controller.live = l
            onPlayClicked: controller.togglePlay()
            onStepClicked: c => controller.step(c)
            onResetClicked: controller.reset()
            onSpeedPicked: f => controller.speedFactor = f
        }
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: Style.px(12)
        spacing: Style.px(8)

        Rectangle {
            objectName: "banner"
            Layout.fillWidth: true
            visible: controller.banner.length > 0
            implicitHeight: bannerText.implicitHeight + Style.px(16)
            radius: Style.px(6)
            color: Style.race
            Label {
                id: bannerText
                anchors.fill: parent
                anchors.margins: Style.px(8)
                text: "⚠ " + controller.banner
                color: "white"
                font.bold: true
                font.pixelSize: Style.px(17)
                wrapMode: Text.WordWrap
            }
        }
        Label {
            Layout.fillWidth: true
            text: "<b>" + controller.scenarioTitle + "</b> — " + controller.scenarioLesson
            textFormat: Text.StyledText
            wrapMode: Text.WordWrap
            font.pixelSize: Style.px(17)
            color: Style.text
        }

        SplitView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            orientation: Qt.Horizontal

            ColumnLayout {
                SplitView.fillWidth: true
                SplitView.minimumWidth: Style.px(600)
                spacing: Style.px(8)
                // Side by side means side by side: the broken and the correct run in two columns.
                GridLayout {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    columns: controller.compare ? 2 : 1
                    columnSpacing: Style.px(12)
                    TimelinePane {
                        id: primaryPane
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        session: controller.primary
                        cursorMs: controller.cursorMs
                        onEventClicked: index => {
                            window.details = controller.primary.eventDetails(index)
                            if (window.details.client >= 0)
                                controller.focusClient = window.details.client
                            if (controller.finished)
                                controller.cursorMs = window.details.timeMs
                        }
                        onCursorRequested: ms => { if (controller.finished) controller.cursorMs = ms }
                    }
                    TimelinePane {
                        id: secondaryPane
                        visible: controller.compare
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        session: controller.secondary
                        cursorMs: controller.cursorMs
                        onEventClicked: index => window.details = controller.secondary.eventDetails(index)
                        onCursorRequested: ms => { if (controller.finished) controller.cursorMs = ms }
                    }
                }
                ReplayBar {
                    Layout.fillWidth: true
                    durationMs: controller.durationMs
                    cursorMs: controller.cursorMs
                    finished: controller.finished
                    replaying: controller.replaying
                    rate: controller.replayRate
                    onScrubbed: ms => { controller.stopReplay(); controller.cursorMs = ms }
                    onReplayClicked: controller.replaying ? controller.stopReplay() : controller.replay()
                    onRateChosen: r => controller.replayRate = r
                }
            }

            SplitView {
                orientation: Qt.Vertical
                visible: !controller.compare
                SplitView.preferredWidth: Style.px(560)
                SplitView.minimumWidth: Style.px(360)

                Pane {
                    SplitView.fillHeight: true
                    SplitView.minimumHeight: Style.px(160)
                    Material.background: Style.panel
                    padding: Style.px(10)
                    CodePanel {
                        anchors.fill: parent
                        code: controller.code
                        clientNames: controller.primary.clients
                        clientColor: window.clientColor
                    }
                }
                Pane {
                    SplitView.preferredHeight: Style.px(290)
                    SplitView.minimumHeight: Style.px(160)
                    Material.background: Style.panel
                    padding: Style.px(10)
                    RedisPanel {
                        anchors.fill: parent
                        redisState: controller.redisState
                        monitor: controller.primary.model
                        currentRow: controller.cursorMs < 0 ? -1 : controller.primary.model.rowAt(controller.cursorMs)
                        leaseMs: controller.leaseRedisMs
                        serverLabel: controller.redisLabel
                        clientColor: window.clientColor
                    }
                }
                Pane {
                    SplitView.preferredHeight: Style.px(230)
                    SplitView.minimumHeight: Style.px(120)
                    Material.background: Style.panel
                    padding: Style.px(10)
                    EventInspector {
                        anchors.fill: parent
                        details: window.details
                        clientColor: window.clientColor
                    }
                }
            }
        }
    }

    footer: Label {
        id: exportStatus
        padding: Style.px(6)
        leftPadding: Style.px(14)
        font.pixelSize: Style.px(13)
        color: Style.muted
        text: qsTr("Space run/pause · → step · 1–9 focus client · R reset · wheel zoom · drag scroll · click an event for details · Ctrl+T stress test")
    }
}
