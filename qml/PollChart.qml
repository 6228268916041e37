pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// The class's answers to the question shown: a row a choice with a bar for
// the latest round (under a thin one for the first), its share round after
// round ("31 % → 78 %") and the latest round's count; once revealed, the
// right choice marked. No names.
ColumnLayout {
    id: root
    spacing: Style.px(8)
    readonly property int rounds: ClassPoll.counts.length
    function share(round, choice) {
        const voters = ClassPoll.voters[round]
        return voters > 0 ? ClassPoll.counts[round][choice] / voters : 0
    }
    function percent(fraction) { return qsTr("%1 %").arg(Math.round(100 * fraction)) }
    // The votes are told in this window's polish, in time for the frame being prepared.
    Component.onCompleted: ClassPoll.chart = root

    Repeater {
        model: ClassPoll.choices
        // A row a choice: its text, its bars, its shares. Placed by anchors, not
        // a layout of its own: the choice's share of the row, taken while the
        // panel's layout gave the chart its width, was kept from before that
        // (Qt 6.4), and "100" was elided until the first vote.
        delegate: Item {
            id: row
            required property int index
            required property string modelData
            readonly property bool rightOne: ClassPoll.rightChoice === index
            Layout.fillWidth: true
            implicitHeight: Math.max(choice.implicitHeight, bars.implicitHeight, shareText.implicitHeight)
            Label {
                id: choice
                objectName: "pollChoice" + row.index
                width: row.width * 0.3
                anchors.verticalCenter: parent.verticalCenter
                text: (row.rightOne ? "✓ " : "") + row.modelData
                font.pixelSize: Style.px(17)
                font.bold: true
                color: row.rightOne ? Style.good : Style.text
                elide: Text.ElideRight
            }
            // The first round thin over the latest: how the discussion moved the class.
            ColumnLayout {
                id: bars
                anchors.left: choice.right
                anchors.right: shareText.left
                anchors.margins: Style.px(8)
                anchors.verticalCenter: parent.verticalCenter
                spacing: Style.px(2)
                Rectangle {
                    Layout.fillWidth: true
                    visible: root.rounds > 1
                    implicitHeight: Style.px(6)
                    radius: height / 2
                    color: Style.raised
                    Rectangle {
                        width: parent.width * root.share(0, row.index)
                        height: parent.height
                        radius: parent.radius
                        color: Style.muted
                    }
                }
                Rectangle {
                    Layout.fillWidth: true
                    implicitHeight: Style.px(14)
                    radius: height / 2
                    color: Style.raised
                    Rectangle {
                        width: parent.width * root.share(root.rounds - 1, row.index)
                        height: parent.height
                        radius: parent.radius
                        color: row.rightOne ? Style.good : Style.accent
                    }
                }
            }
            Label {
                id: shareText
                objectName: "pollShares" + row.index
                anchors.right: parent.right
                anchors.verticalCenter: parent.verticalCenter
                readonly property int count: root.rounds > 0 ? ClassPoll.counts[root.rounds - 1][row.index] : 0
                text: {
                    const shares = []
                    for (let r = 0; r < root.rounds; ++r)
                        shares.push(root.percent(root.share(r, row.index)))
                    return shares.join(" → ") + "  (" + count + ")"
                }
                font.pixelSize: Style.px(17)
                font.bold: row.rightOne
                color: row.rightOne ? Style.good : Style.muted
            }
        }
    }
}
