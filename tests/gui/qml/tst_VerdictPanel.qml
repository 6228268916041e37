import QtQuick
import QtQuick.Controls
import QtTest
import LockStock
import LockStock.Native

// TestCase itself is invisible: the component under test sits beside it.
Item {
    width: 800; height: 300

    VerdictPanel { id: panel; width: 800 }

    TestCase {
        name: "VerdictPanel"
        when: windowShown

        function init() { waitForItemPolished(panel) }

        function findings() {
            const out = []
            const walk = item => {
                for (let i = 0; i < item.children.length; ++i) {
                    if (item.children[i].objectName === "finding")
                        out.push(item.children[i])
                    walk(item.children[i])
                }
            }
            walk(panel)
            return out
        }

        function test_waitsUntilJudged() {
            panel.runState = RunSession.Running
            panel.findings = [{ text: "2 units sold from 100, yet the stock is 99: one unit lost.", severity: RunSession.Broken }]
            panel.outcome = RunSession.Broken
            compare(findings().length, 0)
            const status = findChild(panel, "status")
            tryVerify(() => status.visible, 1000, "visible " + status.visible + " text " + status.text + " judged " + panel.judged)
        }

        function test_brokenIsRed() {
            panel.runState = RunSession.Finished
            panel.outcome = RunSession.Broken
            panel.findings = [{ text: "2 units sold from 100, yet the stock is 99: one unit lost.", severity: RunSession.Broken },
                              { text: "A deleted B's lock.", severity: RunSession.Broken }]
            const shown = findings()
            compare(shown.length, 2)
            verify(shown[0].text.indexOf("one unit lost") >= 0)
            verify(shown[0].text.startsWith("×"))
            compare(shown[0].color, Style.race)
            compare(panel.border.color, Style.race)
            verify(!findChild(panel, "status").visible)
        }

        function test_correctIsGreen() {
            panel.runState = RunSession.Finished
            panel.outcome = RunSession.Clean
            panel.findings = [{ text: "Correct: stock 98 as expected (2 of 2 orders sold), the lock was never shared.", severity: RunSession.Clean }]
            const shown = findings()
            compare(shown.length, 1)
            compare(shown[0].color, Style.good)
            verify(shown[0].text.startsWith("✓"))
        }

        // Two holders are never good news: fenced, they are amber, not green.
        function test_harmlessIsNotGreen() {
            panel.runState = RunSession.Finished
            panel.outcome = RunSession.Harmless
            panel.findings = [{ text: "A and B both held the lock for 1.0 s; fencing made it harmless.", severity: RunSession.Harmless },
                              { text: "Fencing kept the stock right: 99 as expected.", severity: RunSession.Harmless }]
            const shown = findings()
            compare(shown.length, 2)
            compare(shown[0].color, Style.warning)
            verify(!shown[0].text.startsWith("✓"))
            compare(panel.border.color, Style.warning)
        }

        // Findings beyond the panel's height scroll, with a bar that says so;
        // a verdict that fits has none.
        function test_scrollBarOnlyWhenFindingsOverflow() {
            panel.runState = RunSession.Finished
            panel.outcome = RunSession.Broken
            panel.maximumHeight = 150
            const many = []
            for (let i = 0; i < 12; ++i)
                many.push({ text: "Order " + i + " was sold twice.", severity: RunSession.Broken })
            panel.findings = many
            const bar = findChild(panel, "findingsScrollBar")
            verify(bar)
            tryVerify(() => bar.policy === ScrollBar.AlwaysOn && bar.size < 1)
            verify(panel.height <= 150)
            panel.findings = [{ text: "2 units sold from 100, yet the stock is 99: one unit lost.", severity: RunSession.Broken }]
            tryVerify(() => bar.policy === ScrollBar.AlwaysOff)
            panel.maximumHeight = Infinity
        }
    }
}
