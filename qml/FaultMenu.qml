pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// Right-click on a lane of the timeline: a fault at that time, added to the
// scenario (undoable, saved with it) and replayed by the next run. A client
// crashes, pauses or slows down; a lock node is killed, stopped, restarted,
// failed over or has its clock moved: only what this scenario's servers do.
Menu {
    id: root
    required property ScenarioEditor editor
    property string lane        // "client" or "node"
    property int index: -1
    property real atMs: 0
    property string name        // the client's or node's name
    // How long a pause or SIGSTOP lasts, how far the clock jumps (s).
    property real seconds: 5
    readonly property var actions: lane === "node" ? editor.nodeActions(index) : []
    signal added()

    function openAt(x, y) { popup(x, y) }
    function addClient(action) { editor.addClientFault(index, atMs, action, seconds); added() }
    function addNode(action, amount) { editor.addNodeFault(index, atMs, action, amount); added() }

    font.pixelSize: Style.px(15)
    width: Style.px(460)
    // In the run's own unit: a run of milliseconds in ms.
    readonly property string when: atMs < 1000 ? qsTr("%1 ms").arg(atMs.toFixed(1)) : qsTr("%1 s").arg((atMs / 1000).toFixed(2))

    MenuItem {
        enabled: false
        text: root.lane === "node" ? qsTr("%1 at %2").arg(root.name).arg(root.when)
                                   : qsTr("Client %1 at %2").arg(root.name).arg(root.when)
    }
    RowLayout {
        x: Style.px(16)
        width: parent ? parent.width - Style.px(32) : implicitWidth
        Label { text: qsTr("For / by"); font.pixelSize: Style.px(15); color: Style.text }
        SpinBox {
            objectName: "faultSeconds"
            from: 1
            to: 600
            value: root.seconds
            editable: true
            font.pixelSize: Style.px(15)
            onValueModified: root.seconds = value
        }
        Label { text: qsTr("s"); font.pixelSize: Style.px(15); color: Style.text }
    }
    MenuSeparator {}
    MenuItem {
        objectName: "crashHere"
        visible: root.lane === "client"
        height: visible ? implicitHeight : 0
        text: qsTr("Crash here")
        onTriggered: root.addClient("crash")
    }
    MenuItem {
        objectName: "pauseHere"
        visible: root.lane === "client"
        height: visible ? implicitHeight : 0
        text: qsTr("Pause here for %1 s (a GC pause)").arg(root.seconds)
        onTriggered: root.addClient("pause")
    }
    MenuItem {
        objectName: "slowDown"
        visible: root.lane === "client"
        height: visible ? implicitHeight : 0
        text: qsTr("Slow down: its clock at half pace")
        onTriggered: root.addClient("slow")
    }
    MenuItem {
        objectName: "killNode"
        visible: root.actions.indexOf("kill") >= 0
        height: visible ? implicitHeight : 0
        text: qsTr("Kill (SIGKILL)")
        onTriggered: root.addNode("kill", 0)
    }
    MenuItem {
        objectName: "stopNode"
        visible: root.actions.indexOf("pause") >= 0
        height: visible ? implicitHeight : 0
        text: qsTr("Stop (SIGSTOP) for %1 s").arg(root.seconds)
        onTriggered: root.addNode("pause", root.seconds)
    }
    MenuItem {
        objectName: "restartNode"
        visible: root.actions.indexOf("restart") >= 0
        height: visible ? implicitHeight : 0
        text: qsTr("Restart (without persistence the lock is gone)")
        onTriggered: root.addNode("restart", 0)
    }
    MenuItem {
        objectName: "promoteNode"
        // REPLICAOF NO ONE, or in a cluster CLUSTER FAILOVER FORCE
        readonly property string faultAction: root.actions.indexOf("cluster_failover") >= 0 ? "cluster_failover" : "promote"
        visible: root.actions.indexOf(faultAction) >= 0
        height: visible ? implicitHeight : 0
        text: qsTr("Fail over: this replica becomes the master")
        onTriggered: root.addNode(faultAction, 0)
    }
    MenuItem {
        objectName: "jumpClock"
        visible: root.actions.indexOf("clock_jump") >= 0
        height: visible ? implicitHeight : 0
        text: qsTr("Jump its clock %1 s forward").arg(root.seconds)
        onTriggered: root.addNode("clock_jump", root.seconds)
    }
    MenuItem {
        objectName: "driftClock"
        visible: root.actions.indexOf("clock_drift") >= 0
        height: visible ? implicitHeight : 0
        text: qsTr("Drift its clock: 50 % fast from here")
        onTriggered: root.addNode("clock_drift", 1.5)
    }
}
