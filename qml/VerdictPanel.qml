pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// The verdict in plain words, each finding in its colour: red when it broke,
// amber when fencing made it harmless or nothing tested it, green when clean.
Rectangle {
    id: root
    property var findings: []          // {text, severity} (RunSession.findings)
    property int outcome: RunSession.Clean
    property int runState: RunSession.Idle
    property string title: ""
    // The panel's height at most, findings scrolling inside it beyond; without
    // one, a few lines of findings (the timeline keeps its height).
    property real maximumHeight: Infinity
    // The strategy's title in one line, where height is short (a guided
    // lesson's card beside it): the findings keep the room.
    property bool oneLineTitle: false

    readonly property bool judged: runState === RunSession.Finished || runState === RunSession.Failed
    function tone(severity) {
        return severity === RunSession.Broken ? Style.race
             : severity === RunSession.Clean ? Style.good : Style.warning
    }
    function mark(severity) {
        return severity === RunSession.Broken ? "× " : severity === RunSession.Clean ? "✓ " : "⚠ "
    }
    readonly property color frame: !judged ? Style.muted : tone(outcome)

    implicitHeight: column.implicitHeight + Style.px(20)
    radius: Style.px(10)
    color: judged ? Qt.rgba(frame.r, frame.g, frame.b, 0.12) : Style.panel
    border.color: judged ? frame : Style.border
    border.width: Style.px(2)

    ColumnLayout {
        id: column
        anchors.fill: parent
        anchors.margins: Style.px(10)
        spacing: Style.px(4)
        Label {
            id: titleLabel
            Layout.fillWidth: true
            text: root.title
            visible: root.title.length > 0
            wrapMode: Text.Wrap
            maximumLineCount: root.oneLineTitle ? 1 : 3
            elide: Text.ElideRight
            font.pixelSize: Style.px(15)
            font.bold: true
            color: Style.muted
        }
        Label {
            objectName: "status"
            visible: !root.judged
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            text: root.runState === RunSession.Running || root.runState === RunSession.Starting ? qsTr("Running…")
                 : root.runState === RunSession.Paused ? qsTr("Paused: step a client or press Run")
                 : qsTr("Press Run (Space) or step a client (→)")
            font.pixelSize: Style.px(20)
            color: Style.muted
        }
        // Many findings take a smaller type, side by side where the panel is
        // wide enough for a sentence on a line or two, one under the other
        // where it is not; beyond a few lines they scroll: the timeline keeps
        // its height. Held to a height (presenting), where every finding
        // shows whole, two columns of shorter lines take fewer lines than one.
        Flickable {
            id: findingsView
            Layout.fillWidth: true
            implicitHeight: Math.min(flow.implicitHeight,
                                     !isFinite(root.maximumHeight) ? Style.px(100)
                                     : Math.max(Style.px(40), root.maximumHeight - Style.px(20)
                                                - (titleLabel.visible ? titleLabel.implicitHeight + column.spacing : 0)))
            contentHeight: flow.implicitHeight
            clip: true
            boundsBehavior: Flickable.StopAtBounds
            // A bar only where there is more to see (as needed, it flashed
            // while a single finding's lines were laid out).
            ScrollBar.vertical: ScrollBar { objectName: "findingsScrollBar"; policy: flow.implicitHeight > findingsView.implicitHeight + 0.5 ? ScrollBar.AlwaysOn : ScrollBar.AlwaysOff }
            Flow {
                id: flow
                readonly property bool twoColumns: root.findings.length > 1
                                                   && width >= Style.px(isFinite(root.maximumHeight) ? 600 : 900)
                width: parent.width
                spacing: Style.px(4)
                Repeater {
                    model: root.judged ? root.findings : []
                    delegate: Label {
                        required property var modelData
                        objectName: "finding"
                        width: flow.twoColumns ? Math.floor((flow.width - Style.px(4)) / 2) : flow.width
                        // The columns apart, each line's end clear of the next column's mark.
                        rightPadding: flow.twoColumns ? Style.px(12) : 0
                        text: root.mark(modelData.severity) + modelData.text
                        wrapMode: Text.WordWrap
                        font.pixelSize: root.findings.length > 1 ? Style.px(17) : Style.px(22)
                        font.bold: true
                        color: root.tone(modelData.severity)
                    }
                }
            }
        }
    }
}
