import QtQuick

// A popup, menu, dialog or tip made the first time it is wanted, not with the
// window: the window has about a dozen, each with its transitions and
// content, and made at start they held back its first frame. `make()` gives
// the object (made now if need be); `opened` is false until it is made.
QtObject {
    id: root
    property Component component
    // The object's parent item (a popup's overlay takes it from there).
    property Item parentItem
    property var object: null
    readonly property bool opened: object !== null && object.opened === true
    function make() {
        if (object === null)
            object = component.createObject(parentItem)
        return object
    }
    function open() { make().open() }
    function close() {
        if (object !== null)
            object.close()
    }
}
