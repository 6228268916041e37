import QtQuick
import QtTest
import LockStock

// TestCase itself is invisible: the component under test sits beside it.
Item {
    width: 1800; height: 200

    ControlBar {
        id: bar
        width: 1800
        scenarios: [{ name: "lost-update", title: "t", lesson: "l" }, { name: "flash-sale", title: "t2", lesson: "l2" }]
        scenario: "lost-update"
        strategies: [{ name: "no-lock", lesson: "x", correct: false }, { name: "set-nx-ex-lua", lesson: "y", correct: true }]
        strategy: "no-lock"
        clients: ["A", "B"]
    }

    TestCase {
        name: "ControlBar"
        when: windowShown

        function init() { waitForItemPolished(bar) }

        SignalSpy { id: play; target: bar; signalName: "playClicked" }
        SignalSpy { id: step; target: bar; signalName: "stepClicked" }
        SignalSpy { id: reset; target: bar; signalName: "resetClicked" }
        SignalSpy { id: side; target: bar; signalName: "correctToggled" }
        SignalSpy { id: speed; target: bar; signalName: "speedPicked" }

        function test_buttonsEmit() {
            mouseClick(findChild(bar, "playButton"))
            compare(play.count, 1)
            mouseClick(findChild(bar, "stepB"))
            compare(step.count, 1)
            compare(step.signalArguments[0][0], 1)
            mouseClick(findChild(bar, "resetButton"))
            compare(reset.count, 1)
            mouseClick(findChild(bar, "correctSegment"))
            compare(side.count, 1)
            compare(side.signalArguments[0][0], true)
        }

        function test_playLabelFollowsState() {
            const button = findChild(bar, "playButton")
            bar.running = false; bar.finished = false
            verify(button.text.indexOf("Run") >= 0)
            bar.running = true
            verify(button.text.indexOf("Pause") >= 0)
            bar.running = false; bar.finished = true
            verify(button.text.indexOf("Replay") >= 0)
            bar.finished = false
        }

        function test_stepDisabledWhileRunning() {
            bar.running = true
            verify(!findChild(bar, "stepA").enabled)
            bar.running = false
            verify(findChild(bar, "stepA").enabled)
        }

        function test_scenarioBoxShowsCurrent() {
            compare(findChild(bar, "scenarioBox").currentIndex, 0)
            bar.scenario = "flash-sale"
            compare(findChild(bar, "scenarioBox").currentIndex, 1)
            compare(findChild(bar, "strategyBox").currentText, "no-lock")
        }
    }
}
