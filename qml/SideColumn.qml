pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts
import LockStock.Native

// Beside the timeline: its zoom, the lesson and the verdict, the code, Redis
// and the event (SidePanels makes it after the window's first frame).
ColumnLayout {
    id: root
    objectName: "sidePanels"
    // The timeline the zoom buttons drive.
    property TimelineView view
    property bool verdictShown: true
    property bool lessonFolded: false
    property var details: ({})
    // The tab of code, Redis and event where the column is short.
    property int tab: 0
    signal foldToggled()
    signal browseRequested()
    signal languagePicked(string language)
    spacing: Style.px(8)

    // In a guided lesson on a short column (1366×768 at text ×1.5) the card
    // takes this row's height too: it says the side, and the keys zoom.
    RowLayout {
        Layout.fillWidth: true
        visible: !LessonPlayer.active || root.height >= Style.px(560)
        spacing: Style.px(8)
        SideTag { session: Controller.primary }
        Item { Layout.fillWidth: true }
        ZoomButtons { view: root.view }
    }
    // Lesson and verdict, code, Redis and the event: each pane can be
    // dragged taller or shorter; where the column is short (1366×768,
    // larger text) Redis and the event share one pane as two tabs.
    SplitView {
        id: sideSplit
        objectName: "sideSplit"
        Layout.fillWidth: true
        Layout.fillHeight: true
        orientation: Qt.Vertical
        readonly property bool compact: height < Style.px(760)
        // What lesson and verdict may take at most: the code keeps the other
        // half; in a guided lesson, the card takes what it needs and the code
        // its least.
        readonly property real aboutRoom: LessonPlayer.active ? height - codePane.SplitView.minimumHeight - Style.px(8) : height * 0.5

        ScrollView {
            id: aboutPane
            objectName: "aboutPane"
            // Very short (text ×1.5 at 768 px): the code keeps 70 %; the lesson scrolls.
            // A verdict is never cut, unless it would leave the code less than half.
            SplitView.preferredHeight: Math.min(aboutColumn.implicitHeight,
                                                LessonPlayer.active ? sideSplit.aboutRoom
                                                : Math.max(sideVerdict.visible && sideVerdict.judged ? sideVerdict.implicitHeight + Style.px(8) : 0,
                                                           sideSplit.height * (sideSplit.height < Style.px(420) ? 0.3 : sideSplit.compact ? 0.42 : 0.34)),
                                                sideSplit.aboutRoom)
            SplitView.minimumHeight: Math.min(aboutColumn.implicitHeight, Style.px(56), sideSplit.height * 0.25)
            contentWidth: availableWidth
            clip: true
            // A guided lesson's card fits the pane (its words scroll inside
            // it): a bar coming and going as the lines rewrap was a layout
            // that never settled.
            ScrollBar.vertical.policy: LessonPlayer.active ? ScrollBar.AlwaysOff : ScrollBar.AsNeeded
            ColumnLayout {
                id: aboutColumn
                width: aboutPane.availableWidth
                spacing: Style.px(8)
                // The verdict first: where the pane is short the lesson's words scroll, not it.
                VerdictPanel {
                    id: sideVerdict
                    objectName: "sideVerdict"
                    visible: root.verdictShown
                    Layout.fillWidth: true
                    Layout.rightMargin: Style.px(10)
                    Layout.topMargin: Style.px(4)
                    findings: Controller.primary.findings
                    outcome: Controller.primary.outcome
                    runState: Controller.primary.state
                    title: Controller.primary.strategyTitle
                    oneLineTitle: LessonPlayer.active
                    // In a lesson, what its card leaves: its question and Back and Next stay in sight.
                    maximumHeight: sideSplit.aboutRoom - Style.px(8) - (LessonPlayer.active ? lesson.leastHeight + aboutColumn.spacing : 0)
                }
                Lesson {
                    id: lesson
                    Layout.fillWidth: true
                    Layout.rightMargin: Style.px(10)
                    maximumHeight: sideSplit.aboutRoom - (sideVerdict.visible ? sideVerdict.height + Style.px(4) + aboutColumn.spacing : 0)
                    // Not from maximumHeight: the verdict's height depends on this card's.
                    shortOfHeight: sideSplit.aboutRoom < Style.px(460)
                    folded: root.lessonFolded
                    onFoldToggled: root.foldToggled()
                    onBrowseRequested: root.browseRequested()
                }
            }
        }
        // Short (1366×768, larger text): code, Redis and the event are
        // three tabs of one pane, so the code keeps most of the height.
        Pane {
            id: codePane
            objectName: "codePane"
            SplitView.fillHeight: true
            // In a guided lesson on a short column the card comes first: the code may go.
            SplitView.minimumHeight: LessonPlayer.active && sideSplit.height < Style.px(420) ? 0 : Math.min(Style.px(150), sideSplit.height * 0.5)
            Material.background: Style.panel
            padding: Style.px(8)
            topPadding: sideSplit.compact ? 0 : Style.px(8)
            ColumnLayout {
                anchors.fill: parent
                spacing: Style.px(6)
                RowLayout {
                    visible: sideSplit.compact
                    Layout.fillWidth: true
                    TabBar {
                        id: sideTabs
                        objectName: "sideTabs"
                        currentIndex: root.tab
                        onCurrentIndexChanged: root.tab = currentIndex
                        Layout.fillWidth: true
                        Material.background: Style.panel
                        font.pixelSize: Style.px(15)
                        TabButton { objectName: "codeTab"; text: qsTr("Code"); width: implicitWidth }
                        TabButton { objectName: "redisTab"; text: qsTr("Redis"); width: implicitWidth }
                        TabButton { objectName: "eventTab"; text: qsTr("Event"); width: implicitWidth }
                    }
                    CodeLanguageSwitch {
                        visible: sideTabs.currentIndex === 0
                        code: Controller.code
                        onLanguagePicked: language => root.languagePicked(language)
                    }
                }
                CodePanel {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    visible: !sideSplit.compact || sideTabs.currentIndex === 0
                    showTitle: !sideSplit.compact
                    code: Controller.code
                    clientNames: Controller.primary.clients
                    onLanguagePicked: language => root.languagePicked(language)
                }
                RedisView {
                    visible: sideSplit.compact && sideTabs.currentIndex === 1
                    showTitle: false
                }
                InspectorView {
                    visible: sideSplit.compact && sideTabs.currentIndex === 2
                    Layout.fillHeight: true
                    showTitle: false
                }
            }
        }
        Pane {
            objectName: "redisEventPane"
            visible: !sideSplit.compact
            SplitView.preferredHeight: Style.px(420)
            SplitView.minimumHeight: Math.min(Style.px(120), sideSplit.height * 0.3)
            Material.background: Style.panel
            padding: Style.px(8)
            ColumnLayout {
                anchors.fill: parent
                spacing: Style.px(6)
                RedisView {}
                Rectangle {
                    Layout.fillWidth: true
                    implicitHeight: 1
                    color: Style.border
                }
                InspectorView {
                    Layout.preferredHeight: Math.min(implicitContentHeight, Style.px(240))
                }
            }
        }
    }

    component RedisView: RedisPanel {
        Layout.fillWidth: true
        Layout.fillHeight: true
        redisState: Controller.redisState
        monitor: Controller.primary.model
        currentRow: Controller.cursorMs < 0 ? -1 : Controller.primary.model.rowAt(Controller.cursorMs)
        leaseMs: Controller.leaseRedisMs
        serverLabel: Controller.redisLabel
    }
    // The inspector scrolls where its lines do not fit.
    component InspectorView: ScrollView {
        id: inspectorScroll
        property alias showTitle: inspector.showTitle
        Layout.fillWidth: true
        contentWidth: availableWidth
        clip: true
        EventInspector {
            id: inspector
            objectName: "eventInspector"
            width: inspectorScroll.availableWidth
            details: root.details
        }
    }
}
