import QtQuick
import QtTest
import LockStock
import LockStock.Native

// TestCase itself is invisible: the component under test sits beside it.
Item {
    width: 1200; height: 700

    TimelinePane { id: pane; anchors.fill: parent }

    TestCase {
        name: "TimelinePane"
        when: windowShown

        function init() { waitForItemPolished(pane) }


        function test_viewZoomsAndFits() {
            const view = findChild(pane, "timelineView")
            verify(view)
            verify(view.follow)
            const span = view.viewEndMs - view.viewStartMs
            view.zoomBy(0.5)
            verify(!view.follow)
            fuzzyCompare(view.viewEndMs - view.viewStartMs, span * 0.5, span * 0.01)
            view.fit()
            verify(view.follow)
            // Distinct colours per client, and none of them the race red.
            verify(!Qt.colorEqual(Colours.client(0, false), Colours.client(1, false)))
            verify(!Qt.colorEqual(Colours.client(0, false), Style.race))
        }

        function test_paintsWithoutASession() {
            const view = findChild(pane, "timelineView")
            const done = grabImage(view)
            compare(done.width, Math.round(view.width))
            // The gutter and the plot differ in colour: something was drawn.
            verify(!Qt.colorEqual(done.pixel(5, Math.round(view.height / 2)), done.pixel(Math.round(view.width / 2), Math.round(view.height / 2))))
        }
    }
}
