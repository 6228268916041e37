import QtQuick
import QtTest
import LockStock

// TestCase itself is invisible: the component under test sits beside it.
Item {
    width: 800; height: 100

    ReplayBar { id: bar; width: 800; finished: true }

    TestCase {
        name: "ReplayBar"
        when: windowShown

        // The run's length picks the unit: a 2 ms lost update is not "0.00 / 0.00 s".
        function test_timeInTheRunsUnit() {
            compare(bar.timeText(1.234, 2.05), "1.23 / 2.05 ms")
            compare(bar.timeText(12.34, 45.6), "12.3 / 45.6 ms")
            compare(bar.timeText(183.4, 950), "183 / 950 ms")
            compare(bar.timeText(3250, 9800), "3.25 / 9.80 s")
            compare(bar.timeText(12340, 45600), "12.3 / 45.6 s")
            compare(bar.timeText(65200, 200000), "1:05.2 / 3:20.0")
        }

        function test_labelShowsTheCursor() {
            bar.durationMs = 2.05
            bar.cursorMs = -1
            compare(findChild(bar, "replayTime").text, "2.05 / 2.05 ms")
            bar.cursorMs = 1
            compare(findChild(bar, "replayTime").text, "1.00 / 2.05 ms")
        }
    }
}
