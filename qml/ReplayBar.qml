pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// Scrub a finished run and choose the replay's pace (Run turns into Replay):
// the same recorded history every time.
RowLayout {
    id: root
    property real durationMs: 0
    property real cursorMs: -1
    property bool finished: false
    property real rate: 1
    signal scrubbed(real ms)
    signal rateChosen(real rate)

    spacing: Style.px(8)
    enabled: durationMs > 0

    // "1.83 / 2.05 ms", "183 / 950 ms", "3.25 / 9.80 s", "1:05.2 / 3:20.0":
    // both in the unit and precision the run's length needs.
    function timeText(at, duration) {
        if (duration < 1000) {
            const digits = duration < 10 ? 2 : duration < 100 ? 1 : 0
            return at.toFixed(digits) + " / " + duration.toFixed(digits) + " ms"
        }
        if (duration < 60000) {
            const digits = duration < 10000 ? 2 : 1
            return (at / 1000).toFixed(digits) + " / " + (duration / 1000).toFixed(digits) + " s"
        }
        const clock = ms => {
            const tenths = Math.round(ms / 100)
            const seconds = (tenths % 600) / 10
            return Math.floor(tenths / 600) + ":" + (seconds < 10 ? "0" : "") + seconds.toFixed(1)
        }
        return clock(at) + " / " + clock(duration)
    }

    Slider {
        focusPolicy: Qt.NoFocus
        id: slider
        objectName: "scrubSlider"
        Layout.preferredHeight: Style.px(36)
        Layout.fillWidth: true
        Layout.minimumWidth: Style.px(80)
        from: 0
        to: Math.max(root.durationMs, 1)
        value: root.cursorMs < 0 ? to : root.cursorMs
        enabled: root.finished
        onMoved: root.scrubbed(value)
    }
    Label {
        objectName: "replayTime"
        text: root.timeText(root.cursorMs < 0 ? root.durationMs : root.cursorMs, root.durationMs)
        font.pixelSize: Style.px(15)
        font.family: Style.mono
        color: Style.text
    }
    ElidingComboBox {
        id: rateBox
        objectName: "rateBox"
        Layout.preferredWidth: Style.px(92)
        font.pixelSize: Style.px(15)
        model: [0.1, 0.25, 0.5, 1, 2, 5, 10]
        displayText: "×" + currentValue
        currentIndex: Math.max(0, model.indexOf(root.rate))
        onActivated: index => root.rateChosen(model[index])
        Hint { hovered: rateBox.hovered; pressed: rateBox.pressed; text: qsTr("Replay speed: ×1 plays the whole run in 10 s") }
    }
}
