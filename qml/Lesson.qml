import QtQuick
import QtQuick.Controls
import LockStock.Native

// The scenario's title and lesson; folded to two lines (click it) it leaves the height to the timeline.
Label {
    id: root
    property bool folded: false
    signal foldToggled()
    objectName: "lesson"
    text: "<b>" + Controller.scenarioTitle + "</b> — " + Controller.scenarioLesson
    textFormat: Text.StyledText
    wrapMode: Text.WordWrap
    maximumLineCount: folded ? 2 : 1000
    elide: Text.ElideRight
    font.pixelSize: Style.px(17)
    color: Style.text
    TapHandler { onTapped: root.foldToggled() }
}
