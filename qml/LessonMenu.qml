import QtQuick
import QtQuick.Controls
import LockStock.Native

// Lesson: the class poll and its steps, with keys a teacher can press while
// presenting (the poll's panel has the same as buttons).
AppMenu {
    objectName: "lessonMenu"
    title: qsTr("Le&sson")
    Action {
        objectName: "pollAction"
        text: qsTr("Class &poll")
        shortcut: "Ctrl+Shift+P"
        checkable: true
        checked: ClassPoll.running
        onTriggered: ClassPoll.running ? ClassPoll.stop() : ClassPoll.start()
    }
    MenuSeparator {}
    Action { objectName: "closeVotingAction"; text: qsTr("&Close voting"); shortcut: "Ctrl+Shift+C"; enabled: ClassPoll.votingOpen; onTriggered: ClassPoll.closeVoting() }
    Action { objectName: "voteAgainAction"; text: qsTr("Vote &again"); shortcut: "Ctrl+Shift+A"; enabled: ClassPoll.canVoteAgain; onTriggered: ClassPoll.voteAgain() }
    Action { objectName: "revealAction"; text: qsTr("&Reveal the answer"); shortcut: "Ctrl+Shift+R"; enabled: ClassPoll.asking && !ClassPoll.revealed; onTriggered: ClassPoll.reveal() }
}
