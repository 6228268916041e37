pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// The class poll on the projector. While the class joins: the join address
// as a large QR code, and as text to type beside it. With a question: the
// round and who voted, the answers as they come (PollChart), Close voting,
// Vote again, Reveal, and the code in the room left. Over the timeline, not
// modal: the lesson's card and its buttons stay in view.
Popup {
    id: root
    objectName: "pollPanel"
    property bool folded: false
    // Before a question, unfolded: the code large, the address beside it.
    readonly property bool wide: !ClassPoll.asking && !folded
    readonly property int voted: ClassPoll.voters.length > 0 ? ClassPoll.voters[ClassPoll.voters.length - 1] : 0
    modal: false
    focus: false
    closePolicy: Popup.NoAutoClose
    padding: Style.px(10)
    background: PanelBackground {}

    // Too little room (a small window): the chart and its buttons come first, the rest is cut.
    clip: true
    ColumnLayout {
        id: column
        anchors.fill: parent
        spacing: Style.px(8)
        RowLayout {
            id: header
            Layout.fillWidth: true
            spacing: Style.px(6)
            Label {
                objectName: "pollRound"
                Layout.fillWidth: true
                text: !ClassPoll.asking ? qsTr("Class poll")
                    : ClassPoll.revealed ? qsTr("Round %1 · %2 voted · revealed").arg(ClassPoll.round).arg(root.voted)
                    : ClassPoll.votingOpen ? qsTr("Round %1 · %2 voted · open").arg(ClassPoll.round).arg(root.voted)
                                           : qsTr("Round %1 · %2 voted · closed").arg(ClassPoll.round).arg(root.voted)
                font.pixelSize: Style.px(ClassPoll.asking ? 15 : 20)
                font.bold: true
                // Whole, on two lines if the panel is narrow: "revealed" was cut to "reve…" at 1366.
                wrapMode: Text.WordWrap
                color: Style.text
            }
            Label {
                objectName: "pollJoined"
                visible: !ClassPoll.asking
                text: qsTr("%n joined", "", ClassPoll.joined)
                font.pixelSize: Style.px(20)
                font.bold: true
                color: Style.accent
            }
            // Someone is trying something: how many messages and connections were turned away.
            Label {
                id: ignoredMark
                objectName: "pollIgnored"
                visible: ClassPoll.ignored > 0
                text: "⚠ " + ClassPoll.ignored
                font.pixelSize: Style.px(14)
                color: Style.warning
                HoverHandler { id: ignoredHover }
                Hint {
                    hovered: ignoredHover.hovered
                    maxWidth: Style.px(320)
                    text: qsTr("%n message(s) or connection(s) ignored: not a vote, too many, or without the code.", "", ClassPoll.ignored)
                }
            }
            ToolButton {
                id: foldButton
                objectName: "pollFold"
                focusPolicy: Qt.NoFocus
                text: root.folded ? "⟨" : "⟩"
                font.pixelSize: Style.px(16)
                implicitWidth: Style.px(32)
                onClicked: root.folded = !root.folded
                Hint { hovered: foldButton.hovered; pressed: foldButton.pressed; text: root.folded ? qsTr("Widen the poll") : qsTr("Narrow the poll: more of the timeline shows") }
            }
            ToolButton {
                id: stopButton
                objectName: "pollStop"
                focusPolicy: Qt.NoFocus
                text: "✕"
                font.pixelSize: Style.px(16)
                implicitWidth: Style.px(32)
                onClicked: ClassPoll.stop()
                Hint { hovered: stopButton.hovered; pressed: stopButton.pressed; text: qsTr("Stop the poll: every phone is disconnected; the results stay for the export") }
            }
        }
        Label {
            objectName: "pollError"
            Layout.fillWidth: true
            visible: ClassPoll.error.length > 0
            text: ClassPoll.error
            wrapMode: Text.WordWrap
            font.pixelSize: Style.px(15)
            color: Style.race
        }

        // Joining: the code as large as the panel's height, the address and the network beside it.
        RowLayout {
            Layout.fillWidth: true
            visible: root.wide
            spacing: Style.px(14)
            QrCodeItem {
                objectName: "pollCode"
                readonly property real side: Math.min(column.height - header.height - column.spacing,
                                                      column.width - info.Layout.preferredWidth - parent.spacing)
                Layout.preferredWidth: side
                Layout.preferredHeight: side
                Layout.alignment: Qt.AlignTop
                text: ClassPoll.url
            }
            ColumnLayout {
                id: info
                Layout.preferredWidth: Style.px(230)
                Layout.fillWidth: true
                Layout.alignment: Qt.AlignTop
                spacing: Style.px(10)
                Label {
                    objectName: "pollAddress"
                    Layout.fillWidth: true
                    text: ClassPoll.shortUrl
                    font.family: Style.mono
                    font.pixelSize: Style.px(19)
                    wrapMode: Text.WrapAnywhere
                    color: Style.text
                }
                Label {
                    objectName: "pollWaiting"
                    Layout.fillWidth: true
                    text: LessonPlayer.active ? qsTr("Scan the code or type the address. The lesson's questions appear on the phones at their frames.")
                                              : qsTr("Open a guided lesson (Ctrl+L): its questions appear on the phones at their frames.")
                    wrapMode: Text.WordWrap
                    font.pixelSize: Style.px(15)
                    color: Style.muted
                }
                Label {
                    text: qsTr("Network:")
                    font.pixelSize: Style.px(14)
                    color: Style.muted
                }
                ComboBox {
                    objectName: "pollNetwork"
                    Layout.fillWidth: true
                    focusPolicy: Qt.NoFocus
                    font.pixelSize: Style.px(14)
                    model: ClassPoll.addresses
                    currentIndex: ClassPoll.addressIndex
                    onActivated: index => ClassPoll.addressIndex = index
                    onPressedChanged: if (pressed) ClassPoll.refreshAddresses()
                }
            }
        }

        // The question: the answers, the steps.
        PollChart {
            Layout.fillWidth: true
            visible: ClassPoll.asking
        }
        // Each as wide as its words, narrowly padded: the three fit whole side by side in
        // the panel at 1366×768; with larger text Reveal goes under the other two, then
        // each under the one before.
        GridLayout {
            id: steps
            Layout.fillWidth: true
            visible: ClassPoll.asking && !ClassPoll.revealed
            columnSpacing: Style.px(6)
            rowSpacing: Style.px(6)
            readonly property real firstTwo: closeButton.implicitWidth + againButton.implicitWidth + columnSpacing
            columns: firstTwo + columnSpacing + revealButton.implicitWidth <= column.width ? 3
                   : firstTwo <= column.width ? 2 : 1
            Button {
                id: closeButton
                objectName: "pollClose"
                Layout.fillWidth: true
                leftPadding: Style.px(6)
                rightPadding: Style.px(6)
                focusPolicy: Qt.NoFocus
                enabled: ClassPoll.votingOpen
                text: qsTr("Close voting")
                font.pixelSize: Style.px(15)
                onClicked: ClassPoll.closeVoting()
            }
            Button {
                id: againButton
                objectName: "pollAgain"
                Layout.fillWidth: true
                leftPadding: Style.px(6)
                rightPadding: Style.px(6)
                focusPolicy: Qt.NoFocus
                enabled: ClassPoll.canVoteAgain
                text: qsTr("Vote again")
                font.pixelSize: Style.px(15)
                onClicked: ClassPoll.voteAgain()
            }
            Button {
                id: revealButton
                objectName: "pollReveal"
                Layout.columnSpan: steps.columns == 2 ? 2 : 1
                Layout.fillWidth: true
                leftPadding: Style.px(6)
                rightPadding: Style.px(6)
                focusPolicy: Qt.NoFocus
                highlighted: true
                text: qsTr("Reveal") + " →"
                font.pixelSize: Style.px(15)
                onClicked: ClassPoll.reveal()
            }
        }

        // With a question, or folded: who joined, the address, and the code in the room left (if it is enough to scan).
        Label {
            objectName: "pollAddressSmall"
            Layout.fillWidth: true
            visible: !root.wide
            horizontalAlignment: Text.AlignHCenter
            text: qsTr("%n joined", "", ClassPoll.joined) + " · " + ClassPoll.shortUrl
            font.family: Style.mono
            font.pixelSize: Style.px(15)
            wrapMode: Text.WrapAnywhere
            color: Style.text
        }
        Item {
            id: room
            Layout.fillWidth: true
            Layout.fillHeight: true
            visible: !root.wide
            QrCodeItem {
                objectName: "pollCodeSmall"
                readonly property real side: Math.min(room.width, room.height)
                visible: side >= Style.px(80)
                anchors.centerIn: parent
                width: side
                height: side
                text: ClassPoll.url
            }
        }
        Item {
            Layout.fillHeight: true
            visible: root.wide
        }
    }
}
