pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// Scrub and replay a finished run: the same recorded history every time.
RowLayout {
    id: root
    property real durationMs: 0
    property real cursorMs: -1
    property bool finished: false
    property bool replaying: false
    property real rate: 1
    signal scrubbed(real ms)
    signal replayClicked()
    signal rateChosen(real rate)

    spacing: Style.px(10)
    enabled: durationMs > 0

    Button {
        focusPolicy: Qt.NoFocus
        objectName: "replayButton"
        text: root.replaying ? qsTr("⏸") : qsTr("⟲ Replay")
        enabled: root.finished
        font.pixelSize: Style.px(16)
        onClicked: root.replayClicked()
    }
    Slider {
        focusPolicy: Qt.NoFocus
        id: slider
        objectName: "scrubSlider"
        Layout.fillWidth: true
        from: 0
        to: Math.max(root.durationMs, 1)
        value: root.cursorMs < 0 ? to : root.cursorMs
        enabled: root.finished
        onMoved: root.scrubbed(value)
    }
    Label {
        text: ((root.cursorMs < 0 ? root.durationMs : root.cursorMs) / 1000).toFixed(2) + " / "
              + (root.durationMs / 1000).toFixed(2) + " s"
        font.pixelSize: Style.px(16)
        font.family: Style.mono
        color: Style.text
    }
    ComboBox {
        focusPolicy: Qt.NoFocus
        objectName: "rateBox"
        Layout.preferredWidth: Style.px(110)
        font.pixelSize: Style.px(15)
        model: [0.1, 0.25, 0.5, 1, 2, 5, 10]
        displayText: "×" + currentValue
        currentIndex: Math.max(0, model.indexOf(root.rate))
        onActivated: index => root.rateChosen(model[index])
        ToolTip.visible: hovered
        ToolTip.text: qsTr("Replay speed: ×1 plays the whole run in 10 s")
    }
}
