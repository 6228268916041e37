pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import LockStock.Native

// Edit > Scenario: every parameter of the scenario shown, in the units a
// lesson speaks (lease and work in s, back-off in ms), its clients and the
// faults clicked on the timeline. Edits are undoable (Ctrl+Z) and run on the
// next run, the run before kept beside it; one the loader refuses says why
// under its field and never runs.
ColumnLayout {
    id: root
    required property ScenarioEditor editor
    property bool pending: false
    signal closeRequested()

    spacing: Style.px(8)

    // The fields the panel shows, each with its message under it.
    readonly property var fieldKeys: ["lease_ms", "work_ms", "retry_ms", "acquire_timeout_ms", "stock",
        "orders_per_client", "quantity", "clients", "interleaving", "seed", "rtt_ms", "max_run_ms"]
    readonly property var values: editor.values

    function errorOf(key) { return root.editor.errorField === key ? root.editor.error : "" }

    component Field: ScenarioField {
        id: field
        required property string key
        objectName: key + "Field"
        Layout.fillWidth: true
        value: root.values[key] ?? ""
        error: root.errorOf(key)
        onCommitted: text => root.editor.set(field.key, text)
    }
    component Heading: Label {
        Layout.fillWidth: true
        Layout.topMargin: Style.px(6)
        font.pixelSize: Style.px(16)
        font.bold: true
        color: Style.text
    }

    RowLayout {
        Layout.fillWidth: true
        Label {
            Layout.fillWidth: true
            text: qsTr("Scenario")
            font.pixelSize: Style.px(22)
            font.bold: true
            color: Style.text
            elide: Text.ElideRight
        }
        ToolButton {
            objectName: "scenarioUndo"
            focusPolicy: Qt.NoFocus
            text: "↶"
            font.pixelSize: Style.px(20)
            enabled: root.editor.canUndo
            onClicked: root.editor.undo()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Undo %1 (Ctrl+Z)").arg(root.editor.undoText)
        }
        ToolButton {
            objectName: "scenarioRedo"
            focusPolicy: Qt.NoFocus
            text: "↷"
            font.pixelSize: Style.px(20)
            enabled: root.editor.canRedo
            onClicked: root.editor.redo()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Redo %1 (Ctrl+Shift+Z)").arg(root.editor.redoText)
        }
        ToolButton {
            objectName: "scenarioClose"
            focusPolicy: Qt.NoFocus
            text: "✕"
            font.pixelSize: Style.px(20)
            onClicked: root.closeRequested()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Close (Esc)")
        }
    }
    Label {
        objectName: "scenarioState"
        Layout.fillWidth: true
        wrapMode: Text.Wrap
        font.pixelSize: Style.px(14)
        color: root.editor.error !== "" ? Style.race : Style.muted
        // A field's own message is under it; the others' (faults) here.
        readonly property bool underField: root.fieldKeys.indexOf(root.editor.errorField) >= 0
        text: root.editor.error !== ""
              ? (underField ? qsTr("Does not load, so it cannot run: mend the value marked in red.")
                            : qsTr("Does not load, so it cannot run: %1").arg(root.editor.error))
              : root.pending ? qsTr("Changed: the next run (or Reset) runs it; the run shown stays beside it.")
                             : qsTr("Changes run on the next run. Right-click a lane of the timeline to add a fault there.")
    }

    Heading { text: qsTr("Lock and work") }
    Field { key: "lease_ms"; label: qsTr("Lease (lock TTL)"); unit: qsTr("s") }
    Field { key: "work_ms"; label: qsTr("Work while holding the lock"); unit: qsTr("s") }
    Field { key: "retry_ms"; label: qsTr("Retry back-off"); unit: qsTr("ms") }
    Field { key: "acquire_timeout_ms"; label: qsTr("Give up acquiring after"); unit: qsTr("s") }

    Heading { text: qsTr("Stock and orders") }
    Field { key: "stock"; label: qsTr("Stock"); unit: qsTr("units") }
    Field { key: "orders_per_client"; label: qsTr("Orders per client") }
    Field { key: "quantity"; label: qsTr("Units per order") }

    Heading { text: qsTr("Clients") }
    Field { key: "clients"; label: qsTr("Clients (1–50)") }
    Label {
        Layout.fillWidth: true
        text: qsTr("Name and start offset of each client")
        color: Style.muted
        font.pixelSize: Style.px(14)
    }
    // A positioner, not the layout, holds the rows a Repeater makes anew at
    // every edit: a layout can be left with a row already deleted (Qt 6.4 crashed).
    Column {
        Layout.fillWidth: true
        spacing: Style.px(4)
        Repeater {
            model: root.editor.clients
            delegate: RowLayout {
                id: clientRow
                required property var modelData
                required property int index
                width: parent ? parent.width : 0
                spacing: Style.px(8)
                TextField {
                    objectName: "clientName"
                    Layout.fillWidth: true
                    text: clientRow.modelData.name
                    font.pixelSize: Style.px(15)
                    font.family: Style.mono
                    selectByMouse: true
                    onEditingFinished: if (text !== clientRow.modelData.name) root.editor.setClientName(clientRow.index, text)
                    Accessible.name: qsTr("Name of client %1").arg(clientRow.index + 1)
                }
                Label { text: qsTr("starts at"); color: Style.muted; font.pixelSize: Style.px(15) }
                TextField {
                    objectName: "clientStart"
                    Layout.preferredWidth: Style.px(90)
                    text: clientRow.modelData.start
                    horizontalAlignment: TextInput.AlignRight
                    font.pixelSize: Style.px(15)
                    selectByMouse: true
                    onEditingFinished: if (text !== clientRow.modelData.start) root.editor.setClientStart(clientRow.index, text)
                    Accessible.name: qsTr("Start of client %1 in ms").arg(clientRow.index + 1)
                }
                Label { text: qsTr("ms"); color: Style.muted; font.pixelSize: Style.px(15) }
            }
        }
    }

    Heading { text: qsTr("Schedule") }
    RowLayout {
        Layout.fillWidth: true
        Label { Layout.fillWidth: true; text: qsTr("Who steps next"); color: Style.text; font.pixelSize: Style.px(15) }
        ComboBox {
            objectName: "scheduleBox"
            Layout.preferredWidth: Style.px(220)
            font.pixelSize: Style.px(15)
            textRole: "text"
            valueRole: "value"
            model: [
                { value: "timed", text: qsTr("Timed: whoever is ready") },
                { value: "scripted", text: qsTr("Scripted: the interleaving") },
                { value: "random", text: qsTr("Random, from the seed") }
            ]
            currentIndex: indexOfValue(root.values.schedule)
            onActivated: root.editor.set("schedule", currentValue)
        }
    }
    Field {
        key: "interleaving"
        label: qsTr("Interleaving (client names, in turn)")
        numeric: false
        inputWidth: Style.px(200)
    }
    Field { key: "seed"; label: qsTr("Random seed") }
    Field { key: "rtt_ms"; label: qsTr("Round trip to Redis"); unit: qsTr("ms") }
    Field { key: "max_run_ms"; label: qsTr("Stop a run after"); unit: qsTr("s") }

    Heading { text: qsTr("Faults") }
    Label {
        Layout.fillWidth: true
        visible: root.editor.faults.length === 0
        text: qsTr("None. Right-click a client's or Redis's lane on the timeline at a time to add one.")
        color: Style.muted
        font.pixelSize: Style.px(14)
        wrapMode: Text.Wrap
    }
    Label {
        Layout.fillWidth: true
        visible: root.errorOf("faults") !== "" || root.errorOf("server_faults") !== ""
        text: root.editor.error
        color: Style.race
        font.pixelSize: Style.px(14)
        wrapMode: Text.Wrap
    }
    Column {
        Layout.fillWidth: true
        Repeater {
            model: root.editor.faults
            delegate: RowLayout {
                id: faultRow
                required property var modelData
                width: parent ? parent.width : 0
                Label {
                    objectName: "faultText"
                    Layout.fillWidth: true
                    text: faultRow.modelData.text
                    color: Style.text
                    font.pixelSize: Style.px(15)
                    wrapMode: Text.Wrap
                }
                ToolButton {
                    focusPolicy: Qt.NoFocus
                    text: "✕"
                    font.pixelSize: Style.px(15)
                    onClicked: root.editor.removeFault(faultRow.modelData.index)
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Remove this fault")
                }
            }
        }
    }
}
