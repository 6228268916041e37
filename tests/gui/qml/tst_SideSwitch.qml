import QtQuick
import QtTest
import LockStock

// TestCase itself is invisible: the component under test sits beside it.
Item {
    width: 400; height: 100

    SideSwitch { id: side }

    TestCase {
        name: "SideSwitch"
        when: windowShown

        function init() { waitForItemPolished(side) }

        SignalSpy { id: spy; target: side; signalName: "toggled" }

        function test_clickFlipsToCorrectOnce() {
            spy.clear()
            side.correct = false
            const correct = findChild(side, "correctSegment")
            const broken = findChild(side, "brokenSegment")
            verify(correct && broken)
            compare(broken.active, true)
            mouseClick(correct)
            compare(spy.count, 1)
            compare(spy.signalArguments[0][0], true)
            // Clicking the side that is already on says nothing.
            mouseClick(broken)
            compare(spy.count, 1)
        }

        function test_disabledIgnoresClicks() {
            spy.clear()
            side.enabledSwitch = false
            mouseClick(findChild(side, "correctSegment"))
            compare(spy.count, 0)
            side.enabledSwitch = true
        }
    }
}
