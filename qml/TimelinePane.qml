pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// One run: which strategy, the verdict, and its timeline with zoom and scroll.
ColumnLayout {
    id: root
    property RunSession session
    property real cursorMs: -1
    property alias view: timeline
    // The strategy, the verdict and the zoom buttons above the lanes; the
    // window may show them beside the timeline instead.
    property bool showVerdict: true
    // The verdict's height at most (its findings scroll beyond), and whether
    // every lane fits the pane (drawn smaller) instead of scrolling:
    // presentation mode shows all of both.
    property real verdictMaximumHeight: Infinity
    property bool fitLanes: false
    // Side by side, both panes' lanes start at the same height: each header is
    // as tall as the taller of the two.
    readonly property real headerHeight: header.visible ? header.implicitHeight : 0
    property real alignedHeaderHeight: 0
    signal eventClicked(int index)
    signal cursorRequested(real ms)
    // Right-click on a lane (TimelineView.laneMenuRequested), where on `item`.
    signal laneMenuRequested(string lane, int index, real ms, Item item, real x, real y)

    spacing: Style.px(6)

    // Made the first time it shows: beside the side panels (the window's
    // default) the verdict is there instead, and the pane starts without it.
    Loader {
        id: header
        Layout.fillWidth: true
        Layout.preferredHeight: Math.max(implicitHeight, root.alignedHeaderHeight)
        visible: root.showVerdict
        active: root.showVerdict || item !== null
        source: "PaneHeader.qml"
        onLoaded: {
            const made = item as PaneHeader
            made.session = Qt.binding(() => root.session)
            made.verdictMaximumHeight = Qt.binding(() => root.verdictMaximumHeight)
            made.view = timeline
        }
    }

    Rectangle {
        Layout.fillWidth: true
        Layout.fillHeight: true
        color: Style.background
        border.color: Style.border
        radius: Style.px(4)
        clip: true
        // Lanes keep their minimum height; when they do not all fit, they scroll
        // (scroll bar, or the wheel over the lane names): time keeps the wheel.
        Flickable {
            id: lanes
            objectName: "laneScroller"
            anchors.fill: parent
            anchors.margins: 1
            interactive: false
            boundsBehavior: Flickable.StopAtBounds
            contentWidth: width
            contentHeight: Math.max(height, timeline.minimumContentHeight)
            ScrollBar.vertical: ScrollBar {
                id: laneBar
                objectName: "laneScrollBar"
                policy: lanes.contentHeight > lanes.height ? ScrollBar.AlwaysOn : ScrollBar.AlwaysOff
            }
            TimelineView {
                id: timeline
                objectName: "timelineView"
                // Beside the scroll bar, not under it: labels run to the right edge.
                width: lanes.width - (laneBar.policy === ScrollBar.AlwaysOn ? laneBar.width : 0)
                height: lanes.contentHeight
                session: root.session
                cursorMs: root.cursorMs
                theme: Style.dark ? "dark" : "light"
                textScale: Style.scale
                fitHeight: root.fitLanes ? lanes.height : 0
                onEventClicked: index => root.eventClicked(index)
                onCursorRequested: ms => root.cursorRequested(ms)
                onLaneMenuRequested: (lane, index, ms, x, y) => root.laneMenuRequested(lane, index, ms, timeline, x, y)
                onLanesScrollRequested: pixels => {
                    lanes.contentY = Math.max(0, Math.min(lanes.contentHeight - lanes.height, lanes.contentY + pixels))
                }
            }
        }
    }
    ScrollBar {
        Layout.fillWidth: true
        orientation: Qt.Horizontal
        policy: ScrollBar.AlwaysOn
        readonly property real total: Math.max(timeline.durationMs * 1.12, 1)
        size: Math.min(1, (timeline.viewEndMs - timeline.viewStartMs) / total)
        position: Math.max(0, timeline.viewStartMs / total)
        // Fitted, the whole run is in view: the bar comes with zooming in.
        visible: !timeline.follow && size < 1
        onPositionChanged: if (pressed) {
            const span = timeline.viewEndMs - timeline.viewStartMs
            timeline.showRange(position * total, position * total + span)
        }
    }
}
