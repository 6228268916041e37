pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// Scenario, strategy, the broken/correct switch; under them the run controls
// and, for a finished run, the replay's scrubber: two rows where they fit.
ColumnLayout {
    id: root
    // A new model (the language changed) resets a box's index after its binding
    // ran: the binding is set again once the box is done.
    Timer { id: rebindScenario; interval: 0; onTriggered: scenarioBox.currentIndex = Qt.binding(() => root.indexOfName(root.scenarios, root.scenario)) }
    Timer { id: rebindStrategy; interval: 0; onTriggered: strategyBox.currentIndex = Qt.binding(() => root.indexOfName(root.strategies, root.strategy)) }
    property var scenarios: []
    property string scenario: ""
    property var strategies: []
    property string strategy: ""
    property bool correct: false
    property bool compare: false
    property bool live: false
    property bool running: false
    property bool finished: false
    property bool canFork: false
    property bool replaying: false
    property var clients: []
    property int focusClient: 0
    property real speedFactor: 1
    property string clock: "virtual"
    property real durationMs: 0
    property real cursorMs: -1
    property real replayRate: 1

    signal scenarioPicked(string name)
    signal strategyPicked(string name)
    signal correctToggled(bool correct)
    signal compareToggled(bool compare)
    signal liveToggled(bool live)
    signal playClicked()
    signal stepClicked(int client)
    signal resetClicked()
    signal forkClicked()
    signal speedPicked(real factor)
    signal scrubbed(real ms)
    signal replayRateChosen(real rate)

    spacing: Style.px(4)

    // "watchdog · correct here": the side of this scenario's toggle a strategy is on.
    function strategyLabel(s) {
        return s.side === "broken" ? qsTr("%1 · broken here").arg(s.name)
             : s.side === "correct" ? qsTr("%1 · correct here").arg(s.name) : s.name
    }

    function indexOfName(list, name) {
        for (let i = 0; i < list.length; ++i)
            if (list[i].name === name)
                return i
        return -1
    }

    // The rest of the last line of `flow` once it placed its children, the
    // replay's row left out. Measured, not bound to their widths: Qt 6.4
    // crashed (SIGSEGV) on such a binding while a Repeater built 20 step
    // buttons (flash-sale).
    function lastLineRest(flow) {
        let bottom = -1, end = 0
        for (let i = 0; i < flow.children.length; ++i) {
            const c = flow.children[i]
            if (!c.visible || c === replayRow || c.width <= 0)
                continue
            if (c.y > bottom) {
                bottom = c.y
                end = 0
            }
            if (c.y === bottom)
                end = Math.max(end, c.x + c.width + flow.spacing)
        }
        return flow.width - end
    }
    readonly property real replayMinimumWidth: Style.px(420)
    property real settingsRest: 0
    property real controlsRest: 0

    // Both rows wrap where the window is too narrow for them (text ×1.5 on a
    // projector, twenty clients' step buttons): every control stays in reach.
    // The replay's row ends the run controls' line, else the first row's
    // last line, else has a line of its own: at 1366×768 and text ×1.5 the
    // bar keeps three lines, not four, and the lanes that height.
    Flow {
    id: settingsRow
    spacing: Style.px(12)
    Layout.fillWidth: true
    onPositioningComplete: measure.restart()
    // What the switch leaves on the first line: the boxes share it before
    // they push the switch to a line of its own. Each is as wide as its
    // words where they fit; short of room the strategy's says only its name
    // (the switch says the side), then the scenario's title ends in "…".
    readonly property real boxesWidth: Math.max(Style.px(440), Math.floor(width - sideSwitch.width - 2 * spacing) - 2)
    TextMetrics { id: scenarioWords; font: scenarioBox.font; text: scenarioBox.displayText }
    TextMetrics { id: strategyWords; font: strategyBox.font; text: strategyBox.currentIndex >= 0 ? root.strategyLabel(root.strategies[strategyBox.currentIndex]) : "" }
    TextMetrics { id: strategyName; font: strategyBox.font; text: root.strategy }
    // A box's width for `words`: its label's padding, its arrow's room.
    function boxWidth(box, words) { return Math.ceil(words.advanceWidth + Style.px(12) + box.leftPadding + box.rightPadding) + 2 }
    // What both boxes have together, as before they shared it by their words.
    readonly property real boxesShare: Math.min(Style.px(680), boxesWidth)
    readonly property real strategyWidth: Math.floor(Math.min(boxWidth(strategyBox, strategyWords),
                                                              Math.max(boxWidth(strategyBox, strategyName),
                                                                       boxesShare - boxWidth(scenarioBox, scenarioWords)),
                                                              root.width))
    // The scenarios as a course: numbered titles in the order they are taught.
    ElidingComboBox {
        id: scenarioBox
        objectName: "scenarioBox"
        width: Math.floor(Math.min(settingsRow.boxesShare - settingsRow.strategyWidth, root.width))
        height: Style.px(40)
        font.pixelSize: Style.px(16)
        model: root.scenarios
        textRole: "title"
        currentIndex: root.indexOfName(root.scenarios, root.scenario)
        onModelChanged: rebindScenario.restart()
        // An opened file has no number in the course (0).
        function label(s) { return s.course > 0 ? s.course + ". " + s.title : s.title }
        displayText: currentIndex >= 0 ? label(root.scenarios[currentIndex]) : ""
        onActivated: index => root.scenarioPicked(root.scenarios[index].name)
        popupWidth: Math.max(width, Math.min(Style.px(760), root.width))
        delegate: ItemDelegate {
            id: scenarioItem
            required property var modelData
            required property int index
            width: scenarioBox.popupWidth
            text: scenarioBox.label(modelData)
            font.pixelSize: Style.px(16)
            highlighted: scenarioBox.highlightedIndex === index
        }
        Hint {
            hovered: scenarioBox.hovered && !scenarioBox.down
            pressed: scenarioBox.pressed
            maxWidth: Style.px(640)
            text: scenarioBox.currentIndex >= 0 ? root.scenarios[scenarioBox.currentIndex].name + ": " + root.scenarios[scenarioBox.currentIndex].lesson : ""
        }
    }
    // Each strategy says which side of this scenario it is on.
    ElidingComboBox {
        id: strategyBox
        objectName: "strategyBox"
        width: settingsRow.strategyWidth
        height: Style.px(40)
        font.pixelSize: Style.px(16)
        enabled: !root.compare
        model: root.strategies
        textRole: "name"
        currentIndex: root.indexOfName(root.strategies, root.strategy)
        onModelChanged: rebindStrategy.restart()
        displayText: strategyWords.text
        shortText: root.strategy
        onActivated: index => root.strategyPicked(root.strategies[index].name)
        popupWidth: Math.max(width, Math.min(Style.px(460), root.width))
        delegate: ItemDelegate {
            required property var modelData
            required property int index
            width: strategyBox.popupWidth
            text: root.strategyLabel(modelData)
            font.pixelSize: Style.px(16)
            font.bold: modelData.side !== ""
            highlighted: strategyBox.highlightedIndex === index
        }
        Hint {
            hovered: strategyBox.hovered && !strategyBox.down
            pressed: strategyBox.pressed
            maxWidth: Style.px(640)
            text: strategyBox.currentIndex >= 0 ? root.strategies[strategyBox.currentIndex].title + "\n" + root.strategies[strategyBox.currentIndex].lesson : ""
        }
    }
    SideSwitch {
        id: sideSwitch
        objectName: "sideSwitch"
        correct: root.correct
        enabledSwitch: !root.compare
        onToggled: c => root.correctToggled(c)
    }
    CheckBox {
        focusPolicy: Qt.NoFocus
        objectName: "compareBox"
        height: Style.px(38)
        text: qsTr("Side by side")
        font.pixelSize: Style.px(16)
        checked: root.compare
        onToggled: root.compareToggled(checked)
    }
    CheckBox {
        id: liveBox
        focusPolicy: Qt.NoFocus
        height: Style.px(38)
        text: qsTr("Live threads")
        font.pixelSize: Style.px(16)
        checked: root.live
        onToggled: root.liveToggled(checked)
        Hint { hovered: liveBox.hovered; pressed: liveBox.pressed; text: qsTr("A thread per client at full speed, as in production; no stepping, no Redis probes.") }
    }
    }
    Flow {
    id: controlRow
    spacing: Style.px(12)
    Layout.fillWidth: true
    // Labels and the slider are centred on the buttons' height.
    readonly property real rowHeight: playButton.implicitHeight
    onPositioningComplete: measure.restart()
    Timer {
        id: measure
        interval: 0
        onTriggered: {
            root.settingsRest = root.lastLineRest(settingsRow)
            root.controlsRest = root.lastLineRest(controlRow)
        }
    }
    BarButton {
        id: playButton
        objectName: "playButton"
        text: root.finished ? (root.replaying ? qsTr("⏸ Pause") : qsTr("⟲ Replay"))
                            : (root.running ? qsTr("⏸ Pause") : qsTr("▶ Run"))
        highlighted: true
        font.pixelSize: Style.px(18)
        font.bold: true
        width: Style.px(140)
        onClicked: root.playClicked()
        Hint { hovered: playButton.hovered; pressed: playButton.pressed; text: qsTr("Space") }
    }
    Label { text: qsTr("Step"); font.pixelSize: Style.px(16); color: Style.muted; height: controlRow.rowHeight; verticalAlignment: Text.AlignVCenter }
    Repeater {
        model: root.clients
        delegate: BarButton {
            id: stepButton
            required property int index
            required property string modelData
            objectName: "step" + modelData
            text: modelData + " →"
            enabled: !root.running && !root.finished && !root.live
            font.pixelSize: Style.px(17)
            font.bold: true
            width: Style.px(64)
            palette.buttonText: Colours.client(index, Style.dark)
            flat: index !== root.focusClient
            onClicked: root.stepClicked(index)
            Hint { hovered: stepButton.hovered; pressed: stepButton.pressed; text: qsTr("Run %1's next command (→ steps the focused client, 1–9 picks it)").arg(stepButton.modelData) }
        }
    }
    BarButton {
        id: resetButton
        objectName: "resetButton"
        text: qsTr("↺ Reset")
        font.pixelSize: Style.px(16)
        onClicked: root.resetClicked()
        Hint { hovered: resetButton.hovered; pressed: resetButton.pressed; text: qsTr("R") }
    }
    BarButton {
        id: forkButton
        objectName: "forkOpenButton"
        visible: root.canFork
        // Laid out when it shows: only Symbola has ⑂, and looking for it
        // through the fallback fonts held back the window's first frame.
        text: visible ? qsTr("⑂ Fork") : ""
        font.pixelSize: Style.px(16)
        onClicked: root.forkClicked()
        Hint { hovered: forkButton.hovered; pressed: forkButton.pressed; text: qsTr("F: replay the run to the cursor and go on from there with a change") }
    }
    Label { text: qsTr("Speed"); font.pixelSize: Style.px(16); color: Style.muted; height: controlRow.rowHeight; verticalAlignment: Text.AlignVCenter }
    Slider {
        focusPolicy: Qt.NoFocus
        id: speed
        objectName: "speedSlider"
        height: controlRow.rowHeight
        width: Style.px(120)
        // Logarithmic: 1/16 slow motion to 16× faster than the scenario's own pace.
        from: -4; to: 4; stepSize: 0.5
        value: Math.log2(root.speedFactor)
        onMoved: root.speedPicked(Math.pow(2, value))
    }
    Label {
        text: root.speedFactor >= 1 ? "×" + Math.round(root.speedFactor) : "×1/" + Math.round(1 / root.speedFactor)
        font.pixelSize: Style.px(16)
        color: Style.text
        width: Style.px(56)
        height: controlRow.rowHeight
        verticalAlignment: Text.AlignVCenter
        HoverHandler { id: speedHover }
        Hint {
            hovered: speedHover.hovered
            maxWidth: Style.px(520)
            text: root.live
                  ? qsTr("Run speed relative to the scenario's; applies from the next run. Live threads use the real clock: leases scale with it.")
                  : qsTr("Playback speed relative to the scenario's, at once. Only the window's pace: Redis keeps the lesson's own times.")
        }
    }
    // The clock the run is on, then the finished run's scrubber (placed by
    // the bar, see above: last among the children of the Flow it is in).
    RowLayout {
        id: replayRow
        objectName: "replayRow"
        readonly property bool afterSettings: root.controlsRest < root.replayMinimumWidth
                                              && root.settingsRest >= root.replayMinimumWidth
        parent: afterSettings ? settingsRow : controlRow
        width: Math.floor(afterSettings ? root.settingsRest
                                        : root.controlsRest >= root.replayMinimumWidth ? root.controlsRest : controlRow.width) - 1
        height: controlRow.rowHeight
        spacing: controlRow.spacing
        Label {
            objectName: "clockLabel"
            text: root.clock === "virtual" ? qsTr("virtual clock") : qsTr("real clock")
            font.pixelSize: Style.px(15)
            color: Style.muted
            HoverHandler { id: clockHover }
            Hint {
                hovered: clockHover.hovered
                maxWidth: Style.px(520)
                text: root.clock === "virtual"
                      ? qsTr("Redis runs on the run's own clock: pausing freezes every lease, the same run gives the same history.")
                      : qsTr("Redis runs on the wall clock, as in production: leases keep running while you watch.")
            }
        }
        ReplayBar {
            objectName: "replayBar"
            Layout.fillWidth: true
            durationMs: root.durationMs
            cursorMs: root.cursorMs
            finished: root.finished
            rate: root.replayRate
            onScrubbed: ms => root.scrubbed(ms)
            onRateChosen: r => root.replayRateChosen(r)
        }
    }
    }
}
