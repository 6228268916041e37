import QtQuick
import LockStock.Native

// The lesson's keys (→ ← as well as PageDown/PageUp and "." that presenter
// remotes send, and Space as in a slide show: it must not play the run past
// the frame) and what each frame highlights: the anchored event outlined
// on the timeline, its client's lane in focus, its details in the inspector,
// its line in the code panel.
Item {
    id: root
    property TimelineView view
    property bool enabled: true
    signal eventShown(int index)

    Shortcut { sequences: ["Right", "PgDown", ".", "Space"]; enabled: root.enabled && LessonPlayer.active; onActivated: LessonPlayer.next() }
    Shortcut { sequences: ["Left", "PgUp"]; enabled: root.enabled && LessonPlayer.active; onActivated: LessonPlayer.back() }

    Connections {
        target: LessonPlayer
        function onFrameChanged() {
            if (root.view)
                root.view.selectedEvent = LessonPlayer.active ? LessonPlayer.highlightEvent : -1
            // Every frame says whose lane is in focus (the first client's when none): Back shows it again.
            if (LessonPlayer.active)
                Controller.focusClient = Math.max(0, LessonPlayer.highlightClient)
            if (LessonPlayer.ready && LessonPlayer.highlightEvent >= 0)
                root.eventShown(LessonPlayer.highlightEvent)
            // The code line of the frame's event, in whichever language the code panel shows.
            const shown = LessonPlayer.active && LessonPlayer.ready && LessonPlayer.highlightEvent >= 0
            const details = shown ? Controller.primary.eventDetails(LessonPlayer.highlightEvent) : ({})
            Controller.code.highlightStep(shown ? details["step"] : "")
        }
    }
}
