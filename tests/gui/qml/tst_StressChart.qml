import QtQuick
import QtTest
import LockStock
import LockStock.Native

// The chart drawn from a fake comparison with known figures.
Item {
    width: 1600; height: 900

    ListModel {
        id: fake
        function add(name, correct, status, outcome, problems, brief, perSecond) {
            append({ name: name, title: name, correct: correct, status: status, rowProgress: 0.5,
                     ordersSucceeded: 100, initialStock: 100, expectedStock: 0, oversold: 0, finalStock: 0, problems: problems,
                     outcome: outcome, brief: brief,
                     ordersPerSecond: perSecond, latencyP50Ms: 0.2, latencyP99Ms: 3.5, retries: 42,
                     note: status === StressComparison.Skipped ? "needs a replica" : "" })
        }
    }

    StressChart {
        id: chart
        anchors.fill: parent
        model: fake
        maxOrdersPerSecond: 40000
        maxProblems: 120
    }

    SignalSpy { id: started; target: chart; signalName: "startRequested" }
    SignalSpy { id: cancelled; target: chart; signalName: "cancelRequested" }

    TestCase {
        name: "StressChart"
        when: windowShown

        function init() {
            fake.clear()
            fake.add("no-lock", false, StressComparison.Done, RunSession.Broken, 120, "50 units lost · 70 units oversold", 20000)
            fake.add("lua-decrement", true, StressComparison.Done, RunSession.Clean, 0, "safe: none found", 40000)
            fake.add("set-nx-ex-lua", true, StressComparison.Done, RunSession.Clean, 0, "safe: none found", 5000)
            fake.add("set-nx-px-wait", true, StressComparison.Skipped, RunSession.Clean, 0, "", 0)
            fake.add("redlock", true, StressComparison.Running, RunSession.Clean, 0, "", 0)
            fake.add("set-nx-ex-del", false, StressComparison.Done, RunSession.NotExercised, 0, "not exercised by this load", 10000)
            fake.add("fenced-lock", true, StressComparison.Done, RunSession.Harmless, 0, "2 overlaps, made harmless by fencing", 8000)
            chart.running = false
            started.clear()
            cancelled.clear()
        }

        function row(name) {
            const r = findChild(chart, "row_" + name)
            verify(r, "no row for " + name)
            return r
        }
        function part(name, objectName) {
            const p = findChild(row(name), objectName)
            verify(p, "no " + objectName + " in " + name)
            return p
        }

        function test_everyStrategyHasARow() {
            for (const name of ["no-lock", "lua-decrement", "set-nx-ex-lua", "set-nx-px-wait", "redlock", "set-nx-ex-del", "fenced-lock"])
                verify(row(name).visible)
        }

        function test_fasterIsWider() {
            const fastest = part("lua-decrement", "throughputBar")
            const middle = part("no-lock", "throughputBar")
            const slow = part("set-nx-ex-lua", "throughputBar")
            // The fastest fills its column up to the room for its figure; the others in proportion.
            tryVerify(() => Math.abs(middle.width - fastest.width / 2) < 2, 2000,
                      "no-lock " + middle.width + " vs lua-decrement " + fastest.width)
            tryVerify(() => Math.abs(slow.width - fastest.width / 8) < 2, 2000)
            verify(fastest.width > middle.width && middle.width > slow.width)
            compare(fastest.color, Style.accent)
            verify(part("lua-decrement", "throughputText").text.indexOf("40") === 0)
        }

        function test_brokenIsRedSafeIsMarked() {
            const bar = part("no-lock", "correctnessBar")
            verify(bar.visible)
            verify(bar.width > 0)
            compare(bar.color, Style.race)
            verify(!part("no-lock", "safeMark").visible)
            compare(part("no-lock", "problemsText").text, "120")
            const detail = part("no-lock", "problemsDetail").text
            verify(detail.indexOf("70 units oversold") >= 0 && detail.indexOf("50 units lost") >= 0, detail)

            verify(!part("lua-decrement", "correctnessBar").visible)
            const safe = part("lua-decrement", "safeMark")
            verify(safe.visible)
            compare(safe.border.color, Style.good)
        }

        // Oversold, the stock line says what was sold of what there was, never
        // a stock below zero that was "expected" ("expected -324").
        function test_oversoldSaysWhatWasSold() {
            fake.setProperty(0, "ordersSucceeded", 1924)
            fake.setProperty(0, "initialStock", 1600)
            fake.setProperty(0, "expectedStock", -324)
            fake.setProperty(0, "oversold", 324)
            fake.setProperty(0, "finalStock", 12)
            const text = part("no-lock", "stockText").text
            verify(text.indexOf("oversold by 324") >= 0, text)
            verify(text.indexOf("324") === text.lastIndexOf("324") && text.indexOf("expected") < 0, text)
            compare(part("lua-decrement", "stockText").text, "sold 100 · stock 0, expected 0")
        }

        // A broken strategy that the load never broke is not "safe"; nor is a fenced one that had two holders.
        function test_untestedAndHarmlessAreNotSafe() {
            const untested = part("set-nx-ex-del", "safeMark")
            verify(untested.visible)
            compare(untested.border.color, Style.warning)
            verify(untested.children[0].text.indexOf("safe") < 0, untested.children[0].text)
            verify(part("set-nx-ex-del", "problemsDetail").text.indexOf("not exercised") >= 0)
            const harmless = part("fenced-lock", "safeMark")
            compare(harmless.border.color, Style.warning)
            verify(harmless.children[0].text.indexOf("harmless") >= 0)
        }

        function test_rowsWithoutFiguresSayWhy() {
            const skipped = part("set-nx-px-wait", "statusText")
            verify(skipped.visible)
            verify(skipped.text.indexOf("needs a replica") >= 0, skipped.text)
            verify(!part("set-nx-px-wait", "throughputBar").visible)
            verify(part("redlock", "rowProgress").visible)
            compare(part("redlock", "rowProgress").value, 0.5)
            verify(!part("no-lock", "rowProgress").visible)
        }

        function test_runAndCancel() {
            const run = findChild(chart, "runButton")
            const cancel = findChild(chart, "cancelButton")
            verify(run.enabled && !cancel.enabled)
            mouseClick(run)
            compare(started.count, 1)
            // The defaults: 8 clients, 1600 orders in total (200 each), stock 100.
            compare(started.signalArguments[0][0], 8)
            compare(started.signalArguments[0][1], 1600)
            compare(started.signalArguments[0][2], 100)

            chart.running = true
            chart.progress = 0.25
            chart.current = "redlock"
            verify(!run.enabled && cancel.enabled)
            verify(findChild(chart, "progressBar").visible)
            compare(findChild(chart, "progressText").text, "redlock · 25%")
            mouseClick(cancel)
            compare(cancelled.count, 1)
        }

        function test_darkTheme() {
            Style.dark = true
            compare(part("no-lock", "correctnessBar").color, Style.race)
            compare(part("lua-decrement", "throughputBar").color, Style.accent)
            Style.dark = false
        }
    }
}
