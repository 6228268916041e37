pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// Run > Fork the future here: the run is replayed exactly up to the point
// and goes on with another strategy and the scenario panel's edits, beside
// the original.
Popup {
    id: root
    objectName: "forkPopup"
    // Where it forks: the replay cursor, or where the run stands (-1).
    property real atMs: -1
    readonly property real pointMs: atMs < 0 ? Controller.durationMs : atMs
    modal: true
    focus: true
    closePolicy: Popup.CloseOnEscape
    padding: Style.px(16)
    width: Math.min(Style.px(620), parent ? parent.width - Style.px(40) : Style.px(620))
    background: PanelBackground {}
    onOpened: {
        error.text = ""
        // The other side of the switch: what a learner asks "what if".
        const other = Controller.correct ? "broken" : "correct"
        for (let i = 0; i < Controller.strategies.length; ++i)
            if (Controller.strategies[i].side === other)
                strategyBox.currentIndex = i
        forkButton.forceActiveFocus()
    }
    // What forking here changes, client by client (Controller.forkPreview).
    readonly property var preview: opened && strategyBox.currentIndex >= 0
        ? Controller.forkPreview(root.atMs, Controller.strategies[strategyBox.currentIndex].name)
        : ({ lines: [], suggestMs: -1 })
    function fork() {
        const problem = Controller.fork(root.atMs, Controller.strategies[strategyBox.currentIndex].name)
        if (problem.length > 0)
            error.text = problem
        else
            root.close()
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Style.px(10)
        Label {
            text: qsTr("Fork the future at %1 s").arg((root.pointMs / 1000).toFixed(2))
            font.pixelSize: Style.px(20)
            font.bold: true
            Layout.fillWidth: true
            wrapMode: Text.Wrap
        }
        Label {
            text: qsTr("The run up to this point is replayed exactly (virtual time, the same choices) against a fresh Redis; from there it goes on with what you change, beside the original.")
            font.pixelSize: Style.px(15)
            color: Style.muted
            Layout.fillWidth: true
            wrapMode: Text.Wrap
        }
        RowLayout {
            Layout.fillWidth: true
            spacing: Style.px(10)
            Label { text: qsTr("Strategy from here"); font.pixelSize: Style.px(16) }
            ComboBox {
                id: strategyBox
                objectName: "forkStrategy"
                Layout.fillWidth: true
                font.pixelSize: Style.px(15)
                model: Controller.strategies
                textRole: "title"
            }
        }
        Repeater {
            model: root.preview.lines
            delegate: Label {
                required property string modelData
                objectName: "forkClientLine"
                text: "• " + modelData
                font.pixelSize: Style.px(15)
                color: root.preview.runs ? Style.text : Style.warning
                Layout.fillWidth: true
                wrapMode: Text.Wrap
            }
        }
        RowLayout {
            visible: !root.preview.runs && (root.preview.suggestion ?? "").length > 0
            Layout.fillWidth: true
            spacing: Style.px(10)
            Label {
                objectName: "forkSuggestion"
                text: root.preview.suggestion ?? ""
                font.pixelSize: Style.px(15)
                color: Style.warning
                Layout.fillWidth: true
                wrapMode: Text.Wrap
            }
            Button {
                objectName: "forkEarlier"
                visible: root.preview.suggestMs >= 0
                text: qsTr("Fork at %1 s").arg((root.preview.suggestMs / 1000).toFixed(2))
                onClicked: root.atMs = root.preview.suggestMs
            }
        }
        Label {
            text: qsTr("An order under way finishes the way it began; every order that has not begun runs the new strategy. Edits in the scenario panel (lease, work, faults, interleaving) count from the fork point too; after the fork, step clients with 1–9 and → or press Space.")
            font.pixelSize: Style.px(14)
            color: Style.muted
            Layout.fillWidth: true
            wrapMode: Text.Wrap
        }
        Label {
            id: error
            objectName: "forkError"
            visible: text.length > 0
            color: Style.race
            font.pixelSize: Style.px(15)
            Layout.fillWidth: true
            wrapMode: Text.Wrap
        }
        RowLayout {
            Layout.alignment: Qt.AlignRight
            spacing: Style.px(10)
            Button {
                text: qsTr("Cancel")
                flat: true
                onClicked: root.close()
            }
            Button {
                id: forkButton
                objectName: "forkButton"
                text: qsTr("Fork")
                highlighted: true
                onClicked: root.fork()
                Keys.onReturnPressed: root.fork()
                Keys.onEnterPressed: root.fork()
            }
        }
    }
}
