import QtQuick
import QtTest
import LockStock

// TestCase itself is invisible: the component under test sits beside it.
Item {
    width: 1800; height: 200

    ControlBar {
        id: bar
        width: 1800
        scenarios: [{ name: "lost-update", title: "t", lesson: "l", course: 1 }, { name: "flash-sale", title: "t2", lesson: "l2", course: 2 }]
        scenario: "lost-update"
        strategies: [{ name: "no-lock", title: "a", lesson: "x", correct: false, side: "broken" },
                     { name: "set-nx-ex-lua", title: "b", lesson: "y", correct: true, side: "correct" },
                     { name: "watchdog", title: "c", lesson: "z", correct: true, side: "" }]
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

        // The course's number and title, never the file's slug; each strategy's side in this scenario.
        function test_titlesAndSides() {
            bar.scenario = "flash-sale"
            compare(findChild(bar, "scenarioBox").displayText, "2. t2")
            compare(findChild(bar, "strategyBox").displayText, "no-lock · broken here")
            compare(bar.strategyLabel(bar.strategies[1]), "set-nx-ex-lua · correct here")
            compare(bar.strategyLabel(bar.strategies[2]), "watchdog")
        }
    }
}
