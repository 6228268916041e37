pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts
import Qt.labs.settings
import LockStock.Native

ApplicationWindow {
    id: window
    objectName: "mainWindow"
    // The first start fits the screen (a 1366×768 projector too); then the size is remembered.
    width: Math.min(1600, Math.round(Screen.desktopAvailableWidth * 0.96))
    height: Math.min(960, Math.round(Screen.desktopAvailableHeight * 0.92))
    minimumWidth: Math.min(1000, Screen.desktopAvailableWidth)
    minimumHeight: Math.min(600, Screen.desktopAvailableHeight)
    visible: true
    // Qt adds " — LockStock" (the application's display name).
    title: Controller.scenarioTitle + " · " + Controller.primary.strategyName

    Material.theme: Style.dark ? Material.Dark : Material.Light
    Material.accent: Style.accent
    Material.primary: Style.accent
    color: Style.background
    font.family: Style.sans
    font.pixelSize: Style.px(16)
    font.capitalization: Font.MixedCase

    property var details: ({})
    property RunSession detailsFrom: null   // whose event `details` is
    // The clicked event of a session, in the language in use.
    function showDetails(session, index) {
        window.detailsFrom = session
        window.details = session.eventDetails(index)
    }
    Connections {
        target: Translations
        // The inspector's words come from the analysis: asked for again in the new language.
        function onLanguageChanged() {
            if (window.detailsFrom && window.details.index !== undefined)
                window.showDetails(window.detailsFrom, window.details.index)
        }
    }
    // The first frame is on the screen (loadWindow says it): the parts the
    // first frame goes without (the side panels, the course on a first
    // start) are made then.
    property bool shown: false
    // Over the course, when that opens: the font advice is what the class needs first.
    onShownChanged: {
        if (shown && browseAtStart)
            lessonBrowser.open()
        if (shown)
            adviseFont()
    }
    property bool browseAtStart: false
    // Every part made after the first frame is there; the tests wait for it,
    // and bench_window_start times it.
    readonly property bool complete: sidePanels.status === Loader.Ready && (!browseAtStart || lessonBrowser.object !== null)
    // The side panels show, and with them the lesson and the verdict beside the timeline.
    readonly property bool besideTimeline: !Controller.sideBySide && !presenting && settings.sidePanels
    // A lesson keeps the outcome for its frame on the verdict: the class predicts it first.
    readonly property bool verdictShown: !LessonPlayer.active || LessonPlayer.highlight === "verdict"
    // Above the lanes, the verdict takes a few lines (its findings scroll);
    // presenting, every finding shows (the lanes are drawn to fit the rest).
    readonly property real verdictMaximumHeight: presenting ? height * 0.5 : Infinity

    Settings {
        id: settings
        category: "ui"
        property alias x: window.x
        property alias y: window.y
        property alias width: window.width
        property alias height: window.height
        property bool dark: false
        property real scale: 1.0
        property string scenario: "lost-update"
        property bool correct: false
        property real speed: 1.0
        property real replayRate: 1.0
        property real presentationScale: 1.5
        property bool sidePanels: true
        property bool lessonFolded: false
        property string watchSetup: "single"
        property string codeLanguage: "python"
    }
    Component.onCompleted: {
        // A size remembered on a bigger screen still fits this one.
        width = Math.min(width, Screen.desktopAvailableWidth)
        height = Math.min(height, Screen.desktopAvailableHeight)
        x = Math.max(Screen.virtualX, Math.min(x, Screen.virtualX + Screen.desktopAvailableWidth - width))
        y = Math.max(Screen.virtualY, Math.min(y, Screen.virtualY + Screen.desktopAvailableHeight - height))
        Style.dark = settings.dark
        Style.scale = settings.scale
        Controller.code.language = settings.codeLanguage
        // Read first: choosing the scenario saves the settings of the one it replaces.
        const correct = settings.correct
        const speed = settings.speed
        const replayRate = settings.replayRate
        // A file named on the command line is what this start is for: it
        // stays, with no course over it.
        const fileGiven = Controller.scenarioFile.length > 0
        if (!fileGiven) {
            Controller.scenario = settings.scenario
            Controller.correct = correct
        }
        Controller.speedFactor = speed
        Controller.replayRate = replayRate
        // The class goes on where it stopped; the first start opens the course.
        if (fileGiven)
            return
        if (LessonPlayer.savedLesson.length > 0)
            LessonPlayer.resume()
        else
            browseAtStart = true
    }
    Connections {
        target: Controller
        function onConfigChanged() {
            settings.scenario = Controller.scenario
            settings.correct = Controller.correct
            settings.speed = Controller.speedFactor
            window.details = ({})
            // Zoom is a run's: another scenario, side or run starts fitted.
            primaryPane.view.fit()
            secondaryPane.view?.fit()
        }
        function onReplayRateChanged() { settings.replayRate = Controller.replayRate }
    }

    function setScale(s) {
        Style.scale = Math.max(0.8, Math.min(2.0, s))
        if (presenting)
            settings.presentationScale = Style.scale
        else
            settings.scale = Style.scale
    }

    // Presentation mode (F5): the timeline and the verdict over the whole
    // screen in the back row's type size; F5 or Esc gives the window back.
    property bool presenting: false
    property int windowedVisibility: Window.Windowed
    function setPresenting(on) {
        if (on === presenting)
            return
        if (on)
            windowedVisibility = visibility === Window.FullScreen ? Window.Windowed : visibility
        presenting = on
        visibility = on ? Window.FullScreen : windowedVisibility
        Style.scale = on ? Math.max(settings.scale, settings.presentationScale) : settings.scale
    }
    Shortcut { sequence: "Esc"; enabled: window.presenting && window.timelineKeys; onActivated: window.setPresenting(false) }
    function pickCodeLanguage(language) {
        settings.codeLanguage = language
        Controller.code.language = language
    }
    function stepFocused() { Controller.step(Controller.focusClient) }
    function openFork() {
        const fork = forkPopup.make()
        fork.atMs = Controller.cursorMs
        fork.open()
    }
    function exportAs(nameFilters, suffix) {
        const dialog = exportDialog.make()
        dialog.nameFilters = nameFilters
        dialog.defaultSuffix = suffix
        dialog.suggestedName = window.fileStem() + "." + suffix
        dialog.open()
    }
    // What a file is called to begin with: the scenario's name (an opened
    // file's, without its folder), and for a picture of the run, the strategy shown.
    function scenarioStem() {
        return Controller.scenario.substring(Controller.scenario.lastIndexOf("/") + 1).replace(/(\.lockstock)?\.json$/i, "")
    }
    function fileStem() { return scenarioStem() + "-" + Controller.primary.strategyName }
    // What an export or an edit did, for a moment over the window's foot.
    function showStatus(text, timeout) { exportStatus.make().show(text, timeout) }
    // Chinese on a machine with no Chinese font: what to install.
    function adviseFont() {
        if (Translations.fontAdvice.length > 0)
            showStatus(Translations.fontAdvice, 20000)
    }
    Connections {
        target: Translations
        function onLanguageChanged() { window.adviseFont() }
    }

    // The one-key shortcuts drive the timeline; over the stress test they would
    // reach it through the popup (and digits belong to its number fields).
    readonly property bool timelineKeys: !stressPopup.opened && !lessonBrowser.opened && !forkPopup.opened

    // Run, step, reset, fit and text size are the menus' Actions; these have no menu entry.
    Shortcut { sequences: ["+", "="]; enabled: window.timelineKeys; onActivated: primaryPane.view.zoomBy(1 / 1.5) }
    Shortcut { sequence: "-"; enabled: window.timelineKeys; onActivated: primaryPane.view.zoomBy(1.5) }
    Repeater {
        model: 9
        delegate: Item {
            id: digit
            required property int index
            Shortcut { sequence: String(digit.index + 1); enabled: window.timelineKeys; onActivated: Controller.focusClient = digit.index }
        }
    }

    menuBar: MenuBar {
        visible: !window.presenting
        font.pixelSize: Style.px(15)
        AppMenu {
            objectName: "fileMenu"
            title: qsTr("&File")
            Action { objectName: "openAction"; text: qsTr("&Open scenario…"); shortcut: "Ctrl+O"; onTriggered: openDialog.open() }
            AppMenu {
                id: recentMenu
                objectName: "recentMenu"
                title: qsTr("Open &recent")
                enabled: Controller.recentFiles.length > 0
                Instantiator {
                    model: Controller.recentFiles
                    delegate: Action {
                        required property string modelData
                        required property int index
                        text: "&" + (index + 1) + "  " + modelData.substring(modelData.lastIndexOf("/") + 1)
                        onTriggered: Controller.openScenario("file://" + modelData)
                    }
                    onObjectAdded: (index, object) => recentMenu.insertAction(index, object)
                    onObjectRemoved: (index, object) => recentMenu.removeAction(object)
                }
            }
            Action { objectName: "saveScenarioAction"; text: qsTr("Save scenario &as…"); shortcut: "Ctrl+Shift+S"; onTriggered: saveScenarioDialog.open() }
            MenuSeparator {}
            Action { objectName: "exportPngAction"; text: qsTr("Export timeline as &PNG…"); shortcut: "Ctrl+E"; onTriggered: window.exportAs(["PNG (*.png)"], "png") }
            Action { objectName: "exportSvgAction"; text: qsTr("Export timeline as &SVG…"); shortcut: "Ctrl+Shift+E"; onTriggered: window.exportAs(["SVG (*.svg)"], "svg") }
            Action { objectName: "exportAnimationAction"; text: qsTr("Export &animation…"); shortcut: "Ctrl+Alt+E"; enabled: Controller.finished && Controller.animationProgress < 0; onTriggered: animationDialog.open() }
            Action { objectName: "exportPollAction"; text: qsTr("Export p&oll results…"); enabled: ClassPoll.hasResults; onTriggered: classPoll.exportResults() }
            MenuSeparator {}
            Action { text: qsTr("&Quit"); shortcut: "Ctrl+Q"; onTriggered: Qt.quit() }
        }
        AppMenu {
            objectName: "editMenu"
            title: qsTr("&Edit")
            Action { objectName: "undoAction"; text: qsTr("&Undo %1").arg(Controller.editor.undoText); shortcut: "Ctrl+Z"; enabled: Controller.editor.canUndo; onTriggered: Controller.editor.undo() }
            Action { objectName: "redoAction"; text: qsTr("&Redo %1").arg(Controller.editor.redoText); shortcut: "Ctrl+Shift+Z"; enabled: Controller.editor.canRedo; onTriggered: Controller.editor.redo() }
            MenuSeparator {}
            Action { objectName: "scenarioPanelAction"; text: qsTr("&Scenario parameters…"); shortcut: "Ctrl+P"; checkable: true; checked: scenarioPopup.opened; onTriggered: scenarioPopup.opened ? scenarioPopup.close() : scenarioPopup.open() }
            Action { objectName: "hidePreviousAction"; text: qsTr("&Hide the run before the edit"); enabled: Controller.previousShown; onTriggered: Controller.hidePrevious() }
        }
        AppMenu {
            objectName: "runMenu"
            title: qsTr("&Run")
            Action { text: qsTr("Run / Pause"); shortcut: "Space"; enabled: window.timelineKeys && !LessonPlayer.active; onTriggered: Controller.togglePlay() }
            Action { text: qsTr("Step focused client"); shortcut: "Right"; enabled: window.timelineKeys && !LessonPlayer.active; onTriggered: window.stepFocused() }
            Action { objectName: "undoStepAction"; text: qsTr("Undo the last step"); shortcut: "Backspace"; enabled: window.timelineKeys && !LessonPlayer.active && Controller.canUndoStep; onTriggered: Controller.undoStep() }
            Action { text: qsTr("Reset"); shortcut: "R"; enabled: window.timelineKeys; onTriggered: Controller.reset() }
            Action { text: qsTr("Replay"); enabled: Controller.finished; onTriggered: Controller.replay() }
            Action {
                objectName: "challengeAction"
                text: qsTr("&Challenge: play the scheduler")
                shortcut: "Ctrl+G"
                checkable: true
                checked: Challenge.active
                enabled: Challenge.available || Challenge.active
                onTriggered: {
                    if (Challenge.active) {
                        Challenge.stop()
                        return
                    }
                    LessonPlayer.close()
                    Challenge.start()
                }
            }
            Action { objectName: "forkAction"; text: qsTr("&Fork the future here…"); shortcut: "F"; enabled: window.timelineKeys && Controller.canFork; onTriggered: window.openFork() }
            MenuSeparator {}
            Action { text: qsTr("S&tress test all strategies…"); shortcut: "Ctrl+T"; onTriggered: stressPopup.open() }
            Action { objectName: "exploreAction"; text: qsTr("E&xplore all schedules…"); shortcut: "Ctrl+Shift+X"; onTriggered: explorePopup.open() }
            Action { objectName: "watchAction"; text: qsTr("&Watch external clients…"); shortcut: "Ctrl+Shift+W"; onTriggered: watchPopup.open() }
        }
        AppMenu {
            objectName: "viewMenu"
            title: qsTr("&View")
            Action { objectName: "lessonsAction"; text: qsTr("Guided &lessons…"); shortcut: "Ctrl+L"; onTriggered: lessonBrowser.open() }
            Action { text: qsTr("Presentation mode"); shortcut: "F5"; checkable: true; checked: window.presenting; onTriggered: window.setPresenting(checked) }
            Action { text: qsTr("Side panels"); shortcut: "Ctrl+B"; checkable: true; checked: settings.sidePanels; onTriggered: settings.sidePanels = checked }
            Action { text: qsTr("Dark theme"); checkable: true; checked: Style.dark; onTriggered: { Style.dark = checked; settings.dark = checked } }
            Action { text: qsTr("Larger text (projector)"); shortcut: "Ctrl++"; onTriggered: window.setScale(Style.scale + 0.1) }
            Action { text: qsTr("Smaller text"); shortcut: "Ctrl+-"; onTriggered: window.setScale(Style.scale - 0.1) }
            Action { text: qsTr("Fit the whole run"); shortcut: "0"; enabled: window.timelineKeys; onTriggered: { primaryPane.view.fit(); secondaryPane.view?.fit() } }
        }
        LessonMenu {}
        // One language at a time; the choice is remembered (GuiApp).
        AppMenu {
            objectName: "languageMenu"
            title: qsTr("&Language")
            exclusive: true
            Action { text: qsTr("System default"); checkable: true; checked: Translations.language === ""; onTriggered: Translations.language = "" }
            Action { text: "English"; checkable: true; checked: Translations.language === "en"; onTriggered: Translations.language = "en" }
            Action { text: "简体中文"; checkable: true; checked: Translations.language === "zh_CN"; onTriggered: Translations.language = "zh_CN" }
        }
        // The keys without a menu entry of their own.
        AppMenu {
            objectName: "helpMenu"
            title: qsTr("&Help")
            notes: true
            Action { text: qsTr("1–9: focus a client (→ steps it)"); enabled: false }
            Action { text: qsTr("+ / −, or the wheel: zoom"); enabled: false }
            Action { text: qsTr("Drag: scroll in time"); enabled: false }
            Action { text: qsTr("Wheel over the lane names: scroll the lanes"); enabled: false }
            Action { text: qsTr("Click an event: its details and the replay's cursor"); enabled: false }
            Action { text: qsTr("F: fork the run at the replay cursor, or where it stands"); enabled: false }
            Action { text: qsTr("Backspace: undo the last step (the run is replayed to just before it)"); enabled: false }
            Action { text: qsTr("Esc: leave presentation mode"); enabled: false }
        }
    }

    OnDemand {
        id: exportDialog
        parentItem: window.contentItem
        component: Component {
            FilePicker {
                objectName: "exportDialog"
                title: qsTr("Export the timeline")
                saving: true
                kind: "exports"
                onAccepted: {
                    const error = Controller.exportTimeline(selectedFile, Style.dark ? "dark" : "light")
                    window.showStatus(error ? error : qsTr("Saved %1").arg(decodeURIComponent(selectedFile.toString().replace("file://", ""))), 6000)
                    if (Controller.compare && !error)
                        Controller.exportTimeline(selectedFile.toString().replace(/(\.\w+)$/, "-correct$1"), Style.dark ? "dark" : "light", true)
                }
            }
        }
    }

    // The run as it played, painted frame by frame on its own time (not a screen recording).
    OnDemand {
        id: animationDialog
        parentItem: window.contentItem
        component: Component {
            FilePicker {
                objectName: "animationDialog"
                title: qsTr("Export the run as an animation")
                saving: true
                kind: "exports"
                suggestedName: window.fileStem() + ".gif"
                nameFilters: [qsTr("GIF animation (*.gif)"), qsTr("WebM video (*.webm)"), qsTr("MP4 video (*.mp4)"), qsTr("Animated PNG (*.apng)")]
                onAccepted: {
                    const error = Controller.exportAnimation(selectedFile, Style.dark ? "dark" : "light")
                    window.showStatus(error ? error : qsTr("Exporting the animation…"), error ? 6000 : -1)
                }
            }
        }
    }
    Connections {
        target: Controller
        function onAnimationProgressChanged() {
            if (Controller.animationProgress >= 0)
                window.showStatus(qsTr("Exporting the animation… %1%").arg(Math.round(Controller.animationProgress * 100)), -1)
        }
        function onAnimationExported(error, path) {
            window.showStatus(error ? error : qsTr("Saved %1").arg(path), 6000)
        }
    }

    OnDemand {
        id: openDialog
        parentItem: window.contentItem
        component: Component {
            FilePicker {
                objectName: "openDialog"
                title: qsTr("Open a scenario")
                kind: "scenarios"
                nameFilters: [qsTr("Scenarios (*.json)"), qsTr("All files (*)")]
                onAccepted: Controller.openScenario(selectedFile)
            }
        }
    }
    OnDemand {
        id: saveScenarioDialog
        parentItem: window.contentItem
        component: Component {
            FilePicker {
                objectName: "saveScenarioDialog"
                title: qsTr("Save the scenario")
                saving: true
                kind: "scenarios"
                suggestedName: window.scenarioStem() + ".lockstock.json"
                // The scenario file type (packaging/lockstock-scenario.xml): the
                // file manager opens such a file in LockStock. Plain .json works too.
                nameFilters: [qsTr("Scenarios (*.lockstock.json)"), qsTr("JSON (*.json)")]
                onAccepted: {
                    const error = Controller.saveScenario(selectedFile)
                    window.showStatus(error ? error : qsTr("Saved %1").arg(decodeURIComponent(selectedFile.toString().replace("file://", ""))), 6000)
                }
            }
        }
    }
    // A scenario file dropped anywhere on the window opens it.
    DropArea {
        objectName: "scenarioDrop"
        parent: Overlay.overlay
        anchors.fill: parent
        onEntered: drag => drag.accepted = drag.hasUrls
        onDropped: drop => {
            if (drop.hasUrls && Controller.openScenario(drop.urls[0]))
                drop.accept()
        }
    }
    OnDemand {
        id: lessonBrowser
        parentItem: window.contentItem
        component: Component {
            LessonBrowser {
                parent: Overlay.overlay
                x: Style.px(20)
                y: Style.px(20)
                width: parent.width - 2 * x
                height: parent.height - 2 * y
            }
        }
    }
    PollControl {
        id: classPoll
        windowContent: window.contentItem
        area: timelineColumn
        onStatus: text => window.showStatus(text, 6000)
    }
    LessonControl {
        view: primaryPane.view
        enabled: window.timelineKeys
        onEventShown: index => window.showDetails(Controller.primary, index)
    }

    OnDemand {
        id: stressPopup
        parentItem: window.contentItem
        component: Component {
            StressPopup {
                parent: Overlay.overlay
                x: Style.px(20)
                y: Style.px(20)
                width: parent.width - 2 * x
                height: parent.height - 2 * y
            }
        }
    }
    OnDemand {
        id: explorePopup
        parentItem: window.contentItem
        component: Component {
            ExplorePopup {
                parent: Overlay.overlay
                // The timeline keeps the rest of the window: a column loads its run there.
                width: Math.min(Style.px(640), parent.width * 0.48)
                x: parent.width - width - Style.px(12)
                y: Style.px(12)
                height: parent.height - 2 * y
            }
        }
    }
    OnDemand {
        id: watchPopup
        parentItem: window.contentItem
        component: Component {
            WatchPopup {
                parent: Overlay.overlay
                width: Math.min(Style.px(620), parent.width - Style.px(40))
                x: parent.width - width - Style.px(20)
                y: Style.px(20)
                height: Math.min(implicitContentHeight + topPadding + bottomPadding, parent.height - 2 * y)
                setup: settings.watchSetup
                onSetupChanged: settings.watchSetup = setup
            }
        }
    }

    OnDemand {
        id: forkPopup
        parentItem: window.contentItem
        component: Component {
            ForkPopup {
                parent: Overlay.overlay
                x: (parent.width - width) / 2
                y: Style.px(80)
            }
        }
    }

    OnDemand {
        id: scenarioPopup
        parentItem: window.contentItem
        component: Component {
            ScenarioPopup {
                parent: Overlay.overlay
                // The timeline keeps half the window or more, for right-clicks.
                width: Math.min(Style.px(520), parent.width * 0.45)
                x: parent.width - width - Style.px(12)
                y: Style.px(12)
                height: parent.height - 2 * y
            }
        }
    }
    OnDemand {
        id: faultMenu
        parentItem: window.contentItem
        component: Component {
            FaultMenu {
                objectName: "faultMenu"
                editor: Controller.editor
                onAdded: window.showStatus(qsTr("Fault added: the next run replays it (Edit > Undo takes it back)"), 5000)
            }
        }
    }

    header: ToolBar {
        visible: !window.presenting
        Material.background: Style.panel
        Material.elevation: 0
        contentHeight: bar.implicitHeight + Style.px(8)
        ControlBar {
            id: bar
            anchors.fill: parent
            anchors.leftMargin: Style.px(16)
            anchors.rightMargin: Style.px(16)
            scenarios: Controller.scenarios
            scenario: Controller.scenario
            strategies: Controller.strategies
            strategy: Controller.strategy
            correct: Controller.correct
            compare: Controller.compare
            live: Controller.live
            running: Controller.running
            // Edited since: the button runs the edit, not a replay.
            finished: Controller.finished && !Controller.editPending
            replaying: Controller.replaying
            clients: Controller.primary.clients
            focusClient: Controller.focusClient
            speedFactor: Controller.speedFactor
            clock: Controller.primary.clock
            durationMs: Controller.durationMs
            cursorMs: Controller.cursorMs
            replayRate: Controller.replayRate
            onScenarioPicked: name => Controller.scenario = name
            onStrategyPicked: name => Controller.strategy = name
            onCorrectToggled: c => Controller.correct = c
            onCompareToggled: c => Controller.compare = c
            onLiveToggled: l => Controller.live = l
            onPlayClicked: Controller.togglePlay()
            onStepClicked: c => Controller.step(c)
            onResetClicked: Controller.reset()
            canFork: Controller.canFork
            onForkClicked: window.openFork()
            onSpeedPicked: f => Controller.speedFactor = f
            onScrubbed: ms => { Controller.stopReplay(); Controller.cursorMs = ms }
            onReplayRateChosen: r => Controller.replayRate = r
        }
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: Style.px(8)
        spacing: Style.px(8)

        Rectangle {
            objectName: "banner"
            Layout.fillWidth: true
            visible: Controller.banner.length > 0
            implicitHeight: bannerText.implicitHeight + Style.px(16)
            radius: Style.px(6)
            color: Style.race
            Label {
                id: bannerText
                anchors.fill: parent
                anchors.margins: Style.px(8)
                text: "⚠ " + Controller.banner
                color: "white"
                font.bold: true
                font.pixelSize: Style.px(17)
                wrapMode: Text.WordWrap
            }
        }
        // The challenge's bar and the lesson over the timeline are made the
        // first time they show: most starts show neither.
        Loader {
            Layout.fillWidth: true
            visible: Challenge.active
            active: visible || item !== null
            source: "ChallengeBar.qml"
        }
        // A guided lesson plays the scenario itself: the challenge gives way.
        Connections {
            target: LessonPlayer
            function onLessonChanged() { if (LessonPlayer.active) Challenge.stop() }
        }
        // Without the side panels the lesson runs over the whole width; presentation mode leaves it out
        // unless a guided lesson is on.
        Loader {
            Layout.fillWidth: true
            visible: (!window.presenting || LessonPlayer.active) && !window.besideTimeline
            active: visible || item !== null
            source: "Lesson.qml"
            onLoaded: {
                const lesson = item as Lesson
                // The lanes keep the greater part of the window.
                lesson.maximumHeight = Qt.binding(() => window.height * 0.42)
                lesson.folded = Qt.binding(() => settings.lessonFolded)
                lesson.foldToggled.connect(() => { settings.lessonFolded = !settings.lessonFolded })
                lesson.browseRequested.connect(() => lessonBrowser.open())
            }
        }

        SplitView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            orientation: Qt.Horizontal

            ColumnLayout {
                id: timelineColumn
                SplitView.fillWidth: true
                SplitView.minimumWidth: Math.min(Style.px(600), window.width * 0.5)
                spacing: Style.px(8)
                // Side by side means side by side: the broken and the correct run in two columns.
                GridLayout {
                    id: panes
                    // Side by side, each pane's share: from the column, which the split view sizes, not from the panes.
                    readonly property real paneWidth: Math.floor((timelineColumn.width - columnSpacing) / 2)
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    columns: Controller.sideBySide ? 2 : 1
                    columnSpacing: Style.px(12)
                    TimelinePane {
                        id: primaryPane
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        // Side by side, two equal columns: one time axis needs equal plots.
                        Layout.preferredWidth: Controller.sideBySide ? panes.paneWidth : -1
                        // Beside the timeline, the verdict leaves all the height to the lanes.
                        showVerdict: !window.besideTimeline && window.verdictShown
                        verdictMaximumHeight: window.verdictMaximumHeight
                        fitLanes: window.presenting
                        session: Controller.primary
                        cursorMs: Controller.cursorMs
                        onEventClicked: index => {
                            window.showDetails(Controller.primary, index)
                            sidePanels.tab = 2
                            if (window.details.client >= 0)
                                Controller.focusClient = window.details.client
                            if (Controller.finished)
                                Controller.cursorMs = window.details.timeMs
                        }
                        onCursorRequested: ms => { if (Controller.finished) Controller.cursorMs = ms }
                        onLaneMenuRequested: (lane, index, ms, item, x, y) => {
                            // Watched programs are not the scenario's run: no fault of its goes there.
                            if (Controller.primary.observed)
                                return
                            const menu = faultMenu.make()
                            menu.lane = lane
                            menu.index = index
                            menu.atMs = ms
                            menu.name = lane === "client" ? Controller.primary.clients[index] ?? ""
                                           : Controller.editor.nodeCount > 1 ? qsTr("Redis node %1").arg(index + 1) : qsTr("Redis")
                            menu.popup(item, x, y)
                        }
                    }
                    // The second run's pane is made the first time a scenario is
                    // compared: most starts never show it.
                    Loader {
                        id: secondaryPane
                        readonly property TimelinePane pane: item as TimelinePane
                        readonly property TimelineView view: pane ? pane.view : null
                        visible: Controller.sideBySide
                        active: visible || item !== null
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        Layout.preferredWidth: panes.paneWidth
                        source: "TimelinePane.qml"
                        onLoaded: {
                            pane.session = Controller.secondary
                            pane.cursorMs = Qt.binding(() => Controller.cursorMs)
                            pane.verdictMaximumHeight = Qt.binding(() => window.verdictMaximumHeight)
                            pane.fitLanes = Qt.binding(() => window.presenting)
                            pane.eventClicked.connect(index => {
                                window.showDetails(Controller.secondary, index)
                                sidePanels.tab = 2
                            })
                            pane.cursorRequested.connect(ms => { if (Controller.finished) Controller.cursorMs = ms })
                            alignHeaders.restart()
                        }
                    }
                    // Side by side on one time axis: fitted, both end where the longer run
                    // needs; zoomed or scrolled, the other follows.
                    // Both headers as tall as the taller, so the lanes line up; set once the
                    // layout settled (bound directly, the layout never settles: a polish loop).
                    Timer {
                        id: alignHeaders
                        interval: 0
                        onTriggered: {
                            const h = Controller.sideBySide && secondaryPane.pane ? Math.max(primaryPane.headerHeight, secondaryPane.pane.headerHeight) : 0
                            primaryPane.alignedHeaderHeight = h
                            if (secondaryPane.pane)
                                secondaryPane.pane.alignedHeaderHeight = h
                        }
                    }
                    Connections { target: primaryPane; function onHeaderHeightChanged() { alignHeaders.restart() } }
                    Connections { target: secondaryPane.pane; function onHeaderHeightChanged() { alignHeaders.restart() } }
                    Connections { target: Controller; function onConfigChanged() { alignHeaders.restart() } }
                    Binding { target: primaryPane.view; property: "minimumEndMs"; value: Controller.sideBySide && secondaryPane.view ? secondaryPane.view.fitEndMs : 0 }
                    Binding { target: secondaryPane.view; when: secondaryPane.view !== null; property: "minimumEndMs"; value: Controller.sideBySide ? primaryPane.view.fitEndMs : 0 }
                    QtObject {
                        id: sharedAxis
                        property bool syncing: false
                        function follow(from, to) {
                            if (syncing || !Controller.sideBySide || !to)
                                return
                            syncing = true
                            if (from.follow)
                                to.fit()
                            else if (to.viewStartMs !== from.viewStartMs || to.viewEndMs !== from.viewEndMs)
                                to.showRange(from.viewStartMs, from.viewEndMs)
                            syncing = false
                        }
                    }
                    Connections { target: primaryPane.view; function onViewChanged() { sharedAxis.follow(primaryPane.view, secondaryPane.view) } }
                    Connections { target: secondaryPane.view; function onViewChanged() { sharedAxis.follow(secondaryPane.view, primaryPane.view) } }
                }
            }

            SidePanels {
                id: sidePanels
                active: window.shown
                visible: window.besideTimeline
                // A guided lesson's card takes more of the width: fewer lines, so it fits a projector's height.
                SplitView.preferredWidth: Math.min(Style.px(560), window.width * (LessonPlayer.active ? 0.45 : 0.36))
                SplitView.minimumWidth: Math.min(Style.px(360), window.width * 0.25)
                view: primaryPane.view
                verdictShown: window.verdictShown
                lessonFolded: settings.lessonFolded
                details: window.details
                onFoldToggled: settings.lessonFolded = !settings.lessonFolded
                onBrowseRequested: lessonBrowser.open()
                onLanguagePicked: language => window.pickCodeLanguage(language)
            }
        }
    }

    // What the last export did, for a moment over the window's foot: the lanes keep their height.
    OnDemand {
        id: exportStatus
        parentItem: window.contentItem
        component: Component {
            ToolTip {
                objectName: "exportStatus"
                x: Style.px(12)
                y: window.contentItem.height - height - Style.px(12)
                font.pixelSize: Style.px(14)
            }
        }
    }
}
