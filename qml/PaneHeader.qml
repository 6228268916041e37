pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Layouts
import LockStock.Native

// A pane's header: which strategy, the verdict, the zoom buttons.
RowLayout {
    id: root
    property RunSession session
    property TimelineView view
    property real verdictMaximumHeight: Infinity
    spacing: Style.px(10)
    SideTag {
        Layout.alignment: Qt.AlignTop
        session: root.session
    }
    VerdictPanel {
        Layout.fillWidth: true
        Layout.alignment: Qt.AlignTop
        // What is left beside the tag and the zoom buttons, however long its words.
        Layout.preferredWidth: 0
        Layout.minimumWidth: 0
        maximumHeight: root.verdictMaximumHeight
        findings: root.session ? root.session.findings : []
        outcome: root.session ? root.session.outcome : RunSession.Clean
        runState: root.session ? root.session.state : RunSession.Idle
        title: !root.session ? ""
             : root.session.forkMs >= 0 ? qsTr("%1 · forked at %2 s").arg(root.session.strategyTitle).arg((root.session.forkMs / 1000).toFixed(2))
             : root.session.strategyTitle
    }
    ZoomButtons { Layout.alignment: Qt.AlignTop; view: root.view }
}
