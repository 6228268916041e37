import QtQuick
import QtTest
import LockStock

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
            for (let i = 0; i < panel.children[0].children.length; ++i) {
                const flow = panel.children[0].children[i]
                for (let j = 0; j < flow.children.length; ++j)
                    if (flow.children[j].objectName === "finding")
                        out.push(flow.children[j])
            }
            return out
        }

        function test_waitsUntilJudged() {
            panel.state_ = "running"
            panel.findings = ["Stock should be 98, is 99: one update lost."]
            panel.clean = false
            compare(findings().length, 0)
            const status = findChild(panel, "status")
            tryVerify(() => status.visible, 1000, "visible " + status.visible + " text " + status.text + " judged " + panel.judged)
        }

        function test_brokenIsRed() {
            panel.state_ = "finished"
            panel.clean = false
            panel.findings = ["Stock should be 98, is 99: one update lost.", "A deleted B's lock."]
            const shown = findings()
            compare(shown.length, 2)
            verify(shown[0].text.indexOf("one update lost") >= 0)
            compare(shown[0].color, Style.race)
            verify(!findChild(panel, "status").visible)
        }

        function test_correctIsGreen() {
            panel.state_ = "finished"
            panel.clean = true
            panel.findings = ["Correct: stock 98 as expected (2 of 2 orders sold), the lock was never shared."]
            const shown = findings()
            compare(shown.length, 1)
            compare(shown[0].color, Style.good)
            verify(shown[0].text.startsWith("✓"))
        }
    }
}
