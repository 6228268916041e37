pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// Run > Watch external clients: start private redis-servers behind the
// recording proxy, show where programs connect and a snippet to paste, the
// node faults, and Stop, which judges what was recorded. While it records,
// the timeline behind shows what the programs did so far.
ColumnLayout {
    id: root
    required property WatchSession watch
    // The remembered topology: "single", "redlock" or "replicated".
    property string setup: "single"

    signal closeRequested()

    spacing: Style.px(10)

    component Hint: Label {
        Layout.fillWidth: true
        wrapMode: Text.Wrap
        font.pixelSize: Style.px(15)
        color: Style.muted
    }
    // Code to paste: selectable, in the mono font, with its own Copy button.
    component Snippet: RowLayout {
        id: snippet
        property string code
        Layout.fillWidth: true
        visible: code !== ""
        TextEdit {
            id: codeText
            Layout.fillWidth: true
            text: snippet.code
            readOnly: true
            selectByMouse: true
            wrapMode: TextEdit.Wrap
            font.family: Style.mono
            font.pixelSize: Style.px(14)
            color: Style.text
        }
        Button {
            focusPolicy: Qt.NoFocus
            text: qsTr("Copy")
            font.pixelSize: Style.px(14)
            onClicked: { codeText.selectAll(); codeText.copy(); codeText.deselect() }
        }
    }

    RowLayout {
        Layout.fillWidth: true
        Label {
            Layout.fillWidth: true
            text: qsTr("Watch external clients")
            font.pixelSize: Style.px(22)
            font.bold: true
            color: Style.text
            elide: Text.ElideRight
        }
        ToolButton {
            objectName: "watchCloseButton"
            focusPolicy: Qt.NoFocus
            text: "✕"
            font.pixelSize: Style.px(20)
            onClicked: root.closeRequested()
            ToolTip.visible: hovered
            ToolTip.text: root.watch.active ? qsTr("Close (Esc); the recording goes on") : qsTr("Close (Esc)")
        }
    }
    Hint {
        text: qsTr("LockStock starts its own redis-server and a recording proxy in front of it. Point your program at the proxy as if it were Redis: every command and reply goes on the timeline and under the checker. Real clock: your programs live in it.")
    }

    RowLayout {
        Layout.fillWidth: true
        visible: !root.watch.active
        spacing: Style.px(10)
        ComboBox {
            id: setupBox
            objectName: "watchSetupBox"
            Layout.fillWidth: true
            font.pixelSize: Style.px(15)
            textRole: "text"
            valueRole: "value"
            model: [
                { value: "single", text: qsTr("One redis-server") },
                { value: "redlock", text: qsTr("Five independent masters (Redlock)") },
                { value: "replicated", text: qsTr("A master and two replicas") }
            ]
            Component.onCompleted: currentIndex = Math.max(0, indexOfValue(root.setup))
            onActivated: root.setup = currentValue
        }
        Button {
            objectName: "watchStartButton"
            focusPolicy: Qt.NoFocus
            text: qsTr("● Start watching")
            highlighted: true
            font.pixelSize: Style.px(15)
            onClicked: root.watch.start(setupBox.currentValue)
        }
    }

    // Where programs connect, and the faults each node can be dealt.
    Repeater {
        model: root.watch.nodes
        delegate: RowLayout {
            id: node
            required property var modelData
            required property int index
            Layout.fillWidth: true
            spacing: Style.px(6)
            Label {
                text: node.modelData.name
                font.bold: true
                font.pixelSize: Style.px(15)
                color: Style.text
                Layout.preferredWidth: Style.px(60)
            }
            Label {
                objectName: "watchAddress"
                text: node.modelData.address
                font.family: Style.mono
                font.pixelSize: Style.px(15)
                color: Style.accent
                Layout.fillWidth: true
                ToolTip.visible: addressArea.containsMouse
                ToolTip.text: qsTr("redis-server %1 behind the proxy").arg(node.modelData.upstream)
                MouseArea { id: addressArea; anchors.fill: parent; hoverEnabled: true }
            }
            Repeater {
                model: [
                    { action: "kill", text: qsTr("Kill"), tip: qsTr("SIGKILL its redis-server") },
                    { action: "restart", text: qsTr("Restart"), tip: qsTr("Start it again, empty (no persistence)") },
                    { action: "pause", text: qsTr("Pause"), tip: qsTr("SIGSTOP: it answers nobody") },
                    { action: "resume", text: qsTr("Resume"), tip: qsTr("SIGCONT") }
                ]
                delegate: Button {
                    required property var modelData
                    focusPolicy: Qt.NoFocus
                    flat: true
                    text: modelData.text
                    font.pixelSize: Style.px(13)
                    onClicked: root.watch.serverFault(modelData.action, node.index)
                    ToolTip.visible: hovered
                    ToolTip.text: modelData.tip
                }
            }
            Button {
                // Not `checkable`: Material underlines a flat checkable button whatever its state.
                property bool held: false
                focusPolicy: Qt.NoFocus
                flat: true
                text: held ? qsTr("Release") : qsTr("Hold")
                font.pixelSize: Style.px(13)
                onClicked: { held = !held; root.watch.holdNode(node.index, held) }
                ToolTip.visible: hovered
                ToolTip.text: qsTr("The proxy holds all traffic to and from this node until released")
            }
        }
    }

    // The proxy's faults on a client's link.
    RowLayout {
        Layout.fillWidth: true
        visible: root.watch.active
        spacing: Style.px(6)
        ComboBox {
            id: targetBox
            objectName: "watchTargetBox"
            Layout.preferredWidth: Style.px(150)
            font.pixelSize: Style.px(14)
            model: root.watch.targets
            function shown(target) { return target === "all" ? qsTr("All clients") : target }
            displayText: shown(currentText)
            delegate: ItemDelegate {
                required property string modelData
                required property int index
                width: targetBox.width
                text: targetBox.shown(modelData)
                font: targetBox.font
                highlighted: targetBox.highlightedIndex === index
            }
            ToolTip.visible: hovered
            ToolTip.text: qsTr("A client by its CLIENT SETNAME name or connection, or all of them")
        }
        SpinBox {
            id: delayBox
            from: 0; to: 60000; stepSize: 100; value: 500
            editable: true
            font.pixelSize: Style.px(14)
            Layout.preferredWidth: Style.px(150)
        }
        Button {
            focusPolicy: Qt.NoFocus
            text: qsTr("Delay (ms)")
            font.pixelSize: Style.px(14)
            onClicked: root.watch.delayClient(targetBox.currentText, delayBox.value)
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Slow the client's link by this much each way; 0 ends it")
        }
        Button {
            focusPolicy: Qt.NoFocus
            text: qsTr("Drop next reply")
            font.pixelSize: Style.px(14)
            onClicked: root.watch.dropNextReply(targetBox.currentText)
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Redis applies the next command, the client never hears back: its link goes silent")
        }
    }

    Label {
        objectName: "watchProgress"
        visible: root.watch.active
        Layout.fillWidth: true
        text: qsTr("Recording · %n connection(s)", "", root.watch.connections) + " · " + qsTr("%n command(s)", "", root.watch.commands)
        font.pixelSize: Style.px(16)
        color: Style.text
    }
    Repeater {
        model: root.watch.notes
        delegate: Hint {
            required property string modelData
            text: "• " + modelData
        }
    }
    Label {
        objectName: "watchMessage"
        visible: text !== ""
        Layout.fillWidth: true
        wrapMode: Text.Wrap
        text: root.watch.message
        font.pixelSize: Style.px(15)
        color: Style.warning
    }
    Button {
        objectName: "watchStopButton"
        visible: root.watch.active
        focusPolicy: Qt.NoFocus
        text: qsTr("■ Stop and judge")
        highlighted: true
        font.pixelSize: Style.px(15)
        onClicked: root.watch.stop()
    }
    // How programs connect: the password, then code to paste, one language
    // at a time. Below Stop, which a long panel must not push out of sight.
    Hint {
        visible: root.watch.active
        text: qsTr("Programs log in as user %1 with this password, a Redis user that cannot run admin or dangerous commands (CONFIG, FLUSHALL, SHUTDOWN…):").arg(root.watch.user)
    }
    Snippet { code: root.watch.password }
    TabBar {
        id: languages
        visible: root.watch.active
        Layout.fillWidth: true
        // Names, not words: the same in every language.
        Repeater {
            model: ["Python", "Node", "redis-cli"]
            delegate: TabButton {
                required property string modelData
                focusPolicy: Qt.NoFocus
                text: modelData
                font.pixelSize: Style.px(14)
            }
        }
    }
    Hint {
        visible: root.watch.active
        text: [qsTr("In Python (redis-py):"),
               root.watch.redlock ? qsTr("In Node (redlock with ioredis), over the lock nodes:") : qsTr("In Node (ioredis):"),
               qsTr("By hand, with the password in the environment (other local users can read a command line):")][languages.currentIndex]
    }
    Snippet {
        code: [root.watch.pythonExample, root.watch.nodeExample, root.watch.cliExample][languages.currentIndex]
    }
}
