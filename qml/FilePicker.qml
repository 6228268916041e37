pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Qt.labs.folderlistmodel
import LockStock.Native

// The window's file dialog, to save or to open: the folder's files and
// folders, a name field and the kinds of file. A name may be bare, absolute
// or start with "~" (FileLocations); Save is there as soon as one is typed.
// It starts where this kind of file went last, else in the user's Pictures
// or Documents, never the directory LockStock was started from.
Popup {
    id: root
    property string title
    property bool saving: false
    // "exports" or "scenarios": where it starts (FileLocations).
    property string kind: "exports"
    // "PNG (*.png)"…; the first is chosen when it opens.
    property var nameFilters: []
    // Added to a name typed without one, when the chosen kind says none.
    property string defaultSuffix: ""
    // The name in the field when it opens (saving).
    property string suggestedName: ""
    property url currentFolder
    property url selectedFile
    signal accepted()

    readonly property var filterGlobs: {
        const filter = String(nameFilters[filterBox.currentIndex] ?? "")
        const globs = filter.match(/\(([^)]*)\)/)
        return globs ? globs[1].split(/\s+/) : ["*"]
    }
    // The chosen kind's own suffix ("*.gif": gif, "*.lockstock.json":
    // lockstock.json), else the default.
    readonly property string suffix: {
        const own = filterGlobs.length === 1 ? filterGlobs[0].match(/^\*\.([\w.]+)$/) : null
        return own ? own[1] : defaultSuffix
    }
    readonly property string acceptText: saving ? qsTr("Save") : qsTr("Open")

    modal: true
    focus: true
    closePolicy: Popup.CloseOnEscape
    padding: Style.px(16)
    parent: Overlay.overlay
    width: Math.min(Style.px(860), parent ? parent.width - Style.px(40) : Style.px(860))
    height: parent ? parent.height - Style.px(40) : Style.px(600)
    x: parent ? Math.round((parent.width - width) / 2) : 0
    y: Style.px(20)
    background: PanelBackground {}
    font.pixelSize: Style.px(15)

    onAboutToShow: {
        currentFolder = FileLocations.startFolder(kind)
        filterBox.currentIndex = 0
        nameField.text = saving ? suggestedName : ""
        nameField.forceActiveFocus()
        nameField.selectAll()
    }

    function accept() {
        const url = FileLocations.resolve(currentFolder, nameField.text, saving ? suffix : "")
        if (String(url).length === 0)
            return
        // A folder's name goes into it.
        if (FileLocations.isFolder(url)) {
            currentFolder = url
            nameField.text = ""
            return
        }
        selectedFile = url
        FileLocations.remember(kind, url)
        close()
        accepted()
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Style.px(10)
        Label {
            Layout.fillWidth: true
            text: root.title
            font.pixelSize: Style.px(22)
            font.bold: true
            color: Style.text
            elide: Text.ElideRight
        }
        RowLayout {
            Layout.fillWidth: true
            spacing: Style.px(8)
            Button {
                objectName: "folderUp"
                focusPolicy: Qt.NoFocus
                text: "↑ " + qsTr("Up")
                onClicked: root.currentFolder = FileLocations.parentFolder(root.currentFolder)
            }
            Label {
                objectName: "currentFolder"
                Layout.fillWidth: true
                text: decodeURIComponent(String(root.currentFolder).replace(/^file:\/\//, ""))
                font.family: Style.mono
                color: Style.muted
                elide: Text.ElideMiddle
            }
        }
        Rectangle {
            Layout.fillWidth: true
            Layout.fillHeight: true
            color: Style.background
            border.color: Style.border
            radius: Style.px(4)
            ListView {
                id: files
                objectName: "fileList"
                anchors.fill: parent
                anchors.margins: 1
                clip: true
                boundsBehavior: Flickable.StopAtBounds
                ScrollBar.vertical: ScrollBar {}
                model: FolderListModel {
                    folder: root.currentFolder
                    nameFilters: root.filterGlobs
                    showDirsFirst: true
                    showDotAndDotDot: false
                }
                delegate: ItemDelegate {
                    id: entry
                    required property url fileUrl
                    required property string fileName
                    required property bool fileIsDir
                    // What the tests and the clicks know it by.
                    readonly property url file: fileUrl
                    width: ListView.view.width
                    topInset: 0
                    bottomInset: 0
                    // A folder reads as one: "name/".
                    text: fileIsDir ? fileName + "/" : fileName
                    font.bold: fileIsDir
                    highlighted: !fileIsDir && nameField.text === fileName
                    onClicked: {
                        if (fileIsDir)
                            root.currentFolder = fileUrl
                        else
                            nameField.text = fileName
                    }
                    onDoubleClicked: {
                        if (!fileIsDir) {
                            nameField.text = fileName
                            root.accept()
                        }
                    }
                }
                Label {
                    anchors.centerIn: parent
                    visible: files.count === 0
                    text: qsTr("No files of this kind here")
                    color: Style.muted
                }
            }
        }
        RowLayout {
            Layout.fillWidth: true
            spacing: Style.px(8)
            Label {
                text: qsTr("File name")
                color: Style.text
            }
            TextField {
                id: nameField
                objectName: "fileNameTextField"
                Layout.fillWidth: true
                placeholderText: root.saving ? qsTr("a name, or a path (/…, ~/…)") : qsTr("a file's name or path")
                selectByMouse: true
                onAccepted: root.accept()
            }
        }
        RowLayout {
            Layout.fillWidth: true
            spacing: Style.px(8)
            ElidingComboBox {
                id: filterBox
                objectName: "fileFilter"
                visible: root.nameFilters.length > 1
                Layout.preferredWidth: Style.px(320)
                model: root.nameFilters
            }
            Item { Layout.fillWidth: true }
            Button {
                objectName: "fileCancel"
                focusPolicy: Qt.NoFocus
                text: qsTr("Cancel")
                onClicked: root.close()
            }
            Button {
                objectName: "fileAccept"
                focusPolicy: Qt.NoFocus
                highlighted: true
                // There as soon as a name is.
                enabled: nameField.text.trim().length > 0
                text: root.acceptText
                onClicked: root.accept()
            }
        }
    }
}
