pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls

// A menu as wide as its widest entry (text and shortcut), so nothing is cut
// off at any text size; its entries show their shortcuts.
Menu {
    id: appMenu
    // Its checkable entries are one choice among them (radio marks).
    property bool exclusive: false
    font.pixelSize: Style.px(15)
    delegate: AppMenuItem { radio: appMenu.exclusive }
    width: {
        let widest = Style.px(160)
        for (let i = 0; i < count; ++i) {
            const item = itemAt(i)
            if (item)
                widest = Math.max(widest, item.implicitWidth)
        }
        return widest + leftPadding + rightPadding
    }
}
