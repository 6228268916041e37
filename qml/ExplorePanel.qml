pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// Run > Explore all schedules: the scenario shown, run under every order
// of its clients' commands (Exploration), as it grows: the outcome shares
// as a bar, and the space as an icicle of choice points whose columns are
// the schedules, coloured by outcome. A column loads its run.
ColumnLayout {
    id: root
    signal closeRequested()
    spacing: Style.px(10)

    RowLayout {
        Layout.fillWidth: true
        Label {
            Layout.fillWidth: true
            text: qsTr("Explore all schedules")
            font.pixelSize: Style.px(22)
            font.bold: true
            color: Style.text
            elide: Text.ElideRight
        }
        ToolButton {
            objectName: "closeButton"
            focusPolicy: Qt.NoFocus
            text: "✕"
            font.pixelSize: Style.px(20)
            onClicked: root.closeRequested()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Close (Esc); the exploration goes on")
        }
    }
    Label {
        Layout.fillWidth: true
        text: qsTr("Every order in which the clients' commands can reach Redis, each a real run on the virtual clock, judged by its own verdict. Sleeps and waits keep the scenario's timing.")
        wrapMode: Text.WordWrap
        font.pixelSize: Style.px(14)
        color: Style.muted
    }
    Label {
        objectName: "unexplorable"
        Layout.fillWidth: true
        visible: Exploration.unexplorable.length > 0
        text: "⚠ " + Exploration.unexplorable
        wrapMode: Text.WordWrap
        color: Style.race
    }

    Flow {
        Layout.fillWidth: true
        spacing: Style.px(10)
        component Field: Row {
            id: field
            property alias label: fieldLabel.text
            spacing: Style.px(8)
            Label {
                id: fieldLabel
                anchors.verticalCenter: field.verticalCenter
                color: Style.text
            }
        }
        Field {
            label: qsTr("Faults")
            SpinBox {
                id: faultsBox
                objectName: "faultsBox"
                from: 0; to: Exploration.paletteSize; value: 0
                enabled: !Exploration.running
                font.pixelSize: Style.px(16)
                width: Style.px(120)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Also inject up to this many faults, each after any step: a pause longer than the lease, a crash, a lost reply, a lock node's restart or clock jump (as the scenario allows)")
            }
        }
        Field {
            label: qsTr("Budget (s)")
            SpinBox {
                id: budgetBox
                objectName: "budgetBox"
                from: 1; to: 3600; value: 60
                editable: true
                enabled: !Exploration.running
                font.pixelSize: Style.px(16)
                width: Style.px(140)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("At most this long; a space too large for it is sampled (PCT and random walks), and says so")
            }
        }
        Button {
            objectName: "exploreButton"
            focusPolicy: Qt.NoFocus
            text: qsTr("▶ Explore")
            highlighted: true
            enabled: !Exploration.running && Exploration.unexplorable.length === 0
            font.pixelSize: Style.px(16)
            onClicked: Exploration.start(faultsBox.value, budgetBox.value)
        }
        Button {
            objectName: "cancelButton"
            focusPolicy: Qt.NoFocus
            text: qsTr("■ Cancel")
            enabled: Exploration.running
            font.pixelSize: Style.px(16)
            onClicked: Exploration.cancel()
        }
    }

    Label {
        objectName: "subject"
        Layout.fillWidth: true
        visible: text.length > 0
        text: Exploration.subject + (Exploration.progress.length > 0 ? " · " + Exploration.progress : "")
        font.pixelSize: Style.px(15)
        font.family: Style.mono
        color: Style.text
        wrapMode: Text.Wrap
    }
    Label {
        objectName: "verdict"
        Layout.fillWidth: true
        visible: text.length > 0
        text: Exploration.verdict
        font.pixelSize: Style.px(17)
        font.bold: true
        color: Exploration.failed ? Style.race : Style.good
        wrapMode: Text.WordWrap
    }
    Label {
        objectName: "summary"
        Layout.fillWidth: true
        visible: text.length > 0
        text: Exploration.summary
        font.pixelSize: Style.px(14)
        color: Style.muted
        wrapMode: Text.WordWrap
    }
    Label {
        Layout.fillWidth: true
        visible: Exploration.error.length > 0
        text: "⚠ " + Exploration.error
        color: Style.race
        wrapMode: Text.WordWrap
    }

    // The outcomes' shares, as one bar, with their legend.
    Row {
        objectName: "shareBar"
        Layout.fillWidth: true
        Layout.preferredHeight: Style.px(18)
        visible: Exploration.outcomes.length > 0
        Repeater {
            model: Exploration.outcomes
            delegate: Rectangle {
                required property var modelData
                width: root.width * modelData.share
                height: Style.px(18)
                color: Style.dark ? modelData.darkColour : modelData.colour
            }
        }
    }
    ListView {
        objectName: "outcomeList"
        Layout.fillWidth: true
        Layout.preferredHeight: Math.min(contentHeight, Style.px(130))
        clip: true
        model: Exploration.outcomes
        boundsBehavior: Flickable.StopAtBounds
        ScrollBar.vertical: ScrollBar {}
        delegate: RowLayout {
            id: row
            required property var modelData
            width: ListView.view.width
            spacing: Style.px(8)
            Rectangle {
                implicitWidth: Style.px(16)
                implicitHeight: Style.px(16)
                radius: Style.px(3)
                color: Style.dark ? row.modelData.darkColour : row.modelData.colour
            }
            Label {
                Layout.fillWidth: true
                text: row.modelData.text
                elide: Text.ElideRight
                font.pixelSize: Style.px(14)
                color: Style.text
            }
            Label {
                text: qsTr("%1 · %2%").arg(row.modelData.count).arg((row.modelData.share * 100).toFixed(1))
                font.pixelSize: Style.px(14)
                font.family: Style.mono
                color: Style.muted
            }
        }
    }

    // The space: one row per choice point, each schedule a column to its foot.
    OutcomeTree {
        id: tree
        objectName: "outcomeTree"
        Layout.fillWidth: true
        Layout.fillHeight: true
        Layout.minimumHeight: Style.px(240)
        Layout.preferredHeight: Style.px(240)
        exploration: Exploration
        dark: Style.dark
        textScale: Style.scale
        MouseArea {
            id: pointer
            anchors.fill: parent
            hoverEnabled: true
            property int leaf: -1
            onPositionChanged: mouse => leaf = tree.leafAt(mouse.x, mouse.y)
            onExited: leaf = -1
            onClicked: mouse => {
                const index = tree.leafAt(mouse.x, mouse.y)
                if (index >= 0)
                    status.text = Exploration.load(index)
            }
        }
        // By the pointer: above the tree it would cover the legend.
        ToolTip {
            parent: tree
            visible: pointer.containsMouse && pointer.leaf >= 0
            text: pointer.leaf >= 0 ? Exploration.describe(pointer.leaf) : ""
            x: Math.max(0, Math.min(pointer.mouseX + Style.px(14), tree.width - width))
            y: pointer.mouseY + Style.px(18) + height < tree.height ? pointer.mouseY + Style.px(18) : Math.max(0, pointer.mouseY - height - Style.px(8))
        }
    }
    Label {
        id: status
        Layout.fillWidth: true
        text: ""
        visible: text.length > 0
        color: Style.race
        wrapMode: Text.WordWrap
    }
    Label {
        Layout.fillWidth: true
        visible: Exploration.schedules > 0
        text: qsTr("Each column is one schedule, each row a point where several clients could go next. Click a column to load its run into the timeline.")
        wrapMode: Text.WordWrap
        font.pixelSize: Style.px(13)
        color: Style.muted
    }
}
