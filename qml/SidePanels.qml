import QtQuick
import LockStock.Native

// The side panels (SideColumn), made once the window's first frame is on the
// screen (the window makes it active then): the first frame shows the menus,
// the bar and the timeline without waiting for the code, Redis and the
// event. (Qt 6.4's Loader refuses components of a ComponentBehavior: Bound
// file, so the loaded column names nothing around it; this wires it up.)
Loader {
    id: root
    property TimelineView view
    property bool verdictShown: true
    property bool lessonFolded: false
    property var details: ({})
    property int tab: 0
    signal foldToggled()
    signal browseRequested()
    signal languagePicked(string language)
    readonly property SideColumn column: item as SideColumn

    active: false
    sourceComponent: SideColumn {}

    Binding { target: root.column; property: "view"; value: root.view; when: root.column !== null }
    Binding { target: root.column; property: "verdictShown"; value: root.verdictShown; when: root.column !== null }
    Binding { target: root.column; property: "lessonFolded"; value: root.lessonFolded; when: root.column !== null }
    Binding { target: root.column; property: "details"; value: root.details; when: root.column !== null }
    Binding { target: root.column; property: "tab"; value: root.tab; when: root.column !== null }
    Connections {
        target: root.column
        function onTabChanged() { root.tab = root.column.tab }
        function onFoldToggled() { root.foldToggled() }
        function onBrowseRequested() { root.browseRequested() }
        function onLanguagePicked(language: string) { root.languagePicked(language) }
    }
}
