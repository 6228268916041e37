import QtQuick
import QtTest
import LockStock

// The chart of `stress --all`, on a model with known numbers.
Item {
    width: 1400; height: 600

    ListModel {
        id: rows
        ListElement { name: "no-lock"; correct: false; done: true; broke: true; problems: 5; oversold: 3; lostUpdates: 2; overlaps: 0; foreignReleases: 0; throughput: 1000; p99: 2.5; error: ""; notRun: "" }
        ListElement { name: "lua-decrement"; correct: true; done: true; broke: false; problems: 0; oversold: 0; lostUpdates: 0; overlaps: 0; foreignReleases: 0; throughput: 4000; p99: 0.5; error: ""; notRun: "" }
        ListElement { name: "set-nx-px-wait"; correct: true; done: true; broke: false; problems: 0; oversold: 0; lostUpdates: 0; overlaps: 0; foreignReleases: 0; throughput: 0; p99: 0; error: ""; notRun: "it waits for a replica" }
        ListElement { name: "watchdog"; correct: true; done: false; broke: false; problems: 0; oversold: 0; lostUpdates: 0; overlaps: 0; foreignReleases: 0; throughput: 0; p99: 0; error: ""; notRun: "" }
    }

    StressChart {
        id: chart
        anchors.fill: parent
        rows: rows
        maxThroughput: 4000
        maxProblems: 5
    }

    SignalSpy { id: runSpy; target: chart; signalName: "runRequested" }
    SignalSpy { id: cancelSpy; target: chart; signalName: "cancelRequested" }

    TestCase {
        name: "StressChart"
        when: windowShown

        function row(name) {
            const list = findChild(chart, "list")
            for (let i = 0; i < list.count; ++i) {
                const item = list.itemAtIndex(i)
                if (item && item.objectName === "row_" + name)
                    return item
            }
            return null
        }

        function test_rowsForEveryStrategy() {
            const list = findChild(chart, "list")
            tryCompare(list, "count", 4)
            verify(row("no-lock") !== null)
            verify(row("lua-decrement") !== null)
        }

        function test_brokenIsARedBar() {
            const bar = findChild(row("no-lock"), "correctnessBar")
            verify(bar.visible)
            compare(bar.color, Style.race)
            verify(!findChild(row("no-lock"), "safe").visible)
            verify(findChild(row("lua-decrement"), "safe").visible)
            verify(!findChild(row("lua-decrement"), "correctnessBar").visible)
        }

        function test_fasterIsLonger() {
            const slow = findChild(row("no-lock"), "throughputBar")
            const fast = findChild(row("lua-decrement"), "throughputBar")
            verify(slow.visible && fast.visible)
            fuzzyCompare(fast.width / slow.width, 4, 0.05)
        }

        function test_notRunAndPendingSayWhy() {
            const skipped = row("set-nx-px-wait")
            verify(!findChild(skipped, "throughputBar").visible)
            const why = findChild(skipped, "stopped")
            verify(why.visible)
            verify(why.text.indexOf("replica") >= 0)
            const pending = row("watchdog")
            verify(findChild(pending, "pending").visible)
            verify(!findChild(pending, "safe").visible)
        }

        function test_runAndCancel() {
            runSpy.clear()
            cancelSpy.clear()
            findChild(chart, "clients").value = 4
            findChild(chart, "orders").value = 300
            findChild(chart, "stock").value = 50
            const button = findChild(chart, "runButton")
            mouseClick(button)
            compare(runSpy.count, 1)
            compare(runSpy.signalArguments[0][0], 4)
            compare(runSpy.signalArguments[0][1], 300)
            compare(runSpy.signalArguments[0][2], 50)
            chart.running = true
            verify(findChild(chart, "progress").visible)
            mouseClick(button)
            compare(cancelSpy.count, 1)
            chart.running = false
        }
    }
}
